package org.sciycsb.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The checkout's git revision, read from {@code .git} without running git; in a release (bin/dist) the revision it
 * was built from ({@code revision=} in {@code lib/release.properties}); "unknown" otherwise.
 */
public final class GitRevision {
  private GitRevision() {}

  public static String of(Path home) {
    if (!Files.exists(home.resolve(".git"))) {
      return release(home);
    }
    try {
      Path git = home.resolve(".git");
      if (Files.isRegularFile(git)) { // a worktree: "gitdir: <path>"
        String line = Files.readString(git, StandardCharsets.UTF_8).trim();
        if (line.startsWith("gitdir:")) {
          git = home.resolve(line.substring(7).trim());
        }
      }
      String head = Files.readString(git.resolve("HEAD"), StandardCharsets.UTF_8).trim();
      if (!head.startsWith("ref:")) {
        return head;
      }
      String ref = head.substring(4).trim();
      Path refFile = git.resolve(ref);
      if (!Files.exists(refFile)) {
        Path common = git.resolve("commondir");
        if (Files.exists(common)) {
          refFile = git.resolve(Files.readString(common).trim()).resolve(ref);
        }
      }
      if (Files.exists(refFile)) {
        return Files.readString(refFile, StandardCharsets.UTF_8).trim();
      }
      Path packed = git.resolve("packed-refs");
      if (Files.exists(packed)) {
        for (String l : Files.readAllLines(packed)) {
          if (l.endsWith(" " + ref)) {
            return l.substring(0, l.indexOf(' '));
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // not a checkout
    }
    return "unknown";
  }

  /** The revision a release was built from, or "unknown". */
  private static String release(Path home) {
    Path props = home.resolve("lib").resolve("release.properties");
    if (Files.isRegularFile(props)) {
      java.util.Properties p = new java.util.Properties();
      try (var in = Files.newBufferedReader(props, StandardCharsets.UTF_8)) {
        p.load(in);
        String rev = p.getProperty("revision", "").trim();
        if (!rev.isEmpty()) {
          return rev;
        }
      } catch (IOException | RuntimeException e) {
        // an unreadable marker: no revision
      }
    }
    return "unknown";
  }
}
