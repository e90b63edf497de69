package org.sciycsb.engine.validity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Mann-Kendall test for a monotonic trend in a series (here: per-interval throughput), with Sen's slope: a
 * rank test, so one outlying interval does not make a trend, and no straight line is assumed. Ties are handled in
 * the variance; the p-value is two-sided, from the normal approximation with continuity correction.
 */
public final class TrendTest {
  private TrendTest() {}

  /** The test's result: S, its z-score, the two-sided p-value and Sen's slope (units of the series per step). */
  public record Result(long s, double z, double p, double senSlope) {}

  public static Result of(double[] x) {
    int n = x.length;
    long s = 0;
    List<Double> slopes = new ArrayList<>();
    for (int i = 0; i < n - 1; i++) {
      for (int j = i + 1; j < n; j++) {
        s += Long.signum(Double.compare(x[j], x[i]));
        slopes.add((x[j] - x[i]) / (j - i));
      }
    }
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
    double[] sl = slopes.stream().mapToDouble(Double::doubleValue).sorted().toArray();
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
