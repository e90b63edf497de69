package org.sciycsb.api.draw;

import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * YCSB's latest distribution: the newest record the most popular, then the one before it, zipfian over the records
 * so far ({@code last - z}, z zipfian among {@code last} items, the item count growing as records are inserted).
 */
public final class SkewedLatest implements LongDraw {
  private final Zipfian zipfian;
  private final LongSupplier last;

  /**
   * @param last  the newest record number so far
   * @param zetan the zipfian sum of {@code last.getAsLong()} items at the start (computed once: {@link Zipfian#zeta})
   */
  public SkewedLatest(RandomGenerator random, LongSupplier last, double zetan) {
    this.last = last;
    this.zipfian = new Zipfian(random, 0, last.getAsLong() - 1, Zipfian.YCSB_CONSTANT, zetan);
  }

  @Override
  public long next() {
    long max = last.getAsLong();
    return max - zipfian.next(max);
  }
}
