package org.sciycsb.study.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.seeds.SandiskStudy;

/**
 * For sandisk's --compare, the vendor's layout (Figure 7: rows workload x storage x distribution, columns dataset
 * sizes) for throughput and read/write latency, with B/A ratios.
 */
final class SandiskCompareTables {
  private SandiskCompareTables() {}

  /** Seed 002's layout: rows workload x storage (A, B) x distribution, columns the sizes; then B / A. */
  static void add(List<Report.Table> tables, CompareSide sa, CompareSide sb) {
    add(tables, sa, sb, "");
  }

  /** As above, every table's id starting with {@code prefix} (several pairs in one report). */
  static void add(List<Report.Table> tables, CompareSide sa, CompareSide sb, String prefix) {
    List<String> sizes = new ArrayList<>();
    sa.header().path("params").path("sizes").forEach(x -> sizes.add(x.path("label").asText()));
    List<String[]> pairs = new ArrayList<>();
    var it = sa.header().path("params").path("workloads").fields();
    while (it.hasNext()) {
      var e = it.next();
      e.getValue().forEach(d -> pairs.add(new String[] {e.getKey(), d.asText()}));
    }
    String[][] metrics = {{"throughput", "Throughput (ops/s)", "summary.throughput", "1"},
        {"read-mean", "READ mean latency (us)", "operations[READ].response.mean", "1"},
        {"read-p95", "READ p95 latency (us)", "operations[READ].response.p95", "0"},
        {"write-mean", "write (UPDATE or INSERT) mean latency (us)", "write.mean", "1"},
        {"write-p95", "write (UPDATE or INSERT) p95 latency (us)", "write.p95", "0"}};
    for (String[] m : metrics) {
      Report.Table t = new Report.Table(prefix + m[0], m[1] + ": " + sa.title() + " vs " + sb.title(),
          "seed 002, Figure 7's layout (and Figures 8-11's metrics)");
      t.key("workload", "workload").key("storage", "storage").key("distribution", "distribution");
      for (String s : sizes) {
        t.run(s, s, Integer.parseInt(m[3]));
      }
      Report.Table r = new Report.Table(prefix + m[0] + "-ratio", m[1] + ": B / A", "seed 002, the SSD vs HDD ratios of the "
          + "white paper's text");
      r.key("workload", "workload").key("distribution", "distribution");
      for (String s : sizes) {
        r.derived(s, s + " B/A", 2);
      }
      for (String[] wd : pairs) {
        Map<String, Report.Cell> ratioRow = r.row();
        ratioRow.put("workload", Report.Cell.text(SandiskStudy.workloadTitle(wd[0])));
        ratioRow.put("distribution", Report.Cell.text(wd[1]));
        Map<String, Map<String, Report.Cell>> bySide = new LinkedHashMap<>();
        for (CompareSide side : new CompareSide[] {sa, sb}) {
          Map<String, Report.Cell> row = t.row();
          bySide.put(side.tag(), row);
          row.put("workload", Report.Cell.text(SandiskStudy.workloadTitle(wd[0])));
          row.put("storage", Report.Cell.text(side.tag() + ": " + side.title()));
          row.put("distribution", Report.Cell.text(wd[1]));
          for (String s : sizes) {
            String step = s + "/" + wd[0] + "-" + wd[1];
            String field = m[2].startsWith("write.") ? "operations[" + SandiskStudy.writeOp(side.runs(), step)
                + "].response." + m[2].substring(6) : m[2];
            row.put(s, side.cell(step, field));
          }
        }
        for (String s : sizes) {
          ratioRow.put(s, CompareTables.ratio(bySide.get("B").get(s), bySide.get("A").get(s)));
        }
      }
      r.note(CompareTables.RATIO_NOTE);
      tables.add(t);
      tables.add(r);
    }
  }
}
