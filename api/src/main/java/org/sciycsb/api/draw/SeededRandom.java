package org.sciycsb.api.draw;

import java.util.random.RandomGenerator;

/**
 * The generator of {@code -p seed=N}: SplitMix64 (Steele, Lea and Flood, 2014), a 64-bit state advanced by a fixed
 * odd step, each output that state through a strong bit mixer. Written out here rather than taken from the JDK,
 * whose generators promise the same sequence for a seed only within one program: this one, and the derived methods
 * it overrides, give the same values for a seed on every JVM, which is what a reproducible run needs.
 * Not thread-safe: one per thread.
 */
public final class SeededRandom implements RandomGenerator {
  private static final long STEP = 0x9e3779b97f4a7c15L;
  private long state;

  public SeededRandom(long seed) {
    this.state = seed;
  }

  /**
   * The stream of one purpose under one seed: {@code path} names it (a client index, a phase, a thread id, a part),
   * and distinct paths give unrelated streams.
   */
  public static SeededRandom of(long seed, long... path) {
    return new SeededRandom(key(seed, path));
  }

  /** The starting state of {@link #of}: each step is a bijection of the path element, then the mixer. */
  public static long key(long seed, long... path) {
    long h = mix(seed ^ 0x5851f42d4c957f2dL);
    for (long p : path) {
      h = mix(h ^ (p * STEP + 0x632be59bd9b4e019L));
    }
    return h;
  }

  /** Starts the stream again from another state (the engine: from a thread's warmup stream to its measured one). */
  public void reseed(long seed) {
    this.state = seed;
  }

  /** The SplitMix64 finalizer: a bijection of 64-bit values whose output bits each depend on every input bit. */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  @Override
  public long nextLong() {
    state += STEP;
    return mix(state);
  }

  @Override
  public int nextInt() {
    return (int) (nextLong() >>> 32);
  }

  @Override
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** Uniform in [0, bound), without bias: draws that would fall in the incomplete last block are drawn again. */
  @Override
  public long nextLong(long bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive: " + bound);
    }
    long m = bound - 1;
    if ((bound & m) == 0) {
      return nextLong() & m;
    }
    long u = nextLong() >>> 1;
    long r = u % bound;
    while (u - r + m < 0) { // u lies in the last, incomplete block of size bound
      u = nextLong() >>> 1;
      r = u % bound;
    }
    return r;
  }

  @Override
  public int nextInt(int bound) {
    return (int) nextLong(bound);
  }
}
