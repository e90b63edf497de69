package org.sciycsb.api.draw;

import org.sciycsb.api.Shares;

/**
 * The record numbers one thread loads in a reproducible load: thread t of T takes {@code start + t},
 * {@code start + t + T}, ..., so that its keys depend on nothing but t (not on which thread came first), and the
 * threads together load what one shared counter would: the engine gives thread t {@link Shares#share} of the
 * operations. A warmup of {@code warmupOps} operations (split the same way) takes the first {@code warmupOps}
 * numbers, the measured part the following ones.
 */
public final class ThreadKeys implements LongDraw {
  private final long start;
  private final int thread;
  private final int threads;
  private final long warmupOps;
  private final long warmupShare;
  private long taken;

  public ThreadKeys(long start, int thread, int threads, long warmupOps) {
    this.start = start;
    this.thread = thread;
    this.threads = threads;
    this.warmupOps = warmupOps;
    this.warmupShare = warmupOps > 0 ? Shares.share(warmupOps, threads, thread) : 0;
  }

  @Override
  public long next() {
    long j = taken++;
    if (j < warmupShare) {
      return start + thread + j * threads;
    }
    return start + warmupOps + thread + (j - warmupShare) * threads;
  }
}
