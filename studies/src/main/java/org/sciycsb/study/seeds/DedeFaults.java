package org.sciycsb.study.seeds;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyContext;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.plan.StudyProps;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.report.Runs;

/**
 * Seed 000's fault part (§6.6 Figure 11): the filter job on an HDFS cluster of several DataNodes, without a fault
 * and with DataNodes killed mid-job; its steps and its table and figure.
 */
final class DedeFaults {
  private DedeFaults() {}

  static String defaultFaultHdfs() {
    String port = System.getenv("SCIYCSB_DN3_HDFS_PORT");
    return "hdfs://127.0.0.1:" + (port == null || port.isBlank() ? "9200" : port);
  }

  /**
   * §6.6 Figure 11: the filter job on an HDFS cluster of several DataNodes (study.fault.hdfs), without a fault and
   * with k DataNodes killed mid-job (SIGKILL through bin/servers, or the user's study.fault.command), each at the
   * study file's fraction of the same job's time without the fault; the killed DataNodes come back when the job
   * ends. HDFS input (written at the client's replication, 3) and mongo-hadoop input, output on the faulted HDFS.
   */
  static void addSteps(StudyContext c, Plan plan, DedeInputs inputs, long split, long reducers)
      throws ConfigException {
    String db = inputs.db();
    StudyProps p = c.props;
    String fhdfs = c.study(StudyOptions.FAULT_HDFS.name(), defaultFaultHdfs()).replaceAll("/+$", "");
    if (!fhdfs.startsWith("hdfs://")) {
      throw new ConfigException("study.fault.hdfs must be an hdfs:// URL, not '" + fhdfs + "'");
    }
    String froot = fhdfs + "/sciycsb-study/" + db;
    long n = c.count(p.longValue("faults.records"));
    List<String> paths = p.list("faults.paths");
    for (String x : paths) {
      if (!List.of("hdfs-hdfs", "mongo-hdfs").contains(x)) {
        throw new ConfigException("study file " + p.file() + ": faults.paths has '" + x + "' (the faulted HDFS "
            + "holds the output: hdfs-hdfs, mongo-hdfs)");
      }
    }
    List<Long> killed = p.longs("faults.killed");
    if (killed.contains(0L)) {
      throw new ConfigException("study file " + p.file() + ": faults.killed lists the DataNodes killed (1 or more); "
          + "the job without a fault always runs");
    }
    double at = p.fraction("faults.at");
    List<Long> reps = replications(p);
    Map<String, String> base = faultAction(c);
    Map<String, Object> replicationOf = new LinkedHashMap<>();
    List<String> labels = new ArrayList<>();
    for (String path : paths) {
      for (long r : path.startsWith("mongo") ? List.of(0L) : reps) {
        String label = r == 0 || r == HDFS_DEFAULT_REPLICATION ? path : path + "-r" + r;
        String dep;
        String in;
        if (path.startsWith("mongo")) {
          dep = inputs.load("mongo", n);
          in = inputs.mongoIn(n);
        } else {
          String suffix = r == HDFS_DEFAULT_REPLICATION ? "" : "-r" + r;
          dep = "data/faults-hdfs-" + n + suffix;
          in = froot + "/in-" + n + suffix;
          Step load = Step.census(dep, "load").p("census.records", n).p("census.files", inputs.files())
              .p("census.output", in).tag("store", "hdfs").tag("records", n).tag("role", "load")
              .tag("replication", r).once();
          plan.add(r == HDFS_DEFAULT_REPLICATION ? load : load.p("census.replication", r));
          replicationOf.put(label, r);
        }
        labels.add(label);
        faultSteps(plan, label, r, in, froot, split, reducers, n, dep, killed, base, at);
      }
    }
    plan.param("faultHdfs", fhdfs);
    plan.param("faultPaths", labels);
    plan.param("faultReplication", replicationOf);
    plan.param("faultKilled", prepend(0L, killed));
    plan.param("faultRecords", n);
    plan.param("faultAt", at);
    plan.param("faultBy", base.containsKey("fault.server") ? "bin/servers kill " + base.get("fault.server")
        : "study.fault.command");
  }

  /**
   * The HDFS client's default replication: the HDFS input written at it keeps the step names it had before
   * {@code faults.replications} ({@code faults/hdfs-hdfs/...}); the others are {@code faults/hdfs-hdfs-r<R>/...}.
   */
  static final long HDFS_DEFAULT_REPLICATION = 3;

  /** HDFS's BlockMissingException: no live DataNode holds a block of the input (the only failure that is a result). */
  static final String MISSING_BLOCK = "Could not obtain block";

  static List<Long> replications(StudyProps p) throws ConfigException {
    List<Long> reps = p.longs("faults.replications");
    if (reps.isEmpty() || reps.stream().anyMatch(r -> r < 1)) {
      throw new ConfigException("study file " + p.file() + ": faults.replications lists the HDFS input's "
          + "replications (1 or more each)");
    }
    return reps;
  }

  /** The job without a fault, then with k DataNodes killed mid-job; a failure is the result when k >= r. */
  static void faultSteps(Plan plan, String label, long r, String in, String froot, long split, long reducers, long n,
      String dep, List<Long> killed, Map<String, String> base, double at) {
    String baseline = "faults/" + label + "/0-killed";
    for (long k : prepend(0L, killed)) {
      Step s = Step.census("faults/" + label + "/" + k + "-killed", "filter").p("census.input", in)
          .p("census.output", froot + "/out/faults-" + label).p("census.splitsize", split)
          .p("census.reducers", reducers).tag("path", label).tag("killed", k).tag("records", n).after(dep);
      if (r > 0) {
        s.tag("replication", r);
      }
      if (k > 0) {
        s.fault(killing(base, k)).faultAt(baseline, at);
        if (r > 0 && k >= r) {
          s.failureIsAResult("HDFS input at replication " + r + " with " + k + " DataNode(s) killed: a block whose "
              + "only replicas were on them could not be read, seed 000's Hadoop-HDFS failure", MISSING_BLOCK);
        }
      }
      plan.add(s);
    }
  }

  /** "HDFS -> HDFS" for hdfs-hdfs and hdfs-hdfs-r1 (the replication is a column of its own). */
  static String title(String label, String ml) {
    return DedeCensusReport.pathTitle(label.replaceFirst("-r\\d+$", ""), ml)
        + (label.matches(".*-r\\d+$") ? ", replication " + label.replaceFirst(".*-r", "") : "");
  }

  private static List<Long> prepend(long first, List<Long> rest) {
    List<Long> out = new ArrayList<>();
    out.add(first);
    out.addAll(rest);
    return out;
  }

  /** The fault steps' schedule without its nodes: bin/servers' test cluster, or the user's commands. */
  static Map<String, String> faultAction(StudyContext c) throws ConfigException {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("fault.restoreatend", "true");
    String cmd = c.study(StudyOptions.FAULT_COMMAND.name(), null);
    String restore = c.study(StudyOptions.FAULT_RESTORE_COMMAND.name(), null);
    if (cmd == null) {
      if (restore != null) {
        throw new ConfigException("study.fault.restorecommand needs study.fault.command");
      }
      m.put("fault.server", c.study(StudyOptions.FAULT_SERVER.name(), "hdfs@dn3"));
      return m;
    }
    if (restore == null) {
      throw new ConfigException("study.fault.command needs study.fault.restorecommand (the killed DataNodes must "
          + "come back before the next job)");
    }
    m.put("fault.action", "command:" + cmd);
    m.put("fault.restorecommand", restore);
    return m;
  }

  /** The schedule of a step that kills k DataNodes: nodes 2..k+1 of the test cluster, or the user's command. */
  static Map<String, String> killing(Map<String, String> base, long k) {
    Map<String, String> m = new LinkedHashMap<>(base);
    if (m.containsKey("fault.server")) {
      List<String> nodes = new ArrayList<>();
      for (long i = 2; i <= k + 1; i++) {
        nodes.add(Long.toString(i));
      }
      m.put("fault.action", "kill-node:" + String.join(",", nodes));
    } else {
      m.put("fault.action", m.get("fault.action").replace("{killed}", Long.toString(k)));
      m.put("fault.restorecommand", m.get("fault.restorecommand").replace("{killed}", Long.toString(k)));
    }
    return m;
  }

  /** Figure 11 of §6.6 from the fault steps: job time by DataNodes killed mid-job, the overhead over no fault. */
  static void report(ReportBuilder r, String ml) {
    JsonNode pr = r.params();
    if (pr.path("faultPaths").isMissingNode()) {
      return;
    }
    Report.Table t = r.table("faults", "Figure 11: the filter job with DataNodes killed mid-job ("
        + pr.path("faultRecords").asText() + " records, " + pr.path("faultHdfs").asText() + ")",
        "seed 000, §6.6 Figure 11 (32 Hadoop nodes, 37 M records, up to 16 nodes faulted)");
    t.key("path", "input -> output").key("replication", "HDFS input replication").key("killed", "DataNodes killed")
        .run("time", "total ms", 0)
        .derived("overhead", "overhead over no fault, %", 1).run("at", "fault at, ms into the job", 0)
        .run("read", "records read", 0);
    Report.Figure g = r.line("faults", "Filter time by DataNodes killed mid-job", "seed 000, Figure 11",
        "DataNodes killed", "ms", false);
    for (JsonNode path : pr.path("faultPaths")) {
      List<double[]> pts = new ArrayList<>();
      Report.Cell none = null;
      for (JsonNode k : pr.path("faultKilled")) {
        String step = "faults/" + path.asText() + "/" + k.asText() + "-killed";
        Map<String, Report.Cell> row = t.row();
        row.put("path", Report.Cell.text(title(path.asText(), ml)));
        JsonNode rep = pr.path("faultReplication").path(path.asText());
        row.put("replication", Report.Cell.text(rep.isNumber() ? rep.asText() : path.asText().startsWith("mongo")
            ? "- (MongoDB input)" : "3"));
        row.put("killed", Report.Cell.text(k.asText()));
        Report.Cell time = r.runs.value(step, "summary.totalMs");
        row.put("time", time);
        none = k.asLong() == 0 ? time : none;
        if (k.asLong() > 0) {
          row.put("overhead", ReportBuilder.change(time, none,
              "(killed - none) / none x 100 of the two means"));
          row.put("at", r.runs.value(step, "metadata.faultAtJobMs"));
        }
        row.put("read", r.runs.value(step, "summary.recordsRead"));
        pts.add(Runs.point(k.asDouble(), time));
      }
      g.line(title(path.asText(), ml), pts);
    }
    t.note("Each fault: " + pr.path("faultBy").asText() + " (SIGKILL) at " + Math.round(pr.path("faultAt")
        .asDouble() * 100) + " % of the same job's time without a fault (ours: the paper does not say when), the "
        + "killed DataNodes restarted when the job ended; what ran and when is in each step's results.json "
        + "(metadata.faults) and fault.log. HDFS input written at each of faults.replications (census.replication): "
        + "with as many DataNodes killed as the input has replicas, blocks whose only replicas were on them cannot "
        + "be read and the job fails, the paper's result (Hadoop-HDFS fails to complete the job after 8 of 32 nodes "
        + "faulted; mongo-hadoop finishes with half the cluster lost); such a failure is the step's result ('job "
        + "failed (a result)'), not the study's. Whether it comes depends on where HDFS placed the blocks: a job "
        + "that completes there held no block only on the killed DataNodes. Any other failed job is a failed step. An overhead inside these "
        + "machines' 10-25 % run-to-run noise is no difference (--repeat for means with 95 % intervals).");
  }
}
