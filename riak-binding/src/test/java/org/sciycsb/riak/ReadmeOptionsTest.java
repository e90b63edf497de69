package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Option;

/**
 * The README's options table is generated from the declaration in {@link RiakOptions}: this test fails when they
 * drift, and writes the current table to {@code target/options-table.md} to paste between the markers.
 */
class ReadmeOptionsTest {
  static final String BEGIN = "<!-- options:begin (generated from RiakOptions; see ReadmeOptionsTest) -->";
  static final String END = "<!-- options:end -->";

  static String table() {
    StringBuilder b = new StringBuilder("| option | type | default | description |\n|---|---|---|---|\n");
    for (Option<?> o : RiakOptions.set().options()) {
      b.append("| `").append(o.name()).append("` | ").append(cell(o.type())).append(" | ")
          .append(o.defaultText() == null ? "" : "`" + o.defaultText() + "`").append(" | ")
          .append(cell(o.description())).append(" |\n");
    }
    return b.toString();
  }

  private static String cell(String s) {
    return s.replace("|", "\\|");
  }

  @Test
  void readmeTableMatchesTheDeclaration() throws Exception {
    String table = table();
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target", "options-table.md"), table, StandardCharsets.UTF_8);
    String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    int from = readme.indexOf(BEGIN);
    int to = readme.indexOf(END);
    assertThat(from).as("README.md has the options markers").isNotNegative();
    assertThat(to).isGreaterThan(from);
    assertThat(readme.substring(from + BEGIN.length(), to).strip())
        .as("README options table (current one in target/options-table.md)").isEqualTo(table.strip());
  }
}
