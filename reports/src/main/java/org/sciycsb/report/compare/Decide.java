package org.sciycsb.report.compare;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.Interval;
import org.sciycsb.report.ResultData;

/**
 * What would decide an {@code undecided} verdict of {@link Verdicts}, in one line: why it is undecided (no noise
 * estimate, or an interval that holds 1 and reaches past the band) and what to change: more rounds or repeats, with
 * an estimate of how many when the interval came from rounds or repeats (if the noise stays as it is), or a finer
 * {@code timeseries.granularity} when a single run has too few measured intervals for its block bootstrap.
 */
final class Decide {
  /** The intervals a single run should have for a steady estimate of its own noise (the suggested granularity's). */
  static final int GOOD_INTERVALS = 30;
  /** The most rounds or repeats estimated; beyond it the line says so instead. */
  static final int MAX_REPEATS = 200;
  static final int MIN_GRANULARITY_MS = 10;

  private Decide() {}

  /** Why the row is undecided and what would decide it. */
  static String why(Verdicts.Row r, ResultData base, ResultData contender, Verdicts.Side bs, Verdicts.Side cs,
      Verdicts.Band band) {
    String field = field(r.metric());
    if (!r.hasInterval()) {
      return noEstimate(r, base, contender, bs, cs, field);
    }
    String where = "the 95 % interval [" + Fmt.fixed(r.low(), 3) + ", " + Fmt.fixed(r.high(), 3) + "] holds 1 but "
        + "reaches past the band " + band.text() + " (1 +- compare.threshold %)";
    if (r.method().equals(Interval.PAIRED_METHOD)) {
      int n = Verdicts.pairedRounds(base, contender, r.operation(), field).get(0).size();
      return where + "; " + count(needed(n, r.low(), r.high(), band, k -> k - 1), "rounds")
          + " would decide it if the noise stays as it is (compare --run -p repeats=N)";
    }
    if (r.method().equals(Verdicts.WELCH)) {
      int n = Math.min(Verdicts.repeats(base, r.operation(), field).size(),
          Verdicts.repeats(contender, r.operation(), field).size());
      return where + "; " + count(needed(n, r.low(), r.high(), band, k -> 2 * (k - 1)), "repeats a side")
          + " would decide it if the noise stays as it is (-p repeats=N on each side, or compare --run -p repeats=N, "
          + "whose paired rounds cancel a drift between runs)";
    }
    return where + "; repeats would decide it (-p repeats=5 or more on each side, or compare --run -p repeats=5): "
        + "one run's intervals show only the noise within it";
  }

  private static String count(int n, String what) {
    return n > MAX_REPEATS ? "more than " + MAX_REPEATS + " " + what : "about " + n + " " + what;
  }

  /**
   * The rounds (or repeats a side) whose 95 % interval would be narrow enough to decide, if the noise stays as it
   * is: the smallest n' whose half-width t(df(n')) s / sqrt(n') falls under the distance from the centre (in logs) to
   * 1 (a difference) or to the nearer edge of the band (the same), whichever is larger; s from the interval of n.
   */
  static int needed(int n, double lo, double hi, Verdicts.Band band, java.util.function.IntUnaryOperator df) {
    double centre = (Math.log(lo) + Math.log(hi)) / 2;
    double half = (Math.log(hi) - Math.log(lo)) / 2;
    double toSame = Math.min(Math.log(band.high()) - centre, centre - Math.log(Math.max(band.low(), 1e-12)));
    double d = Math.max(Math.abs(centre), toSame);
    if (n < 2 || !(d > 0) || !(half > 0)) {
      return MAX_REPEATS + 1;
    }
    double s = half * Math.sqrt(n) / t(df.applyAsInt(n));
    for (int k = n + 1; k <= MAX_REPEATS; k++) {
      if (t(df.applyAsInt(k)) * s / Math.sqrt(k) < d) {
        return k;
      }
    }
    return MAX_REPEATS + 1;
  }

  private static double t(int df) {
    return TDistribution.of(Math.max(1, df)).inverseCumulativeProbability(0.975);
  }

  /** Why there is no interval, and what would give one. */
  private static String noEstimate(Verdicts.Row r, ResultData base, ResultData contender, Verdicts.Side bs,
      Verdicts.Side cs, String field) {
    int nb = Verdicts.repeats(base, r.operation(), field).size();
    int nc = Verdicts.repeats(contender, r.operation(), field).size();
    if ((nb >= 2) != (nc >= 2)) {
      return "no noise estimate: one side is repeated and the other not; repeat both (the same -p repeats=N, N >= 2, "
          + "on each side) or compare --run -p repeats=N";
    }
    if (nb >= 2) {
      return "no noise estimate: a value is 0 on a side, and the interval is one of logarithms";
    }
    if (!hasLog(base) || !hasLog(contender)) {
      return "no noise estimate: " + (hasLog(base) ? "the contender" : "the baseline") + " has no interval log "
          + "(latency.hlog); repeats would decide it (-p repeats=5 or more on each side, or compare --run -p repeats=5)";
    }
    int ib = bs == null ? 0 : bs.size();
    int ic = cs == null ? 0 : cs.size();
    long ms = Math.min(bs == null ? 0 : Arrays.stream(bs.lengthMs()).sum(), cs == null ? 0
        : Arrays.stream(cs.lengthMs()).sum());
    String fewer = String.format(Locale.ROOT, "no noise estimate: the baseline has %d measured interval%s of %s, "
        + "the contender %d, and one run's noise is estimated from at least %d a side", ib, ib == 1 ? "" : "s",
        r.operation(), ic, Verdicts.MIN_INTERVALS);
    long g = granularity(ms);
    String repeats = "repeats (-p repeats=5 or more on each side, or compare --run -p repeats=5)";
    if (g < MIN_GRANULARITY_MS || ms / g < Verdicts.MIN_INTERVALS) {
      return fewer + "; the runs are too short for that (" + ms + " ms measured): longer runs or " + repeats
          + " would decide it";
    }
    return fewer + "; a finer timeseries.granularity would give one (-p timeseries.granularity=" + g + " cuts the "
        + String.format(Locale.ROOT, "%.1f", ms / 1000.0) + " s measured into about " + ms / g + " intervals), "
        + "and " + repeats + " a stronger one";
  }

  private static boolean hasLog(ResultData r) {
    return r.dir() != null && Files.isRegularFile(r.dir().resolve("latency.hlog"));
  }

  /**
   * A granularity (ms, 1, 2 or 5 times a power of ten, at least {@value #MIN_GRANULARITY_MS}) that cuts ms into
   * about {@value #GOOD_INTERVALS} intervals or more; 0 when ms is 0.
   */
  static long granularity(long ms) {
    long g = ms / GOOD_INTERVALS;
    if (g <= 0) {
      return 0;
    }
    long p = 1;
    while (p * 10 <= g) {
      p *= 10;
    }
    long nice = g >= 5 * p ? 5 * p : g >= 2 * p ? 2 * p : p;
    return Math.max(MIN_GRANULARITY_MS, nice);
  }

  /** The results.json field of a metric's title (p99.9: p99_9). */
  static String field(String title) {
    return List.of(Verdicts.METRICS).stream().filter(m -> m[1].equals(title)).map(m -> m[0]).findFirst()
        .orElse(title);
  }
}
