package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What a study's report code works with: the runs, the published figures, the plan's parameters, the output. */
public final class ReportBuilder {
  public final Runs runs;
  public final Published pub;
  public final JsonNode header;
  public final List<Report.Table> tables = new ArrayList<>();
  public final List<Report.Figure> figures = new ArrayList<>();
  public final List<String> notes = new ArrayList<>();

  public ReportBuilder(Runs runs, Published pub, JsonNode header) {
    this.runs = runs;
    this.pub = pub;
    this.header = header;
  }

  public JsonNode params() {
    return header.path("params");
  }

  public Report.Table table(String id, String title, String reproduces) {
    Report.Table t = new Report.Table(id, title, reproduces);
    tables.add(t);
    return t;
  }

  public Report.Figure line(String id, String title, String reproduces, String xLabel, String yLabel, boolean logX) {
    Report.Figure f = new Report.Figure(id, title, reproduces, false, xLabel, yLabel);
    f.logX = logX;
    figures.add(f);
    return f;
  }

  public Report.Figure bar(String id, String title, String reproduces, String yLabel, List<String> categories) {
    Report.Figure f = new Report.Figure(id, title, reproduces, true, "", yLabel);
    f.categories.addAll(categories);
    figures.add(f);
    return f;
  }

  /** "this run, host, N CPUs, M GiB RAM, storage ..." from the study's own record of the machine. */
  String runLabel() {
    return "this run, " + runHardware();
  }

  String runHardware() {
    JsonNode h = header.path("host");
    StringBuilder sb = new StringBuilder();
    sb.append(h.path("name").asText("?")).append(", ").append(h.path("cpus").asInt()).append(" CPUs, ");
    long mem = h.path("memoryBytes").asLong(-1);
    sb.append(mem > 0 ? org.sciycsb.report.Fmt.bytes(mem) : "? memory").append(" RAM, storage ");
    String label = header.path("storageLabel").asText("");
    JsonNode s = header.path("storage");
    String dev = s.path("device").isTextual() ? s.path("device").asText() : null;
    String rot = org.sciycsb.report.StorageMedium.of(s);
    List<String> parts = new ArrayList<>();
    if (!label.isEmpty()) {
      parts.add(label);
    }
    if (dev != null) {
      parts.add(dev + (rot == null ? "" : " (" + rot + ")"));
    }
    sb.append(parts.isEmpty() ? "unlabelled" : String.join(", ", parts));
    if (header.path("binding").isTextual()) {
      sb.append(", binding ").append(header.path("binding").asText());
      String store = storeOfRuns();
      if (store != null) {
        sb.append(" (").append(store).append(')');
      }
    }
    return sb.toString();
  }

  /** "product version" the first finished run's results name (e.g. "SequoiaDB 6.0.0"), or null. */
  private String storeOfRuns() {
    if (runs == null) {
      return null;
    }
    String label = runs.storeLabel("");
    return label.startsWith(" (no finished run") ? null : label;
  }

  String pubLabel() {
    return "published, " + pub.hardwareShort();
  }

  /** a / b as a derived cell, with both sources. */
  public static Report.Cell ratio(Report.Cell a, Report.Cell b, String how) {
    Report.Cell c = new Report.Cell();
    double x = Runs.of(a);
    double y = Runs.of(b);
    if (Double.isNaN(x) || Double.isNaN(y) || y == 0) {
      c.text = "-";
      return c;
    }
    c.value = x / y;
    c.derived = how;
    c.sources.addAll(a.sources);
    c.sources.addAll(b.sources);
    return c;
  }

  /** (a - b) / b as a derived percentage cell. */
  public static Report.Cell change(Report.Cell a, Report.Cell b, String how) {
    Report.Cell c = ratio(a, b, how);
    if (c.hasValue()) {
      c.value = (c.value - 1) * 100.0;
    }
    return c;
  }

  public static Map<String, String> tags(String... kv) {
    java.util.LinkedHashMap<String, String> m = new java.util.LinkedHashMap<>();
    for (int i = 0; i + 1 < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }
}
