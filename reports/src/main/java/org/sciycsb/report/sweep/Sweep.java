package org.sciycsb.report.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.Hlog;
import org.sciycsb.report.Interval;
import org.sciycsb.report.ResultData;
import org.sciycsb.report.html.Html;
import org.sciycsb.report.html.Svg;

/**
 * The aggregate of a thread-count sweep (seed 003: 1, 2, 5, ... 1000 threads, each run 3 times and averaged):
 * per point, the mean, standard deviation (sample, n-1), minimum and maximum of the runs' throughput, and per
 * operation the mean over the runs of the mean and of the p95 response time (what the study reported), plus the
 * exact p95 of all the point's operations together (its runs' interval histograms added: {@code p95PooledUs}).
 * Every statistic also has its 95 % confidence interval ({@link Interval}: Student's t over the runs). A run that
 * did not complete (no results, outcome failed or partial) is named in the point's {@code failed} and not averaged.
 */
public final class Sweep {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  public static final String FORMAT = "sciycsb-sweep";
  public static final String CSV_HEADER = "threads,operation,runs,throughput_mean,throughput_stdev,throughput_min,"
      + "throughput_max,mean_us,mean_us_stdev,p95_us,p95_us_stdev,p95_pooled_us,throughput_ci95_low,"
      + "throughput_ci95_high,mean_us_ci95_low,mean_us_ci95_high,p95_us_ci95_low,p95_us_ci95_high,failed";

  /** One finished run of a point: its directory relative to the sweep folder, exit code and results (or null). */
  public record Run(String dir, int exitCode, ResultData data) {
    /** Measured to the end (an SLA breach, exit 5, is still a complete measurement): averaged. */
    public boolean completed() {
      return data != null && "completed".equals(data.json().path("summary").path("outcome").asText());
    }
  }

  /** One thread count and its repeats. */
  public record Point(int threads, List<Run> runs) {}

  private Sweep() {}

  /** The sweep.json tree. */
  public static Map<String, Object> aggregate(Map<String, Object> info, List<Point> points) throws ConfigException {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", FORMAT);
    root.put("formatVersion", 1);
    root.put("latencyUnit", "us");
    root.putAll(info);
    List<Object> pts = new ArrayList<>();
    for (Point p : points) {
      pts.add(point(p));
    }
    root.put("points", pts);
    return root;
  }

  private static Map<String, Object> point(Point p) throws ConfigException {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("threads", p.threads());
    List<Object> runs = new ArrayList<>();
    List<Double> tputs = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    Set<String> ops = new LinkedHashSet<>();
    for (Run r : p.runs()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("dir", r.dir());
      x.put("exitCode", r.exitCode());
      if (r.data() != null) {
        x.put("outcome", r.data().json().path("summary").path("outcome").asText());
        x.put("started", r.data().json().path("metadata").path("started").asText(null));
        x.put("throughput", r.data().throughput());
      } else {
        x.put("outcome", "missing");
      }
      if (r.completed()) {
        tputs.add(r.data().throughput());
        ops.addAll(r.data().opNames());
      } else {
        failed.add(r.dir());
      }
      runs.add(x);
    }
    o.put("runs", runs);
    o.put("failed", failed);
    o.put("throughput", stats(tputs));
    Map<String, Object> byOp = new LinkedHashMap<>();
    for (String op : ops) {
      byOp.put(op, operation(p, op));
    }
    o.put("operations", byOp);
    return o;
  }

  private static Map<String, Object> operation(Point p, String op) throws ConfigException {
    List<Double> t = new ArrayList<>();
    List<Double> mean = new ArrayList<>();
    List<Double> p95 = new ArrayList<>();
    Histogram pooled = null;
    boolean allLogs = true;
    for (Run r : p.runs()) {
      if (!r.completed() || r.data().op(op).isMissingNode()) {
        continue;
      }
      JsonNode j = r.data().op(op);
      t.add(op.equals("OVERALL") ? r.data().throughput() : j.path("throughput").asDouble());
      mean.add(j.path("response").path("mean").asDouble());
      p95.add(j.path("response").path("p95").asDouble());
      Hlog h = r.data().dir() == null ? null : r.data().hlog();
      Histogram tot = h == null ? null : h.totals().get(op + ".response");
      if (tot == null) {
        allLogs = false;
      } else {
        if (pooled == null) {
          pooled = new Histogram(tot.getNumberOfSignificantValueDigits());
        }
        pooled.add(tot);
      }
    }
    Map<String, Object> x = new LinkedHashMap<>();
    x.put("runs", t.size());
    x.put("throughput", stats(t));
    x.put("meanUs", stats(mean));
    x.put("p95Us", stats(p95));
    x.put("p95PooledUs", allLogs && pooled != null && pooled.getTotalCount() > 0
        ? round(pooled.getValueAtPercentile(95) / 1000.0) : null);
    return x;
  }

  /** n, mean, stdev (n - 1), min, max and ci95 ([low, high] of the mean, empty with fewer than two values). */
  static Map<String, Object> stats(List<Double> v) {
    Map<String, Object> m = new LinkedHashMap<>();
    int n = v.size();
    m.put("n", n);
    m.put("mean", n == 0 ? null : round(Interval.mean(v)));
    m.put("stdev", n == 0 ? null : round(Interval.stdev(v)));
    m.put("min", n == 0 ? null : round(v.stream().mapToDouble(Double::doubleValue).min().getAsDouble()));
    m.put("max", n == 0 ? null : round(v.stream().mapToDouble(Double::doubleValue).max().getAsDouble()));
    double[] ci = Interval.ci95(v);
    m.put("ci95", ci == null ? List.of() : List.of(round(ci[0]), round(ci[1])));
    return m;
  }

  private static double round(double d) {
    return Math.round(d * 1000) / 1000.0;
  }

  public static String json(Map<String, Object> tree) {
    try {
      return MAPPER.writeValueAsString(tree) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** sweep.csv: one row per point and operation, fixed columns (for the Jenkins Plot plugin). */
  public static String csv(Map<String, Object> tree) {
    JsonNode root = MAPPER.valueToTree(tree);
    StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
    for (JsonNode p : root.path("points")) {
      var it = p.path("operations").fields();
      while (it.hasNext()) {
        var e = it.next();
        JsonNode o = e.getValue();
        sb.append(p.path("threads").asInt()).append(',').append(e.getKey()).append(',')
            .append(o.path("runs").asInt());
        for (JsonNode v : new JsonNode[] {o.path("throughput").path("mean"), o.path("throughput").path("stdev"),
            o.path("throughput").path("min"), o.path("throughput").path("max"), o.path("meanUs").path("mean"),
            o.path("meanUs").path("stdev"), o.path("p95Us").path("mean"), o.path("p95Us").path("stdev"),
            o.path("p95PooledUs"), o.path("throughput").path("ci95").path(0), o.path("throughput").path("ci95").path(1),
            o.path("meanUs").path("ci95").path(0), o.path("meanUs").path("ci95").path(1),
            o.path("p95Us").path("ci95").path(0), o.path("p95Us").path("ci95").path(1)}) {
          sb.append(',').append(v.isNumber() ? Fmt.fixed(v.asDouble(), 3) : "");
        }
        List<String> failed = new ArrayList<>();
        p.path("failed").forEach(f -> failed.add(f.asText()));
        sb.append(',').append(String.join(";", failed)).append('\n');
      }
    }
    return sb.toString();
  }

  /**
   * sweep.html: the charts (throughput, mean and p95 vs threads, each point the mean over its runs with its 95 %
   * interval as error bars), the table of points and the table of runs (failed runs named).
   */
  public static String html(Map<String, Object> tree) {
    JsonNode root = MAPPER.valueToTree(tree);
    StringBuilder sb = new StringBuilder();
    String title = "sciycsb sweep: " + root.path("binding").asText("?") + " / " + root.path("workload").asText("?");
    Html.head(sb, title);
    sb.append("<h1>").append(Fmt.html(title)).append("</h1>\n<p>threads ")
        .append(Fmt.html(root.path("threads").toString())).append(", ").append(root.path("repeat").asInt())
        .append(" run(s) per point").append(root.path("order").isTextual() ? " (order: "
            + Fmt.html(root.path("order").asText()) + ")" : "")
        .append("; error bars: 95 % confidence interval of the mean (Student's t over the runs)")
        .append(root.path("label").isTextual() ? ", label "
            + Fmt.html(root.path("label").asText()) : "").append("</p>\n");
    List<String> ops = new ArrayList<>();
    List<Integer> threads = new ArrayList<>();
    for (JsonNode p : root.path("points")) {
      threads.add(p.path("threads").asInt());
      p.path("operations").fieldNames().forEachRemaining(n -> {
        if (!ops.contains(n)) {
          ops.add(n);
        }
      });
    }
    boolean logX = !threads.isEmpty() && threads.stream().mapToInt(i -> i).max().getAsInt()
        >= 10 * Math.max(1, threads.stream().mapToInt(i -> i).min().getAsInt());
    sb.append(Svg.lineChart("throughput-vs-threads", "Throughput vs threads (mean, 95 % CI)", "threads", "ops/s",
        List.of(series(root, "OVERALL", "throughput", true)), false, logX));
    List<Svg.Series> p95 = new ArrayList<>();
    List<Svg.Series> mean = new ArrayList<>();
    for (String op : ops) {
      p95.add(series(root, op, "p95Us", true));
      mean.add(series(root, op, "meanUs", true));
    }
    sb.append(Svg.lineChart("p95-vs-threads", "p95 response time vs threads (mean of runs, 95 % CI)", "threads", "us",
        p95, false, logX));
    sb.append(Svg.lineChart("mean-vs-threads", "Mean response time vs threads (mean of runs, 95 % CI)", "threads",
        "us", mean, false, logX));
    sb.append("<h2>Points</h2>\n<table><tr><th>threads</th><th>operation</th><th>runs</th><th>ops/s mean</th>")
        .append("<th>ops/s stdev</th><th>ops/s 95 % CI</th><th>mean (us)</th><th>mean 95 % CI</th><th>p95 (us)</th>")
        .append("<th>p95 95 % CI</th><th>p95 pooled (us)</th><th>failed runs (not averaged)</th></tr>\n");
    for (JsonNode p : root.path("points")) {
      var it = p.path("operations").fields();
      while (it.hasNext()) {
        var e = it.next();
        JsonNode o = e.getValue();
        sb.append("<tr><td class=\"n\">").append(p.path("threads").asInt()).append("</td><td>")
            .append(Fmt.html(e.getKey())).append("</td><td class=\"n\">").append(o.path("runs").asInt());
        for (JsonNode v : new JsonNode[] {o.path("throughput").path("mean"), o.path("throughput").path("stdev"),
            o.path("throughput").path("ci95"), o.path("meanUs").path("mean"), o.path("meanUs").path("ci95"),
            o.path("p95Us").path("mean"), o.path("p95Us").path("ci95"), o.path("p95PooledUs")}) {
          sb.append("</td><td class=\"n\">").append(v.isNumber() ? Fmt.num(v.asDouble(), 1) : v.size() == 2
              ? "[" + Fmt.num(v.get(0).asDouble(), 1) + ", " + Fmt.num(v.get(1).asDouble(), 1) + "]" : "-");
        }
        List<String> failed = new ArrayList<>();
        p.path("failed").forEach(f -> failed.add(f.asText()));
        sb.append("</td><td>").append(Fmt.html(String.join(", ", failed))).append("</td></tr>\n");
      }
    }
    sb.append("</table>\n<h2>Runs</h2>\n<table><tr><th>threads</th><th>directory</th><th>exit</th><th>outcome</th>")
        .append("<th>ops/s</th></tr>\n");
    for (JsonNode p : root.path("points")) {
      for (JsonNode r : p.path("runs")) {
        sb.append("<tr><td class=\"n\">").append(p.path("threads").asInt()).append("</td><td>")
            .append(Fmt.html(r.path("dir").asText())).append("</td><td class=\"n\">").append(r.path("exitCode").asInt())
            .append("</td><td>").append(Fmt.html(r.path("outcome").asText())).append("</td><td class=\"n\">")
            .append(r.path("throughput").isNumber() ? Fmt.num(r.path("throughput").asDouble(), 1) : "-")
            .append("</td></tr>\n");
      }
    }
    sb.append("</table>\n");
    Html.tail(sb);
    return sb.toString();
  }

  private static Svg.Series series(JsonNode root, String op, String field, boolean withErr) {
    List<double[]> pts = new ArrayList<>();
    for (JsonNode p : root.path("points")) {
      JsonNode o = p.path("operations").path(op).path(field);
      if (o.path("mean").isNumber()) {
        JsonNode ci = o.path("ci95");
        double half = ci.size() == 2 ? (ci.get(1).asDouble() - ci.get(0).asDouble()) / 2 : 0;
        pts.add(new double[] {p.path("threads").asInt(), o.path("mean").asDouble(), half});
      }
    }
    double[] x = new double[pts.size()];
    double[] y = new double[pts.size()];
    double[] e = new double[pts.size()];
    for (int i = 0; i < pts.size(); i++) {
      x[i] = pts.get(i)[0];
      y[i] = pts.get(i)[1];
      e[i] = pts.get(i)[2];
    }
    return new Svg.Series(op, x, y, withErr ? e : null);
  }

  /** The relative name of a point's run folder. */
  public static String runDir(int threads, int repeat) {
    return "threads-" + threads + "/run-" + repeat;
  }

  public static Path runPath(Path sweepDir, int threads, int repeat) {
    return sweepDir.resolve(runDir(threads, repeat));
  }
}
