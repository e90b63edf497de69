package org.sciycsb.report;

import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The statistics of repeated measurements, in one place for {@code run -p repeats=N}
 * ({@link org.sciycsb.report.compare.RepeatSummary}), {@code sweep --repeat N} ({@link org.sciycsb.report.sweep.Sweep})
 * and {@code study --repeat N}: the mean, the sample standard deviation and
 * the 95 % confidence interval of the mean (Student's t with n - 1 degrees of freedom, from Apache Commons
 * Statistics), and the 95 % interval of the ratio of two means (Welch's t on the logarithms).
 */
public final class Interval {
  /** How the interval of a mean is computed, for the documents that carry one. */
  public static final String METHOD = "Student's t interval of the mean over the repeats (95 %)";
  /** How the interval of a ratio of two means is computed. */
  public static final String RATIO_METHOD = "Welch's t on the logs of the repeats (95 %)";

  private Interval() {}

  public static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).sum() / values.size();
  }

  /** The sample standard deviation (n - 1); 0 for one value. */
  public static double stdev(List<Double> values) {
    int n = values.size();
    if (n < 2) {
      return 0;
    }
    double m = mean(values);
    double ss = 0;
    for (double v : values) {
      ss += (v - m) * (v - m);
    }
    return Math.sqrt(ss / (n - 1));
  }

  /** Half the width of the 95 % interval of the mean; NaN with fewer than two values. */
  public static double halfWidth(List<Double> values) {
    int n = values.size();
    if (n < 2) {
      return Double.NaN;
    }
    return TDistribution.of(n - 1).inverseCumulativeProbability(0.975) * stdev(values) / Math.sqrt(n);
  }

  /** The 95 % interval of the mean, {low, high}; null with fewer than two values. */
  public static double[] ci95(List<Double> values) {
    double h = halfWidth(values);
    if (Double.isNaN(h)) {
      return null;
    }
    double m = mean(values);
    return new double[] {m - h, m + h};
  }

  /**
   * The 95 % interval of mean(b) / mean(a) as Welch's interval of mean(log b) - mean(log a), exponentiated; null
   * when a side has fewer than two values or a value is not positive.
   */
  public static double[] ratioCi95(List<Double> a, List<Double> b) {
    if (a.size() < 2 || b.size() < 2 || a.stream().anyMatch(v -> !(v > 0)) || b.stream().anyMatch(v -> !(v > 0))) {
      return null;
    }
    List<Double> la = a.stream().map(Math::log).toList();
    List<Double> lb = b.stream().map(Math::log).toList();
    return logRatio(mean(lb) - mean(la), Math.pow(stdev(la), 2) / la.size(), Math.pow(stdev(lb), 2) / lb.size(),
        la.size() - 1, lb.size() - 1);
  }

  /** How the interval of a ratio of paired measurements is computed ({@link #pairedRatioCi95}). */
  public static final String PAIRED_METHOD = "paired t on the logs of the rounds' ratios (compare --run's interleaved "
      + "rounds, each pair run side by side; 95 %)";

  /**
   * The 95 % interval of the ratio b / a from paired values (a[i] and b[i] measured side by side, a round of
   * {@code compare --run}): Student's t interval of the mean of log(b[i] / a[i]), n - 1 degrees of freedom,
   * exponentiated. A drift of the machine between rounds cancels in each pair's ratio, which Welch's interval of two
   * independent samples counts as noise. Null with fewer than two pairs, lists of different lengths or a value that
   * is not positive.
   */
  public static double[] pairedRatioCi95(List<Double> a, List<Double> b) {
    if (a.size() != b.size() || a.size() < 2 || a.stream().anyMatch(v -> !(v > 0))
        || b.stream().anyMatch(v -> !(v > 0))) {
      return null;
    }
    List<Double> d = new java.util.ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      d.add(Math.log(b.get(i)) - Math.log(a.get(i)));
    }
    double m = mean(d);
    double h = halfWidth(d);
    return new double[] {Math.exp(m - h), Math.exp(m + h)};
  }

  /** The values of the names both maps hold, paired ({a's, b's}), in a's order. */
  public static List<List<Double>> pairs(java.util.Map<String, Double> a, java.util.Map<String, Double> b) {
    List<Double> pa = new java.util.ArrayList<>();
    List<Double> pb = new java.util.ArrayList<>();
    a.forEach((name, v) -> {
      if (b.containsKey(name)) {
        pa.add(v);
        pb.add(b.get(name));
      }
    });
    return List.of(pa, pb);
  }

  /**
   * Welch's 95 % interval of a difference of logs, exponentiated: {@code diff} with the variances {@code va},
   * {@code vb} of its two sides' estimates (Welch-Satterthwaite degrees of freedom from {@code dfa}, {@code dfb}).
   */
  public static double[] logRatio(double diff, double va, double vb, int dfa, int dfb) {
    double se = Math.sqrt(va + vb);
    if (se == 0) {
      return new double[] {Math.exp(diff), Math.exp(diff)};
    }
    double df = (va + vb) * (va + vb) / (va * va / dfa + vb * vb / dfb);
    double t = TDistribution.of(df).inverseCumulativeProbability(0.975);
    return new double[] {Math.exp(diff - t * se), Math.exp(diff + t * se)};
  }
}
