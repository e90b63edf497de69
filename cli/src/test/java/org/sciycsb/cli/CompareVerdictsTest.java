package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb compare's verdicts and --gate on real runs of the basic binding with a fixed service time. */
class CompareVerdictsTest {
  static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  static Path tmp;

  static Path fast;
  static Path slow;

  static Path run(String name, int delayUs) {
    Path dir = tmp.resolve(name);
    Cli c = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=0",
        "-p", "maxexecutiontime=2", "-p", "timeseries.granularity=100", "-p", "basicdb.simulatedelay=" + delayUs,
        "-p", "basicdb.randomizedelay=false", "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isZero();
    return dir;
  }

  @BeforeAll
  static void runs() {
    fast = run("fast", 50);
    slow = run("slow", 100); // every operation takes twice as long
  }

  static JsonNode row(JsonNode compare, String op, String metric) {
    for (JsonNode r : compare.path("rows")) {
      if (r.path("operation").asText().equals(op) && r.path("metric").asText().equals(metric)) {
        return r;
      }
    }
    throw new AssertionError("no row " + op + " " + metric + " in " + compare);
  }

  @Test
  void aRealSlowdownIsWorseAndFailsTheGate() throws Exception {
    Path out = tmp.resolve("slowdown");
    Files.createDirectories(out);
    Cli c = Cli.run("compare", fast.toString(), slow.toString(), "-p", "report.out=" + out, "-p", "report.png=false",
        "--gate");
    assertThat(c.exit).as(c.toString()).isEqualTo(5);
    JsonNode json = MAPPER.readTree(out.resolve("compare.json").toFile());
    JsonNode p95 = row(json, "OVERALL", "p95");
    assertThat(p95.path("verdict").asText()).isEqualTo("worse");
    assertThat(p95.path("ratio").asDouble()).isGreaterThan(1.5);
    assertThat(p95.path("ci95").get(0).asDouble()).isGreaterThan(1.0);
    assertThat(p95.path("method").asText()).contains("bootstrap");
    assertThat(row(json, "OVERALL", "throughput").path("verdict").asText()).isEqualTo("worse");
    assertThat(Files.readString(out.resolve("compare-junit.xml"))).contains("<failure type=\"PerformanceRegression\"");
    assertThat(c.out).contains("verdicts (contender / baseline, 95 % interval):");
    assertThat(c.err).contains("REGRESSION: ");
    // the other way round it is better, and the gate passes
    Cli back = Cli.run("compare", slow.toString(), fast.toString(), "-p", "report.out=" + out, "-p",
        "report.png=false", "--gate");
    assertThat(back.exit).as(back.toString()).isZero();
    assertThat(row(MAPPER.readTree(out.resolve("compare.json").toFile()), "OVERALL", "p95").path("verdict").asText())
        .isEqualTo("better");
  }

  @Test
  void aRunAgainstItselfIsNeverBetterOrWorse() throws Exception {
    Path out = tmp.resolve("same");
    Files.createDirectories(out);
    Cli c = Cli.run("compare", fast.toString(), fast.toString(), "-p", "report.out=" + out, "-p", "report.png=false",
        "--gate");
    assertThat(c.exit).as(c.toString()).isZero();
    for (JsonNode r : MAPPER.readTree(out.resolve("compare.json").toFile()).path("rows")) {
      // same when the interval lies inside 1 +- 5 %, undecided when this machine's noise makes it wider
      assertThat(r.path("verdict").asText()).as(r.toString()).isIn("same", "undecided");
    }
    assertThat(Files.readString(out.resolve("compare.html"))).doesNotContain("class=\"n worse\"")
        .doesNotContain("class=\"n better\"");
  }

  @Test
  void twoRunsOfTwoIntervalsEachAreUndecidedAndTheGatePassesSayingSo() throws Exception {
    Path a = tmp.resolve("coarse-fast");
    Path b = tmp.resolve("coarse-slow");
    for (Path d : java.util.List.of(a, b)) {
      Cli r = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=0",
          "-p", "maxexecutiontime=2", "-p", "basicdb.simulatedelay=" + (d == a ? 50 : 100),
          "-p", "basicdb.randomizedelay=false", "-p", "resources.sample=false", "-p", "results.dir=" + d);
      assertThat(r.exit).as(r.toString()).isZero();
    }
    Path out = tmp.resolve("coarse");
    Files.createDirectories(out);
    Cli c = Cli.run("compare", a.toString(), b.toString(), "-p", "report.out=" + out, "-p", "report.png=false",
        "--gate");
    assertThat(c.exit).as("undecided never fails the build: " + c).isZero();
    JsonNode p95 = row(MAPPER.readTree(out.resolve("compare.json").toFile()), "OVERALL", "p95");
    assertThat(p95.path("ratio").asDouble()).as("twice the service time").isGreaterThan(1.5);
    assertThat(p95.path("verdict").asText()).as("no noise estimate from 2 intervals: not the same")
        .isEqualTo("undecided");
    assertThat(p95.path("decide").asText()).contains("no noise estimate").contains("-p timeseries.granularity=");
    assertThat(c.out).contains("OVERALL p95: ").contains("undecided: no noise estimate");
    assertThat(c.err).containsPattern("gate: \\d+ of \\d+ gated rows passed, \\d+ of them undecided \\(not failing the "
        + "build");
    assertThat(Files.readString(out.resolve("compare-junit.xml"))).contains("<skipped message=").doesNotContain(
        "<failure");
  }

  @Test
  void runsOfAnotherWorkloadOrOtherOperationsAreNamed() throws Exception {
    Path other = tmp.resolve("workloadc");
    Cli r = Cli.run("run", "basic", "-P", "../workloads/workloadc", "-p", "operationcount=100",
        "-p", "results.dir=" + other);
    assertThat(r.exit).as(r.toString()).isZero();
    Cli c = Cli.run("compare", fast.toString(), other.toString(), "-p", "report.out=" + tmp.resolve("wc.html"),
        "-p", "report.png=false");
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.err).contains("warning: UPDATE only in the baseline, not in workloadc: not compared");
  }

  @Test
  void badGateSettingsAreOneLineExit2() {
    Cli negative = Cli.run("compare", fast.toString(), slow.toString(), "-p", "compare.threshold=-1", "--gate");
    assertThat(negative.exit).isEqualTo(2);
    assertThat(negative.err).contains("bad value for compare.threshold");
    Cli metric = Cli.run("compare", fast.toString(), slow.toString(), "-p", "compare.metrics=p42", "--gate");
    assertThat(metric.exit).isEqualTo(2);
    assertThat(metric.err).contains("bad value for compare.metrics: 'p42'");
  }
}
