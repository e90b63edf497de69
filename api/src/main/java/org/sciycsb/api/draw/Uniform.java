package org.sciycsb.api.draw;

import java.util.random.RandomGenerator;

/** Uniform in [lo, hi], as YCSB's UniformLongGenerator (without its slight bias). */
public final class Uniform implements LongDraw {
  private final RandomGenerator random;
  private final long lo;
  private final long count;

  public Uniform(RandomGenerator random, long lo, long hi) {
    if (hi < lo) {
      throw new IllegalArgumentException("empty range [" + lo + ", " + hi + "]");
    }
    this.random = random;
    this.lo = lo;
    this.count = hi - lo + 1;
  }

  @Override
  public long next() {
    return lo + random.nextLong(count);
  }
}
