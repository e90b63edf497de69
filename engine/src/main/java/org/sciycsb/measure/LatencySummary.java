package org.sciycsb.measure;

import org.HdrHistogram.AbstractHistogram;

/**
 * Latency statistics of one histogram, in microseconds (the unit of YCSB's text output).
 * Percentiles are HdrHistogram's values at those percentiles (3 significant digits by default).
 */
public record LatencySummary(long count, double meanUs, double minUs, double p50Us, double p90Us, double p95Us,
    double p99Us, double p999Us, double p9999Us, double maxUs) {

  public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  public static LatencySummary of(AbstractHistogram h) {
    if (h == null || h.getTotalCount() == 0) {
      return EMPTY;
    }
    return new LatencySummary(h.getTotalCount(), h.getMean() / 1000.0, us(h.getMinValue()),
        us(h.getValueAtPercentile(50)), us(h.getValueAtPercentile(90)), us(h.getValueAtPercentile(95)),
        us(h.getValueAtPercentile(99)), us(h.getValueAtPercentile(99.9)), us(h.getValueAtPercentile(99.99)),
        us(h.getMaxValue()));
  }

  private static double us(long nanos) {
    return nanos / 1000.0;
  }

  /** The value at one of the reported percentiles (50, 90, 95, 99, 99.9, 99.99), or -1. */
  public double percentile(double p) {
    if (p == 50) {
      return p50Us;
    } else if (p == 90) {
      return p90Us;
    } else if (p == 95) {
      return p95Us;
    } else if (p == 99) {
      return p99Us;
    } else if (p == 99.9) {
      return p999Us;
    } else if (p == 99.99) {
      return p9999Us;
    }
    return -1;
  }
}
