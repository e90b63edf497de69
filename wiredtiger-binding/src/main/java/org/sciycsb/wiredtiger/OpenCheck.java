package org.sciycsb.wiredtiger;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.sciycsb.api.ConfigException;

/**
 * A configuration with the user's {@code wiredtiger.config} tried first by Debian's {@code wt} utility on a
 * throw-away folder, before this process opens the data folder: WiredTiger prints why it refuses a configuration on
 * the process's stderr (which Java cannot read), so a refusal becomes one line with WiredTiger's own words, and the
 * data folder is never touched. Without the {@code wt} utility the open itself tells (its message above ours).
 */
final class OpenCheck {
  private static final List<String> WT = List.of("/usr/bin/wt", "/usr/local/bin/wt");

  private OpenCheck() {}

  static void check(String config) throws ConfigException {
    Path wt = WT.stream().map(Path::of).filter(Files::isExecutable).findFirst().orElse(null);
    if (wt == null) {
      return;
    }
    Path home = null;
    try {
      home = Files.createTempDirectory("wiredtiger-config-check");
      Process p = new ProcessBuilder(wt.toString(), "-h", home.toString(), "-C", config, "list")
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return;
      }
      if (p.exitValue() != 0) {
        throw new ConfigException("bad value for " + WiredTigerOptions.CONFIG.name() + ": WiredTiger refuses it: "
            + reason(err));
      }
    } catch (IOException e) {
      // the open itself will tell
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      remove(home);
    }
  }

  /** WiredTiger's message without its timestamp, thread and source location: "unknown configuration key: 'x'". */
  static String reason(String stderr) {
    for (String line : stderr.split("\n")) {
      int at = line.indexOf("wiredtiger_open: ");
      if (at >= 0) {
        String m = line.substring(at + "wiredtiger_open: ".length());
        return m.replaceFirst("^[a-z_]+, \\d+: ", "").trim();
      }
    }
    String[] lines = stderr.trim().split("\n");
    return lines.length == 0 || lines[0].isBlank() ? "(no message)" : lines[lines.length - 1].trim();
  }

  private static void remove(Path home) {
    if (home == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(home)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      // a temporary folder
    }
  }
}
