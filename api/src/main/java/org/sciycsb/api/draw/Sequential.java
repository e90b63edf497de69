package org.sciycsb.api.draw;

import java.util.concurrent.atomic.AtomicLong;

/**
 * YCSB's sequential distribution: record numbers in order from {@code start}, wrapping after {@code count}.
 * {@link #shared} is YCSB's: one counter all threads take from, so which thread gets which number depends on timing;
 * {@link #lane} is a reproducible one: thread t of T takes the numbers t, t + T, t + 2T, ... of that sequence.
 */
public final class Sequential {
  private Sequential() {}

  /** One sequence for all threads (each call of the returned draw takes the next number). */
  public static LongDraw shared(long start, long count) {
    AtomicLong next = new AtomicLong();
    return () -> start + next.getAndIncrement() % count;
  }

  /** Thread {@code thread}'s own share of the sequence, the shares of all {@code threads} together making it up. */
  public static LongDraw lane(long start, long count, int thread, int threads) {
    long[] k = {thread};
    return () -> {
      long v = start + k[0] % count;
      k[0] += threads;
      return v;
    };
  }
}
