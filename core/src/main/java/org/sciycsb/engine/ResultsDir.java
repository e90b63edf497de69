package org.sciycsb.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import org.sciycsb.api.ConfigException;

/** The run's results directory; every file in it is written atomically (temporary file, then rename). */
public final class ResultsDir {
  private final Path dir;

  private ResultsDir(Path dir) {
    this.dir = dir;
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
    try {
      if (Files.exists(dir) && !Files.isDirectory(dir)) {
        throw new ConfigException("results.dir " + dir + " exists and is not a directory");
      }
      Files.createDirectories(dir);
      if (!Files.isWritable(dir)) {
        throw new ConfigException("results.dir " + dir + " is not writable");
      }
    } catch (IOException e) {
      throw new ConfigException("cannot create results.dir " + dir + ": " + e.getMessage());
    }
    return new ResultsDir(dir.toAbsolutePath());
  }

  public Path path() {
    return dir;
  }

  public Path file(String name) {
    return dir.resolve(name);
  }

  /** Writes a file so that a reader never sees half of it. */
  public void writeAtomically(String name, String content) throws IOException {
    Path target = dir.resolve(name);
    Path tmp = dir.resolve("." + name + ".tmp");
    Files.writeString(tmp, content, StandardCharsets.UTF_8);
    try {
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
