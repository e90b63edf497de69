package org.sciycsb.fhir;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sciycsb.testkit.Cli;

/** The README's options table is the declaration's, as {@code bin/ycsb help fhir --markdown} prints it. */
class FhirReadmeTest {
  @Test
  void optionsTableMatchesTheDeclarations() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    String start = "<!-- options:fhir -->\n";
    int i = readme.indexOf(start) + start.length();
    int j = readme.indexOf("<!-- /options:fhir -->");
    Cli help = Cli.run("help", "fhir", "--markdown");
    assertThat(help.exit).as(help.toString()).isZero();
    assertThat(readme.substring(i, j).strip()).isEqualTo(help.out.strip());
  }
}
