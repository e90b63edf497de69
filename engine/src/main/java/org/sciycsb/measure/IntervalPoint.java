package org.sciycsb.measure;

import java.util.Map;

/**
 * One interval of the time series.
 *
 * @param startMs  interval start, milliseconds since the measured start of the run
 * @param endMs    interval end, same clock
 * @param ops      per operation name (and {@code OVERALL}): the interval's statistics
 * @param offered  the arrival process's rate over the interval, operations per second (its mean for Poisson
 *                 arrivals), when the run followed a schedule ({@code -target}, {@code arrival}); otherwise null
 */
public record IntervalPoint(long startMs, long endMs, Map<String, IntervalOp> ops, Double offered) {
  public IntervalPoint {
    ops = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ops));
  }

  /** An interval of a run without a schedule. */
  public IntervalPoint(long startMs, long endMs, Map<String, IntervalOp> ops) {
    this(startMs, endMs, ops, null);
  }

  /** This interval with its offered rate. */
  public IntervalPoint withOffered(double perSecond) {
    return new IntervalPoint(startMs, endMs, ops, perSecond);
  }

  /**
   * @param count      successful operations in the interval
   * @param errors     failed operations in the interval
   * @param throughput successful operations per second
   * @param response   response-time statistics of the interval (us)
   * @param service    service-time statistics of the interval (us)
   */
  public record IntervalOp(long count, long errors, double throughput, LatencySummary response,
      LatencySummary service) {}
}
