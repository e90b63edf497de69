package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;
import picocli.CommandLine.ParseResult;

/** The command tree's parsing: YCSB's flags, their order, and one line for every bad command line. */
class ArgsTest {
  @TempDir
  Path tmp;

  static Args args(String... argv) throws ConfigException {
    ParseResult pr = Commands.parse(Commands.tree(), argv);
    return ((Commands.PhaseCommand) pr.subcommand().commandSpec().userObject()).args();
  }

  static String error(String... argv) {
    return org.assertj.core.api.Assertions.catchThrowableOfType(() -> args(argv).properties(), ConfigException.class)
        .getMessage();
  }

  @Test
  void filesInOrderAndEveryFlagOverEveryFileWhateverTheOrder() throws Exception {
    Path a = Files.writeString(tmp.resolve("a"), "recordcount=1\nfieldcount=1\ntable=a\n");
    Path b = Files.writeString(tmp.resolve("b"), "recordcount=2\nfieldcount=2\n");
    Args x = args("run", "basic", "-p", "table=flag", "-P", a.toString(), "-P", b.toString(), "-p", "fieldcount=9");
    assertThat(x.binding()).isEqualTo("basic");
    assertThat(x.properties()).containsEntry("recordcount", "2").containsEntry("fieldcount", "9")
        .containsEntry("table", "flag");
    assertThat(args("run", "-P", b.toString(), "-P", a.toString()).properties()).containsEntry("recordcount", "1");
  }

  @Test
  void repeatedFlagsTheLaterWins() throws Exception {
    assertThat(args("run", "-threads", "4", "-p", "threadcount=8").properties()).containsEntry("threadcount", "8");
    assertThat(args("run", "-p", "threadcount=8", "-threads", "4").properties()).containsEntry("threadcount", "4");
    assertThat(args("load", "-l", "x", "-l", "y", "-target", "5", "-target", "-1", "-db", "a.B").properties())
        .containsEntry("label", "y").containsEntry("target", "-1").containsEntry("db", "a.B");
    Args s = args("run", "-s", "-s", "-load", "-t", "-debug");
    assertThat(s.status()).isTrue();
    assertThat(s.debug()).isTrue();
    assertThat(s.binding()).isNull();
    assertThat(args("run", "-p", " key =a=b").properties()).containsEntry("key", "a=b");
  }

  @Test
  void missingValuesUnknownFlagsAndStrayWords() {
    assertThat(error("run", "basic", "-P")).isEqualTo("option -P needs a value");
    assertThat(error("run", "basic", "-threads", "-s")).isEqualTo("option -threads needs a value");
    assertThat(error("run", "basic", "-p", "novalue")).isEqualTo("bad -p argument 'novalue': expected key=value");
    assertThat(error("run", "basic", "-p", "=x")).contains("expected key=value");
    assertThat(error("run", "basic", "-thread", "4")).startsWith("unknown option -thread for run");
    assertThat(error("run", "basic", "-pthreadcount=2")).startsWith("unknown option -pthreadcount=2");
    assertThat(error("run", "basic", "-threads=2")).startsWith("unknown option -threads=2");
    assertThat(error("run", "basic", "extra")).startsWith("unexpected argument 'extra'");
    assertThat(error("run", "basic", "@file")).startsWith("unexpected argument '@file'");
    assertThat(error("walk")).startsWith("unknown command 'walk'");
    assertThat(error("run", "--yarn", "/x")).contains("through bin/ycsb");
  }

  @Test
  void theBindingIsTheWordRightAfterTheCommand() throws Exception {
    assertThat(args("run", "mongodb", "-threads", "2").binding()).isEqualTo("mongodb");
    // bin/ycsb puts the binding's classpath on from that word: a binding after an option is refused
    assertThat(error("run", "-threads", "2", "mongodb")).isEqualTo("unexpected argument 'mongodb' (bin/ycsb run "
        + "[<binding>] [options]; options start with -)");
    assertThat(error("run", "-s", "basic")).startsWith("unexpected argument 'basic'");
    assertThat(args("run", "-p", "db=x.Y").binding()).isNull();
  }

  @Test
  void oneErrorLineExitTwoAndNoUsageDump() {
    for (String[] argv : new String[][] {{"run", "basic", "-P"}, {"sweep", "--repeat"}, {"merge", "--frob"},
        {"study", "sandisk", "--scale"}, {"help", "engine", "extra"}, {"report", "-p"}}) {
      Cli c = Cli.run(argv);
      assertThat(c.exit).as(String.join(" ", argv)).isEqualTo(2);
      assertThat(c.err.lines().toList()).as(c.toString()).hasSize(1).allMatch(l -> l.startsWith("error: "));
      assertThat(c.out).isEmpty();
    }
  }

  @Test
  void helpIsGeneratedWithTheDeclarationsDefaults() {
    Cli load = Cli.run("load", "--help");
    assertThat(load.exit).isZero();
    assertThat(load.out).startsWith("usage: bin/ycsb load ").contains("-threads <n>").contains("Default: 1")
        .contains("-P  <file>").contains("-cp <path>").contains("[<binding>]");
    assertThat(Cli.run("help", "run").out).startsWith("usage: bin/ycsb run ");
    Cli sweep = Cli.run("sweep", "-h");
    assertThat(sweep.out).contains("--repeat <n>").contains("Default: 1").contains("--threads <n,n,...>");
    assertThat(Cli.run("study", "--help").out).contains("--scale <S>").contains("Default: 1 (the paper's sizes)")
        .contains("--max-threads <n>").contains("Default: 100 x CPUs");
    Cli top = Cli.run("--help");
    assertThat(top.out).contains("usage: bin/ycsb load|run").contains("-threads <n>").contains("bindings: ");
    assertThat(Cli.run("help").out).isEqualTo(top.out);
  }

  @Test
  void studyArgumentsAreTyped() throws Exception {
    assertThat(StudyCli.parseScale("0.01")).isEqualTo(0.01);
    assertThat(StudyCli.parseScale("1/1000")).isEqualTo(0.001);
    assertThat(StudyCli.parseScale("1e-4")).isEqualTo(1e-4);
    for (String bad : new String[] {"0", "-1", "abc", "1/0", "NaN", "2000"}) {
      assertThatThrownBy(() -> StudyCli.parseScale(bad)).as(bad).isInstanceOf(ConfigException.class)
          .hasMessageContaining("--scale");
    }
    assertThat(Cli.run("study", "sandisk", "--max-threads", "0").err).contains("bad value for --max-threads: '0'");
    assertThat(Cli.run("study", "sandisk", "--scale", "1", "basic").err).contains("unexpected argument 'basic'");
  }
}
