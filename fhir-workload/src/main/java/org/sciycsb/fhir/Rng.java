package org.sciycsb.fhir;

/**
 * SplitMix64: a tiny deterministic generator, written out here so that the data set depends on nothing but
 * {@code fhir.seed} (not on a JDK's Random implementation).
 */
final class Rng {
  private long state;

  Rng(long seed) {
    this.state = seed;
  }

  /** The SplitMix64 finalizer: a bijection on 64-bit values (distinct inputs give distinct outputs). */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  long nextLong() {
    state += 0x9e3779b97f4a7c15L;
    return mix(state);
  }

  /** Uniform in [0, bound). */
  int nextInt(int bound) {
    return (int) ((nextLong() >>> 33) % bound);
  }

  /** Uniform in [lo, hi]. */
  long between(long lo, long hi) {
    return lo + Long.remainderUnsigned(nextLong(), hi - lo + 1);
  }

  /** Uniform in [0, 1). */
  double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }
}
