package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.SecretFilter;

/** bin/ycsb shell: upstream's command line client on a binding, commands from a fake stdin. */
class ShellCommandTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** Parses {@code shell <argv>} as bin/ycsb does and runs the session on {@code stdin}; returns the exit code. */
  private int shell(String stdin, String... argv) {
    String[] line = new String[argv.length + 1];
    line[0] = "shell";
    System.arraycopy(argv, 0, line, 1, argv.length);
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    return Main.guarded(false, e, () -> {
      var pr = Commands.parse(Commands.tree(), line);
      ShellCommand c = (ShellCommand) pr.subcommand().commandSpec().userObject();
      return c.run(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), o, e, new SecretFilter());
    });
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void insertThenReadOnEmbeddedH2GivesTheValueBack() {
    int code = shell("insert k1 field0=hello field1=a=b\nread k1\nread k1 field1\nupdate k1 field0=bye\n"
        + "scan k1 5 field0\ndelete k1\nread k1\nquit\nread k1\n", "jdbc", "-p", "db.url=jdbc:h2:" + tmp.resolve("db"),
        "-p", "fieldcount=2");
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    String o = out();
    assertThat(o).startsWith("YCSB Command Line client\n").contains("Connected.\n> Result: OK\n");
    assertThat(o).contains("> Return code: OK\nfield0=hello\nfield1=a=b\n");
    assertThat(o).contains("> Return code: OK\nfield1=a=b\n");
    assertThat(o).contains("> Result: OK\n--------------------------------\nRecord 0\nfield0=bye\n"
        + "--------------------------------\n");
    assertThat(o).contains("> Return result: OK\n").contains("> Return code: NOT_FOUND\n");
    assertThat(o).as("each command's time, as upstream").containsPattern("(?m)^\\d+ ms$");
    assertThat(o).as("nothing after quit").endsWith("> ");
  }

  @Test
  void theBasicBindingAnswersEveryCommandAndTheShellKeepsGoingAfterMistakes() {
    int code = shell("help\n\ntable\ntable other\nfrobnicate\ninsert k1 novalue\nscan k1 many\nread\n"
        + "insert k1 f=v\nread k1\n", "basic");
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    String o = out();
    assertThat(o).contains("Commands:\n  read key [field1 field2 ...] - Read a record\n").contains("  quit - Quit\n");
    assertThat(o).contains("Using table \"usertable\"\n").contains("Using table \"other\"\n");
    assertThat(o).contains("Error: unknown command \"frobnicate\"\n");
    assertThat(o).contains("Error: \"novalue\" is not name=value");
    assertThat(o).contains("Error: scanlength must be a whole number, not \"many\"\n");
    assertThat(o).contains("Error: syntax is \"read keyname [field1 field2 ...]\"\n");
    assertThat(o).contains("> Result: OK\n").contains("> Return code: OK\n");
    assertThat(o).as("the end of the input ends the session").endsWith("> \n");
  }

  @Test
  void anUnknownBindingIsOneLineAndExit2() {
    int code = shell("quit\n", "basci");
    assertThat(code).isEqualTo(BenchmarkException.EXIT_CONFIG);
    assertThat(err.toString(StandardCharsets.UTF_8).lines()).hasSize(1).first().asString()
        .startsWith("error: unknown binding 'basci'");
    assertThat(out()).isEmpty();
  }

  @Test
  void flagsThatStartARunAreNotTheShells() {
    int code = shell("quit\n", "basic", "-target", "100");
    assertThat(code).isEqualTo(BenchmarkException.EXIT_CONFIG);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: unknown option -target for shell");
    out.reset();
    err.reset();
    assertThat(shell("table\n", "basic", "-table", "t2")).isZero();
    assertThat(out()).contains("Using table \"t2\"");
  }

  @Test
  void anUnreachableStoreIsOneLineAndExit3() {
    int code = shell("quit\n", "jdbc", "-p", "db.url=jdbc:postgresql://127.0.0.1:1/none", "-p", "db.user=u");
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(BenchmarkException.EXIT_BINDING);
    assertThat(err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("error: "))).hasSize(1);
    assertThat(out()).doesNotContain("Connected.");
  }
}
