package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb history on a real series: 10 builds of the basic binding busy-waiting 100 us per operation, then 3 at
 * 130 us (a real slowdown of about a quarter), each in its own results directory with its build label.
 */
class HistoryCommandTest {
  static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  static Path tmp;
  static Path all;
  static Path firstTen;

  static Cli run(Path dir, int build, int busyUs) {
    return Cli.run("run", "basic", "-P", "../workloads/workloadc", "-threads", "1", "-p", "operationcount=4000",
        "-p", "warmupops=1000", "-p", "basicdb.busywait=" + busyUs, "-p", "resources.sample=false",
        "-p", "label.build=" + build, "-p", "results.dir=" + dir);
  }

  static void run(int build, int busyUs) throws Exception {
    Path dir = all.resolve("build-" + build);
    Cli c = run(dir, build, busyUs);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(Cli.results(dir).path("metadata").path("build").asText()).isEqualTo(Integer.toString(build));
    if (build <= 10) {
      copy(dir, firstTen.resolve("build-" + build));
    }
  }

  static void copy(Path from, Path to) throws Exception {
    Files.createDirectories(to);
    Files.copy(from.resolve("results.json"), to.resolve("results.json"));
  }

  @BeforeAll
  static void runs() throws Exception {
    all = tmp.resolve("all");
    firstTen = tmp.resolve("first-ten");
    // a run first to warm the JIT, then the builds interleaved in time: a slow spell of this shared machine
    // (or a cold start) must not line up with the build labels as a step would
    assertThat(run(tmp.resolve("warm"), 0, 100).exit).isZero();
    for (int b : new int[] {1, 11, 2, 3, 12, 4, 5, 13, 6, 7, 8, 9, 10}) {
      run(b, b <= 10 ? 100 : 200);
    }
  }

  /*
   * Throughput is wall-clock time: on a shared machine (servers and test suites on the same two cores) identical
   * runs vary by up to 30 %, so the slowdown is a doubled service time (100 to 200 us of busy-wait: half the
   * throughput), a step no noise of this machine makes. That ten identical builds show no change is asserted on the
   * p95 of the busy-wait, which contention barely moves; EDivisiveTest measures the false alarms on noise.
   */

  /** The latest change point of a series: the one the newest runs come after. */
  static JsonNode change(JsonNode group, String op, String metric) {
    JsonNode last = null;
    for (JsonNode cp : group.path("changePoints")) {
      if (cp.path("operation").asText().equals(op) && cp.path("metric").asText().equals(metric)
          && (last == null || cp.path("index").asInt() > last.path("index").asInt())) {
        last = cp;
      }
    }
    return last;
  }

  @Test
  void theSlowdownAtBuild11FailsTheGate() throws Exception {
    Cli c = Cli.run("history", all.toString(), "--gate");
    assertThat(c.exit).as(c.toString()).isEqualTo(5);
    JsonNode h = MAPPER.readTree(all.resolve("history.json").toFile());
    assertThat(h.path("groups")).hasSize(1);
    JsonNode g = h.path("groups").get(0);
    assertThat(g.path("orderedBy").asText()).isEqualTo("build");
    assertThat(g.path("runs")).hasSize(13);
    JsonNode p95 = change(g, "OVERALL", "p95");
    assertThat(p95).as(h.toPrettyString()).isNotNull();
    assertThat(p95.path("build").asText()).isEqualTo("11");
    assertThat(p95.path("index").asInt()).isEqualTo(10);
    assertThat(p95.path("direction").asText()).isEqualTo("worse");
    assertThat(p95.path("change").asDouble()).isBetween(0.8, 1.2);
    assertThat(c.out).containsPattern("OVERALL p95: [^\n]*worse at build 11")
        .contains("history: 13 runs in 1 group(s)");
    assertThat(c.err).contains("REGRESSION: ");
    assertThat(Files.readString(all.resolve("history-junit.xml"))).contains("<failure type=\"PerformanceRegression\"");
    assertThat(Files.readString(all.resolve("history.html"))).contains("class=\"change worse\"");
  }

  @Test
  void theThroughputDropAtBuild11IsFound() throws Exception {
    Path out = tmp.resolve("out-tput");
    Cli c = Cli.run("history", all.toString(), "--gate", "-p", "compare.metrics=throughput", "-p",
        "results.dir=" + out);
    assertThat(c.exit).as(c.toString()).isEqualTo(5);
    JsonNode g = MAPPER.readTree(out.resolve("history.json").toFile()).path("groups").get(0);
    JsonNode tput = change(g, "OVERALL", "throughput");
    assertThat(tput).as(g.toPrettyString()).isNotNull();
    assertThat(tput.path("build").asText()).isEqualTo("11");
    assertThat(tput.path("direction").asText()).isEqualTo("worse");
    assertThat(tput.path("change").asDouble()).isBetween(-0.65, -0.3);
    assertThat(c.out).containsPattern("OVERALL throughput: [^\n]*worse at build 11");
  }

  @Test
  void theFirstTenBuildsHaveNoChangePoint() throws Exception {
    Path out = tmp.resolve("out-ten");
    Cli c = Cli.run("history", firstTen.toString(), "--gate", "-p", "compare.metrics=p95", "-p", "results.dir=" + out);
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode g = MAPPER.readTree(out.resolve("history.json").toFile()).path("groups").get(0);
    // the p95 of a 100 us busy-wait moves by a histogram bucket (0.06 %) at most: never a change that matters
    for (JsonNode cp : g.path("changePoints")) {
      assertThat(Math.abs(cp.path("change").asDouble())).as(cp.toString()).isLessThan(0.01);
    }
    assertThat(firstTen.resolve("history.json")).doesNotExist();
  }

  @Test
  void fewRunsGetANoteAndBadInputIsOneLineExit2() throws Exception {
    Path few = tmp.resolve("few");
    copy(all.resolve("build-1"), few.resolve("a"));
    copy(all.resolve("build-2"), few.resolve("b"));
    Cli c = Cli.run("history", few.toString());
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.err).contains("too few runs to find change points");
    Cli missing = Cli.run("history", tmp.resolve("nothing-here").toString());
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err.strip().lines()).hasSize(1);
    Files.createDirectories(tmp.resolve("empty"));
    assertThat(Cli.run("history", tmp.resolve("empty").toString()).err).contains("no runs under");
    Cli p = Cli.run("history", few.toString(), "-p", "history.pvalue=-0.1");
    assertThat(p.exit).isEqualTo(2);
    assertThat(p.err).contains("bad value for history.pvalue");
    assertThat(Cli.run("history", few.toString(), "-p", "history.permutations=abc").exit).isEqualTo(2);
  }
}
