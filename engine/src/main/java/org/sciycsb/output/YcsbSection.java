package org.sciycsb.output;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One section of YCSB's measurements, as upstream's {@code Measurements} holds one {@code OneMeasurement} per name:
 * its printed name, its latencies (nanoseconds) and the {@code Return=} counts it carries.
 *
 * @param name      the printed name ({@code READ}, {@code READ-FAILED}, {@code Intended-READ}, {@code CLEANUP})
 * @param op        the operation it measures ({@code READ}, {@code CLEANUP})
 * @param failed    failed calls ({@code -FAILED})
 * @param response  response time (from the intended start), else service time
 * @param latencies the section's histogram, nanoseconds
 * @param statuses  its {@code Return=} counts, in YCSB's order (empty where upstream reports none)
 * @param points    its data points as {epoch ms, value} when the section has its own (cleanup, JVM samples); null for
 *                  an operation's, which are the run's raw points and time series
 */
record YcsbSection(String name, String op, boolean failed, boolean response, Histogram latencies,
    Map<String, Long> statuses, long[][] points) {

  /** An operation's section. */
  YcsbSection(String name, String op, boolean failed, boolean response, Histogram latencies,
      Map<String, Long> statuses) {
    this(name, op, failed, response, latencies, statuses, null);
  }

  /** A section of samples of its own: values recorded as they are (the latency fields then hold them). */
  static YcsbSection ofSamples(String name, long[][] points) {
    Histogram h = new Histogram(3);
    for (long[] p : points) {
      h.recordValue(Math.max(0, p[1]) * 1000); // histograms are nanoseconds; printed values are / 1000
    }
    return new YcsbSection(name, name, false, false, h, Map.of(), points);
  }
}
