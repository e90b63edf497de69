package org.sciycsb.output;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.sciycsb.measure.OpHistograms;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;

/**
 * This project's extended text ({@code results.txt}, and stdout with {@code output.extended}): YCSB's layout
 * ({@code [OVERALL], RunTime(ms), ...} then one block per operation) with more: an {@code [OVERALL]} latency block,
 * {@code [OP]} lines of response time (what a user of the store waits for: from the intended start when a target
 * rate is set), {@code [OP-SERVICE]} of service time where it differs (a target set), {@code [OP-FAILED]} failed
 * calls, {@code [CLEANUP]}, the staleness figures ({@link StalenessLines}), the longest GC pause and the validity
 * verdict. Latencies are in microseconds;
 * percentiles, minimum and maximum are whole microseconds as in YCSB, means rounded to 3 decimals. YCSB's own
 * output on stdout is {@link YcsbMeasurements}'.
 */
public final class TextExporter {
  private TextExporter() {}

  public static String format(RunReport r) {
    StringBuilder sb = new StringBuilder();
    line(sb, "OVERALL", "RunTime(ms)", Long.toString(r.runtimeMs()));
    line(sb, "OVERALL", "Throughput(ops/sec)", num(r.throughput()));
    gc(sb, r.validity());
    for (OpSummary op : r.ops()) {
      OpHistograms h = r.detail().histograms(op.name());
      latency(sb, op.name(), op.operations(), op.response(), h == null ? null : h.response(), r.percentiles());
      returns(sb, op.name(), op.statuses());
      if (!op.service().equals(op.response())) {
        latency(sb, op.name() + "-SERVICE", op.operations(), op.service(), h == null ? null : h.service(),
            r.percentiles());
      }
      if (op.failedResponse().count() > 0) {
        latency(sb, op.name() + "-FAILED", op.failedResponse().count(), op.failedResponse(),
            h == null ? null : h.failedResponse(), r.percentiles());
      }
    }
    Histogram cleanup = YcsbSections.cleanupHistogram(r.detail().cleanupNanos());
    if (cleanup.getTotalCount() > 0) {
      latency(sb, "CLEANUP", cleanup.getTotalCount(), LatencySummary.of(cleanup), cleanup, r.percentiles());
    }
    for (StalenessLines.Line l : StalenessLines.of(r)) {
      line(sb, l.section(), l.metric(), l.value() instanceof Double d ? num(d) : String.valueOf(l.value()));
    }
    validity(sb, r.validity());
    return sb.toString();
  }

  /**
   * The JVM's GC pauses over the measured time, before the percentiles, in YCSB's own lines ({@code [TOTAL_GCs]},
   * {@code [TOTAL_GC_TIME]}, {@code [TOTAL_GC_TIME_%]}), and the longest pause ({@code [MAX_GC_PAUSE]}).
   */
  private static void gc(StringBuilder sb, Map<String, Object> v) {
    if (v == null || !(v.get("gc") instanceof Map<?, ?> gc)) {
      return;
    }
    line(sb, "TOTAL_GCs", "Count", String.valueOf(gc.get("pauses")));
    line(sb, "TOTAL_GC_TIME", "Time(ms)", String.valueOf(gc.get("totalMs")));
    if (gc.get("share") instanceof Number share) {
      line(sb, "TOTAL_GC_TIME_%", "Time(%)", num(100 * share.doubleValue()));
    }
    line(sb, "MAX_GC_PAUSE", "Time(ms)", String.valueOf(gc.get("maxMs")));
  }

  /** The verdict and each reason's name, last (the evidence is in results.json): YCSB parsers skip the section. */
  private static void validity(StringBuilder sb, Map<String, Object> v) {
    if (v == null) {
      return;
    }
    line(sb, "VALIDITY", "Verdict", String.valueOf(v.get("verdict")));
    if (v.get("reasons") instanceof List<?> rs) {
      for (Object x : rs) {
        if (x instanceof Map<?, ?> m) {
          line(sb, "VALIDITY", "Reason", String.valueOf(m.get("reason")));
        }
      }
    }
  }

  /** A latency block; a percentile not among the summary's comes from the histogram (nanoseconds), when given. */
  private static void latency(StringBuilder sb, String sec, long ops, LatencySummary l, Histogram h,
      List<Double> percentiles) {
    line(sb, sec, "Operations", Long.toString(ops));
    line(sb, sec, "AverageLatency(us)", num(l.meanUs()));
    line(sb, sec, "MinLatency(us)", whole(l.minUs()));
    line(sb, sec, "MaxLatency(us)", whole(l.maxUs()));
    for (double p : percentiles) {
      double v = l.percentile(p);
      if (v < 0 && h != null && h.getTotalCount() > 0) {
        v = h.getValueAtPercentile(p) / 1000.0;
      }
      line(sb, sec, ordinal(p) + "PercentileLatency(us)", whole(v < 0 ? 0 : v));
    }
  }

  private static void returns(StringBuilder sb, String sec, Map<String, Long> statuses) {
    statuses.forEach((k, v) -> line(sb, sec, "Return=" + k, Long.toString(v)));
  }

  private static void line(StringBuilder sb, String section, String metric, String value) {
    sb.append('[').append(section).append("], ").append(metric).append(", ").append(value).append('\n');
  }

  /** YCSB's names: 95th, 99th, 50th, 99.9 (no suffix for fractions). */
  static String ordinal(double p) {
    return YcsbNames.ordinal(p);
  }

  private static String stripZeros(double d) {
    String s = String.format(Locale.ROOT, "%.4f", d);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  static String num(double d) {
    return stripZeros(Math.round(d * 1000) / 1000.0);
  }

  static String whole(double us) {
    return Long.toString(Math.round(us));
  }
}
