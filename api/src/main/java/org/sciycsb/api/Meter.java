package org.sciycsb.api;

import site.ycsb.Status;

/**
 * Records operations of one client thread. Not thread-safe: each thread has its own.
 * Times come from {@link System#nanoTime()}.
 */
public interface Meter {
  /**
   * The intended start of the operation in progress: its slot on the schedule when a target rate is set,
   * otherwise 0 (the response time then equals the service time).
   */
  long intendedStartNanos();

  /** Records one finished operation: service time from {@code startNanos}, response time from the intended start. */
  void record(Operation op, long startNanos, long endNanos, Status status);

  /**
   * Records a span that is no call's latency (how long a stale read lagged behind the write it missed), ending at
   * {@code endNanos}: its response and service times are both {@code spanNanos}, whatever the schedule.
   */
  default void recordSpan(Operation op, long endNanos, long spanNanos, Status status) {
    record(op, endNanos - spanNanos, endNanos, status);
  }
}
