package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb compare --run: sides run alternately, each a repeated run, then compared with verdicts. */
class CompareRunTest {
  static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path tmp;

  static Cli compareRun(Path dir, String... more) {
    List<String> argv = new ArrayList<>(List.of("compare", "--run", "basic", "-P", "../workloads/workloada",
        "-p", "recordcount=1000", "-p", "operationcount=4000", "-p", "report.png=false",
        "-p", "results.dir=" + dir));
    argv.addAll(List.of(more));
    return Cli.run(argv.toArray(String[]::new));
  }

  @Test
  void sidesAlternateRoundAfterRoundAndAThirtyPercentSlowerSideIsWorse() throws Exception {
    Path dir = tmp.resolve("cmp");
    Path slowFile = tmp.resolve("slow.properties");
    // 30 %, not less: a loaded CI machine (2 cores, servers running) disturbs a run's tail by 10 % and more; the
    // median of a busy wait stays within a few percent
    Files.writeString(slowFile, "basicdb.busywait=130\n");
    Cli c = compareRun(dir, "-p", "repeats=5", "--side", "base:basicdb.busywait=100", "--side", "slow:" + slowFile,
        "--gate");
    assertThat(c.exit).as(c.toString()).isEqualTo(5);
    // A B A B ...: the runs' start times alternate between the sides
    List<String> order = new ArrayList<>();
    for (String line : c.err.split("\n")) {
      if (line.startsWith("round ")) {
        order.add(line.replaceAll("round (\\d+) of 5: (\\w+) .*", "$2$1"));
      }
    }
    assertThat(order).containsExactly("base1", "slow1", "base2", "slow2", "base3", "slow3", "base4", "slow4",
        "base5", "slow5");
    Instant previous = Instant.EPOCH;
    for (String o : order) {
      Path run = dir.resolve(o.replaceAll("\\d", "")).resolve("repeat-" + o.replaceAll("\\D", ""));
      Instant start = Instant.parse(MAPPER.readTree(run.resolve("results.json").toFile()).path("metadata")
          .path("started").asText());
      assertThat(start).as(o).isAfter(previous);
      previous = start;
    }
    JsonNode base = MAPPER.readTree(dir.resolve("base/results.json").toFile());
    assertThat(base.path("repeats").path("averaged").asInt()).isEqualTo(5);
    assertThat(base.path("metadata").path("label").asText()).isEqualTo("base");
    JsonNode p50 = CompareVerdictsTest.row(MAPPER.readTree(dir.resolve("compare.json").toFile()), "OVERALL", "p50");
    assertThat(p50.path("contenderRun").asText()).isEqualTo("slow");
    assertThat(p50.path("verdict").asText()).isEqualTo("worse");
    assertThat(p50.path("method").asText()).contains("Welch");
    assertThat(p50.path("ratio").asDouble()).isBetween(1.15, 1.5);
    assertThat(dir.resolve("compare.html")).exists();
    assertThat(dir.resolve("compare-junit.xml")).exists();
    assertThat(c.err).contains("REGRESSION: ");
  }

  @Test
  void identicalSidesAreTheSame() throws Exception {
    Path dir = tmp.resolve("aa");
    Cli c = compareRun(dir, "-p", "repeats=3", "--side", "a:basicdb.busywait=100", "--side",
        "b:basicdb.busywait=100", "--gate");
    assertThat(c.exit).as(c.toString()).isZero();
    for (JsonNode r : MAPPER.readTree(dir.resolve("compare.json").toFile()).path("rows")) {
      if (r.path("metric").asText().equals("p50")) {
        assertThat(r.path("verdict").asText()).as(r.toString()).isEqualTo("same");
      }
    }
  }

  @Test
  void badSidesAreOneLineBeforeAnythingRuns() {
    Path dir = tmp.resolve("bad");
    Cli one = compareRun(dir, "--side", "a:basicdb.busywait=100");
    assertThat(one.exit).isEqualTo(2);
    assertThat(one.err.strip()).startsWith("error: compare --run needs at least two sides").doesNotContain("\n");
    Cli twice = compareRun(dir, "--side", "a:x=1", "--side", "a:x=2");
    assertThat(twice.err).contains("two sides are named a");
    Cli badName = compareRun(dir, "--side", "a b:x=1", "--side", "c");
    assertThat(badName.exit).isEqualTo(2);
    assertThat(badName.err).contains("bad --side 'a b:x=1'");
    Cli badValue = compareRun(dir, "--side", "a:basicdb.busywait=x", "--side", "b");
    assertThat(badValue.exit).isEqualTo(2);
    assertThat(badValue.err.strip()).startsWith("error: side a: ").contains("basicdb.busywait");
    Cli noFile = compareRun(dir, "--side", "a:missing.properties", "--side", "b");
    assertThat(noFile.exit).isEqualTo(2);
    Cli late = Cli.run("compare", "a", "b", "--run");
    assertThat(late.exit).isEqualTo(2);
    assertThat(late.err).contains("--run comes right after compare");
    assertThat(Files.exists(dir.resolve("a/repeat-1"))).isFalse();
  }
}
