package org.sciycsb.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.report.ResultData;

/**
 * The verdicts' words on provoked cases built from synthetic results: better or worse only when the interval
 * excludes 1, same only when it lies inside the band 1 +- compare.threshold %, undecided otherwise, with what
 * would decide it; and the gate, which an undecided row never fails.
 */
class VerdictVocabularyTest {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final Verdicts.Band FIVE = Verdicts.Band.of(5);

  @TempDir
  Path tmp;

  @Test
  void theRuleOnIntervals() {
    assertThat(Verdicts.verdict(1.02, 1.2, true, FIVE)).isEqualTo("better");
    assertThat(Verdicts.verdict(1.02, 1.2, false, FIVE)).isEqualTo("worse");
    assertThat(Verdicts.verdict(0.8, 0.99, true, FIVE)).isEqualTo("worse");
    assertThat(Verdicts.verdict(1.01, 1.03, false, FIVE)).as("excludes 1, inside the band: still a difference")
        .isEqualTo("worse");
    assertThat(Verdicts.verdict(0.97, 1.04, true, FIVE)).isEqualTo("same");
    assertThat(Verdicts.verdict(0.97, 1.06, true, FIVE)).as("holds 1, past the band").isEqualTo("undecided");
    assertThat(Verdicts.verdict(0.5, 2.0, true, FIVE)).isEqualTo("undecided");
    assertThat(Verdicts.verdict(Double.NaN, Double.NaN, true, FIVE)).as("no noise estimate").isEqualTo("undecided");
    assertThat(Verdicts.verdict(0.999, 1.001, true, Verdicts.Band.of(0))).as("no band: never the same")
        .isEqualTo("undecided");
    assertThat(Verdicts.Band.of(5)).isEqualTo(new Verdicts.Band(0.95, 1.05));
  }

  /** A result with OVERALL's throughput and p95 as the means of its repeats (one value: a single run). */
  static ResultData repeated(List<Double> throughput, List<Double> p95) {
    ObjectNode root = MAPPER.createObjectNode();
    double t = throughput.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double p = p95.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    root.putObject("summary").put("throughput", t);
    ObjectNode op = root.putArray("operations").addObject();
    op.put("name", "OVERALL").put("throughput", t);
    op.putObject("response").put("p95", p);
    if (throughput.size() > 1) {
      ObjectNode figures = root.putObject("repeats").putObject("figures");
      throughput.forEach(figures.putObject("OVERALL.throughput").putArray("values")::add);
      p95.forEach(figures.putObject("OVERALL.response.p95").putArray("values")::add);
    }
    return new ResultData(null, root, null);
  }

  /** n repeats of a run whose operations take serviceUs, each repeat off by noise (a share, lognormal). */
  static ResultData repeats(SplittableRandom r, int n, double serviceUs, double noise) {
    List<Double> t = new ArrayList<>();
    List<Double> p = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double f = Math.exp(noise * r.nextGaussian());
      t.add(1e6 / (serviceUs * f));
      p.add(1.2 * serviceUs * f);
    }
    return repeated(t, p);
  }

  static Verdicts.Row row(List<Verdicts.Row> rows, String metric) {
    return rows.stream().filter(x -> x.metric().equals(metric)).findFirst().orElseThrow();
  }

  @Test
  void identicalConfigurationsAreSameOrUndecidedAndRarelyDifferent() throws Exception {
    SplittableRandom r = new SplittableRandom(44);
    int trials = 300;
    int different = 0;
    int same = 0;
    for (int t = 0; t < trials; t++) {
      List<Verdicts.Row> rows = Verdicts.judge(repeats(r, 5, 100, 0.01), repeats(r, 5, 100, 0.01), "b", t, 5);
      for (String m : List.of("throughput", "p95")) {
        String v = row(rows, m).verdict();
        assertThat(v).isIn("same", "undecided", "better", "worse");
        different += v.equals("better") || v.equals("worse") ? 1 : 0;
        same += v.equals("same") ? 1 : 0;
      }
    }
    // 5 % is the design (two figures a trial); 600 judgements leave a binomial standard deviation of 0.9 %
    assertThat(100.0 * different / (2 * trials)).as("A/A called different, %").isLessThanOrEqualTo(7.5);
    assertThat(100.0 * same / (2 * trials)).as("A/A with 1 % noise and 5 repeats: same, %").isGreaterThan(90);
  }

  @Test
  void aTenPercentSlowdownWithFewRepeatsIsUndecidedNotSame() throws Exception {
    // 2 repeats a side with 4 % noise between repeats: the interval holds 1 and reaches far past the band
    ResultData base = repeated(List.of(10000.0, 9300.0), List.of(120.0, 129.0));
    ResultData slow = repeated(List.of(9400.0, 8700.0), List.of(128.0, 137.0));
    Verdicts.Row p95 = row(Verdicts.judge(base, slow, "slow", 1, 5), "p95");
    assertThat(p95.ratio()).isBetween(1.03, 1.12);
    assertThat(p95.low()).isLessThan(1);
    assertThat(p95.verdict()).isEqualTo("undecided");
    assertThat(p95.decide()).contains("holds 1 but reaches past the band [0.950, 1.050]")
        .containsPattern("about \\d+ repeats a side would decide it").contains("-p repeats=N");
    int n = Integer.parseInt(p95.decide().replaceAll(".*about (\\d+) repeats a side.*", "$1"));
    assertThat(n).as("repeats estimated").isBetween(3, 200);
  }

  @Test
  void theSameSlowdownWithEnoughRepeatsIsWorse() throws Exception {
    SplittableRandom r = new SplittableRandom(7);
    int trials = 100;
    int worse = 0;
    int few = 0;
    for (int t = 0; t < trials; t++) {
      List<Verdicts.Row> enough = Verdicts.judge(repeats(r, 10, 100, 0.04), repeats(r, 10, 110, 0.04), "b", t, 5);
      worse += row(enough, "p95").verdict().equals("worse") && row(enough, "throughput").verdict().equals("worse")
          ? 1 : 0;
      List<Verdicts.Row> two = Verdicts.judge(repeats(r, 2, 100, 0.04), repeats(r, 2, 110, 0.04), "b", t, 5);
      few += row(two, "p95").verdict().equals("same") ? 1 : 0;
    }
    assertThat(worse).as("10 repeats a side, 4 % noise: a 10 % slowdown found worse").isGreaterThanOrEqualTo(90);
    assertThat(few).as("2 repeats a side: never called the same").isZero();
  }

  /** A run directory with results.json and a latency.hlog of n intervals of ms each, operations taking serviceUs. */
  Path singleRun(String name, int n, long ms, double serviceUs, SplittableRandom r) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve(name));
    Histogram all = new Histogram(3);
    try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve("latency.hlog")))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputLegend();
      for (int i = 0; i < n; i++) {
        Histogram h = new Histogram(3);
        for (int k = 0; k < ms * 1000 / serviceUs; k++) {
          h.recordValue(Math.round(1000 * serviceUs * Math.exp(0.2 * r.nextGaussian())));
        }
        h.setTag("OVERALL.response");
        h.setStartTimeStamp(i * ms);
        h.setEndTimeStamp((i + 1) * ms);
        w.outputIntervalHistogram(h);
        all.add(h);
      }
    }
    ObjectNode root = MAPPER.createObjectNode().put("format", org.sciycsb.output.JsonExporter.FORMAT);
    root.putObject("summary").put("throughput", all.getTotalCount() * 1000.0 / (n * ms));
    ArrayNode ops = root.putArray("operations");
    ObjectNode op = ops.addObject().put("name", "OVERALL").put("throughput", all.getTotalCount() * 1000.0 / (n * ms));
    op.putObject("response").put("p95", all.getValueAtPercentile(95) / 1000.0);
    Files.writeString(dir.resolve("results.json"), MAPPER.writeValueAsString(root));
    return dir;
  }

  @Test
  void singleRunsWithoutANoiseEstimateAreUndecidedAndNameTheGranularity() throws Exception {
    SplittableRandom r = new SplittableRandom(3);
    ResultData base = ResultData.load(singleRun("base", 3, 1000, 100, r));
    ResultData slow = ResultData.load(singleRun("slow", 3, 1000, 208, r));
    Verdicts.Row p95 = row(Verdicts.judge(base, slow, "slow", 1, 5), "p95");
    assertThat(p95.ratio()).as("a 2.08x slower p95").isGreaterThan(1.9);
    assertThat(p95.hasInterval()).isFalse();
    assertThat(p95.verdict()).as("no noise estimate: neither same nor worse").isEqualTo("undecided");
    assertThat(p95.decide()).contains("the baseline has 3 measured intervals of OVERALL, the contender 3")
        .contains("-p timeseries.granularity=100 cuts the 3.0 s measured into about 30 intervals");
    // the granularity named gives the bootstrap its intervals, and then the difference is found
    ResultData fine = ResultData.load(singleRun("base100", 30, 100, 100, r));
    ResultData fineSlow = ResultData.load(singleRun("slow100", 30, 100, 208, r));
    assertThat(row(Verdicts.judge(fine, fineSlow, "slow", 1, 5), "p95").verdict()).isEqualTo("worse");
  }

  @Test
  void theGateNeverFailsAnUndecidedRowAndSaysSo() throws Exception {
    ResultData base = repeated(List.of(10000.0, 9300.0), List.of(120.0, 129.0));
    ResultData slow = repeated(List.of(8400.0, 7700.0), List.of(138.0, 152.0));
    List<Verdicts.Row> rows = Verdicts.judge(base, slow, "slow", 1, 5).stream()
        .filter(x -> List.of("throughput", "p95").contains(x.metric())).toList();
    assertThat(rows).extracting(Verdicts.Row::verdict).containsOnly("undecided");
    List<CompareGate.Check> checks = CompareGate.check(rows, java.util.Set.of("throughput", "p95"), 5);
    assertThat(checks).allMatch(CompareGate.Check::passed);
    assertThat(CompareGate.summary(checks, Path.of("compare-junit.xml"))).isEqualTo("gate: 2 of 2 gated rows "
        + "passed, 2 of them undecided (not failing the build: too little evidence either way; compare's verdicts say "
        + "what would decide them) (compare-junit.xml)");
    assertThat(CompareGate.junitXml(checks)).contains("failures=\"0\" errors=\"0\" skipped=\"2\"")
        .contains("undecided (not failing the build): the 95 % interval");
    String text = Compare.verdictText(rows);
    assertThat(text).contains("undecided: the 95 % interval").doesNotContain(" same");
    List<Verdicts.Row> twice = List.of(rows.get(0), new Verdicts.Row("READ", "throughput", "slow", 1, 1, 1, 0.5, 2,
        "undecided", "m", rows.get(0).decide()));
    assertThat(Compare.verdictText(twice).lines().filter(l -> l.startsWith("  slow")).toList()).as("said once")
        .satisfiesExactly(l -> assertThat(l).endsWith(rows.get(0).decide()), l -> assertThat(l).endsWith(
            "undecided: as above"));
    assertThat(MAPPER.readTree(Compare.json(rows)).path("rows").get(0).path("decide").asText())
        .isEqualTo(rows.get(0).decide());
  }

  @Test
  void granularitiesSuggestedAreRoundNumbers() {
    assertThat(Decide.granularity(3000)).isEqualTo(100);
    assertThat(Decide.granularity(10_000)).isEqualTo(200);
    assertThat(Decide.granularity(60_000)).isEqualTo(2000);
    assertThat(Decide.granularity(200)).isEqualTo(10);
    assertThat(Decide.granularity(0)).isZero();
  }
}
