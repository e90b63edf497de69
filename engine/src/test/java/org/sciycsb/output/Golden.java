package org.sciycsb.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files of the output formats, under src/test/resources/golden. To accept a deliberate change:
 * {@code -Dgolden.update=true}, then review the diff.
 */
final class Golden {
  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  private Golden() {}

  static void check(String name, String actual) throws IOException {
    Path file = GOLDEN.resolve(name);
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).as("output differs from %s", file).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }
}
