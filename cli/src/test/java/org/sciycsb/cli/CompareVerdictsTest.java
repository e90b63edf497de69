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
  void aRunAgainstItselfIsTheSame() throws Exception {
    Path out = tmp.resolve("same");
    Files.createDirectories(out);
    Cli c = Cli.run("compare", fast.toString(), fast.toString(), "-p", "report.out=" + out, "-p", "report.png=false",
        "--gate");
    assertThat(c.exit).as(c.toString()).isZero();
    for (JsonNode r : MAPPER.readTree(out.resolve("compare.json").toFile()).path("rows")) {
      assertThat(r.path("verdict").asText()).as(r.toString()).isEqualTo("same");
    }
    assertThat(Files.readString(out.resolve("compare.html"))).contains("class=\"n same\"")
        .doesNotContain("class=\"n worse\"");
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
