package org.sciycsb.output;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogWriter;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.results.RunReport;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Writes one section as upstream's measurement of the run's {@code measurementtype} does: {@code hdrhistogram}
 * (OneMeasurementHdrHistogram), {@code histogram} (OneMeasurementHistogram: 1 ms buckets), {@code timeseries}
 * (OneMeasurementTimeSeries), {@code raw} (OneMeasurementRaw), and the two-in-one types with their {@code Hdr},
 * {@code Bucket} and {@code Raw} name prefixes. The latencies come from the run's histograms in nanoseconds: means
 * divided by 1000, the rest in whole microseconds ({@link #us}).
 */
final class YcsbSectionWriter {
  private final RunReport report;
  private final OutputSettings o;
  private final MeasurementsExporter e;
  private final PrintStream stdout;

  YcsbSectionWriter(RunReport report, OutputSettings o, MeasurementsExporter e, PrintStream stdout) {
    this.report = report;
    this.o = o;
    this.e = e;
    this.stdout = stdout;
  }

  /** Upstream says where each raw measurement writes when it is created, on stdout, before the results. */
  void announceRaw(List<YcsbSection> sections) {
    if (!o.raw()) {
      return;
    }
    for (int i = 0; i < sections.size(); i++) {
      stdout.println(o.rawFile() == null ? "Raw data measurement: will output to stdout."
          : "Raw data measurement: will output to result file: " + o.rawFile());
    }
  }

  void write(YcsbSection s) throws IOException {
    Histogram ns = s.latencies();
    switch (o.type()) {
      case "histogram" -> buckets(s.name(), ns, s.statuses());
      case "timeseries" -> series(s, ns);
      case "raw" -> raw(s.name(), s, s.statuses());
      case "hdrhistogram+histogram" -> {
        hdr("Hdr" + s.name(), ns, s.statuses());
        buckets("Bucket" + s.name(), ns, Map.of());
      }
      case "hdrhistogram+raw" -> {
        hdr("Hdr" + s.name(), ns, s.statuses());
        raw("Raw" + s.name(), s, Map.of());
      }
      default -> hdr(s.name(), ns, s.statuses());
    }
  }

  /**
   * A histogram of whole microseconds from one in nanoseconds, as upstream records them: each recorded bucket's
   * median value, to the nearest microsecond. For the {@code .hdr} logs, whose values are microseconds.
   */
  static Histogram micros(Histogram ns) {
    Histogram us = new Histogram(3);
    for (HistogramIterationValue v : ns.recordedValues()) {
      us.recordValueWithCount(us(ns.medianEquivalentValue(v.getValueIteratedTo())), v.getCountAtValueIteratedTo());
    }
    return us;
  }

  private void hdr(String name, Histogram h, Map<String, Long> statuses) throws IOException {
    if (o.hdrFilePrefix() != null) {
      hdrLog(name, micros(h));
    }
    e.write(name, "Operations", h.getTotalCount());
    e.write(name, "AverageLatency(us)", h.getMean() / 1000.0);
    e.write(name, "MinLatency(us)", us(h.getMinValue()));
    e.write(name, "MaxLatency(us)", us(h.getMaxValue()));
    for (double p : o.percentiles()) {
      e.write(name, YcsbNames.ordinal(p) + "PercentileLatency(us)", us(h.getValueAtPercentile(p)));
    }
    returns(name, statuses);
    if (o.verbose()) {
      TreeMap<Long, Long> byUs = new TreeMap<>();
      for (HistogramIterationValue v : h.recordedValues()) {
        byUs.merge(Math.min(Integer.MAX_VALUE, us(h.medianEquivalentValue(v.getValueIteratedTo()))), v.getCountAtValueIteratedTo(),
            Long::sum);
      }
      for (Map.Entry<Long, Long> v : byUs.entrySet()) {
        e.write(name, Long.toString(v.getKey()), (double) v.getValue());
      }
    }
  }

  /** {@code <hdrhistogram.output.path><name>.hdr}: upstream's header, then the section's one interval. */
  private void hdrLog(String name, Histogram h) throws IOException {
    long end = System.currentTimeMillis();
    long start = end - report.runtimeMs();
    try (PrintStream log = new PrintStream(new FileOutputStream(o.hdrFilePrefix() + name + ".hdr"), false)) {
      HistogramLogWriter w = new HistogramLogWriter(log);
      w.outputComment("[Logging for: " + name + "]");
      w.outputLogFormatVersion();
      w.outputStartTime(start);
      w.setBaseTime(start);
      w.outputLegend();
      Histogram interval = h.copy();
      interval.setStartTimeStamp(start);
      interval.setEndTimeStamp(end);
      w.outputIntervalHistogram(interval);
    }
  }

  private void buckets(String name, Histogram h, Map<String, Long> statuses) throws IOException {
    int n = o.buckets();
    long[] counts = new long[n];
    long overflow = 0;
    double sum = 0;
    double squares = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      long us = us(h.medianEquivalentValue(v.getValueIteratedTo()));
      long c = v.getCountAtValueIteratedTo();
      if (us / 1000 >= n) {
        overflow += c;
      } else {
        counts[(int) (us / 1000)] += c;
      }
      sum += (double) us * c;
      squares += (double) us * us * c;
    }
    long ops = h.getTotalCount();
    double mean = sum / ops;
    e.write(name, "Operations", ops);
    e.write(name, "AverageLatency(us)", mean);
    e.write(name, "LatencyVariance(us)", squares / ops - mean * mean);
    e.write(name, "MinLatency(us)", ops == 0 ? -1 : (int) us(h.getMinValue()));
    e.write(name, "MaxLatency(us)", ops == 0 ? -1 : (int) us(h.getMaxValue()));
    long seen = 0;
    boolean done95 = false;
    for (int i = 0; i < n; i++) {
      seen += counts[i];
      if (!done95 && (double) seen / ops >= 0.95) {
        e.write(name, "95thPercentileLatency(us)", i * 1000);
        done95 = true;
      }
      if ((double) seen / ops >= 0.99) {
        e.write(name, "99thPercentileLatency(us)", i * 1000);
        break;
      }
    }
    returns(name, statuses);
    if (o.verbose()) {
      for (int i = 0; i < n; i++) {
        e.write(name, Integer.toString(i), counts[i]);
      }
      e.write(name, ">" + n, overflow);
    }
  }

  /**
   * The mean per {@code timeseries.granularity} unit, from the run's time series (its intervals are that long,
   * aligned on the measured start), from the first unit the operation ran in; a section the series does not hold
   * (failed calls, cleanup) has one unit, its whole mean.
   */
  private void series(YcsbSection s, Histogram h) throws IOException {
    String name = s.name();
    e.write(name, "Operations", h.getTotalCount());
    e.write(name, "AverageLatency(us)", h.getMean() / 1000.0);
    e.write(name, "MinLatency(us)", h.getTotalCount() == 0 ? -1 : (int) us(h.getMinValue()));
    e.write(name, "MaxLatency(us)", h.getTotalCount() == 0 ? -1 : (int) us(h.getMaxValue()));
    returns(name, s.statuses());
    TreeMap<Long, Double> units = new TreeMap<>();
    if (s.points() != null) {
      unitsOf(s.points(), units);
    } else if (!s.failed()) {
      long g = o.granularityMs();
      for (IntervalPoint p : report.series()) {
        IntervalPoint.IntervalOp io = p.ops().get(s.op());
        if (io != null && io.count() > 0) {
          units.merge(p.startMs() / g * g, s.response() ? io.response().meanUs() : io.service().meanUs(),
              (a, b) -> b);
        }
      }
    }
    if (units.isEmpty()) {
      units.put(0L, h.getMean() / 1000.0);
    }
    long first = units.firstKey();
    for (Map.Entry<Long, Double> u : units.entrySet()) {
      e.write(name, Long.toString(u.getKey() - first), (double) u.getValue());
    }
  }

  /** The mean of the points in each granularity unit, counted from the first point's time. */
  private void unitsOf(long[][] points, TreeMap<Long, Double> units) {
    if (points.length == 0) {
      return;
    }
    long g = o.granularityMs();
    long start = points[0][0];
    TreeMap<Long, long[]> sums = new TreeMap<>();
    for (long[] p : points) {
      long[] sc = sums.computeIfAbsent((p[0] - start) / g * g, k -> new long[2]);
      sc[0] += p[1];
      sc[1]++;
    }
    sums.forEach((unit, sc) -> units.put(unit, (double) sc[0] / sc[1]));
  }

  private void raw(String name, YcsbSection s, Map<String, Long> statuses) throws IOException {
    long[][] points = rawPoints(s);
    java.io.OutputStream dest = o.rawFile() == null ? stdout : new FileOutputStream(o.rawFile(), true);
    // buffered (a point per operation), flushed before the summary: stdout's order stays upstream's
    java.io.BufferedWriter out = new java.io.BufferedWriter(new java.io.OutputStreamWriter(dest,
        java.nio.charset.StandardCharsets.UTF_8), 1 << 16);
    out.write(name + " latency raw data: op, timestamp(ms), latency(us)" + System.lineSeparator());
    long total = 0;
    for (long[] p : points) {
      out.write(name);
      out.write(',');
      out.write(Long.toString(p[0]));
      out.write(',');
      out.write(Long.toString(p[1]));
      out.write(System.lineSeparator());
      total += p[1];
    }
    out.flush();
    if (dest != stdout) {
      out.close();
    }
    int n = points.length;
    e.write(name, "Total Operations", n);
    if (n > 0 && !o.rawNoSummary()) {
      e.write(name, "Below is a summary of latency in microseconds:", -1);
      e.write(name, "Average", (double) total / (double) n);
      long[] sorted = new long[n];
      for (int i = 0; i < n; i++) {
        sorted[i] = points[i][1];
      }
      java.util.Arrays.sort(sorted);
      e.write(name, "Min", (int) sorted[0]);
      e.write(name, "Max", (int) sorted[n - 1]);
      double[] ps = {0.01, 0.05, 0.5, 0.9, 0.95, 0.99, 0.999, 0.9999};
      String[] names = {"p1", "p5", "p50", "p90", "p95", "p99", "p99.9", "p99.99"};
      for (int i = 0; i < ps.length; i++) {
        e.write(name, names[i], (int) sorted[(int) (n * ps[i])]);
      }
    }
    returns(name, statuses);
  }

  /** The section's points: its own (cleanup, JVM samples) or the operation's. */
  private long[][] rawPoints(YcsbSection s) {
    if (s.points() != null) {
      return s.points();
    }
    if (report.detail().raw() == null) {
      return new long[0][];
    }
    return report.detail().raw().points(s.op(), s.failed(), s.response());
  }

  /**
   * Whole microseconds from a histogram's nanoseconds, to the nearest: the histogram's value stands for a bucket
   * around the recorded one (upstream's recorded microseconds are exact up to 2 ms).
   */
  static long us(long ns) {
    return Math.round(ns / 1000.0);
  }

  private void returns(String name, Map<String, Long> statuses) throws IOException {
    for (Map.Entry<String, Long> st : statuses.entrySet()) {
      e.write(name, "Return=" + st.getKey(), (int) (long) st.getValue());
    }
  }
}
