package org.sciycsb.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.sciycsb.api.ConfigException;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;

/**
 * Combines the results of several client processes (one host or many) into one result with exact percentiles.
 * Latency: every input's interval log is read and the histograms are added by tag; percentiles come from the
 * sums, never from averaging percentiles. Counts and statuses: summed from each input's results.json (from the
 * histograms for a bare {@code .hlog}). Throughput: total operations divided by the union of the inputs' measured
 * time spans ([measured start, measured start + runtime] of each input, on the wall clock), so two clients that
 * ran side by side for 60 s at 1000 ops/s each give 2000 ops/s, and two that ran one after the other give 1000.
 * Time series: interval histograms are aligned on absolute time, each added to the merged interval (of
 * {@code merge.granularity} ms, counted from the earliest input's start) nearest to its own start.
 */
public final class Merge {
  /** One input: a results directory (json + hlog) or a bare hlog (json null). */
  public record Input(String source, JsonNode json, Hlog hlog) {}

  /** The merged result (the merged interval log was written while merging). */
  public record Result(RunReport report, long startMs) {}

  private Merge() {}

  public static Input load(Path p) throws ConfigException {
    if (Files.isDirectory(p)) {
      ResultData d = ResultData.load(p);
      Hlog h = d.hlog();
      if (h == null) {
        throw new ConfigException("no latency.hlog in " + p + ": merge needs each run's interval log");
      }
      return new Input(p.toString(), d.json(), h);
    }
    if (Files.isRegularFile(p)) {
      return new Input(p.toString(), null, Hlog.read(p));
    }
    throw new ConfigException("merge input not found: " + p + " (give results directories or .hlog files)");
  }

  /**
   * @param out where to write the merged interval log, or null
   */
  public static Result merge(List<Input> inputs, Integer granularityMs, String label, Path out)
      throws ConfigException {
    return merge(inputs, granularityMs, label, 0, out);
  }

  /**
   * @param missing client processes of the same run that left no results: the merged outcome is failed
   * @param out where to write the merged interval log, or null
   */
  public static Result merge(List<Input> inputs, Integer granularityMs, String label, int missing, Path out)
      throws ConfigException {
    if (inputs.isEmpty()) {
      throw new ConfigException("merge needs at least one input");
    }
    int g = granularityMs != null ? granularityMs : granularity(inputs);
    int digits = 0;
    long start = Long.MAX_VALUE;
    for (Input in : inputs) {
      digits = Math.max(digits, in.hlog().digits());
      start = Math.min(start, in.hlog().startMs());
    }
    // spans and their union
    List<long[]> spans = spans(inputs);
    long unionMs = unionLength(spans);
    double seconds = Math.max(1e-9, unionMs / 1000.0);

    // totals by tag: the inputs' summaries added
    Set<String> ops = new LinkedHashSet<>();
    Map<String, Histogram> totals = totals(inputs, digits, ops);

    // per-operation totals
    List<OpSummary> summaries = summaries(inputs, ops, totals, seconds);

    // time series and merged log: the inputs' intervals streamed in time order (k-way), each added to the merged
    // interval nearest to its start; a merged interval is final once every input has moved past it
    List<IntervalPoint> series = series(inputs, start, g, digits, ops, out);

    long operations = operations(inputs);
    Map<String, Object> meta = metadata(inputs, spans, unionMs, label, g, missing);
    List<String> errors = errors(inputs);
    Map<String, Object> extra = new LinkedHashMap<>();
    Map<String, Object> staleness = MergedStaleness.of(inputs);
    if (staleness != null) {
      extra.put("staleness", staleness);
    }
    RunReport report = new RunReport(meta, (String) meta.get("outcome"), unionMs, operations, operations / seconds,
        summaries, series, extra, errors, percentiles(inputs));
    return new Result(report, start);
  }

  /** Each input's measured span: from its log's start, as long as its run says (else to its log's end). */
  private static List<long[]> spans(List<Input> inputs) {
    List<long[]> spans = new ArrayList<>();
    for (Input in : inputs) {
      long s = in.hlog().startMs();
      long e = in.json() != null ? s + in.json().path("summary").path("runtimeMs").asLong() : in.hlog().endMs();
      spans.add(new long[] {s, Math.max(s, e)});
    }
    return spans;
  }

  /** The inputs' totals added, by tag; {@code ops} gets every operation, OVERALL first, in the inputs' order. */
  private static Map<String, Histogram> totals(List<Input> inputs, int digits, Set<String> ops) {
    Map<String, Histogram> totals = new TreeMap<>();
    ops.add("OVERALL");
    for (Input in : inputs) {
      ops.addAll(opOrder(in));
      for (Map.Entry<String, Histogram> t : in.hlog().totals().entrySet()) {
        totals.computeIfAbsent(t.getKey(), k -> new Histogram(digits)).add(t.getValue());
      }
    }
    for (String tag : totals.keySet()) {
      ops.add(Hlog.TagParts.of(tag).op());
    }
    return totals;
  }

  /** Each operation's merged counts, statuses and latencies. */
  private static List<OpSummary> summaries(List<Input> inputs, Set<String> ops, Map<String, Histogram> totals,
      double seconds) {
    List<OpSummary> summaries = new ArrayList<>();
    for (String op : ops) {
      Histogram r = totals.get(Collector.tag(op, false, false));
      Histogram fail = totals.get(Collector.tag(op, true, false));
      Map<String, Long> statuses = new LinkedHashMap<>();
      boolean fromJson = false;
      for (Input in : inputs) {
        if (in.json() == null) {
          continue;
        }
        for (JsonNode o : in.json().path("operations")) {
          if (o.path("name").asText().equals(op)) {
            fromJson = true;
            Iterator<Map.Entry<String, JsonNode>> it = o.path("statuses").fields();
            while (it.hasNext()) {
              Map.Entry<String, JsonNode> e = it.next();
              statuses.merge(e.getKey(), e.getValue().asLong(), Long::sum);
            }
          }
        }
      }
      long count = r == null ? 0 : r.getTotalCount();
      if (!fromJson || hasBareHlog(inputs)) {
        // bare interval logs carry no statuses: successes from the histograms, failures from -FAILED ones
        long jsonOk = statuses.getOrDefault("OK", 0L) + statuses.getOrDefault("BATCHED_OK", 0L);
        long bareOk = count - jsonOk;
        if (bareOk > 0) {
          statuses.merge("OK", bareOk, Long::sum);
        }
        long failed = fail == null ? 0 : fail.getTotalCount();
        long jsonErr = 0;
        for (Map.Entry<String, Long> e : statuses.entrySet()) {
          if (!e.getKey().equals("OK") && !e.getKey().equals("BATCHED_OK")) {
            jsonErr += e.getValue();
          }
        }
        if (!op.equals("OVERALL") && failed > jsonErr) {
          statuses.merge("ERROR", failed - jsonErr, Long::sum);
        }
      }
      if (count == 0 && statuses.isEmpty()) {
        continue;
      }
      summaries.add(new OpSummary(op, count, statuses, count / seconds, LatencySummary.of(r),
          LatencySummary.of(totals.get(Collector.tag(op, false, true))), op.equals("OVERALL") ? LatencySummary.EMPTY
              : LatencySummary.of(fail)));
    }
    return summaries;
  }

  /** The merged time series, and the merged interval log written to {@code out} when not null. */
  private static List<IntervalPoint> series(List<Input> inputs, long start, int g, int digits, Set<String> ops,
      Path out) throws ConfigException {
    List<IntervalPoint> series = new ArrayList<>();
    TreeMap<Long, Map<String, Histogram>> open = new TreeMap<>();
    List<Hlog.Cursor> cursors = new ArrayList<>();
    List<Hlog.Interval> heads = new ArrayList<>();
    try (Hlog.Writer w = out == null ? null : new Hlog.Writer(out, start, "sciycsb merged interval log of "
        + inputs.size() + " inputs: values in nanoseconds; tags are <OPERATION>.response|service")) {
      try {
        for (Input in : inputs) {
          Hlog.Cursor c = new Hlog.Cursor(in.hlog().file());
          cursors.add(c);
          heads.add(c.next());
        }
        while (true) {
          int k = -1;
          for (int j = 0; j < heads.size(); j++) {
            if (heads.get(j) != null && (k < 0 || heads.get(j).startMs() < heads.get(k).startMs())) {
              k = j;
            }
          }
          if (k < 0) {
            break;
          }
          Hlog.Interval i = heads.get(k);
          long b = Math.round((i.startMs() - start) / (double) g);
          while (!open.isEmpty() && open.firstKey() < b) {
            Map.Entry<Long, Map<String, Histogram>> e = open.pollFirstEntry();
            series.add(point(e.getKey(), e.getValue(), g, start, ops, w));
          }
          open.computeIfAbsent(b, x -> new TreeMap<>()).computeIfAbsent(i.tag(), t -> new Histogram(digits))
              .add(i.histogram());
          heads.set(k, cursors.get(k).next());
        }
        while (!open.isEmpty()) {
          Map.Entry<Long, Map<String, Histogram>> e = open.pollFirstEntry();
          series.add(point(e.getKey(), e.getValue(), g, start, ops, w));
        }
      } finally {
        for (Hlog.Cursor c : cursors) {
          c.close();
        }
      }
    } catch (java.io.IOException e) {
      throw new ConfigException("cannot write the merged interval log " + out + ": " + e.getMessage());
    }
    return series;
  }

  /** The workload operations (failed ones included, as each run's summary counts them). */
  private static long operations(List<Input> inputs) {
    long operations = 0;
    for (Input in : inputs) {
      if (in.json() != null) {
        operations += in.json().path("summary").path("operations").asLong();
      } else {
        for (Map.Entry<String, Histogram> t : in.hlog().totals().entrySet()) {
          Hlog.TagParts p = Hlog.TagParts.of(t.getKey());
          if (!p.service() && (p.op().equals("OVERALL") ? !p.failed() : p.failed())) {
            operations += t.getValue().getTotalCount();
          }
        }
      }
    }
    return operations;
  }

  /** The inputs' first 20 error lines, each with its input's source. */
  private static List<String> errors(List<Input> inputs) {
    List<String> errors = new ArrayList<>();
    for (Input in : inputs) {
      if (in.json() != null) {
        for (JsonNode e : in.json().path("errors")) {
          if (errors.size() < 20) {
            errors.add(in.source() + ": " + e.asText());
          }
        }
      }
    }
    return errors;
  }

  /** One merged interval: its time-series point, and its histograms appended to the merged log. */
  private static IntervalPoint point(long b, Map<String, Histogram> tags, int g, long start, Set<String> ops,
      Hlog.Writer w) {
    long s = b * g;
    long en = s + g;
    if (w != null) {
      for (Map.Entry<String, Histogram> t : tags.entrySet()) {
        w.write(new Hlog.Interval(t.getKey(), start + s, start + en, t.getValue()));
      }
    }
    Map<String, IntervalPoint.IntervalOp> pt = new LinkedHashMap<>();
    long allFailed = 0;
    for (Map.Entry<String, Histogram> t : tags.entrySet()) {
      Hlog.TagParts p = Hlog.TagParts.of(t.getKey());
      if (p.failed() && !p.service() && !p.op().equals("OVERALL")) {
        allFailed += t.getValue().getTotalCount();
      }
    }
    for (String op : ops) {
      Histogram r = tags.get(Collector.tag(op, false, false));
      Histogram f = tags.get(Collector.tag(op, true, false));
      long errors = op.equals("OVERALL") ? allFailed : f == null ? 0 : f.getTotalCount();
      if (r == null && errors == 0) {
        continue;
      }
      long count = r == null ? 0 : r.getTotalCount();
      pt.put(op, new IntervalPoint.IntervalOp(count, errors, count / (g / 1000.0), LatencySummary.of(r),
          LatencySummary.of(tags.get(Collector.tag(op, false, true)))));
    }
    return new IntervalPoint(s, en, pt);
  }

  private static boolean hasBareHlog(List<Input> inputs) {
    return inputs.stream().anyMatch(i -> i.json() == null);
  }

  private static List<String> opOrder(Input in) {
    List<String> out = new ArrayList<>();
    if (in.json() != null) {
      for (JsonNode o : in.json().path("operations")) {
        out.add(o.path("name").asText());
      }
    } else {
      out.addAll(in.hlog().operations());
    }
    return out;
  }

  private static int granularity(List<Input> inputs) {
    for (Input in : inputs) {
      if (in.json() != null) {
        String g = in.json().path("metadata").path("properties").path("timeseries.granularity").asText("");
        if (!g.isBlank()) {
          try {
            return Math.max(10, Integer.parseInt(g.trim()));
          } catch (NumberFormatException e) {
            // fall through
          }
        }
      }
    }
    return 1000;
  }

  private static List<Double> percentiles(List<Input> inputs) {
    String spec = org.sciycsb.engine.config.EngineOptions.PERCENTILES.defaultValue(); // the runs' own default
    for (Input in : inputs) {
      if (in.json() != null) {
        String p = in.json().path("metadata").path("properties").path("hdrhistogram.percentiles").asText("");
        if (!p.isBlank()) {
          spec = p;
          break;
        }
      }
    }
    List<Double> out = new ArrayList<>();
    for (String s : spec.split(",")) {
      try {
        double d = Double.parseDouble(s.trim());
        if (d > 0 && d < 100) {
          out.add(d);
        }
      } catch (NumberFormatException e) {
        // skip
      }
    }
    return out;
  }

  /** Total length of the union of [start, end] spans. */
  static long unionLength(List<long[]> spans) {
    List<long[]> sorted = new ArrayList<>(spans);
    sorted.sort((a, b) -> Long.compare(a[0], b[0]));
    long total = 0;
    long curS = Long.MIN_VALUE;
    long curE = Long.MIN_VALUE;
    for (long[] s : sorted) {
      if (s[0] > curE) {
        if (curE > curS) {
          total += curE - curS;
        }
        curS = s[0];
        curE = s[1];
      } else {
        curE = Math.max(curE, s[1]);
      }
    }
    if (curE > curS) {
      total += curE - curS;
    }
    return total;
  }

  private static Map<String, Object> metadata(List<Input> inputs, List<long[]> spans, long unionMs, String label,
      int g, int missing) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("tool", "sciycsb");
    m.put("phase", common(inputs, "phase"));
    m.put("binding", common(inputs, "binding"));
    m.put("workload", common(inputs, "workload"));
    m.put("label", label != null ? label : common(inputs, "label"));
    m.put("storageLabel", common(inputs, "storageLabel"));
    m.put("store", commonNode(inputs, "store"));
    long threads = 0;
    double target = 0;
    String outcome = "completed";
    Set<String> hosts = new LinkedHashSet<>();
    List<Object> list = new ArrayList<>();
    for (int k = 0; k < inputs.size(); k++) {
      Input in = inputs.get(k);
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("source", in.source());
      o.put("startEpochMs", spans.get(k)[0]);
      o.put("runtimeMs", spans.get(k)[1] - spans.get(k)[0]);
      if (in.json() != null) {
        JsonNode md = in.json().path("metadata");
        threads += md.path("threads").asLong();
        target += md.path("target").asDouble();
        o.put("label", ResultData.text(md.path("label")));
        o.put("host", ResultData.text(md.path("host").path("name")));
        o.put("threads", md.path("threads").asLong());
        o.put("operations", in.json().path("summary").path("operations").asLong());
        o.put("throughput", in.json().path("summary").path("throughput").asDouble());
        String oc = in.json().path("summary").path("outcome").asText("completed");
        o.put("outcome", oc);
        if (ResultData.text(md.path("host").path("name")) != null) {
          hosts.add(md.path("host").path("name").asText());
        }
        if (oc.equals("failed") || (oc.equals("partial") && outcome.equals("completed"))) {
          outcome = oc;
        }
      } else {
        o.put("operations", in.hlog().totals().getOrDefault("OVERALL.response", new Histogram(1)).getTotalCount());
      }
      list.add(o);
    }
    m.put("threads", threads);
    m.put("target", target);
    long start = spans.stream().mapToLong(s -> s[0]).min().orElse(0);
    long end = spans.stream().mapToLong(s -> s[1]).max().orElse(0);
    m.put("started", java.time.Instant.ofEpochMilli(start).toString());
    m.put("finished", java.time.Instant.ofEpochMilli(end).toString());
    m.put("outcome", missing > 0 ? "failed" : outcome);
    m.put("hosts", new ArrayList<>(hosts));
    Map<String, Object> merged = new LinkedHashMap<>();
    merged.put("inputs", list);
    merged.put("latency", "exact: the inputs' interval histograms added by tag");
    merged.put("throughput", "total operations / union of the inputs' measured time spans");
    merged.put("measuredUnionMs", unionMs);
    merged.put("granularityMs", g);
    merged.put("missing", missing);
    m.put("merged", merged);
    return m;
  }

  /**
   * A metadata object the inputs report (the store's product and version): itself when they agree, the list of
   * their different ones when not, null when none has it.
   */
  private static Object commonNode(List<Input> inputs, String field) {
    Set<JsonNode> values = new LinkedHashSet<>();
    for (Input in : inputs) {
      JsonNode v = in.json() == null ? null : in.json().path("metadata").get(field);
      if (v != null && !v.isNull()) {
        values.add(v);
      }
    }
    return values.isEmpty() ? null : values.size() == 1 ? values.iterator().next() : new ArrayList<>(values);
  }

  private static String common(List<Input> inputs, String field) {
    Set<String> values = new LinkedHashSet<>();
    for (Input in : inputs) {
      if (in.json() != null) {
        String v = ResultData.text(in.json().path("metadata").path(field));
        if (v != null) {
          values.add(v);
        }
      }
    }
    return values.isEmpty() ? null : String.join("+", values);
  }

  /** The tag names, from the collector's convention. */
  static final class Collector {
    private Collector() {}

    static String tag(String op, boolean failed, boolean service) {
      return org.sciycsb.measure.Collector.tag(op, failed, service);
    }
  }
}
