package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.study.plan.Experiments;

/**
 * The report's account of the paper (study.json's {@code experiments}, from the study's experiments.json): a table
 * "What this run reproduces of the paper" (every table and figure, its status and reason, the report tables that
 * show it and whether they hold a measured value of this run), and the cluster-only settings judged against the
 * server each run met ({@code metadata.store.details} of its results.json).
 */
public final class ExperimentsReport {
  private ExperimentsReport() {}

  public static final String TABLE = "experiments";
  public static final String CLUSTER_TABLE = "cluster-only";

  /** Adds both tables, after the study's own (whose measured cells the first one looks at). */
  public static void add(ReportBuilder r) {
    JsonNode root = r.header.path("experiments");
    if (root.isObject()) {
      experiments(r, Experiments.of(root));
    }
    clusterOnly(r);
  }

  static void experiments(ReportBuilder r, List<Experiments.Experiment> list) {
    List<Report.Table> own = List.copyOf(r.tables);
    List<Report.Figure> figs = List.copyOf(r.figures);
    Report.Table t = r.table(TABLE, "What this run reproduces of the paper", "every table and figure of the "
        + "paper, from the study's experiments.json");
    t.key("id", "paper").key("title", "what it shows").key("status", "status").key("reason", "reason / what differs")
        .key("shown", "shown in this report").run("here", "measured", 0); // a run column: per store when merged
    for (Experiments.Experiment x : list) {
      Map<String, Report.Cell> row = t.row();
      row.put("id", Report.Cell.text(x.id()));
      row.put("title", Report.Cell.text(x.title()));
      row.put("status", Report.Cell.text(Experiments.statusText(x)));
      row.put("reason", Report.Cell.text(x.reason().isEmpty() ? "-" : x.reason()));
      row.put("shown", Report.Cell.text(x.shownIn().isEmpty() ? "-" : String.join(", ", x.shownIn())));
      row.put("here", Report.Cell.text(!x.reproduced() ? "-" : measured(x.shownIn(), own, figs)
          ? "measured" : "no measured value (not run, --only, or failed)"));
    }
    t.note("'reproduced smaller': at a smaller size or on fewer machines than the paper's; whether the ratio the "
        + "paper's result depends on is kept is said beside it. 'this run': whether the tables and figures named "
        + "hold a number this run measured.");
  }

  /** Whether any of the named tables has a measured cell (one with sources) or any named figure a point. */
  static boolean measured(List<String> ids, List<Report.Table> tables, List<Report.Figure> figures) {
    for (Report.Table t : tables) {
      if (ids.contains(t.id) && t.rows.stream().flatMap(row -> row.values().stream())
          .anyMatch(c -> c != null && c.hasValue() && !c.sources.isEmpty())) {
        return true;
      }
    }
    for (Report.Figure f : figures) {
      if (ids.contains(f.id) && f.series.stream().anyMatch(s -> s.x().length > 0)) {
        return true;
      }
    }
    return false;
  }

  static void clusterOnly(ReportBuilder r) {
    JsonNode list = r.params().path("clusterOnly");
    if (!list.isArray() || list.isEmpty()) {
      return;
    }
    Report.Table t = r.table(CLUSTER_TABLE, "Settings with an effect only on a cluster, and the server of this run",
        "the paper's settings for its clusters (the study's presets)");
    // run columns: a report over several stores or clusters gets them per store, each judged from its own runs
    t.key("setting", "preset: setting").key("effect", "effect").run("server", "the server", 0)
        .run("here", "effect of the setting", 0);
    for (JsonNode c : list) {
      Map<String, Report.Cell> row = t.row();
      row.put("setting", Report.Cell.text(c.path("file").asText() + ": " + c.path("key").asText() + "="
          + c.path("value").asText()));
      row.put("effect", Report.Cell.text(c.path("effect").asText()));
      Report.Cell server = new Report.Cell();
      String judged = "not known from the server: no run of these steps finished";
      for (JsonNode step : c.path("steps")) {
        JsonNode res = r.runs.results(step.asText());
        if (res != null) {
          JsonNode details = res.path("metadata").path("store").path("details");
          // text, not a measured cell: where it was read is said in the text (sources are for numbers)
          server.text = ServerTopology.describe(details) + " (" + dirOf(r, step.asText())
              + "/results.json metadata.store.details)";
          judged = ServerTopology.judge(c, details);
          break;
        }
      }
      if (server.text == null) {
        server.text = "-";
      }
      row.put("server", server);
      row.put("here", Report.Cell.text(judged));
    }
    t.note("From the first finished run of the steps that read the setting: its results.json metadata.store.details "
        + "(nodes the driver sees, MongoDB's topology). Where they name neither, the effect is not known.");
  }

  static String dirOf(ReportBuilder r, String step) {
    List<String> names = new ArrayList<>();
    for (JsonNode s : r.runs.steps()) {
      String n = s.path("name").asText();
      if (n.equals(step) || s.path("tags").path("repeatOf").asText().equals(step)) {
        names.add(s.path("dir").asText(n));
      }
    }
    return names.isEmpty() ? step : names.get(0);
  }
}
