package org.sciycsb.results;

import java.util.List;
import java.util.Map;
import org.sciycsb.measure.OpHistograms;
import org.sciycsb.measure.RawPoints;

/**
 * What a run measured beyond its summaries, for the YCSB-format outputs ({@code measurementtype},
 * {@code measurement.interval}, any percentile): kept out of results.json, carried to the exporters only.
 *
 * @param histograms   every operation's total histograms (nanoseconds), registration order
 * @param cleanupNanos how long each client thread's {@code DB.cleanup()} took, one entry per thread that ran it
 * @param gc           per garbage collector (bean name, spaces as {@code _}), in the order YCSB lists them: the
 *                     collections and their time in ms over the measured time
 * @param raw          every data point, when {@code measurementtype} asked for them; otherwise null
 * @param jvm          the JVM's samples with {@code measurement.trackjvm}; otherwise null
 */
public record RunDetail(List<OpHistograms> histograms, List<Long> cleanupNanos, Map<String, long[]> gc,
    RawPoints raw, JvmStats jvm) {
  public static final RunDetail NONE = new RunDetail(List.of(), List.of(), Map.of(), null, null);

  /** Detail without JVM samples. */
  public RunDetail(List<OpHistograms> histograms, List<Long> cleanupNanos, Map<String, long[]> gc, RawPoints raw) {
    this(histograms, cleanupNanos, gc, raw, null);
  }

  /** The histograms of one operation, or null. */
  public OpHistograms histograms(String name) {
    for (OpHistograms h : histograms) {
      if (h.name().equals(name)) {
        return h;
      }
    }
    return null;
  }
}
