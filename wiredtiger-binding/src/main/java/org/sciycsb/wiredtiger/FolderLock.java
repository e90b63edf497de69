package org.sciycsb.wiredtiger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.sciycsb.api.BindingException;

/**
 * Whether a process holds WiredTiger's lock on a data folder: WiredTiger takes a POSIX lock on
 * {@code WiredTiger.lock} while a connection is open, and {@code /proc/locks} lists it with the holder's PID. Read
 * there rather than tried: a lock this process took and released on the file would drop any lock this process's own
 * WiredTiger holds on it (POSIX locks belong to the process, and closing any descriptor of the file releases them).
 */
final class FolderLock {
  private FolderLock() {}

  /** One line ({@link BindingException}, exit 3) when a process holds the folder's lock; nothing otherwise. */
  static void refuseWhenHeld(Path dir) throws BindingException {
    long pid = holder(dir.resolve("WiredTiger.lock"), Path.of("/proc/locks"));
    if (pid < 0) {
      return;
    }
    boolean self = pid == ProcessHandle.current().pid();
    throw new BindingException("wiredtiger: " + dir + " is in use: " + (self
        ? "this process has it open already (one run per data folder)"
        : "process " + pid + " has it open (WiredTiger's lock on WiredTiger.lock)")
        + "; give another wiredtiger.dir or wait for that run to end");
  }

  /** The PID holding a POSIX lock on {@code lockFile} as {@code locks} lists them, or -1. */
  static long holder(Path lockFile, Path locks) {
    long inode;
    long dev;
    try {
      if (!Files.exists(lockFile)) {
        return -1;
      }
      inode = ((Number) Files.getAttribute(lockFile, "unix:ino")).longValue();
      dev = ((Number) Files.getAttribute(lockFile, "unix:dev")).longValue();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return -1;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(locks);
    } catch (IOException e) {
      return -1;
    }
    for (String line : lines) {
      // "1: POSIX  ADVISORY  WRITE 4180 fe:00:9978277 0 0" (a blocked waiter's line starts with "1: -> ")
      String[] f = line.trim().split("\\s+");
      if (f.length < 6 || !"POSIX".equals(f[1]) || "->".equals(f[1])) {
        continue;
      }
      String[] id = f[5].split(":");
      try {
        if (id.length == 3 && Long.parseLong(id[2]) == inode && Long.parseLong(id[0], 16) == major(dev)
            && Long.parseLong(id[1], 16) == minor(dev)) {
          return Long.parseLong(f[4]);
        }
      } catch (NumberFormatException e) {
        // a line of another form
      }
    }
    return -1;
  }

  /** The major number of a device id (glibc's encoding). */
  static long major(long dev) {
    return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
  }

  /** The minor number of a device id (glibc's encoding). */
  static long minor(long dev) {
    return (dev & 0xff) | ((dev >>> 12) & ~0xffL);
  }
}
