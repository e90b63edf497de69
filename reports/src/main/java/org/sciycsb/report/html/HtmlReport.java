package org.sciycsb.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.ResultData;

/**
 * {@code report.html}: one self-contained page for one results directory: the run's metadata and summary, then
 * charts (inline SVG, no script, no network) of throughput over time, latency percentiles over time, the
 * percentile distribution per operation (from the interval log's totals: exact HdrHistogram percentiles) and the
 * resource use over time (from the {@code resources} samples).
 */
public final class HtmlReport {
  private HtmlReport() {}

  /**
   * @param json   the results.json document
   * @param totals the interval log's totals by tag (null or empty: the distribution uses results.json's percentiles)
   */
  public static String render(JsonNode json, Map<String, Histogram> totals) {
    JsonNode m = json.path("metadata");
    StringBuilder sb = new StringBuilder();
    String title = "sciycsb report: " + m.path("binding").asText("?") + " / " + m.path("workload").asText("?")
        + (ResultData.text(m.path("label")) != null ? " / " + m.path("label").asText() : "");
    Html.head(sb, title);
    sb.append("<h1>").append(Fmt.html(title)).append("</h1>\n");
    validityBanner(sb, json.path("validity"));
    metaTable(sb, json);
    summaryTable(sb, json);
    gcLine(sb, json.path("validity").path("gc"));
    faultTable(sb, json.path("metadata").path("faults"));
    List<String> ops = new ArrayList<>();
    for (JsonNode o : json.path("operations")) {
      ops.add(o.path("name").asText());
    }
    sb.append("<h2>Throughput over time</h2>\n");
    sb.append(throughputChart(json, ops));
    sb.append("<h2>Latency percentiles over time</h2>\n");
    sb.append(overallPercentilesChart(json));
    sb.append(p95PerOpChart(json, ops));
    StaleCharts.append(sb, json);
    StorageCharts.append(sb, json);
    sb.append("<h2>Percentile distribution per operation</h2>\n");
    sb.append(distributionChart(json, ops, totals));
    sb.append("<h2>Resource use over time</h2>\n");
    resourceCharts(sb, json.path("resources"));
    serverFigures(sb, json.path("extra").path("server"));
    Html.tail(sb);
    return sb.toString();
  }

  /**
   * The validity verdict first: a banner with every reason and its evidence when the run is suspect, one line when
   * it is valid; nothing for results written before the verdict existed.
   */
  static void validityBanner(StringBuilder sb, JsonNode v) {
    if (!v.path("verdict").isTextual()) {
      return;
    }
    if (!"suspect".equals(v.path("verdict").asText())) {
      sb.append("<p class=\"valid\" style=\"color:#1a7f37;font-size:13px\">Validity: valid (no reason to suspect these numbers)</p>\n");
      return;
    }
    sb.append("<div class=\"suspect\" style=\"border:2px solid #c62828;background:#fdecea;"
        + "padding:6px 10px;margin:8px 0\"><strong>Suspect run: these numbers may not measure the store.</strong>\n<ul>\n");
    for (JsonNode r : v.path("reasons")) {
      sb.append("<li><strong>").append(Fmt.html(r.path("reason").asText())).append("</strong>: ")
          .append(Fmt.html(r.path("evidence").asText())).append("</li>\n");
    }
    sb.append("</ul></div>\n");
  }

  /** The JVM's GC pauses over the measured time, under the percentiles they may have touched. */
  private static void gcLine(StringBuilder sb, JsonNode gc) {
    if (!gc.path("pauses").isNumber()) {
      return;
    }
    sb.append("<p class=\"note\">Client GC pauses while measured: ").append(gc.path("pauses").asLong())
        .append(", ").append(gc.path("totalMs").asLong()).append(" ms in total");
    if (gc.path("share").isNumber()) {
      sb.append(" (").append(Fmt.num(100 * gc.path("share").asDouble(), 2)).append(" % of the measured time)");
    }
    sb.append(", the longest ").append(gc.path("maxMs").asLong()).append(" ms</p>\n");
  }

  private static void metaTable(StringBuilder sb, JsonNode json) {
    JsonNode m = json.path("metadata");
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put("phase", m.path("phase").asText());
    rows.put("binding", m.path("binding").asText());
    rows.put("workload", m.path("workload").asText());
    rows.put("label", ResultData.text(m.path("label")));
    rows.put("storage label", ResultData.text(m.path("storageLabel")));
    JsonNode st = m.path("storage");
    if (!st.isMissingNode() && !st.isNull()) {
      ResultData d = new ResultData(null, json, null);
      rows.put("data device", d.storageLine());
    }
    rows.put("store", ResultData.storeLabel(m.path("store")));
    rows.put("threads", m.path("threads").asText());
    rows.put("target (ops/s)", m.path("target").asText());
    rows.put("host", ResultData.text(m.path("host").path("name")));
    rows.put("started", ResultData.text(m.path("started")));
    rows.put("outcome", json.path("summary").path("outcome").asText());
    rows.put("measured time", Fmt.num(json.path("summary").path("runtimeMs").asLong() / 1000.0, 3) + " s");
    rows.put("operations", json.path("summary").path("operations").asText());
    rows.put("throughput", Fmt.num(json.path("summary").path("throughput").asDouble(), 1) + " ops/s");
    if (m.path("merged").isObject()) {
      rows.put("merged from", m.path("merged").path("inputs").size() + " runs");
    }
    sb.append("<table class=\"meta\">\n");
    rows.forEach((k, v) -> {
      if (v != null && !v.isEmpty()) {
        sb.append("<tr><th>").append(Fmt.html(k)).append("</th><td>").append(Fmt.html(v)).append("</td></tr>\n");
      }
    });
    sb.append("</table>\n");
  }

  private static void summaryTable(StringBuilder sb, JsonNode json) {
    sb.append("<h2>Summary (response time, us)</h2>\n<table class=\"summary\"><tr><th>operation</th>")
        .append("<th>operations</th><th>errors</th><th>ops/s</th><th>mean</th><th>p50</th><th>p95</th><th>p99</th>")
        .append("<th>p99.9</th><th>max</th></tr>\n");
    for (JsonNode o : json.path("operations")) {
      JsonNode r = o.path("response");
      sb.append("<tr><td>").append(Fmt.html(o.path("name").asText())).append("</td>");
      for (String v : new String[] {o.path("operations").asText(), o.path("errors").asText(),
          Fmt.num(o.path("throughput").asDouble(), 1), Fmt.num(r.path("mean").asDouble(), 1),
          Fmt.num(r.path("p50").asDouble(), 1), Fmt.num(r.path("p95").asDouble(), 1),
          Fmt.num(r.path("p99").asDouble(), 1), Fmt.num(r.path("p99_9").asDouble(), 1),
          Fmt.num(r.path("max").asDouble(), 1)}) {
        sb.append("<td class=\"n\">").append(v).append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</table>\n");
  }

  /** The run's fault schedule (metadata.faults), when it has one: each command, when it ran, how long, its exit. */
  private static void faultTable(StringBuilder sb, JsonNode faults) {
    if (!faults.isArray() || faults.isEmpty()) {
      return;
    }
    sb.append("<h2>Faults (marked on the time charts)</h2>\n<table class=\"faults\"><tr><th>what</th><th>command</th>")
        .append("<th>at (s)</th><th>took (s)</th><th>exit</th></tr>\n");
    for (JsonNode f : faults) {
      sb.append("<tr><td>").append(Fmt.html(f.path("what").asText())).append("</td><td><code>")
          .append(Fmt.html(f.path("command").asText(f.path("error").asText("")))).append("</code></td><td class=\"n\">")
          .append(f.path("atMs").isNumber() ? Fmt.num(f.path("atMs").asLong() / 1000.0, 1) : "").append("</td>")
          .append("<td class=\"n\">").append(f.path("seconds").isNumber() ? Fmt.num(f.path("seconds").asDouble(), 1)
              : "").append("</td><td class=\"n\">").append(Fmt.html(f.path("exitCode").asText(""))).append("</td></tr>\n");
    }
    sb.append("</table>\n");
  }

  /** The run's fault schedule (metadata.faults) as marks on the time charts: "fault" and "restore" at their times. */
  static List<Svg.Marker> faults(JsonNode json) {
    List<Svg.Marker> out = new ArrayList<>();
    for (JsonNode f : json.path("metadata").path("faults")) {
      if (f.path("atMs").isNumber()) {
        out.add(new Svg.Marker(f.path("atMs").asLong() / 1000.0, f.path("what").asText()));
      }
    }
    return out;
  }

  private static double seconds(JsonNode p) {
    return p.path("endMs").asLong() / 1000.0;
  }

  private static String throughputChart(JsonNode json, List<String> ops) {
    List<Svg.Series> series = new ArrayList<>();
    for (String op : ops) {
      List<double[]> pts = new ArrayList<>();
      for (JsonNode p : json.path("timeseries")) {
        JsonNode o = p.path("ops").path(op);
        pts.add(new double[] {seconds(p), o.isMissingNode() ? 0 : o.path("throughput").asDouble()});
      }
      series.add(series(op, pts));
    }
    List<double[]> offered = new ArrayList<>();
    for (JsonNode p : json.path("timeseries")) {
      if (p.has("offered")) {
        offered.add(new double[] {seconds(p), p.path("offered").asDouble()});
      }
    }
    if (!offered.isEmpty()) { // a scheduled run (-target, arrival): the rate asked for beside the rates achieved
      series.add(series("offered (schedule)", offered));
    }
    return Svg.lineChart("throughput-over-time", "Throughput over time", "time since the measured start (s)",
        "ops/s", series, false, false, faults(json));
  }

  /** The unit for latencies up to maxUs: {divisor, name}. */
  private static Object[] unit(double maxUs) {
    return maxUs >= 2000 ? new Object[] {1000.0, "ms"} : new Object[] {1.0, "us"};
  }

  private static String overallPercentilesChart(JsonNode json) {
    String[][] metrics = {{"p50", "p50"}, {"p95", "p95"}, {"p99", "p99"}, {"p99_9", "p99.9"}, {"max", "max"}};
    double max = 0;
    for (JsonNode p : json.path("timeseries")) {
      max = Math.max(max, p.path("ops").path("OVERALL").path("response").path("max").asDouble());
    }
    Object[] u = unit(max);
    List<Svg.Series> series = new ArrayList<>();
    for (String[] mt : metrics) {
      List<double[]> pts = new ArrayList<>();
      for (JsonNode p : json.path("timeseries")) {
        JsonNode o = p.path("ops").path("OVERALL");
        if (!o.isMissingNode()) {
          pts.add(new double[] {seconds(p), o.path("response").path(mt[0]).asDouble() / (double) u[0]});
        }
      }
      series.add(series(mt[1], pts));
    }
    return Svg.lineChart("latency-over-time", "OVERALL response time percentiles per interval",
        "time since the measured start (s)", "response time (" + u[1] + ")", series, false, false, faults(json));
  }

  private static String p95PerOpChart(JsonNode json, List<String> ops) {
    double max = 0;
    for (JsonNode p : json.path("timeseries")) {
      for (String op : ops) {
        max = Math.max(max, p.path("ops").path(op).path("response").path("p95").asDouble());
      }
    }
    Object[] u = unit(max);
    List<Svg.Series> series = new ArrayList<>();
    for (String op : ops) {
      List<double[]> pts = new ArrayList<>();
      for (JsonNode p : json.path("timeseries")) {
        JsonNode o = p.path("ops").path(op);
        if (!o.isMissingNode() && o.path("count").asLong() > 0) {
          pts.add(new double[] {seconds(p), o.path("response").path("p95").asDouble() / (double) u[0]});
        }
      }
      series.add(series(op, pts));
    }
    return Svg.lineChart("p95-over-time", "p95 response time per operation and interval",
        "time since the measured start (s)", "p95 (" + u[1] + ")", series, false, false, faults(json));
  }

  private static String distributionChart(JsonNode json, List<String> ops, Map<String, Histogram> totals) {
    Map<String, List<double[]>> curves = new LinkedHashMap<>();
    double max = 0;
    boolean exact = totals != null && !totals.isEmpty();
    for (String op : ops) {
      List<double[]> pts = new ArrayList<>();
      if (exact) {
        Histogram h = totals.get(op + ".response");
        if (h == null || h.getTotalCount() == 0) {
          continue;
        }
        for (HistogramIterationValue v : h.percentiles(5)) {
          double p = Math.min(v.getPercentileLevelIteratedTo(), 99.9999);
          pts.add(new double[] {p, h.highestEquivalentValue(v.getValueIteratedTo()) / 1000.0});
          if (v.getPercentileLevelIteratedTo() >= 100) {
            break;
          }
        }
      } else {
        JsonNode r = json.path("operations");
        for (JsonNode o : r) {
          if (o.path("name").asText().equals(op)) {
            JsonNode l = o.path("response");
            Iterator<String[]> it = List.of(new String[] {"0", "min"}, new String[] {"50", "p50"},
                new String[] {"90", "p90"}, new String[] {"95", "p95"}, new String[] {"99", "p99"},
                new String[] {"99.9", "p99_9"}, new String[] {"99.99", "p99_99"}).iterator();
            while (it.hasNext()) {
              String[] x = it.next();
              pts.add(new double[] {Double.parseDouble(x[0]), l.path(x[1]).asDouble()});
            }
          }
        }
      }
      for (double[] p : pts) {
        max = Math.max(max, p[1]);
      }
      curves.put(op, pts);
    }
    Object[] u = unit(max);
    List<Svg.Series> series = new ArrayList<>();
    curves.forEach((op, pts) -> {
      List<double[]> scaled = new ArrayList<>();
      for (double[] p : pts) {
        scaled.add(new double[] {p[0], p[1] / (double) u[0]});
      }
      series.add(series(op, scaled));
    });
    return Svg.lineChart("percentile-distribution", "Response time by percentile"
        + (exact ? " (interval log totals)" : " (results.json percentiles)"), "percentile",
        "response time (" + u[1] + ")", series, true, false);
  }

  /**
   * The store's own figures ({@code extra.server}): every counter that moved (its difference and rate over the
   * measured run), every gauge (mean, maximum), and the rates over time of the counters that moved.
   */
  static void serverFigures(StringBuilder sb, JsonNode server) {
    if (server.isMissingNode()) {
      return;
    }
    sb.append("<h2>The store's own figures</h2>\n");
    if (!server.has("source")) {
      sb.append("<p class=\"note\">").append(Fmt.html(server.path("unavailable").asText("none"))).append("</p>\n");
      return;
    }
    sb.append("<p class=\"note\">").append(Fmt.html(server.path("source").asText())).append(", ")
        .append(server.path("samples").asInt()).append(" samples over ")
        .append(Fmt.num(server.path("spanMs").asLong() / 1000.0, 1)).append(" s</p>\n");
    sb.append("<table class=\"summary\"><tr><th>counter</th><th>difference</th><th>per second</th></tr>\n");
    List<String> moved = new ArrayList<>();
    server.path("counters").fields().forEachRemaining(e -> {
      if (e.getValue().path("delta").asDouble() != 0) {
        moved.add(e.getKey());
        sb.append("<tr><td>").append(Fmt.html(e.getKey())).append("</td><td class=\"n\">")
            .append(Fmt.num(e.getValue().path("delta").asDouble(), 0)).append("</td><td class=\"n\">")
            .append(Fmt.num(e.getValue().path("perSecond").asDouble(), 1)).append("</td></tr>\n");
      }
    });
    sb.append("</table>\n<table class=\"summary\"><tr><th>gauge</th><th>mean</th><th>max</th></tr>\n");
    server.path("gauges").fields().forEachRemaining(e -> sb.append("<tr><td>").append(Fmt.html(e.getKey()))
        .append("</td><td class=\"n\">").append(Fmt.num(e.getValue().path("mean").asDouble(), 1))
        .append("</td><td class=\"n\">").append(Fmt.num(e.getValue().path("max").asDouble(), 1))
        .append("</td></tr>\n"));
    sb.append("</table>\n");
    sb.append(Svg.lineChart("server-rates", "The store's counters per second", "time since the measured start (s)",
        "per second", counterRates(server.path("series"), moved), false, false));
  }

  /** Each counter's rate between consecutive samples, at the later sample's time. */
  private static List<Svg.Series> counterRates(JsonNode samples, List<String> names) {
    List<Svg.Series> out = new ArrayList<>();
    for (String n : names) {
      List<double[]> pts = new ArrayList<>();
      for (int i = 1; i < samples.size(); i++) {
        JsonNode a = samples.get(i - 1);
        JsonNode b = samples.get(i);
        double secs = (b.path("tMs").asLong() - a.path("tMs").asLong()) / 1000.0;
        if (secs > 0) {
          pts.add(new double[] {b.path("tMs").asLong() / 1000.0,
              (b.path("counters").path(n).asDouble() - a.path("counters").path(n).asDouble()) / secs});
        }
      }
      out.add(series(n, pts));
    }
    return out;
  }

  private static void resourceCharts(StringBuilder sb, JsonNode res) {
    JsonNode samples = res.path("samples");
    if (!samples.isArray() || samples.isEmpty()) {
      sb.append("<p class=\"note\">no resource samples in this result (resources.sample=false, or not Linux)</p>\n");
      return;
    }
    List<Svg.Series> cpu = new ArrayList<>();
    for (String k : new String[] {"user", "sys", "iowait"}) {
      List<double[]> pts = new ArrayList<>();
      for (JsonNode s : samples) {
        pts.add(new double[] {s.path("tMs").asLong() / 1000.0, s.path("cpu").path(k).asDouble()});
      }
      cpu.add(series(k, pts));
    }
    sb.append(Svg.lineChart("cpu", "CPU", "time since the measured start (s)", "% of all CPUs", cpu, false, false));
    List<Svg.Series> mem = new ArrayList<>();
    for (String[] k : new String[][] {{"usedBytes", "used"}, {"availableBytes", "available"}}) {
      List<double[]> pts = new ArrayList<>();
      for (JsonNode s : samples) {
        pts.add(new double[] {s.path("tMs").asLong() / 1000.0, s.path("memory").path(k[0]).asDouble() / (1 << 30)});
      }
      mem.add(series(k[1], pts));
    }
    sb.append(Svg.lineChart("memory", "Memory", "time since the measured start (s)", "GiB", mem, false, false));
    sb.append(devices(samples, "processes", "process-cpu", "CPU per process (the client JVM, resources.pids)",
        new String[][] {{"cpuUser", "user"}, {"cpuSys", "sys"}}, 1, "% of all CPUs"));
    sb.append(devices(samples, "disks", "disk-bytes", "Disk throughput per device",
        new String[][] {{"readBytesPerSec", "read"}, {"writeBytesPerSec", "write"}}, 1 << 20, "MiB/s"));
    sb.append(devices(samples, "disks", "disk-iops", "Disk IOPS per device",
        new String[][] {{"readIops", "read"}, {"writeIops", "write"}}, 1, "operations/s"));
    sb.append(devices(samples, "network", "network", "Network per interface",
        new String[][] {{"rxBytesPerSec", "rx"}, {"txBytesPerSec", "tx"}}, 1 << 20, "MiB/s"));
  }

  static String devices(JsonNode samples, String section, String id, String title, String[][] metrics,
      double divisor, String unit) {
    return devices(samples, section, id, title, metrics, divisor, unit, List.of());
  }

  /** As above, with vertical marks (the faults). */
  static String devices(JsonNode samples, String section, String id, String title, String[][] metrics,
      double divisor, String unit, List<Svg.Marker> marks) {
    List<String> names = new ArrayList<>();
    for (JsonNode s : samples) {
      Iterator<String> it = s.path(section).fieldNames();
      while (it.hasNext()) {
        String n = it.next();
        if (!names.contains(n)) {
          names.add(n);
        }
      }
    }
    List<Svg.Series> series = new ArrayList<>();
    for (String n : names) {
      for (String[] k : metrics) {
        List<double[]> pts = new ArrayList<>();
        for (JsonNode s : samples) {
          pts.add(new double[] {s.path("tMs").asLong() / 1000.0,
              s.path(section).path(n).path(k[0]).asDouble() / divisor});
        }
        series.add(series(n + " " + k[1], pts));
      }
    }
    return Svg.lineChart(id, title, "time since the measured start (s)", unit, series, false, false, marks);
  }

  static Svg.Series series(String name, List<double[]> pts) {
    double[] x = new double[pts.size()];
    double[] y = new double[pts.size()];
    for (int i = 0; i < pts.size(); i++) {
      x[i] = pts.get(i)[0];
      y[i] = pts.get(i)[1];
    }
    return new Svg.Series(name, x, y);
  }
}
