package org.sciycsb.api;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes files so that a reader, or a process killed at any moment, never sees half of one: the content goes to a
 * temporary file in the same folder, is forced to disk, and is renamed over the target in one atomic step. After a
 * crash the target holds either its old content or the new one, never a mix; at worst a hidden {@code .*.tmp} file
 * is left beside it.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Writes the bytes the writer produces. */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  /** Writes a UTF-8 text file atomically. */
  public static void write(Path target, String content) throws IOException {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    write(target, out -> out.write(bytes));
  }

  /** Writes a file atomically from a stream writer (for content too large to hold in memory). */
  public static void write(Path target, Content content) throws IOException {
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    Path tmp = dir.resolve("." + abs.getFileName() + "." + ProcessHandle.current().pid() + "-"
        + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".tmp");
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        java.io.BufferedOutputStream out = new java.io.BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
        content.writeTo(out);
        out.flush(); // not closed: that would close the channel before force()
        ch.force(true);
      }
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
    syncDirectory(dir);
  }

  /** Forces a folder's entries (a rename) to disk where the platform allows it; a no-op elsewhere. */
  static void syncDirectory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // not every file system lets a folder be opened or forced: the rename itself is still atomic
    }
  }
}
