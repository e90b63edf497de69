package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Option;

/** The README's options table is the declaration, printed: this test fails when they drift apart. */
class ReadmeOptionsTest {
  static List<String> rows() {
    List<String> out = new ArrayList<>();
    out.add("| option | type | default | description |");
    out.add("|---|---|---|---|");
    for (Option<?> o : JdbcOptions.all().options()) {
      String dflt = o.defaultText() == null || o.defaultText().isEmpty() ? "(empty)" : "`" + o.defaultText() + "`";
      out.add("| `" + o.name() + "` | " + o.type() + " | " + dflt + " | " + o.description().replace("|", "\\|")
          + " |");
    }
    return out;
  }

  @Test
  void readmeTableMatchesTheDeclaration() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    assertThat(readme).as("README.md options table; regenerate it from ReadmeOptionsTest.rows()")
        .contains(String.join("\n", rows()));
  }

  /** Prints the table, to paste into the README. */
  public static void main(String[] args) {
    rows().forEach(System.out::println);
  }
}
