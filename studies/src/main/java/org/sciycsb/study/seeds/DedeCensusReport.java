package org.sciycsb.study.seeds;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.report.Runs;

/**
 * Seed 000's census part in the report: records/min HDFS vs the MongoDB side (§6.2), filter times per combination
 * and size (Figures 6 and 9), split size vs time and mappers (Figure 5); the paper's figures beside.
 */
final class DedeCensusReport {
  private DedeCensusReport() {}

  /** The census part's tables and figures; {@code ml} labels the MongoDB side. */
  static void report(ReportBuilder r, String ml) {
    JsonNode pr = r.params();
    double[][] bars = rawTable(r, ml);

    filterTables(r, ml);

    Report.Table s = r.table("splits", "Split size on mongo-hadoop input (" + DedeCensusPlan.label(pr.path("splitRecords").asLong())
        + " records here, " + pr.path("splitPath").asText() + ")", "seed 000, §6.4 Figure 5 (9.3 M records)");
    s.key("split", "split MB").run("total", "total ms", 0).run("map", "map ms", 0).run("splits", "splits", 0)
        .run("mappers", "mappers", 0).run("rate", "records/min", 0).published("pub-mappers", "mappers", 0);
    List<double[]> sp = new ArrayList<>();
    for (JsonNode mb : pr.path("splitSizesMB")) {
      String step = "splits/" + mb.asText() + "MB";
      Map<String, Report.Cell> row = s.row();
      row.put("split", Report.Cell.text(mb.asText()));
      Report.Cell tot = r.runs.value(step, "summary.totalMs");
      row.put("total", tot);
      row.put("map", r.runs.value(step, "summary.mapMs"));
      row.put("splits", r.runs.value(step, "summary.splits"));
      row.put("mappers", r.runs.value(step, "summary.mappers"));
      row.put("rate", r.runs.value(step, "summary.recordsPerMinute"));
      row.put("pub-mappers", r.pub.cell("fig5-mappers", ReportBuilder.tags("splitMB", mb.asText())));
      sp.add(Runs.point(mb.asDouble(), tot));
    }
    s.note("Split sizes are the paper's (not scaled): at a small --scale the input holds fewer bytes than a split "
        + "and every size gives one split.");
    r.bar("raw-rate", "Raw records/min", "seed 000, §6.2", "records/min", List.of("read", "write"))
        .bars("HDFS", bars[0]).bars(ml, bars[1]);
    r.line("split-size", "Filter time by split size", "seed 000, Figure 5", "split MB", "ms", true)
        .line("total ms", sp);
    r.notes.add("MongoDB side of every census step: " + ml + " at " + pr.path("mongo").asText()
        + "; HDFS: " + pr.path("hdfs").asText());
  }

  /** §6.2's raw reads and writes, HDFS vs the MongoDB side: the table, and its bars {HDFS, MongoDB side}. */
  private static double[][] rawTable(ReportBuilder r, String ml) {
    JsonNode pr = r.params();
    Report.Table raw = r.table("raw", "Raw record reads and writes, records/min",
        "seed 000, §6.2 (one client; 111-field census records read, one-field records written)");
    raw.key("test", "test").key("records", "records here").run("hdfs", "HDFS", 0).run("mongo", ml, 0)
        .derived("ratio", "HDFS / " + (ml.contains("stand-in") ? "stand-in" : "MongoDB side"), 2)
        .published("pub-hdfs", "HDFS", 0).published("pub-mongo", "MongoDB", 0)
        .published("pub-ratio", "HDFS / MongoDB", 0);
    String[][] tests = {{"read", "read (111-field records)", "rawReadRecords"},
        {"write", "write (one-field records)", "rawWriteRecords"}};
    double[][] bars = new double[2][2];
    for (int i = 0; i < tests.length; i++) {
      Map<String, Report.Cell> row = raw.row();
      row.put("test", Report.Cell.text(tests[i][1]));
      row.put("records", Report.Cell.text(pr.path(tests[i][2]).asText()));
      Report.Cell h = r.runs.value("raw/" + tests[i][0] + "-hdfs", "summary.recordsPerMinute");
      Report.Cell m = r.runs.value("raw/" + tests[i][0] + "-mongo", "summary.recordsPerMinute");
      row.put("hdfs", h);
      row.put("mongo", m);
      row.put("ratio", ReportBuilder.ratio(h, m, "HDFS records/min / MongoDB-side records/min"));
      row.put("pub-hdfs", r.pub.cell("raw", ReportBuilder.tags("store", "HDFS", "test", tests[i][0])));
      row.put("pub-mongo", r.pub.cell("raw", ReportBuilder.tags("store", "MongoDB", "test", tests[i][0])));
      row.put("pub-ratio", r.pub.cell("raw-ratio", ReportBuilder.tags("test", tests[i][0])));
      bars[0][i] = Runs.of(h);
      bars[1][i] = Runs.of(m);
    }
    raw.note("records/min = records / time of the whole read or write (summary.recordsPerMinute of bin/census). "
        + "The MongoDB side here is " + ml + ".");
    return bars;
  }

  /** The filter job's time and rate per input/output combination and input size, and its figure. */
  private static void filterTables(ReportBuilder r, String ml) {
    JsonNode pr = r.params();
    List<String> paths = new ArrayList<>();
    pr.path("filterPaths").forEach(x -> paths.add(x.asText()));
    Report.Table f = r.table("filter", "The filter job: total time (ms) per input/output combination and input size",
        "seed 000, §6.4 Figure 6 (HDFS vs mongo-hadoop by input size) and §6.5 Figure 9 (the combinations)");
    f.key("size", "input (paper)").key("records", "records here");
    for (String p : paths) {
      f.run(p, pathTitle(p, ml) + " ms", 0);
    }
    boolean ratio = paths.contains("hdfs-hdfs") && paths.contains("mongo-mongo");
    if (ratio) {
      f.derived("ratio", "mongo-mongo / hdfs-hdfs time", 2);
      f.published("pub-ratio", "mongo-hadoop / Hadoop-HDFS time", 0);
    }
    Report.Table fr = r.table("filter-rate", "The filter job: records/min per input/output combination and input "
        + "size", "seed 000, §6.4 Figure 6 and §6.5 Figure 9");
    fr.key("size", "input (paper)");
    for (String p : paths) {
      fr.run(p, pathTitle(p, ml), 0);
    }
    Report.Figure ff = r.line("filter-time", "Filter total time by input records", "seed 000, Figures 6 and 9",
        "input records", "ms", false);
    Map<String, List<double[]>> lines = new LinkedHashMap<>();
    for (JsonNode sz : pr.path("filterSizes")) {
      String lab = sz.path("label").asText();
      Map<String, Report.Cell> row = f.row();
      Map<String, Report.Cell> rrow = fr.row();
      row.put("size", Report.Cell.text(lab));
      rrow.put("size", Report.Cell.text(lab));
      row.put("records", Report.Cell.text(sz.path("records").asText()));
      for (String p : paths) {
        String step = "filter/" + lab + "/" + p;
        Report.Cell c = r.runs.value(step, "summary.totalMs");
        row.put(p, c);
        rrow.put(p, r.runs.value(step, "summary.recordsPerMinute"));
        lines.computeIfAbsent(p, k -> new ArrayList<>()).add(Runs.point(sz.path("records").asDouble(), c));
      }
      if (ratio) {
        row.put("ratio", ReportBuilder.ratio(row.get("mongo-mongo"), row.get("hdfs-hdfs"),
            "mongo-mongo total ms / hdfs-hdfs total ms"));
        row.put("pub-ratio", r.pub.cell("fig6-ratio", ReportBuilder.tags("records", lab)));
      }
    }
    lines.forEach((p, pts) -> ff.line(pathTitle(p, ml), pts));
    f.note("mongo = " + ml + "; threestage = copy the MongoDB-side input to HDFS, filter there, load the output "
        + "back. Split size " + pr.path("filterSplitMB").asText() + " MB, one reducer. Published ratios: the "
        + "paper's 2-node cluster with a single MongoDB server.");
  }

  static String pathTitle(String p, String mongoLabel) {
    String m = mongoLabel.contains("stand-in") ? "stand-in" : "mongo";
    switch (p) {
      case "hdfs-hdfs":
        return "HDFS -> HDFS";
      case "mongo-hdfs":
        return m + " -> HDFS";
      case "hdfs-mongo":
        return "HDFS -> " + m;
      case "mongo-mongo":
        return m + " -> " + m;
      case "threestage":
        return "three-stage (" + m + ")";
      default:
        return p;
    }
  }
}
