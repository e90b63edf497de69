package org.sciycsb.measure;

import java.util.Map;

/**
 * One interval of the time series.
 *
 * @param startMs  interval start, milliseconds since the measured start of the run
 * @param endMs    interval end, same clock
 * @param ops      per operation name (and {@code OVERALL}): the interval's statistics
 */
public record IntervalPoint(long startMs, long endMs, Map<String, IntervalOp> ops) {
  public IntervalPoint {
    ops = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ops));
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
