package org.sciycsb.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.report.ResultData;

/**
 * The verdicts' calibration on simulated runs resampled from a real run's intervals: how often an A/A comparison
 * is called different (at most 5 % is the design), and how often a 5 % throughput shift is found with 5 repeats a
 * side (at least 90 %).
 *
 * <p>The real run ({@code calibration/h2-workloada-read.hlog}, its READ response-time intervals): embedded H2
 * through the jdbc binding, workload A, 10,000 records, 2 threads, 8 s at 100 ms intervals, on this project's
 * 2-core CI machine kind: {@code bin/ycsb load -P workloads/workloada -p recordcount=10000 -p db.url=...} then
 * {@code bin/ycsb run -P workloads/workloada -p recordcount=10000 -p operationcount=0 -p maxexecutiontime=8
 * -p timeseries.granularity=100 -p threadcount=2 -p db.url=...}. A simulated run is a moving-block resample of its
 * intervals (blocks of about the square root of their number, as the bootstrap uses), so it keeps the real run's
 * interval-to-interval noise and correlation; a shifted one has its throughput lowered.
 */
class VerdictsCalibrationTest {
  @TempDir
  static Path tmp;
  /** The real runs: embedded H2 (a store's own noise) and the basic binding (the client's and the machine's). */
  static Verdicts.Side h2;
  static Verdicts.Side basic;
  /** The run the simulations of a test resample. */
  Verdicts.Side real;

  @BeforeAll
  static void readTheRealRuns() throws Exception {
    h2 = read("h2");
    basic = read("basic");
    moving(h2);
    moving(basic);
  }

  static Verdicts.Side read(String name) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve(name));
    try (InputStream in = VerdictsCalibrationTest.class.getResourceAsStream("/calibration/" + name
        + "-workloada-read.hlog")) {
      Files.copy(in, dir.resolve("latency.hlog"));
    }
    Verdicts.Side s = Verdicts.sides(new ResultData(dir, JsonNodeFactory.instance.objectNode(), null)).get("READ");
    assertThat(s.size()).as("intervals of the real run " + name).isGreaterThanOrEqualTo(90);
    return s;
  }

  /** A run of as many intervals as the real one: consecutive blocks of it, drawn with replacement. */
  Verdicts.Side simulated(SplittableRandom r, double lengthFactor) {
    int n = real.size();
    int len = (int) Math.round(Math.sqrt(n));
    List<Histogram> h = new ArrayList<>();
    long[] ms = new long[n];
    while (h.size() < n) {
      int start = r.nextInt(n - len + 1);
      for (int j = start; j < start + len && h.size() < n; j++) {
        ms[h.size()] = Math.max(1, Math.round(real.lengthMs()[j] * lengthFactor));
        h.add(real.histograms().get(j));
      }
    }
    return new Verdicts.Side(h, ms);
  }

  /**
   * The whole-run statistic of n simulated runs, each sqrt(n) moving blocks of the real run drawn with replacement
   * (the blocks merged once: a run's statistic then merges sqrt(n) histograms), its throughput lowered by loss.
   */
  List<Double> repeats(SplittableRandom r, int n, String metric, double loss) {
    List<Histogram> blocks = movingBlocks.get(real);
    long[] ms = movingLengths.get(real);
    int k = (int) Math.round(Math.sqrt(real.size()));
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Histogram> h = new ArrayList<>();
      long[] len = new long[k];
      for (int j = 0; j < k; j++) {
        int b = r.nextInt(blocks.size());
        h.add(blocks.get(b));
        len[j] = ms[b];
      }
      double v = Verdicts.statistic(new Verdicts.Side(h, len), metric);
      out.add(metric.equals("throughput") ? v * (1 - loss) : v);
    }
    return out;
  }

  static final java.util.Map<Verdicts.Side, List<Histogram>> movingBlocks = new java.util.IdentityHashMap<>();
  static final java.util.Map<Verdicts.Side, long[]> movingLengths = new java.util.IdentityHashMap<>();

  /** Every run of sqrt(n) consecutive intervals of a real run, merged. */
  static void moving(Verdicts.Side s) {
    int n = s.size();
    int len = (int) Math.round(Math.sqrt(n));
    List<Histogram> blocks = new ArrayList<>();
    long[] ms = new long[n - len + 1];
    for (int start = 0; start + len <= n; start++) {
      Histogram h = new Histogram(3);
      for (int j = start; j < start + len; j++) {
        h.add(s.histograms().get(j));
        ms[start] += s.lengthMs()[j];
      }
      blocks.add(h);
    }
    movingBlocks.put(s, blocks);
    movingLengths.put(s, ms);
  }

  static boolean differs(double[] ci) {
    return ci[0] > 1 || ci[1] < 1;
  }

  /** Out of trials: A/A comparisons called different (throughput, p95), and shifted ones found worse. */
  record Rates(int trials, int falseThroughput, int falseP95, int found) {
    double pct(int k) {
      return 100.0 * k / trials;
    }
  }

  /** Welch on 5 simulated repeats a side; the shifted side loses the given fraction of its throughput. */
  Rates welch(Verdicts.Side run, int trials, double loss) {
    real = run;
    SplittableRandom r = new SplittableRandom(2026);
    int falseThroughput = 0;
    int falseP95 = 0;
    int found = 0;
    for (int t = 0; t < trials; t++) {
      falseThroughput += differs(Verdicts.welchLogRatio(repeats(r, 5, "throughput", 0),
          repeats(r, 5, "throughput", 0))) ? 1 : 0;
      falseP95 += differs(Verdicts.welchLogRatio(repeats(r, 5, "p95", 0), repeats(r, 5, "p95", 0))) ? 1 : 0;
      found += Verdicts.welchLogRatio(repeats(r, 5, "throughput", 0), repeats(r, 5, "throughput", loss))[1] < 1
          ? 1 : 0;
    }
    return new Rates(trials, falseThroughput, falseP95, found);
  }

  /** The bootstrap on one simulated run a side (p95 on fewer trials: each takes 2,000 histogram merges). */
  Rates bootstrap(Verdicts.Side run, int trials, int p95Trials, double loss) {
    real = run;
    SplittableRandom r = new SplittableRandom(11);
    int falseThroughput = 0;
    int found = 0;
    for (int t = 0; t < trials; t++) {
      Verdicts.Side a = simulated(r, 1);
      falseThroughput += differs(Verdicts.bootstrapRatio(a, simulated(r, 1), "throughput", r)) ? 1 : 0;
      found += Verdicts.bootstrapRatio(a, simulated(r, 1 / (1 - loss)), "throughput", r)[1] < 1 ? 1 : 0;
    }
    int falseP95 = 0;
    for (int t = 0; t < p95Trials; t++) {
      falseP95 += differs(Verdicts.bootstrapRatio(simulated(r, 1), simulated(r, 1), "p95", r)) ? 1 : 0;
    }
    return new Rates(trials, falseThroughput, (int) Math.round(falseP95 * (double) trials / p95Trials), found);
  }

  @Test
  void repeatsAreCalibratedOnResampledRealRuns() {
    Rates basicRates = welch(basic, 400, 0.05);
    Rates h2Rates = welch(h2, 400, 0.05);
    System.out.println("calibration, 5 repeats a side (Welch): basic " + basicRates + ", H2 " + h2Rates);
    for (Rates x : List.of(basicRates, h2Rates)) {
      // 5 % is the design; 400 trials leave a binomial standard deviation of 1.1 %: 7 % is two of them above
      assertThat(x.pct(x.falseThroughput())).as("A/A throughput called different, %").isLessThanOrEqualTo(7);
      assertThat(x.pct(x.falseP95())).as("A/A p95 called different, %").isLessThanOrEqualTo(7);
    }
    assertThat(basicRates.pct(basicRates.found())).as("a 5 % throughput loss found, %").isGreaterThanOrEqualTo(90);
  }

  @Test
  void singleRunsAreCalibratedOnResampledRealRuns() {
    Rates basicRates = bootstrap(basic, 200, 20, 0.05);
    Rates h2Rates = bootstrap(h2, 200, 20, 0.05);
    System.out.println("calibration, one run a side (bootstrap): basic " + basicRates + ", H2 " + h2Rates);
    for (Rates x : List.of(basicRates, h2Rates)) {
      // 200 trials: a binomial standard deviation of 1.5 %
      assertThat(x.pct(x.falseThroughput())).as("A/A throughput called different, %").isLessThanOrEqualTo(8);
      assertThat(x.pct(x.falseP95())).as("A/A p95 called different, % (20 trials)").isLessThanOrEqualTo(10);
    }
  }

  /** Out of trials: how often each word was said of A/A throughput and of a 10 % throughput loss. */
  record Words(int trials, int aaDifferent, int aaSame, int lossSame, int lossWorse) {}

  /** The verdicts (band 1 +- 5 %) on Welch's interval of 5 simulated repeats a side. */
  Words words(Verdicts.Side run, int trials) {
    real = run;
    SplittableRandom r = new SplittableRandom(44);
    Verdicts.Band band = Verdicts.Band.of(5);
    int aaDifferent = 0;
    int aaSame = 0;
    int lossSame = 0;
    int lossWorse = 0;
    for (int t = 0; t < trials; t++) {
      double[] aa = Verdicts.welchLogRatio(repeats(r, 5, "throughput", 0), repeats(r, 5, "throughput", 0));
      String v = Verdicts.verdict(aa[0], aa[1], true, band);
      aaDifferent += v.equals("better") || v.equals("worse") ? 1 : 0;
      aaSame += v.equals("same") ? 1 : 0;
      double[] loss = Verdicts.welchLogRatio(repeats(r, 5, "throughput", 0), repeats(r, 5, "throughput", 0.1));
      String w = Verdicts.verdict(loss[0], loss[1], true, band);
      lossSame += w.equals("same") ? 1 : 0;
      lossWorse += w.equals("worse") ? 1 : 0;
    }
    return new Words(trials, aaDifferent, aaSame, lossSame, lossWorse);
  }

  @Test
  void theVerdictsWordsOnResampledRealRuns() {
    Words basicWords = words(basic, 400);
    Words h2Words = words(h2, 400);
    System.out.println("verdicts, 5 repeats a side (Welch, band 1 +- 5 %): basic " + basicWords + ", H2 " + h2Words);
    for (Words w : List.of(basicWords, h2Words)) {
      // better/worse follow the interval (5 % expected of A/A); a 10 % loss lies outside the band: an interval
      // inside the band around it is a miss of two standard errors and more (at most 2.5 % expected)
      assertThat(100.0 * w.aaDifferent() / w.trials()).as("A/A called better or worse, %").isLessThanOrEqualTo(7);
      assertThat(100.0 * w.lossSame() / w.trials()).as("a 10 % loss called the same, %").isLessThanOrEqualTo(3);
    }
    // the basic fixture's repeats are steady: its A/A intervals lie inside the band and its 10 % loss is found
    assertThat(100.0 * basicWords.aaSame() / basicWords.trials()).as("basic A/A: same, %").isGreaterThan(90);
    assertThat(100.0 * basicWords.lossWorse() / basicWords.trials()).as("basic 10 % loss: worse, %")
        .isGreaterThan(90);
  }

  @Test
  void theFixtureIsARealRunsLog() throws IOException {
    String head = Files.readString(tmp.resolve("h2/latency.hlog")).lines().limit(3).reduce("", String::concat);
    assertThat(head).contains("Histogram log format").contains("sciycsb interval log");
  }
}
