package org.sciycsb.study.seeds;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.report.Runs;

/**
 * Seed 003 on a multi-data-centre cluster ({@code --dcs}): beside the paper's strong-vs-eventual cost, the 80/20
 * mix's throughput at every consistency level with its change from eventual, and what each level bought: the
 * stale reads it let through without a fault and with a node paused ({@link StaleSteps}), how far behind, and the
 * operations it failed while the node was frozen.
 */
final class SeiDataCentresReport {
  private SeiDataCentresReport() {}

  static void add(ReportBuilder r) {
    JsonNode dc = r.params().path("dataCentres");
    if (dc.isMissingNode()) {
      return;
    }
    List<String> cons = new ArrayList<>();
    r.params().path("levels").fieldNames().forEachRemaining(cons::add);
    levels(r, cons);
    staleness(r, cons, r.params().path("staleness"));
    r.notes.add("Cluster: " + dc.path("nodes").asInt() + " Cassandra nodes in " + dc.path("dcs").asInt()
        + " data centres on this host (" + dc.path("replication").asText() + ", clients in "
        + dc.path("clientsIn").asText() + "); " + dc.path("latencyBetweenDataCentres").asText() + "."
        + (dc.has("smallerThanAsked") ? " Smaller than asked: " + dc.path("smallerThanAsked").asText() + "." : ""));
  }

  /** The 80/20 mix at the cost point (32 threads) per level, and its change from eventual (ONE / ONE). */
  private static void levels(ReportBuilder r, List<String> cons) {
    int t = r.params().path("costThreads").asInt(32);
    Report.Table tb = r.table("consistency-levels", "80/20 throughput at " + t + " threads per consistency level, "
        + "and its change from eventual", "seed 003, §4.2 and Figure 7 (Cassandra: 25 % at 32 client sessions), with "
        + "QUORUM and LOCAL_QUORUM beside the paper's two levels");
    tb.key("consistency", "consistency").key("levels", "read / write levels").run("tput", "ops/s", 1)
        .derived("change", "change from eventual, %", 1).published("pub", "published, %", 0);
    Report.Cell eventual = tput(r, "eventual", t);
    for (String con : cons) {
      Map<String, Report.Cell> row = tb.row();
      row.put("consistency", Report.Cell.text(con));
      row.put("levels", Report.Cell.text(r.params().path("levels").path(con).asText()));
      Report.Cell c = tput(r, con, t);
      row.put("tput", c);
      row.put("change", con.equals("eventual") ? Report.Cell.text("-")
          : ReportBuilder.change(c, eventual, "(level - eventual) / eventual x 100 of the two means"));
      row.put("pub", con.equals("strong") ? r.pub.cell("consistency-cost", ReportBuilder.tags("store", "Cassandra"))
          : Report.Cell.text(""));
    }
    tb.note("The paper's strong is EACH_QUORUM writes and LOCAL_QUORUM reads (Table 1), eventual ONE / ONE (Table 2). "
        + "With one copy in each data centre, EACH_QUORUM waits for every copy and LOCAL_QUORUM for the local one. "
        + "No latency is added between the data centres here (no netem on this kernel): what a cross-data-centre "
        + "quorum costs over a WAN is not in these numbers, only the work of the extra replicas on one host.");
  }

  private static Report.Cell tput(ReportBuilder r, String con, int threads) {
    List<String> names = SeiStudy.runsOf(r, con, "8020", threads);
    return r.runs.mean(names, s -> SeiStudy.tputField(r.runs, s));
  }

  /** Per level, copies and fault: judged reads, stale ones, their share, the lag's p95 and max, failed operations. */
  private static void staleness(ReportBuilder r, List<String> cons, JsonNode st) {
    int node = st.path("pausedNode").asInt();
    Report.Table tb = r.table("staleness", "Stale reads per consistency level and copies in each data centre, "
        + "without a fault and with node " + node + " paused", "new, not in the paper: what each level of seed 003 "
        + "buys (the paper configured consistency and measured only its cost)");
    tb.key("consistency", "consistency").key("levels", "read / write levels").key("copies", "copies a data centre")
        .key("fault", "fault").run("judged", "reads judged", 0).run("stale", "stale reads", 0)
        .run("rate", "stale, %", 2).run("lag95", "lag p95, ms", 0).run("lagmax", "lag max, ms", 0)
        .run("failed", "failed operations", 0);
    for (String con : cons) {
      for (JsonNode k : st.path("copies")) {
        for (String fault : new String[] {"none", "pause-node:" + node}) {
          staleRow(r, tb.row(), con, k.asText(), fault, st);
        }
      }
    }
    tb.note("A read is stale when it returns a value older than the newest write of its key the client had seen "
        + "acknowledged before the read began; the lag is the time since that newer write's acknowledgement. "
        + st.path("readers").asInt() + " of " + st.path("threads").asInt() + " threads only read, the others only "
        + "write, " + st.path("target").asInt() + " operations/s over " + st.path("records").asLong() + " keys for "
        + st.path("seconds").asLong() + " s, each run on a table of its own. The paper's layout holds one copy in "
        + "each data centre; with three, the paused node's keys keep two other copies near the clients. Operations "
        + "coordinated by or waiting for the frozen node fail (3 s timeout) and are not judged."
        + (st.path("pauseSeesLocalCopies").asBoolean(true) ? "" : " With one node a data centre the clients' node "
        + "holds the local copy of every key, and the paused node is in another data centre: reads at ONE are "
        + "served locally and cannot be stale here."));
  }

  private static void staleRow(ReportBuilder r, Map<String, Report.Cell> row, String con, String copies,
      String fault, JsonNode st) {
    List<String> names = new ArrayList<>();
    for (JsonNode s : r.runs.where(ReportBuilder.tags("consistency", con, "role", "stale", "copies", copies,
        "fault", fault))) {
      names.add(s.path("name").asText());
    }
    row.put("consistency", Report.Cell.text(con));
    row.put("levels", Report.Cell.text(r.params().path("levels").path(con).asText()));
    row.put("copies", Report.Cell.text(copies));
    row.put("fault", Report.Cell.text(fault.equals("none") ? "none" : "node " + st.path("pausedNode").asInt()
        + " paused " + st.path("pausedFrom").asLong() + "-" + st.path("pausedTo").asLong() + " s"));
    row.put("judged", r.runs.mean(names, "extra.staleness.READ.judged"));
    Report.Cell stale = r.runs.mean(names, "extra.staleness.READ.stale");
    row.put("stale", stale);
    row.put("rate", scaled(r.runs.mean(names, "extra.staleness.READ.staleRate"), 100));
    boolean none = stale.hasValue() && stale.value == 0;
    row.put("lag95", none ? Report.Cell.text("-")
        : scaled(r.runs.mean(names, "operations[READ-STALE].response.p95"), 0.001));
    row.put("lagmax", none ? Report.Cell.text("-")
        : scaled(r.runs.mean(names, "operations[READ-STALE].response.max"), 0.001));
    row.put("failed", r.runs.mean(names, "operations[OVERALL].errors"));
  }

  /** The cell times {@code f} (a rate as a percentage, microseconds as milliseconds). */
  static Report.Cell scaled(Report.Cell c, double f) {
    if (!c.hasValue()) {
      return c;
    }
    c.value = c.value * f;
    c.stdev = c.stdev == null ? null : c.stdev * f;
    c.ci95 = c.ci95 == null ? null : new double[] {c.ci95[0] * f, c.ci95[1] * f};
    c.values = c.values == null ? null : c.values.stream().map(v -> v * f).toList();
    return c;
  }
}
