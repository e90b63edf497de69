package org.sciycsb.api.draw;

import java.util.random.RandomGenerator;

/**
 * YCSB's hotspot distribution: a fraction of the operations ({@code hotOpnFraction}) uniformly on the first
 * {@code hotsetFraction} of [lo, hi], the rest uniformly on the others.
 */
public final class Hotspot implements LongDraw {
  private final RandomGenerator random;
  private final long lo;
  private final long hot;
  private final long cold;
  private final double hotOpnFraction;

  public Hotspot(RandomGenerator random, long lo, long hi, double hotsetFraction, double hotOpnFraction) {
    this.random = random;
    this.lo = lo;
    long n = hi - lo + 1;
    this.hot = (long) (n * hotsetFraction); // truncated, as YCSB
    this.cold = n - hot;
    this.hotOpnFraction = hotOpnFraction;
  }

  @Override
  public long next() {
    boolean hotDraw = random.nextDouble() < hotOpnFraction;
    if (hotDraw && hot > 0 || cold == 0) {
      return lo + random.nextLong(hot);
    }
    return lo + hot + random.nextLong(cold);
  }
}
