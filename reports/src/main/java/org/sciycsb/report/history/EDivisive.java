package org.sciycsb.report.history;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * E-Divisive means (Matteson and James, "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate
 * Data", JASA 2014), the variant that MongoDB's signal-processing-algorithms and Apache Otava (formerly Hunter) run
 * on performance histories: divisive bisection with the energy statistic q&#x302; (alpha = 1) and a permutation test.
 *
 * <ol>
 *   <li>Within every segment between the change points found so far (at first the whole series), find the split
 *       tau that maximises q&#x302;(tau) = tau (m - tau) / m * (2 / (tau (m - tau)) sum |x_i - y_j| - sum over pairs
 *       of x |x_i - x_k| / C(tau, 2) - sum over pairs of y |y_j - y_k| / C(m - tau, 2)), x the values before tau
 *       and y those from tau on, both at least {@code minSize} long.</li>
 *   <li>The candidate is the split with the largest q&#x302; of all segments. Its significance: shuffle the values
 *       within every segment {@code permutations} times and count the shuffles whose largest q&#x302; reaches the
 *       candidate's; p = (count + 1) / (permutations + 1).</li>
 *   <li>Accept the candidate when p &lt;= {@code pValue} and go on with the segments split there; stop otherwise.</li>
 * </ol>
 *
 * <p>The random shuffles come from a {@link SplittableRandom} with a fixed seed: the same series and settings always
 * give the same change points. A series shorter than {@code 2 * minSize} has none.
 */
public final class EDivisive {
  /** A change point: the series index of the first value after the change, its q&#x302; and p-value. */
  public record ChangePoint(int index, double qhat, double pValue) {}

  /** The best split of one segment [from, to): its index in the series and q&#x302; (0 and -inf when none). */
  private record Split(int index, double qhat) {}

  private final double pValue;
  private final int permutations;
  private final int minSize;
  private final long seed;

  public EDivisive(double pValue, int permutations, int minSize, long seed) {
    if (!(pValue > 0 && pValue < 1) || permutations < 1 || minSize < 2) {
      throw new IllegalArgumentException("pValue in (0, 1), permutations >= 1, minSize >= 2");
    }
    this.pValue = pValue;
    this.permutations = permutations;
    this.minSize = minSize;
    this.seed = seed;
  }

  /** The change points of a series, in index order. */
  public List<ChangePoint> changePoints(double[] series) {
    List<ChangePoint> found = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(seed);
    while (true) {
      int[] bounds = bounds(found, series.length);
      Split best = best(series, bounds);
      if (best.index() < 0 || !(best.qhat() > 0)) {
        break;
      }
      double p = significance(series, bounds, best.qhat(), random);
      if (p > pValue) {
        break;
      }
      found.add(new ChangePoint(best.index(), best.qhat(), p));
      found.sort((a, b) -> Integer.compare(a.index(), b.index()));
    }
    return found;
  }

  /** 0, every change point's index, n. */
  private static int[] bounds(List<ChangePoint> found, int n) {
    int[] b = new int[found.size() + 2];
    for (int i = 0; i < found.size(); i++) {
      b[i + 1] = found.get(i).index();
    }
    b[b.length - 1] = n;
    return b;
  }

  /** The split with the largest q&#x302; over every segment. */
  private Split best(double[] series, int[] bounds) {
    Split best = new Split(-1, Double.NEGATIVE_INFINITY);
    for (int s = 0; s + 1 < bounds.length; s++) {
      Split sp = bestSplit(series, bounds[s], bounds[s + 1]);
      if (sp.qhat() > best.qhat()) {
        best = sp;
      }
    }
    return best;
  }

  /** The permutation test's p-value of a candidate with the given q&#x302;. */
  private double significance(double[] series, int[] bounds, double qhat, SplittableRandom random) {
    double[] shuffled = series.clone();
    int reached = 0;
    for (int k = 0; k < permutations; k++) {
      for (int s = 0; s + 1 < bounds.length; s++) {
        shuffle(shuffled, bounds[s], bounds[s + 1], random);
      }
      if (best(shuffled, bounds).qhat() >= qhat * (1 - 1e-12)) {
        reached++;
      }
    }
    return (reached + 1.0) / (permutations + 1.0);
  }

  private static void shuffle(double[] v, int from, int to, SplittableRandom random) {
    for (int i = to - 1; i > from; i--) {
      int j = from + random.nextInt(i - from + 1);
      double t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
  }

  /**
   * The largest q&#x302; of the splits of [from, to) that leave at least minSize values on each side. With the row
   * sums of the distance matrix, moving tau by one updates the three sums in O(m), so a segment costs O(m^2).
   */
  Split bestSplit(double[] x, int from, int to) {
    int m = to - from;
    if (m < 2 * minSize) {
      return new Split(-1, Double.NEGATIVE_INFINITY);
    }
    double[] before = new double[m]; // sum over i < t of |x_i - x_t|
    double[] after = new double[m]; // sum over j > t of |x_t - x_j|
    double total = 0;
    for (int i = 0; i < m; i++) {
      for (int j = i + 1; j < m; j++) {
        double d = Math.abs(x[from + i] - x[from + j]);
        after[i] += d;
        before[j] += d;
        total += d;
      }
    }
    double left = 0;
    double right = total;
    double between = 0;
    Split best = new Split(-1, Double.NEGATIVE_INFINITY);
    for (int tau = 1; tau <= m - minSize; tau++) {
      // moving x_{tau-1} from the right part to the left part
      left += before[tau - 1];
      right -= after[tau - 1];
      between += after[tau - 1] - before[tau - 1];
      if (tau < minSize) {
        continue;
      }
      double q = qhat(tau, m - tau, left, right, between);
      if (q > best.qhat()) {
        best = new Split(from + tau, q);
      }
    }
    return best;
  }

  /** q&#x302; of a split into n values before and k after, from their within and between distance sums. */
  static double qhat(int n, int k, double within1, double within2, double between) {
    double e = 2 * between / ((double) n * k) - within1 / (n * (n - 1) / 2.0) - within2 / (k * (k - 1) / 2.0);
    return (double) n * k / (n + k) * e;
  }
}
