package org.sciycsb.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One global schedule for {@code -target}: operation k of the run is intended to start at
 * {@code start + k / target}, whichever thread takes it. A thread that stalls leaves its later slots to the
 * others or, when none is free, to itself late: either way the response time counts from the slot, so a stall
 * shows in the response-time percentiles instead of being omitted.
 */
final class Schedule {
  private final long startNanos;
  private final double periodNanos;
  private final long limit;
  private final AtomicLong next = new AtomicLong();

  /** @param limit tickets to hand out, or -1 for no limit */
  Schedule(long startNanos, double opsPerSecond, long limit) {
    this.startNanos = startNanos;
    this.periodNanos = 1e9 / opsPerSecond;
    this.limit = limit;
  }

  /** The next slot's intended start, or -1 when the run's operations are all handed out. */
  long take() {
    long k = next.getAndIncrement();
    if (limit >= 0 && k >= limit) {
      return -1;
    }
    return startNanos + (long) (k * periodNanos);
  }

  /** Waits until the given time (or until stop is requested). */
  static void waitUntil(long when, Stop stop) {
    long now;
    while ((now = System.nanoTime()) < when && !stop.requested()) {
      long left = when - now;
      if (left > 20_000) {
        LockSupport.parkNanos(Math.min(left - 10_000, 100_000_000L));
      } else {
        Thread.onSpinWait();
      }
    }
  }
}
