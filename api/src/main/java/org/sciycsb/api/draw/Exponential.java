package org.sciycsb.api.draw;

import java.util.random.RandomGenerator;

/**
 * YCSB's exponential distribution: {@code percentile} percent of the draws fall below {@code range} (the workload
 * counts them back from the newest record).
 */
public final class Exponential implements LongDraw {
  private final RandomGenerator random;
  private final double gamma;

  public Exponential(RandomGenerator random, double percentile, double range) {
    this.random = random;
    this.gamma = -Math.log(1.0 - percentile / 100.0) / range;
  }

  /** The draw, truncated to a whole number. */
  @Override
  public long next() {
    return (long) (-Math.log(1.0 - random.nextDouble()) / gamma);
  }
}
