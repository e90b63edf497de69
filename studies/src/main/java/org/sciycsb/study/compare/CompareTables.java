package org.sciycsb.study.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.Interval;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;

/** The table of every step of two runs of a study, B / A, and the ratios with their intervals. */
final class CompareTables {
  private CompareTables() {}

  static final String RATIO_NOTE = "With repeats (--repeat) on both sides a ratio is of the two means, with its 95 % "
      + "interval (" + Interval.RATIO_METHOD + "); with one run a side it divides two single numbers: one sample, "
      + "no interval, and a difference within the run-to-run noise (10-25 % here) is no difference.";

  /** The table of every step, B / A: its columns (rows: {@link #addStepRows}). */
  static Report.Table stepsTable(String ta, String tb) {
    Report.Table steps = new Report.Table("steps", "Every step: B / A", "the two study folders' runs, step by step");
    steps.key("step", "step");
    steps.cols.add(new Report.Col("tA", "ops/s", ta, 1));
    steps.cols.add(new Report.Col("tB", "ops/s", tb, 1));
    steps.derived("tR", "ops/s B/A", 2);
    steps.cols.add(new Report.Col("r95A", "READ p95 us", ta, 0));
    steps.cols.add(new Report.Col("r95B", "READ p95 us", tb, 0));
    steps.derived("r95R", "READ p95 B/A", 2);
    return steps;
  }

  /** A row for every matrix step (its repeats together) that loads, runs or runs a census job. */
  static void addStepRows(Report.Table steps, CompareSide sa, CompareSide sb) {
    Map<String, String> logical = new LinkedHashMap<>(); // a matrix step (its repeats together) -> its kind
    for (JsonNode s : sa.runs().steps()) {
      logical.putIfAbsent(s.path("tags").path("repeatOf").asText(s.path("name").asText()), s.path("kind").asText());
    }
    for (Map.Entry<String, String> e : logical.entrySet()) {
      String name = e.getKey();
      String kind = e.getValue();
      if (!(kind.equals("load") || kind.equals("run") || kind.equals("census"))) {
        continue;
      }
      Map<String, Report.Cell> row = steps.row();
      row.put("step", Report.Cell.text(name));
      String tf = kind.equals("census") ? "summary.recordsPerMinute" : "summary.throughput";
      Report.Cell ca = sa.cell(name, tf);
      Report.Cell cb = sb.cell(name, tf);
      row.put("tA", ca);
      row.put("tB", cb);
      row.put("tR", ratio(cb, ca));
      Report.Cell ra = sa.cell(name, "operations[READ].response.p95");
      Report.Cell rb = sb.cell(name, "operations[READ].response.p95");
      row.put("r95A", ra);
      row.put("r95B", rb);
      row.put("r95R", ratio(rb, ra));
    }
  }

  /**
   * b / a: with repeats on both sides the ratio of the means and its 95 % interval; otherwise the ratio of two
   * single numbers, said to be one sample.
   */
  static Report.Cell ratio(Report.Cell b, Report.Cell a) {
    boolean repeated = a.values != null && b.values != null && a.values.size() > 1 && b.values.size() > 1;
    double[] ci = repeated ? Interval.ratioCi95(a.values, b.values) : null;
    Report.Cell c = ReportBuilder.ratio(b, a, ci != null ? "B / A of the means over " + b.values.size() + " and "
        + a.values.size() + " repeats, 95 % CI [" + Fmt.num(ci[0], 3) + ", " + Fmt.num(ci[1], 3) + "] ("
        + Interval.RATIO_METHOD + ")" : "B / A of one run each: one sample, no interval");
    c.ci95 = c.hasValue() ? ci : null;
    return c;
  }
}
