package org.sciycsb.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.sciycsb.report.Interval;
import org.sciycsb.report.ResultData;

/** The two interval methods, and their calibration on simulated runs: how often they are wrong, how often right. */
class VerdictsTest {
  /** A run of n intervals of 100 ms whose operations take about meanUs (lognormal-ish noise), drifting a little. */
  static Verdicts.Side run(SplittableRandom r, int n, double meanUs, double opsPerInterval) {
    List<Histogram> h = new ArrayList<>();
    long[] len = new long[n];
    for (int i = 0; i < n; i++) {
      Histogram x = new Histogram(3);
      double level = meanUs * (1 + 0.05 * Math.sin(i / 3.0) + 0.03 * r.nextGaussian());
      long count = Math.round(opsPerInterval * meanUs / level);
      for (long k = 0; k < count; k++) {
        x.recordValue(Math.max(1, Math.round(1000 * level * Math.exp(0.3 * r.nextGaussian()))));
      }
      h.add(x);
      len[i] = 100;
    }
    return new Verdicts.Side(h, len);
  }

  static boolean differs(double[] ci) {
    return ci[0] > 1 || ci[1] < 1;
  }

  @Test
  void welchOnLogsFindsAShiftAndNotNoise() {
    double[] same = Verdicts.welchLogRatio(List.of(100.0, 103.0, 98.0, 101.0, 99.0),
        List.of(99.0, 102.0, 100.0, 97.0, 101.0));
    assertThat(differs(same)).isFalse();
    double[] slower = Verdicts.welchLogRatio(List.of(100.0, 103.0, 98.0, 101.0, 99.0),
        List.of(90.0, 92.0, 89.0, 91.0, 90.0));
    assertThat(slower[1]).isLessThan(1.0);
    assertThat(slower[0]).isGreaterThan(0.85);
  }

  @Test
  void welchIsCalibrated() {
    SplittableRandom r = new SplittableRandom(42);
    int trials = 400;
    int falseAlarms = 0;
    int found = 0;
    for (int t = 0; t < trials; t++) {
      List<Double> a = new ArrayList<>();
      List<Double> b = new ArrayList<>();
      List<Double> shifted = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        a.add(1000 * Math.exp(0.015 * r.nextGaussian()));
        b.add(1000 * Math.exp(0.015 * r.nextGaussian()));
        shifted.add(950 * Math.exp(0.015 * r.nextGaussian()));
      }
      falseAlarms += differs(Verdicts.welchLogRatio(a, b)) ? 1 : 0;
      found += Verdicts.welchLogRatio(a, shifted)[1] < 1 ? 1 : 0;
    }
    // A/A: 5 % expected; 400 trials leave a binomial standard deviation of 1.1 %
    assertThat(falseAlarms).as("A/A comparisons called different").isLessThanOrEqualTo(trials * 8 / 100);
    // a 5 % throughput loss with 5 repeats a side, 1.5 % noise between repeats
    assertThat(found).as("a 5 % shift found").isGreaterThanOrEqualTo(trials * 90 / 100);
  }

  @Test
  void theBootstrapSeesAShiftAndNotTheSameRunResampled() {
    SplittableRandom r = new SplittableRandom(7);
    int trials = 40;
    int falseAlarms = 0;
    int found = 0;
    for (int t = 0; t < trials; t++) {
      Verdicts.Side a = run(r, 30, 50, 40);
      Verdicts.Side b = run(r, 30, 50, 40);
      Verdicts.Side slower = run(r, 30, 60, 40);
      falseAlarms += differs(Verdicts.bootstrapRatio(a, b, "p95", r)) ? 1 : 0;
      found += Verdicts.bootstrapRatio(a, slower, "p95", r)[0] > 1 ? 1 : 0;
    }
    assertThat(falseAlarms).as("A/A p95 called different").isLessThanOrEqualTo(trials * 15 / 100);
    assertThat(found).as("a 20 % slower p95 found").isGreaterThanOrEqualTo(trials * 90 / 100);
  }

  @Test
  void statisticsOfMergedIntervals() {
    Histogram h = new Histogram(3);
    for (int i = 1; i <= 100; i++) {
      h.recordValue(i * 1000L); // 1 to 100 us
    }
    Verdicts.Side s = new Verdicts.Side(List.of(h, h), new long[] {500, 500});
    assertThat(Verdicts.statistic(s, "throughput")).isEqualTo(200.0); // 200 operations in 1 s
    assertThat(Verdicts.statistic(s, "p50")).isCloseTo(50.0, org.assertj.core.api.Assertions.within(0.05));
    assertThat(Verdicts.statistic(s, "mean")).isCloseTo(50.5, org.assertj.core.api.Assertions.within(0.05));
  }

  /**
   * compare --run's rounds: the machine's speed drifts by up to 30 % from round to round (a neighbour's load), the
   * two runs of a round share it. Welch's interval counts the drift as noise and misses a 5 % loss; the paired
   * interval of the rounds' ratios cancels it, finds the loss and keeps A/A false alarms near 5 %.
   */
  @Test
  void pairedRoundsCancelADriftBetweenRounds() {
    SplittableRandom r = new SplittableRandom(11);
    int trials = 400;
    int welchFound = 0;
    int pairedFound = 0;
    int pairedFalse = 0;
    for (int t = 0; t < trials; t++) {
      List<Double> a = new ArrayList<>();
      List<Double> same = new ArrayList<>();
      List<Double> slower = new ArrayList<>();
      for (int round = 0; round < 5; round++) {
        double machine = 0.7 + 0.6 * r.nextDouble();
        a.add(1000 * machine * (1 + 0.01 * r.nextGaussian()));
        same.add(1000 * machine * (1 + 0.01 * r.nextGaussian()));
        slower.add(950 * machine * (1 + 0.01 * r.nextGaussian()));
      }
      welchFound += Verdicts.welchLogRatio(a, slower)[1] < 1 ? 1 : 0;
      pairedFound += Interval.pairedRatioCi95(a, slower)[1] < 1 ? 1 : 0;
      pairedFalse += differs(Interval.pairedRatioCi95(a, same)) ? 1 : 0;
    }
    assertThat(pairedFound).as("a 5 % loss found, paired").isGreaterThanOrEqualTo(trials * 90 / 100);
    assertThat(welchFound).as("a 5 % loss found by Welch, unpaired").isLessThan(trials * 20 / 100);
    assertThat(pairedFalse).as("A/A called different, paired").isLessThanOrEqualTo(trials * 8 / 100);
  }

  @Test
  void roundsArePairedByNameOnlyWhenBothSidesAreInterleavedRounds() throws Exception {
    ResultData base = rounds(true, "[1000, 2000, 3000]", "completed", "completed", "completed");
    ResultData contender = rounds(true, "[900, 2700]", "completed", "failed", "completed");
    List<List<Double>> p = Verdicts.pairedRounds(base, contender, "OVERALL", "throughput");
    assertThat(p).as("rounds 1 and 3, which both completed").containsExactly(List.of(1000.0, 3000.0),
        List.of(900.0, 2700.0));
    assertThat(Interval.pairedRatioCi95(p.get(0), p.get(1))).as("the same ratio in both rounds: no width")
        .containsExactly(new double[] {0.9, 0.9}, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(Verdicts.pairedRounds(base, rounds(false, "[900, 1800, 2700]", "completed", "completed",
        "completed"), "OVERALL", "throughput")).as("repeats of separate runs are not paired").isNull();
  }

  private static ResultData rounds(boolean marked, String values, String... outcomes) throws Exception {
    StringBuilder runs = new StringBuilder();
    for (int i = 0; i < outcomes.length; i++) {
      runs.append(i == 0 ? "" : ",").append("{'name': 'repeat-").append(i + 1).append("', 'outcome': '")
          .append(outcomes[i]).append("'}");
    }
    String json = ("{'repeats': {'rounds': " + marked + ", 'runs': [" + runs + "], 'figures': "
        + "{'OVERALL.throughput': {'values': " + values + "}}}}").replace('\'', '"');
    return new ResultData(null, new com.fasterxml.jackson.databind.ObjectMapper().readTree(json), null);
  }
}
