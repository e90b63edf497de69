package org.sciycsb.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.ResultData;
import org.sciycsb.report.html.Html;
import org.sciycsb.report.html.Svg;

/**
 * A baseline run and one or more contenders side by side: per operation, throughput and response-time mean, p50,
 * p95, p99, p99.9 and max, with the contender/baseline ratio and the difference. Column titles come from
 * {@code metadata.label} and {@code metadata.storageLabel} (the SSD-vs-HDD use), else the directory name.
 */
public final class Compare {
  /** The metrics compared, as {results.json field, title, unit}. */
  static final String[][] METRICS = {{"throughput", "throughput", "ops/s"}, {"mean", "mean", "us"},
      {"p50", "p50", "us"}, {"p95", "p95", "us"}, {"p99", "p99", "us"}, {"p99_9", "p99.9", "us"},
      {"max", "max", "us"}};

  private Compare() {}

  public static List<String> operations(List<ResultData> runs) {
    Set<String> ops = new LinkedHashSet<>();
    for (ResultData r : runs) {
      ops.addAll(r.opNames());
    }
    return new ArrayList<>(ops);
  }

  /** The value of a metric, or NaN when the run has no such operation. */
  public static double value(ResultData r, String op, String metric) {
    JsonNode o = r.op(op);
    if (o.isMissingNode()) {
      return Double.NaN;
    }
    if (metric.equals("throughput")) {
      return op.equals("OVERALL") ? r.throughput() : o.path("throughput").asDouble();
    }
    return o.path("response").path(metric).asDouble();
  }

  public static List<String> titles(List<ResultData> runs) {
    List<String> t = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      String base = runs.get(i).title();
      String name = base;
      for (int k = 2; t.contains(name); k++) {
        name = base + " (" + k + ")";
      }
      t.add(name);
    }
    return t;
  }

  /** Resource rows, as {title, unit}: means over the measured samples (tMs >= 0). */
  static final String[][] RESOURCES = {{"cpu user", "%"}, {"cpu sys", "%"}, {"cpu iowait", "%"},
      {"disk read", "MiB/s"}, {"disk write", "MiB/s"}, {"disk IOPS", "ops/s"}};

  /** The mean of a resource row over a run's measured samples; NaN without samples. Disk: the data device. */
  static double resource(ResultData r, int row) {
    JsonNode samples = r.json().path("resources").path("samples");
    String dev = ResultData.text(r.metadata().path("storage").path("device"));
    double sum = 0;
    int n = 0;
    for (JsonNode s : samples) {
      if (s.path("tMs").asLong() < 0) {
        continue;
      }
      double v = 0;
      switch (row) {
        case 0: v = s.path("cpu").path("user").asDouble(); break;
        case 1: v = s.path("cpu").path("sys").asDouble(); break;
        case 2: v = s.path("cpu").path("iowait").asDouble(); break;
        default:
          var it = s.path("disks").fields();
          while (it.hasNext()) {
            var d = it.next();
            if (dev != null && !d.getKey().equals(dev)) {
              continue;
            }
            JsonNode x = d.getValue();
            v += row == 3 ? x.path("readBytesPerSec").asDouble() / (1 << 20)
                : row == 4 ? x.path("writeBytesPerSec").asDouble() / (1 << 20)
                : x.path("readIops").asDouble() + x.path("writeIops").asDouble();
          }
      }
      sum += v;
      n++;
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** A row after the operations' (RESOURCES, STORAGE): its section, title, decimals and each run's value. */
  private record Extra(String section, String title, int decimals, double[] values) {}

  /** The RESOURCES rows when a run has samples, then the STORAGE rows when two runs sampled a data device. */
  private static List<Extra> extras(List<ResultData> runs) {
    List<Extra> out = new ArrayList<>();
    if (anyResources(runs)) {
      for (int k = 0; k < RESOURCES.length; k++) {
        int row = k;
        out.add(new Extra("RESOURCES", RESOURCES[k][0] + " (" + RESOURCES[k][1] + ")", 1,
            runs.stream().mapToDouble(r -> resource(r, row)).toArray()));
      }
    }
    if (CompareStorage.any(runs)) {
      for (int k = 0; k < CompareStorage.FIGURES.length; k++) {
        int row = k;
        out.add(new Extra("STORAGE", CompareStorage.FIGURES[k][1] + " (" + CompareStorage.FIGURES[k][2] + ")", 2,
            runs.stream().mapToDouble(r -> CompareStorage.value(r, row)).toArray()));
      }
    }
    return out;
  }

  static boolean anyResources(List<ResultData> runs) {
    for (ResultData r : runs) {
      if (r.json().path("resources").path("samples").size() > 0) {
        return true;
      }
    }
    return false;
  }

  /** Plain text for the terminal. Ratio = contender / baseline; delta = contender - baseline. */
  public static String text(List<ResultData> runs) {
    List<String> titles = titles(runs);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < runs.size(); i++) {
      ResultData r = runs.get(i);
      sb.append(i == 0 ? "baseline:    " : "contender " + i + ": ").append(titles.get(i));
      sb.append("  [").append(describe(r)).append("]\n");
    }
    sb.append('\n');
    List<String> header = new ArrayList<>(List.of("operation", "metric", titles.get(0)));
    for (int i = 1; i < runs.size(); i++) {
      header.add(titles.get(i));
      header.add("ratio");
      header.add("delta");
    }
    List<List<String>> rows = new ArrayList<>();
    rows.add(header);
    for (String op : operations(runs)) {
      for (String[] m : METRICS) {
        List<String> row = new ArrayList<>();
        row.add(op);
        row.add(m[1] + " (" + m[2] + ")");
        double base = value(runs.get(0), op, m[0]);
        int dec = decimals(m[0]);
        row.add(cell(base, dec));
        for (int i = 1; i < runs.size(); i++) {
          double v = value(runs.get(i), op, m[0]);
          row.add(cell(v, dec));
          row.add(ratio(base, v));
          row.add(delta(base, v, dec));
        }
        rows.add(row);
      }
    }
    for (Extra e : extras(runs)) {
      List<String> row = new ArrayList<>();
      row.add(e.section());
      row.add(e.title());
      double base = e.values()[0];
      row.add(cell(base, e.decimals()));
      for (int i = 1; i < runs.size(); i++) {
        double v = e.values()[i];
        row.add(cell(v, e.decimals()));
        row.add(ratio(base, v));
        row.add(delta(base, v, e.decimals()));
      }
      rows.add(row);
    }
    appendTable(sb, rows);
    sb.append("\nratio = contender / baseline; delta = contender - baseline (percent of baseline). Latencies are ")
        .append("response times in microseconds.");
    if (anyResources(runs)) {
      sb.append(" RESOURCES: means of the samples taken during the measured run; disk: the data device.");
    }
    if (CompareStorage.any(runs)) {
      sb.append(" STORAGE: /proc/diskstats of the devices under the store's data (storage.path), means over the ")
          .append("measured run: ").append(String.join("; ", runs.stream().map(r -> String.join(", ",
              CompareStorage.devices(r))).map(d -> d.isEmpty() ? "-" : d).toList())).append('.');
    }
    sb.append('\n');
    return sb.toString();
  }

  /**
   * The rows (the first is the header) as columns: names left-aligned, numbers right-aligned; an operation's name
   * shown on its first row only, a blank line between operations.
   */
  private static void appendTable(StringBuilder sb, List<List<String>> rows) {
    int[] w = new int[rows.get(0).size()];
    for (List<String> row : rows) {
      for (int c = 0; c < row.size(); c++) {
        w[c] = Math.max(w[c], row.get(c).length());
      }
    }
    String lastOp = null;
    for (int k = 0; k < rows.size(); k++) {
      List<String> row = rows.get(k);
      if (k > 0 && !row.get(0).equals(lastOp) && lastOp != null) {
        sb.append('\n');
      }
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < row.size(); c++) {
        String s = k > 0 && c == 0 && row.get(0).equals(lastOp) ? "" : row.get(c);
        if (c > 0) {
          line.append("  ");
        }
        line.append(c < 2 ? pad(s, w[c]) : lpad(s, w[c]));
      }
      sb.append(line.toString().replaceAll("\\s+$", "")).append('\n');
      if (k > 0) {
        lastOp = row.get(0);
      }
    }
  }

  static String describe(ResultData r) {
    JsonNode m = r.metadata();
    List<String> parts = new ArrayList<>();
    if (r.dir() != null) {
      parts.add(r.dir().toString());
    }
    if (ResultData.text(m.path("binding")) != null) {
      parts.add(m.path("binding").asText() + "/" + m.path("workload").asText());
    }
    if (!m.path("threads").isMissingNode()) {
      parts.add(m.path("threads").asText() + " threads");
    }
    String dev = r.storageLine();
    if (dev != null) {
      parts.add(dev);
    }
    parts.add(r.json().path("summary").path("outcome").asText());
    return String.join("; ", parts);
  }

  /** Throughput with 1 decimal; latencies (us, from nanosecond histograms) with 3. */
  static int decimals(String metric) {
    return metric.equals("throughput") ? 1 : 3;
  }

  private static String cell(double v, int decimals) {
    return Double.isNaN(v) ? "-" : Fmt.num(v, decimals);
  }

  static String ratio(double base, double v) {
    if (Double.isNaN(base) || Double.isNaN(v) || base == 0) {
      return "-";
    }
    return Fmt.fixed(v / base, 2) + "x";
  }

  static String delta(double base, double v, int decimals) {
    if (Double.isNaN(base) || Double.isNaN(v)) {
      return "-";
    }
    String d = Fmt.num(v - base, decimals);
    return (d.startsWith("-") ? "" : "+") + d + (base == 0 ? "" : " (" + Fmt.pct(base, v) + ")");
  }

  private static String pad(String s, int w) {
    return s + " ".repeat(Math.max(0, w - s.length()));
  }

  private static String lpad(String s, int w) {
    return " ".repeat(Math.max(0, w - s.length())) + s;
  }

  /** A self-contained HTML page: the runs, the table, and bar charts of throughput and p95/p99 per operation. */
  public static String html(List<ResultData> runs) {
    return html(runs, List.of());
  }

  /**
   * As {@link #html(List)}, with the verdicts of {@link Verdicts}: a ratio is green or red only when its verdict is
   * better or worse, grey when the same (inside the band), amber when undecided, and shows its 95 % interval.
   */
  public static String html(List<ResultData> runs, List<Verdicts.Row> verdicts) {
    return html(runs, verdicts, null);
  }

  /** As {@link #html(List, List)}, with how compare --run's rounds ended under the head (null: not shown). */
  public static String html(List<ResultData> runs, List<Verdicts.Row> verdicts, UntilDecided.Result until) {
    List<String> titles = titles(runs);
    List<String> ops = operations(runs);
    StringBuilder sb = new StringBuilder();
    Html.head(sb, "sciycsb compare: " + String.join(" vs ", titles), "td.undecided{color:#a15c00}");
    sb.append("<h1>").append(Fmt.html(String.join(" vs ", titles))).append("</h1>\n");
    if (until != null) {
      sb.append("<p class=\"until\">Rounds: ").append(Fmt.html(until.line())).append("</p>\n");
    }
    sb.append("<table class=\"runs\"><tr><th>run</th><th>role</th><th>directory</th><th>binding / workload</th>")
        .append("<th>threads</th><th>storage</th><th>outcome</th><th>throughput (ops/s)</th></tr>\n");
    for (int i = 0; i < runs.size(); i++) {
      ResultData r = runs.get(i);
      JsonNode m = r.metadata();
      sb.append("<tr><td>").append(Fmt.html(titles.get(i))).append("</td><td>")
          .append(i == 0 ? "baseline" : "contender " + i).append("</td><td>")
          .append(Fmt.html(r.dir() == null ? "" : r.dir().toString())).append("</td><td>")
          .append(Fmt.html(m.path("binding").asText() + " / " + m.path("workload").asText())).append("</td><td>")
          .append(Fmt.html(m.path("threads").asText())).append("</td><td>")
          .append(Fmt.html(r.storageLine() == null ? "" : r.storageLine())).append("</td><td>")
          .append(Fmt.html(r.json().path("summary").path("outcome").asText()
              + (suspect(r) == null ? "" : ", " + suspect(r)))).append("</td><td class=\"n\">")
          .append(Fmt.num(r.throughput(), 1)).append("</td></tr>\n");
    }
    sb.append("</table>\n<h2>Side by side</h2>\n<table class=\"cmp\"><tr><th>operation</th><th>metric</th>");
    sb.append("<th>").append(Fmt.html(titles.get(0))).append("</th>");
    for (int i = 1; i < runs.size(); i++) {
      sb.append("<th>").append(Fmt.html(titles.get(i))).append("</th><th>ratio</th><th>delta</th>");
    }
    sb.append("</tr>\n");
    for (String op : ops) {
      for (String[] m : METRICS) {
        double base = value(runs.get(0), op, m[0]);
        int dec = decimals(m[0]);
        sb.append("<tr><td>").append(Fmt.html(op)).append("</td><td>").append(m[1]).append(" (").append(m[2])
            .append(")</td><td class=\"n\">").append(cell(base, dec)).append("</td>");
        for (int i = 1; i < runs.size(); i++) {
          double v = value(runs.get(i), op, m[0]);
          Verdicts.Row row = find(verdicts, op, m[1], titles.get(i));
          String cls = row == null ? "" : " " + row.verdict();
          String interval = row == null || !row.hasInterval() ? ""
              : " <small>[" + Fmt.fixed(row.low(), 2) + ", " + Fmt.fixed(row.high(), 2) + "]</small>";
          String tip = row == null || row.decide().isEmpty() ? "" : " title=\"" + Fmt.html(row.decide()) + "\"";
          sb.append("<td class=\"n\">").append(cell(v, dec)).append("</td><td class=\"n").append(cls).append("\"")
              .append(tip).append(">")
              .append(ratio(base, v)).append(interval).append("</td><td class=\"n").append(cls).append("\">")
              .append(delta(base, v, dec)).append("</td>");
        }
        sb.append("</tr>\n");
      }
    }
    for (Extra e : extras(runs)) {
      double base = e.values()[0];
      sb.append("<tr><td>").append(e.section()).append("</td><td>").append(Fmt.html(e.title()))
          .append("</td><td class=\"n\">").append(cell(base, e.decimals())).append("</td>");
      for (int i = 1; i < runs.size(); i++) {
        double v = e.values()[i];
        sb.append("<td class=\"n\">").append(cell(v, e.decimals())).append("</td><td class=\"n\">")
            .append(ratio(base, v)).append("</td><td class=\"n\">").append(delta(base, v, e.decimals()))
            .append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</table>\n");
    legend(sb, verdicts);
    ratioCharts(sb, verdicts, titles);
    sb.append("<h2>Charts</h2>\n");
    barChart(sb, "throughput", "Throughput per operation", "ops/s", runs, titles, ops);
    barChart(sb, "p95", "p95 response time per operation", "us", runs, titles, ops);
    barChart(sb, "p99", "p99 response time per operation", "us", runs, titles, ops);
    if (runs.stream().anyMatch(r -> r.json().has("repeats"))) {
      sb.append("<p class=\"note\">Error bars: the 95 % confidence interval of a repeated run's mean (Student's t "
          + "over its repeats).</p>\n");
    }
    Html.tail(sb);
    return sb.toString();
  }

  /** A bar per run and operation, with the interval of the mean of a repeated run as an error bar. */
  private static void barChart(StringBuilder sb, String metric, String title, String unit, List<ResultData> runs,
      List<String> titles, List<String> ops) {
    double[][] v = new double[runs.size()][ops.size()];
    double[][] lo = new double[runs.size()][ops.size()];
    double[][] hi = new double[runs.size()][ops.size()];
    for (int i = 0; i < runs.size(); i++) {
      for (int k = 0; k < ops.size(); k++) {
        v[i][k] = zero(value(runs.get(i), ops.get(k), metric));
        double[] ci = interval(runs.get(i), ops.get(k), metric);
        lo[i][k] = ci[0];
        hi[i][k] = ci[1];
      }
    }
    sb.append(Svg.barChart(metric, title, unit, ops, titles, v, lo, hi));
  }

  /** The 95 % interval of a repeated run's figure, or NaNs (a single run, or no such figure). */
  static double[] interval(ResultData r, String op, String metric) {
    String key = metric.equals("throughput") ? op + ".throughput" : op + ".response." + metric;
    JsonNode ci = r.json().path("repeats").path("figures").path(key).path("ci95");
    return ci.size() == 2 ? new double[] {ci.get(0).asDouble(), ci.get(1).asDouble()}
        : new double[] {Double.NaN, Double.NaN};
  }

  /** What the colours mean, the undecided rows with what would decide them, and the methods. */
  private static void legend(StringBuilder sb, List<Verdicts.Row> verdicts) {
    sb.append("<p class=\"note\">ratio = contender / baseline; delta = contender - baseline. Latencies ")
        .append("are response times in microseconds. Green: better, red: worse, beyond the noise (the 95 % interval ")
        .append("in brackets excludes 1); grey: the same (the interval lies inside the band 1 &plusmn; ")
        .append("compare.threshold %); amber: undecided (the interval holds 1 but reaches past the band, or there is ")
        .append("no noise estimate); uncoloured: not judged.</p>\n");
    undecidedList(sb, verdicts);
    if (!verdicts.isEmpty()) {
      sb.append("<p class=\"note\">Method: ").append(Fmt.html(String.join("; ",
          verdicts.stream().map(Verdicts.Row::method).distinct().toList()))).append("</p>\n");
    }
  }

  /** The undecided rows, each with what would decide it (nothing when none is undecided). */
  private static void undecidedList(StringBuilder sb, List<Verdicts.Row> verdicts) {
    List<Verdicts.Row> u = verdicts.stream().filter(r -> !r.decide().isEmpty()).toList();
    if (u.isEmpty()) {
      return;
    }
    sb.append("<p class=\"note\">Undecided, and what would decide it:</p>\n<ul class=\"note undecided\">\n");
    for (Verdicts.Row r : u) {
      sb.append("<li>").append(Fmt.html(r.contenderTitle() + " " + r.operation() + " " + r.metric() + ": "
          + r.decide())).append("</li>\n");
    }
    sb.append("</ul>\n");
  }

  /** Per contender, every judged ratio with its interval, coloured by its verdict. */
  private static void ratioCharts(StringBuilder sb, List<Verdicts.Row> verdicts, List<String> titles) {
    for (int i = 1; i < titles.size(); i++) {
      String t = titles.get(i);
      List<Svg.Ratio> rows = verdicts.stream().filter(r -> r.contenderTitle().equals(t) && r.ratio() > 0
          && Double.isFinite(r.ratio())).map(r -> new Svg.Ratio(r.operation() + " " + r.metric(), r.ratio(), r.low(),
              r.high(), r.verdict())).toList();
      if (!rows.isEmpty()) {
        sb.append(Svg.ratioChart("ratios-" + i, t + " / " + titles.get(0), rows));
      }
    }
  }

  private static Verdicts.Row find(List<Verdicts.Row> rows, String op, String metric, String contender) {
    for (Verdicts.Row r : rows) {
      if (r.operation().equals(op) && r.metric().equals(metric) && r.contenderTitle().equals(contender)) {
        return r;
      }
    }
    return null;
  }

  /**
   * What cannot be compared, one line each: a contender that ran another workload than the baseline, and the
   * operations only one side has (their rows show "-" and get no verdict).
   */
  public static List<String> incomparable(List<ResultData> runs) {
    List<String> titles = titles(runs);
    List<String> out = new ArrayList<>();
    String baseWorkload = runs.get(0).metadata().path("workload").asText();
    Set<String> baseOps = new LinkedHashSet<>(runs.get(0).opNames());
    for (int i = 1; i < runs.size(); i++) {
      String w = runs.get(i).metadata().path("workload").asText();
      if (!w.equals(baseWorkload)) {
        out.add(titles.get(i) + " ran workload " + w + ", the baseline " + baseWorkload
            + ": its rows compare different work");
      }
      Set<String> ops = new LinkedHashSet<>(runs.get(i).opNames());
      List<String> onlyBase = baseOps.stream().filter(o -> !ops.contains(o)).toList();
      List<String> onlyThis = ops.stream().filter(o -> !baseOps.contains(o)).toList();
      if (!onlyBase.isEmpty()) {
        out.add(String.join(", ", onlyBase) + " only in the baseline, not in " + titles.get(i) + ": not compared");
      }
      if (!onlyThis.isEmpty()) {
        out.add(String.join(", ", onlyThis) + " only in " + titles.get(i) + ", not in the baseline: not compared");
      }
    }
    return out;
  }

  /**
   * What each contender differs in from the baseline beyond its measurements, one line each (at most
   * {@code max} differences a contender, then how many more): both runs must carry a manifest (runs of this version;
   * older ones say nothing). A rerun's overrides ({@code metadata.overrides}) are marked asked.
   */
  public static List<String> differences(List<ResultData> runs, int max) {
    List<String> titles = titles(runs);
    List<String> out = new ArrayList<>();
    com.fasterxml.jackson.databind.JsonNode base = runs.get(0).json();
    if (base.path("metadata").path("manifest").isMissingNode()) {
      return out;
    }
    for (int i = 1; i < runs.size(); i++) {
      com.fasterxml.jackson.databind.JsonNode c = runs.get(i).json();
      if (c.path("metadata").path("manifest").isMissingNode()) {
        continue;
      }
      Set<String> asked = new LinkedHashSet<>();
      c.path("metadata").path("overrides").fieldNames().forEachRemaining(asked::add);
      List<ManifestDiff.Diff> d = ManifestDiff.of(base, c, asked);
      if (d.isEmpty()) {
        out.add(titles.get(i) + " ran with the baseline's configuration, environment and jars");
        continue;
      }
      List<String> shown = d.stream().limit(max).map(ManifestDiff.Diff::line).toList();
      out.add(titles.get(i) + " differs from the baseline in " + d.size() + ": " + String.join("; ", shown)
          + (d.size() > max ? "; and " + (d.size() - max) + " more" : ""));
    }
    return out;
  }

  /** "suspect: reason, reason" for a run whose validity verdict (results.json) is suspect, else null. */
  static String suspect(ResultData r) {
    JsonNode v = r.json().path("validity");
    if (!"suspect".equals(v.path("verdict").asText())) {
      return null;
    }
    List<String> names = new ArrayList<>();
    v.path("reasons").forEach(x -> names.add(x.path("reason").asText()));
    return "suspect: " + String.join(", ", names);
  }

  /**
   * As {@link #verdictText(List)}, each verdict followed by what makes its baseline or contender suspect (their
   * validity verdicts), if anything.
   */
  public static String verdictText(List<Verdicts.Row> rows, List<ResultData> runs) {
    List<String> titles = titles(runs);
    StringBuilder sb = new StringBuilder();
    for (String line : verdictText(rows).split("\n", -1)) {
      sb.append(line);
      for (Verdicts.Row r : rows) {
        if (line.startsWith("  " + r.contenderTitle() + "  " + r.operation() + " " + r.metric() + ": ")) {
          sb.append(suspectNote(runs.get(0), "baseline")).append(suspectNote(runs.get(Math.max(0,
              titles.indexOf(r.contenderTitle()))), "contender"));
          break;
        }
      }
      sb.append('\n');
    }
    return sb.substring(0, sb.length() - 1);
  }

  private static String suspectNote(ResultData r, String role) {
    String s = suspect(r);
    return s == null ? "" : " (" + role + " " + s + ")";
  }

  /**
   * The verdicts as text: one line per judged row (an undecided one with what would decide it, "as above" when that
   * is the line before's), then the methods.
   */
  public static String verdictText(List<Verdicts.Row> rows) {
    StringBuilder sb = new StringBuilder("\nverdicts (contender / baseline, 95 % interval):\n");
    String previous = "";
    for (Verdicts.Row r : rows) {
      sb.append("  ").append(r.contenderTitle()).append("  ").append(r.operation()).append(' ').append(r.metric())
          .append(": ").append(Fmt.fixed(r.ratio(), 3)).append("x");
      if (r.hasInterval()) {
        sb.append(" [").append(Fmt.fixed(r.low(), 3)).append(", ").append(Fmt.fixed(r.high(), 3)).append(']');
      }
      sb.append("  ").append(r.verdict());
      if (!r.decide().isEmpty()) {
        sb.append(": ").append(r.decide().equals(previous) ? "as above" : r.decide());
      }
      previous = r.decide();
      sb.append('\n');
    }
    for (String m : rows.stream().map(Verdicts.Row::method).distinct().toList()) {
      sb.append("method: ").append(m).append('\n');
    }
    return sb.toString();
  }

  /**
   * compare.json: {"rows": [{operation, metric, contenderRun, baseline, contender, ratio, ci95, verdict, method,
   * decide?}]} ({@code decide}: an undecided row's why and what would decide it).
   */
  public static String json(List<Verdicts.Row> rows) {
    return json(rows, null);
  }

  /** As {@link #json(List)}, with {@code until}: how compare --run's rounds ended (left out when null). */
  public static String json(List<Verdicts.Row> rows, UntilDecided.Result until) {
    return json(rows, until, List.of());
  }

  /**
   * As {@link #json(List, UntilDecided.Result)}; with the runs compared (baseline first), a row whose baseline or
   * contender is suspect (its validity verdict) gets {@code suspect}: the notes, e.g. {@code ["contender suspect:
   * gc"]}, as the text prints them beside the verdict.
   */
  public static String json(List<Verdicts.Row> rows, UntilDecided.Result until, List<ResultData> runs) {
    return json(rows, until, runs, null);
  }

  /** As {@link #json(List, UntilDecided.Result, List)}, with compare --run's {@code seeds} (left out when null). */
  public static String json(List<Verdicts.Row> rows, UntilDecided.Result until, List<ResultData> runs,
      RoundSeeds seeds) {
    com.fasterxml.jackson.databind.node.ObjectNode top = RepeatSummary.MAPPER.createObjectNode();
    if (seeds != null) {
      top.set("seeds", seeds.json());
    }
    if (until != null) {
      top.set("until", until.json());
    }
    com.fasterxml.jackson.databind.node.ArrayNode arr = top.putArray("rows");
    for (Verdicts.Row r : rows) {
      com.fasterxml.jackson.databind.node.ObjectNode o = arr.addObject();
      o.put("operation", r.operation()).put("metric", r.metric()).put("contenderRun", r.contenderTitle())
          .put("baseline", r.baseline()).put("contender", r.contender()).put("ratio", r.ratio());
      com.fasterxml.jackson.databind.node.ArrayNode ci = o.putArray("ci95");
      if (r.hasInterval()) {
        ci.add(r.low()).add(r.high());
      }
      o.put("verdict", r.verdict()).put("method", r.method());
      if (!r.decide().isEmpty()) {
        o.put("decide", r.decide());
      }
      if (!runs.isEmpty()) {
        List<String> notes = new ArrayList<>();
        String b = suspect(runs.get(0));
        String c = suspect(runs.get(Math.max(0, titles(runs).indexOf(r.contenderTitle()))));
        if (b != null) {
          notes.add("baseline " + b);
        }
        if (c != null) {
          notes.add("contender " + c);
        }
        if (!notes.isEmpty()) {
          notes.forEach(o.putArray("suspect")::add);
        }
      }
    }
    try {
      return RepeatSummary.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(top) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static double zero(double d) {
    return Double.isNaN(d) ? 0 : d;
  }
}
