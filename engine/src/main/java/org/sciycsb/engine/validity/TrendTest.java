package org.sciycsb.engine.validity;

import java.util.Arrays;

/**
 * The Mann-Kendall test for a monotonic trend in a series (here: per-interval throughput), with Sen's slope: a
 * rank test, so one outlying interval does not make a trend, and no straight line is assumed. Ties are handled in
 * the variance; the p-value is two-sided, from the normal approximation with continuity correction.
 */
public final class TrendTest {
  private TrendTest() {}

  /** The test's result: S, its z-score, the two-sided p-value and Sen's slope (units of the series per step). */
  public record Result(long s, double z, double p, double senSlope) {}

  /**
   * As {@link #of(double[])} on at most {@code max} points: the test takes time and memory quadratic in its points,
   * so a longer series (a run of hours at one interval a second) is averaged over consecutive bins first; Sen's
   * slope is still per step of the original series.
   */
  public static Result of(double[] x, int max) {
    if (x.length <= max) {
      return of(x);
    }
    double width = (double) x.length / max;
    double[] bins = new double[max];
    for (int i = 0; i < max; i++) {
      int from = (int) Math.round(i * width);
      int to = (int) Math.round((i + 1) * width);
      double sum = 0;
      for (int j = from; j < to; j++) {
        sum += x[j];
      }
      bins[i] = sum / (to - from);
    }
    Result r = of(bins);
    return new Result(r.s(), r.z(), r.p(), r.senSlope() / width);
  }

  public static Result of(double[] x) {
    int n = x.length;
    long s = 0;
    double[] sl = new double[n * (n - 1) / 2];
    int pair = 0;
    for (int i = 0; i < n - 1; i++) {
      for (int j = i + 1; j < n; j++) {
        s += Long.signum(Double.compare(x[j], x[i]));
        sl[pair++] = (x[j] - x[i]) / (j - i);
      }
    }
    Arrays.sort(sl);
    double var = n * (n - 1.0) * (2 * n + 5) / 18.0;
    double[] sorted = x.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < n; ) {
      int k = i;
      while (k < n && sorted[k] == sorted[i]) {
        k++;
      }
      int t = k - i;
      var -= t * (t - 1.0) * (2 * t + 5) / 18.0;
      i = k;
    }
    double z = var <= 0 || s == 0 ? 0 : (s - Math.signum(s)) / Math.sqrt(var);
    double p = 2 * (1 - normalCdf(Math.abs(z)));
    double sen = sl.length == 0 ? 0 : sl.length % 2 == 1 ? sl[sl.length / 2]
        : (sl[sl.length / 2 - 1] + sl[sl.length / 2]) / 2;
    return new Result(s, z, p, sen);
  }

  /** The standard normal CDF (Abramowitz and Stegun 7.1.26 for erf: error below 1.5e-7). */
  static double normalCdf(double z) {
    double t = 1 / (1 + 0.3275911 * Math.abs(z) / Math.sqrt(2));
    double erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592)
        * t * Math.exp(-z * z / 2);
    return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
  }
}
