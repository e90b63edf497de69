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
 * Seed 000's checkpoint grid in the report: Figures 2 and 3 of §6.1 from the checkpoint runs ({@code
 * extra.checkpoint} and the CHECKPOINT operation), the paper's overheads beside.
 */
final class DedeCheckpointReport {
  private DedeCheckpointReport() {}

  static final String CK = "extra.checkpoint.";
  static final String HOPPER = "Published columns: the paper's runs on NERSC Hopper (Cray XE6, 24 cores and 32 GB "
      + "per node; MongoDB on a MOM node), seed 000 §4 and §6.1.";

  /** A measured cell as a percentage of the run's own D: 100 x field / extra.checkpoint.durationS. */
  static Report.Cell percentOfD(ReportBuilder r, String step, String field) {
    Report.Cell c = ReportBuilder.ratio(r.runs.value(step, field), r.runs.value(step, CK + "durationS"),
        "100 x " + field + " / " + CK + "durationS");
    if (c.hasValue()) {
      c.value = c.value * 100.0;
    }
    return c;
  }

  /** Figures 2 and 3 of §6.1 from the checkpoint runs (extra.checkpoint and the CHECKPOINT operation). */
  static void report(ReportBuilder r) {
    JsonNode pr = r.params();
    JsonNode f2 = pr.path("checkpointFig2");
    JsonNode f3 = pr.path("checkpointFig3");
    if (f2.isMissingNode() && f3.isMissingNode()) {
      return;
    }
    String d = pr.path("checkpointDurationS").asText();
    String b = pr.path("checkpointBinding").asText("?");
    String paperD = pr.path("checkpointPaperDurationS").asText();

    List<double[]> line2 = fig2Table(r, f2, d, b, paperD);

    Map<String, List<double[]>> lines3 = fig3Table(r, f3, d, b);
    Report.Figure g2 = r.line("checkpoint-fig2", "Job overhead by checkpoint interval", "seed 000, Figure 2",
        "interval (s)", "job overhead (s)", false);
    g2.line("job overhead", line2);
    Report.Figure g3 = r.line("checkpoint-fig3", "Job overhead by tasks (interval " + f3.path("intervalS").asText()
        + " s)", "seed 000, Figure 3", "tasks here", "job overhead (s)", false);
    lines3.forEach(g3::line);
  }

  /** Figure 2's table: job overhead by checkpoint interval; the figure's points. */
  private static List<double[]> fig2Table(ReportBuilder r, JsonNode f2, String d, String b, String paperD) {
    Report.Table t2 = r.table("checkpoint-fig2", "Figure 2: job overhead by checkpoint interval ("
        + f2.path("tasks").asText() + " tasks here, the paper's " + f2.path("paperTasks").asText() + " on "
        + f2.path("paperCores").asText() + " cores; " + DedeCheckpointPlan.sizeTitle(f2.path("size").asText()) + " checkpoints; D = "
        + d + " s)", "seed 000, §6.1 Figure 2 (768 tasks of 10 minutes on 192 cores, interval 1 to 5 s)");
    t2.key("interval", "interval (s)").key("tasks", "tasks here").run("job", "job overhead (s)", 3)
        .derived("pct", "job overhead, % of D", 1).run("taskMean", "task overhead mean (s)", 3)
        .run("taskP95", "task overhead p95 (s)", 3).run("perTask", "checkpoints per task", 0)
        .run("ckP50", "CHECKPOINT p50 (us)", 0).run("ckP95", "CHECKPOINT p95 (us)", 0)
        .run("failed", "checkpoints failed", 0).published("pub-min", "overhead (minutes)", 0)
        .published("pub-pct", "overhead, % of the 10-minute task", 0);
    List<double[]> line2 = new ArrayList<>();
    for (JsonNode iv : f2.path("intervalsS")) {
      String i = iv.asText();
      String step = "checkpoint/fig2/interval-" + i + "s";
      Map<String, Report.Cell> row = t2.row();
      row.put("interval", Report.Cell.text(i.equals("0") ? "0 (no checkpoint)" : i));
      row.put("tasks", Report.Cell.text(f2.path("tasks").asText()));
      Report.Cell job = r.runs.value(step, CK + "overhead.jobS");
      row.put("job", job);
      row.put("pct", percentOfD(r, step, CK + "overhead.jobS"));
      row.put("taskMean", r.runs.value(step, CK + "overhead.taskMeanS"));
      row.put("taskP95", r.runs.value(step, CK + "overhead.taskP95S"));
      row.put("perTask", r.runs.value(step, CK + "checkpointsPerTask"));
      row.put("ckP50", r.runs.value(step, "operations[CHECKPOINT].response.p50"));
      row.put("ckP95", r.runs.value(step, "operations[CHECKPOINT].response.p95"));
      row.put("failed", r.runs.value(step, CK + "checkpointsFailed"));
      Map<String, String> tags = ReportBuilder.tags("intervalSeconds", i, "tasks", f2.path("paperTasks").asText());
      row.put("pub-min", r.pub.cell("fig2", tags));
      row.put("pub-pct", r.pub.cell("fig2-pct", tags));
      line2.add(Runs.point(iv.asDouble(), job));
    }
    t2.note("job overhead = last task end - first task start - D (" + CK + "overhead.jobS), the paper's \"run "
        + "time - 10 minutes\"; D here = " + d + " s (the paper's " + paperD + " s), so compare the % of D, not "
        + "the minutes. Store: binding " + b + "; the paper's: MongoDB on a Hopper MOM node with 768 workers "
        + "across 192 cores, here one client process on this host. Interval 0 = no store call at all (this "
        + "machine's own scheduling). " + HOPPER);
    return line2;
  }

  /** Figure 3's table: overhead by cores, per checkpoint size; the figure's lines, by size. */
  private static Map<String, List<double[]>> fig3Table(ReportBuilder r, JsonNode f3, String d, String b) {
    List<String> sizes = new ArrayList<>();
    f3.path("sizes").forEach(x -> sizes.add(x.asText()));
    Report.Table t3 = r.table("checkpoint-fig3", "Figure 3: overhead by cores (" + f3.path("tasksPerCore").asText()
        + " tasks per core, x --scale), interval " + f3.path("intervalS").asText() + " s, "
        + String.join(" vs ", sizes.stream().map(DedeCheckpointPlan::sizeTitle).toList()) + " checkpoints; D = " + d + " s",
        "seed 000, §6.1 Figure 3 (24 to 480 cores, interval 10 s, 64KB and 1MB)");
    t3.key("cores", "cores (paper)").key("paperTasks", "tasks (paper)").key("tasks", "tasks here");
    for (String sz : sizes) {
      t3.run("job-" + sz, DedeCheckpointPlan.sizeTitle(sz) + " job overhead (s)", 3).run("taskMean-" + sz, DedeCheckpointPlan.sizeTitle(sz)
          + " task overhead mean (s)", 3).run("ckP95-" + sz, DedeCheckpointPlan.sizeTitle(sz) + " CHECKPOINT p95 (us)", 0);
    }
    boolean both = sizes.contains("64k") && sizes.contains("1m");
    if (both) {
      t3.derived("ratio", "1 MB / 64 KB job overhead", 2).published("pub-ratio", "1MB / 64KB overhead", 1);
    }
    Map<String, List<double[]>> lines3 = new LinkedHashMap<>();
    for (JsonNode pt : f3.path("points")) {
      String t = pt.path("tasks").asText();
      List<String> cores = new ArrayList<>();
      pt.path("cores").forEach(x -> cores.add(x.asText()));
      List<String> paperTasks = new ArrayList<>();
      pt.path("paperTasks").forEach(x -> paperTasks.add(x.asText()));
      Map<String, Report.Cell> row = t3.row();
      row.put("cores", Report.Cell.text(String.join(", ", cores)));
      row.put("paperTasks", Report.Cell.text(String.join(", ", paperTasks)));
      row.put("tasks", Report.Cell.text(t));
      for (String sz : sizes) {
        String step = "checkpoint/fig3/" + sz + "/tasks-" + t;
        Report.Cell job = r.runs.value(step, CK + "overhead.jobS");
        row.put("job-" + sz, job);
        row.put("taskMean-" + sz, r.runs.value(step, CK + "overhead.taskMeanS"));
        row.put("ckP95-" + sz, r.runs.value(step, "operations[CHECKPOINT].response.p95"));
        lines3.computeIfAbsent(DedeCheckpointPlan.sizeTitle(sz), k -> new ArrayList<>()).add(Runs.point(pt.path("tasks").asDouble(), job));
      }
      if (both) {
        row.put("ratio", ReportBuilder.ratio(row.get("job-1m"), row.get("job-64k"),
            "1m job overhead (s) / 64k job overhead (s)"));
        row.put("pub-ratio", r.pub.cell("fig3-size-ratio", ReportBuilder.tags("cores", cores.get(cores.size() - 1))));
      }
    }
    t3.note("job overhead as in Figure 2 (" + CK + "overhead.jobS); task overhead = a task's wall time - D, mean "
        + "over the tasks (" + CK + "overhead.taskMeanS); CHECKPOINT p95 = one status write. The paper's points "
        + "whose task counts are equal at this scale (after --max-threads) are one run, listed in one row. Store: "
        + "binding " + b + "; the paper's finding is about MongoDB's per-connection cost beyond 1000 connections, "
        + "which a scaled-down grid on one host does not reach. " + HOPPER);
    return lines3;
  }
}
