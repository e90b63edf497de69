package org.sciycsb.api.draw;

import java.util.random.RandomGenerator;
import site.ycsb.Utils;

/**
 * YCSB's scrambled zipfian: a zipfian draw among ten billion items, hashed (FNV-64) onto [min, max], so that the
 * popular items are spread over the range instead of being its first ones. With YCSB's skew the sum of the ten
 * billion terms is YCSB's constant {@link #ZETAN}; with another it is computed ({@link Zipfian#zeta}).
 */
public final class ScrambledZipfian implements LongDraw {
  /** YCSB's precomputed normalising sum for ten billion items at skew 0.99. */
  public static final double ZETAN = 26.46902820178302;
  /** The items YCSB draws among before hashing. */
  public static final long ITEM_COUNT = 10_000_000_000L;

  private final Zipfian zipfian;
  private final long min;
  private final long count;

  public ScrambledZipfian(RandomGenerator random, long min, long max, double theta) {
    this(random, min, max, theta, zetan(theta));
  }

  /** With the sum of the ten billion terms computed once ({@link #zetan}). */
  public ScrambledZipfian(RandomGenerator random, long min, long max, double theta, double zetan) {
    // as YCSB: the zipfian's range is [0, ITEM_COUNT], one item more than the count its constant was computed for
    this.zipfian = new Zipfian(random, 0, ITEM_COUNT, theta, zetan);
    this.min = min;
    this.count = max - min + 1;
  }

  /** The normalising sum for a skew: YCSB's constant at 0.99, else computed. */
  public static double zetan(double theta) {
    return theta == Zipfian.YCSB_CONSTANT ? ZETAN : Zipfian.zeta(ITEM_COUNT + 1, theta);
  }

  @Override
  public long next() {
    return min + Utils.fnvhash64(zipfian.next()) % count;
  }
}
