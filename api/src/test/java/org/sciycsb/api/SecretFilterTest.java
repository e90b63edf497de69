package org.sciycsb.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every line that leaves the process through the wrapped streams has its secrets masked. */
class SecretFilterTest {
  @Test
  void secretValuesAndUrlPasswordsAreMaskedInEveryLineWhoeverPrintsIt() {
    SecretFilter f = new SecretFilter();
    f.addFrom(Map.of("db.passwd", "s3cr3t-pw", "cassandra.password", "casspw1", "mongodb.url",
        "mongodb://admin:url%40pw@127.0.0.1:1/x", "db.url", "jdbc:postgresql://h/db?user=u&password=parampw",
        "custom.key", "hunter22"), Set.of("custom.key"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = f.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    out.print("driver: login with s3cr3t");
    out.print("-pw failed; ");        // a secret split across two writes of one line
    out.println("casspw1 refused");
    out.println("WARN connecting to mongodb://other:another@h and password url@pw, parampw, hunter22");
    out.write('x');
    out.flush();
    assertThat(bytes.toString(StandardCharsets.UTF_8)).doesNotEndWith("x");
    out.close();
    String s = bytes.toString(StandardCharsets.UTF_8);
    assertThat(s).doesNotContain("s3cr3t").doesNotContain("casspw1").doesNotContain("another")
        .doesNotContain("url@pw").doesNotContain("url%40pw").doesNotContain("parampw").doesNotContain("hunter22");
    assertThat(s).contains("driver: login with ***** failed; ***** refused\n")
        .contains("mongodb://other:*****@h").endsWith("x");
  }

  @Test
  void shortValuesAreNotMaskedEverywhere() {
    SecretFilter f = new SecretFilter();
    f.add("ab");
    assertThat(f.mask("tab able")).isEqualTo("tab able");
  }
}
