package org.sciycsb.api.draw;

import java.util.random.RandomGenerator;

/**
 * Zipfian item numbers in [min, max], item {@code min} the most popular, by the rejection-free method of Gray et
 * al., "Quickly generating billion-record synthetic databases" (SIGMOD 1994), with YCSB's constants and semantics:
 * the item count may grow between draws ({@link #next(long)}, for the latest distribution), and the normalising sum
 * then grows by the new items' terms while the {@code eta} term keeps the original count, as YCSB's
 * ZipfianGenerator does.
 */
public final class Zipfian implements LongDraw {
  /** YCSB's skew. */
  public static final double YCSB_CONSTANT = 0.99;
  /** Terms summed one by one before the Euler-Maclaurin tail takes over ({@link #zeta}). */
  private static final long EXACT_TERMS = 1_000_000;

  private final RandomGenerator random;
  private final long base;
  private final long items;
  private final double theta;
  private final double alpha;
  private final double zeta2theta;
  private final double half;
  private double zetan;
  private double eta;
  private long countForZeta;

  public Zipfian(RandomGenerator random, long min, long max, double theta) {
    this(random, min, max, theta, zeta(max - min + 1, theta));
  }

  /** With the normalising sum {@code zetan} of the {@code max - min + 1} items computed once (see {@link #zeta}). */
  public Zipfian(RandomGenerator random, long min, long max, double theta, double zetan) {
    this.random = random;
    this.base = min;
    this.items = max - min + 1;
    this.theta = theta;
    this.alpha = 1.0 / (1.0 - theta);
    this.zeta2theta = zeta(2, theta);
    this.half = 1.0 + Math.pow(0.5, theta);
    this.zetan = zetan;
    this.countForZeta = items;
    this.eta = eta();
  }

  private double eta() {
    return (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2theta / zetan);
  }

  @Override
  public long next() {
    return next(items);
  }

  /** A draw among the first {@code itemCount} items; a larger count than before extends the sum by its terms. */
  public long next(long itemCount) {
    if (itemCount > countForZeta) {
      for (long i = countForZeta + 1; i <= itemCount; i++) {
        zetan += 1 / Math.pow(i, theta);
      }
      countForZeta = itemCount;
      eta = eta();
    }
    double u = random.nextDouble();
    double uz = u * zetan;
    if (uz < 1.0) {
      return base;
    }
    if (uz < half) {
      return base + 1;
    }
    return base + (long) (itemCount * Math.pow(eta * u - eta + 1, alpha));
  }

  /**
   * The sum of {@code 1 / i^theta} for i = 1 .. n: the first million terms one by one, the rest by the
   * Euler-Maclaurin formula (its error far below the summed terms' rounding), so that a billion records cost no
   * more than a million. Computed once per generator setting, not per thread.
   */
  public static double zeta(long n, double theta) {
    long exact = Math.min(n, EXACT_TERMS);
    double sum = 0;
    for (long i = 1; i <= exact; i++) {
      sum += 1 / Math.pow(i, theta);
    }
    if (n <= exact) {
      return sum;
    }
    double m = exact; // the tail: terms m+1 .. n as the integral from m to n plus the end corrections
    double nn = n;
    double integral = theta == 1.0 ? Math.log(nn / m)
        : (Math.pow(nn, 1 - theta) - Math.pow(m, 1 - theta)) / (1 - theta);
    double fn = Math.pow(nn, -theta);
    double fm = Math.pow(m, -theta);
    double d1n = -theta * Math.pow(nn, -theta - 1);
    double d1m = -theta * Math.pow(m, -theta - 1);
    double d3 = -theta * (theta + 1) * (theta + 2);
    double d3n = d3 * Math.pow(nn, -theta - 3);
    double d3m = d3 * Math.pow(m, -theta - 3);
    return sum + integral + (fn - fm) / 2 + (d1n - d1m) / 12 - (d3n - d3m) / 720;
  }
}
