package org.sciycsb.wiredtiger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;

/**
 * The data folder ({@code wiredtiger.dir}), checked before WiredTiger opens it: a file, a folder this user cannot
 * write, or a folder holding files but no WiredTiger database (another engine's) is refused with one line and left as
 * it is; a folder another process has open (WiredTiger's lock on {@code WiredTiger.lock}, read from
 * {@code /proc/locks} so that this check takes no lock of its own) is one line too. A missing folder is created, and
 * removed again when the open fails.
 */
final class DataFolder {
  /** WiredTiger's own files: a folder with one of them is a WiredTiger home. */
  static final List<String> MARKERS = List.of("WiredTiger", "WiredTiger.turtle", "WiredTiger.wt");

  private final Path dir;
  private final boolean created;
  private final boolean fresh;

  private DataFolder(Path dir, boolean created, boolean fresh) {
    this.dir = dir;
    this.created = created;
    this.fresh = fresh;
  }

  Path dir() {
    return dir;
  }

  /** True when this open created the folder (so that a failed open removes it again). */
  boolean created() {
    return created;
  }

  /** Checks an existing folder, or that a missing one can be made; creates nothing. */
  static boolean check(Path dir) throws BenchmarkException {
    String key = WiredTigerOptions.DIR.name();
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new ConfigException("bad value for " + key + ": " + dir + " is a file, not a folder");
    }
    if (!Files.exists(dir)) {
      Path parent = dir.getParent();
      while (parent != null && !Files.exists(parent)) {
        parent = parent.getParent();
      }
      if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
        throw new ConfigException("bad value for " + key + ": cannot create " + dir + " (" + parent
            + (parent != null && !Files.isDirectory(parent) ? " is a file)" : " is not writable)"));
      }
      return false;
    }
    if (!Files.isWritable(dir) || !Files.isExecutable(dir)) {
      throw new ConfigException("bad value for " + key + ": " + dir + " is not writable by this user");
    }
    boolean home = MARKERS.stream().anyMatch(m -> Files.exists(dir.resolve(m)));
    if (!home && !isEmpty(dir)) {
      throw new ConfigException("bad value for " + key + ": " + dir + " holds files but no WiredTiger database "
          + "(no WiredTiger, WiredTiger.turtle): another engine's? give an empty or new folder");
    }
    if (home) {
      FolderLock.refuseWhenHeld(dir);
    }
    return true;
  }

  /** Checks, then creates the folder when it is missing. */
  static DataFolder prepare(Path dir) throws BenchmarkException {
    if (check(dir)) {
      return new DataFolder(dir, false, isEmpty(dir));
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ConfigException("bad value for " + WiredTigerOptions.DIR.name() + ": cannot create " + dir + ": "
          + e.getMessage());
    }
    return new DataFolder(dir, true, true);
  }

  /**
   * After a failed open: removes what the open wrote when the folder was new or empty before (the folder too when
   * this open created it); nothing of an existing store is touched.
   */
  void forgetCreated() {
    if (!fresh) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        if (created || !p.equals(dir)) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException e) {
      // left for the user: the message of the failed open says what went wrong
    }
  }

  private static boolean isEmpty(Path dir) throws BindingException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    } catch (IOException e) {
      throw new BindingException("wiredtiger: cannot list " + dir + ": " + e.getMessage(), e);
    }
  }
}
