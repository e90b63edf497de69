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
    assertThat(p50.path("method").asText()).as("compare --run pairs its rounds").contains("paired t");
    assertThat(p50.path("ratio").asDouble()).isBetween(1.15, 1.5);
    assertThat(dir.resolve("compare.html")).exists();
    assertThat(dir.resolve("compare-junit.xml")).exists();
    assertThat(c.err).contains("REGRESSION: ");
  }

  @Test
  void identicalSidesAreTheSameOrUndecidedNeverDifferent() throws Exception {
    Path dir = tmp.resolve("aa");
    Cli c = compareRun(dir, "-p", "repeats=3", "--side", "a:basicdb.busywait=100", "--side",
        "b:basicdb.busywait=100", "--gate");
    assertThat(c.exit).as(c.toString()).isZero();
    for (JsonNode r : MAPPER.readTree(dir.resolve("compare.json").toFile()).path("rows")) {
      if (r.path("metric").asText().equals("p50")) {
        // same once the paired interval lies inside 1 +- 5 %; a busy machine may leave it wider: undecided
        assertThat(r.path("verdict").asText()).as(r.toString()).isIn("same", "undecided");
      }
    }
  }

  /** One run a side per round, 2500 operations on one thread: 0.5 s at 200 us a busy-wait, 0.125 s at 50 us. */
  static Cli untilDecided(Path dir, String max, String a, String b) {
    return compareRun(dir, "-p", "operationcount=2500", "-threads", "1", "-p", "compare.until=decided",
        "-p", "compare.rounds.max=" + max, "--side", a, "--side", b);
  }

  @Test
  void untilDecidedStopsOnceAFourTimesLongerServiceTimeIsDecided() throws Exception {
    Path dir = tmp.resolve("until");
    Cli c = untilDecided(dir, "10", "fast:basicdb.busywait=50", "slow:basicdb.busywait=200");
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode until = MAPPER.readTree(dir.resolve("compare.json").toFile()).path("until");
    assertThat(until.path("ended").asText()).as(until.toString()).isEqualTo("decided");
    int rounds = until.path("rounds").asInt();
    assertThat(rounds).as("at least the minimum, fewer than the maximum").isBetween(3, 9);
    JsonNode slow = until.path("contenders").get(0);
    assertThat(slow.path("state").asText()).isEqualTo("below");
    assertThat(slow.path("ci95").get(1).asDouble()).as("the interval below the band").isLessThan(0.95);
    // the rule judged the interval compare reports for the same figure
    JsonNode row = CompareVerdictsTest.row(MAPPER.readTree(dir.resolve("compare.json").toFile()), "OVERALL",
        "throughput");
    assertThat(row.path("ci95")).isEqualTo(slow.path("ci95"));
    assertThat(row.path("verdict").asText()).isEqualTo("worse");
    assertThat(MAPPER.readTree(dir.resolve("compare.json").toFile()).path("seeds").path("rounds").size())
        .as("one paired seed per round run").isEqualTo(rounds);
    assertThat(c.out).contains("rounds: decided after " + rounds + " rounds: slow / fast OVERALL throughput ");
    assertThat(c.err).contains("round 1 of at most 10: fast").doesNotContain("round " + (rounds + 1) + " of");
    assertThat(dir.resolve("slow/repeat-" + rounds)).isDirectory();
    assertThat(dir.resolve("slow/repeat-" + (rounds + 1))).doesNotExist();
    assertThat(Files.readString(dir.resolve("compare.html"))).contains("Rounds: decided after " + rounds);
    Cli again = Cli.run("compare", dir.resolve("fast").toString(), dir.resolve("slow").toString(), "-p",
        "compare.until=decided", "-p", "report.png=false", "-p", "report.out=" + tmp.resolve("again.html"));
    assertThat(again.exit).as(again.toString()).isZero();
    assertThat(again.err).as("compare of finished runs adds no rounds")
        .contains("warning: compare.until=decided applies to compare --run only");
    assertThat(MAPPER.readTree(tmp.resolve("compare.json").toFile()).has("until")).isFalse();
  }

  @Test
  void untilDecidedOnIdenticalSidesStopsAtTheMaximumOrDecidesThemEquivalent() throws Exception {
    Path dir = tmp.resolve("until-aa");
    Cli c = untilDecided(dir, "3", "a:basicdb.busywait=200", "b:basicdb.busywait=200");
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode until = MAPPER.readTree(dir.resolve("compare.json").toFile()).path("until");
    assertThat(until.path("rounds").asInt()).as("the minimum is the maximum: 3 rounds").isEqualTo(3);
    String state = until.path("contenders").get(0).path("state").asText();
    if (until.path("ended").asText().equals("decided")) {
      assertThat(state).as("identical sides are only ever decided equivalent: " + until).isEqualTo("within");
    } else {
      assertThat(until.path("ended").asText()).as(until.toString()).isEqualTo("maximum");
      assertThat(state).isEqualTo("undecided");
      assertThat(c.out).contains("rounds: undecided: reached the maximum of 3 rounds: b / a OVERALL throughput");
    }
  }

  @Test
  void untilDecidedOptionsAreCheckedBeforeAnythingRuns() {
    Path dir = tmp.resolve("until-bad");
    Cli both = compareRun(dir, "-p", "repeats=3", "-p", "compare.until=decided", "--side", "a", "--side", "b");
    assertThat(both.exit).isEqualTo(2);
    assertThat(both.err.strip()).startsWith("error: repeats and compare.until=decided exclude each other")
        .doesNotContain("\n");
    Cli metric = compareRun(dir, "-p", "compare.until=decided", "-p", "compare.decide=READ.p42", "--side", "a",
        "--side", "b");
    assertThat(metric.exit).isEqualTo(2);
    assertThat(metric.err).contains("compare.decide: 'READ.p42'");
    Cli minMax = compareRun(dir, "-p", "compare.until=decided", "-p", "compare.rounds.max=2", "--side", "a",
        "--side", "b");
    assertThat(minMax.exit).isEqualTo(2);
    assertThat(minMax.err).contains("compare.rounds.min (3) is above compare.rounds.max (2)");
    assertThat(Files.exists(dir.resolve("a/repeat-1"))).isFalse();
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
