package org.sciycsb.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.sciycsb.api.AtomicFiles;
import org.sciycsb.api.ConfigException;

/**
 * The run's results directory. Every file in it is written atomically ({@link AtomicFiles}: temporary file, forced
 * to disk, then renamed), so a crash never leaves half a file. A run that fails before it measures anything
 * {@linkplain #discard() discards} what it put here, so that only runs that measured leave a results folder.
 */
public final class ResultsDir {
  private final Path dir;
  /** The first folder this run created (the results folder or a missing ancestor), or null when it existed. */
  private final Path createdTop;
  /** The entries of a folder that existed before the run. */
  private final Set<Path> before;

  private ResultsDir(Path dir, Path createdTop, Set<Path> before) {
    this.dir = dir;
    this.createdTop = createdTop;
    this.before = before;
  }

  /** Creates {@code explicit} or a fresh folder under {@code results/}. */
  public static ResultsDir create(String explicit, String phase, String binding, String label) throws ConfigException {
    Path dir;
    if (explicit != null && !explicit.isBlank()) {
      dir = Path.of(explicit);
    } else {
      String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
      String name = stamp + "-" + phase + "-" + binding + (label == null ? "" : "-" + label.replaceAll("[^A-Za-z0-9._-]", "_"));
      dir = Path.of("results", name);
      for (int i = 2; Files.exists(dir); i++) {
        dir = Path.of("results", name + "-" + i);
      }
    }
    Path createdTop = null;
    Set<Path> before = new HashSet<>();
    try {
      if (Files.exists(dir) && !Files.isDirectory(dir)) {
        throw new ConfigException("results.dir " + dir + " exists and is not a directory");
      }
      if (!Files.exists(dir)) {
        // the first missing ancestor, so that discard() also removes the parents it made
        Path top = dir.toAbsolutePath();
        while (top.getParent() != null && !Files.exists(top.getParent())) {
          top = top.getParent();
        }
        Files.createDirectories(dir);
        createdTop = top;
      } else {
        try (Stream<Path> s = Files.list(dir)) {
          s.forEach(p -> before.add(p.getFileName()));
        }
      }
      if (!Files.isWritable(dir)) {
        throw new ConfigException("results.dir " + dir + " is not writable");
      }
    } catch (IOException e) {
      throw new ConfigException("cannot create results.dir " + dir + ": " + e.getMessage());
    }
    return new ResultsDir(dir.toAbsolutePath(), createdTop, before);
  }

  public Path path() {
    return dir;
  }

  public Path file(String name) {
    return dir.resolve(name);
  }

  /** Writes a file so that a reader never sees half of it. */
  public void writeAtomically(String name, String content) throws IOException {
    AtomicFiles.write(dir.resolve(name), content);
  }

  /**
   * Removes what this run put in the folder: the whole folder (and the parents it had to create) when the run
   * created it, else only the entries that were not there before. For runs that end before measuring anything.
   */
  public void discard() {
    try {
      if (createdTop != null) {
        deleteTree(dir);
        // the parents it created, while they are empty (another run may have put its folder there meanwhile)
        for (Path p = dir.getParent(); p != null && p.startsWith(createdTop); p = p.getParent()) {
          try {
            Files.deleteIfExists(p);
          } catch (java.nio.file.DirectoryNotEmptyException e) {
            break;
          }
        }
      } else {
        List<Path> added;
        try (Stream<Path> s = Files.list(dir)) {
          added = s.filter(p -> !before.contains(p.getFileName())).toList();
        }
        for (Path p : added) {
          deleteTree(p);
        }
      }
    } catch (IOException e) {
      // best effort: the run's error line is what matters
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
