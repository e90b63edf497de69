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
import org.sciycsb.study.plan.StudyProps;
import org.sciycsb.study.report.Fields;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.report.Runs;

/**
 * Seed 003 (SEI, FHIR EHR on MongoDB/Cassandra/Riak): per consistency preset, one load of patients and their
 * observations, then per mix (read-only, 80/20, write-only) every thread count from 1 to 1000; the whole sweep
 * three times (repeat-major, {@link Plan#repeated}: the study file's {@code repeats}, or --repeat), averaged.
 * Strong runs every mix (Figures 2-6); eventual the read/write mix (Figures 7-8), as the paper did.
 */
final class SeiStudy implements StudyDef {
  @Override
  public String name() {
    return "sei";
  }

  @Override
  public String seed() {
    return "003";
  }

  @Override
  public String title() {
    return "SEI: FHIR EHR workload, throughput and latency by thread count, strong vs eventual consistency";
  }

  @Override
  public String describe() {
    return String.join("\n",
        "matrix: consistency strong (read-only, 80/20, write-only) and eventual (80/20), each: one load of 1 M",
        "patients (0-20 observations each, mean 7), then threads 1, 2, 5, 10, 25, 50, 100, 200, 500, 1000 (and 32",
        "for the 80/20 mix, where the paper gives its consistency costs); the",
        "whole sweep 3 times (--repeat N, repeat-major as the paper), averaged per thread count with 95 % intervals.",
        "--scale multiplies patients and operations; thread counts above --max-threads (or above the operations",
        "of a run) are capped and the cap is reported.",
        "report: throughput vs threads per mix (Figures 2-4), 80/20 read and write latency mean/p95 vs threads",
        "(Figures 5-6), strong vs eventual (Figures 7-8); the paper's peaks beside, and its consistency costs",
        "(25 %, 10 % at 32 sessions) beside this run's change at 32 threads. One server, not the paper's 9 nodes in",
        "three data centres: consistency levels change nothing on one node (the report says what the server was).");
  }

  static String mixName(String file) {
    return file.replaceFirst("^fhir-", "");
  }

  @Override
  public boolean runsAcrossDataCentres() {
    return true;
  }

  @Override
  public void expand(StudyContext c, Plan plan) throws ConfigException {
    StudyProps p = c.props;
    long patients = c.count(p.longValue("patients"));
    List<String> oneServer = p.list("consistencies");
    List<String> across = p.list("consistencies.dcs");
    List<String> cons = c.dataCentres == null ? oneServer : across;
    Map<String, String[]> levels = new LinkedHashMap<>();
    for (String con : across) {
      levels.put(con, levels(p, con));
    }
    List<Integer> threads = p.ints("threads");
    plan.defaultRepeats(p.ints("repeats").get(0));
    long ops = c.count(p.longValue("operationcount"));
    int loadThreads = p.ints("loadthreads").get(0);
    StaleSteps stale = StaleSteps.of(p);
    Map<Integer, List<Integer>> points = new LinkedHashMap<>();
    for (int t : threads) {
      points.computeIfAbsent(c.threads("runs", t, ops), k -> new ArrayList<>()).add(t);
    }
    Map<String, Object> mixes = new LinkedHashMap<>();
    String store = c.preset(plan, null); // seed 003's MongoDB setting: range sharding on increasing keys
    Map<String, List<String>> allMixes = new LinkedHashMap<>();
    for (String con : new java.util.LinkedHashSet<>(concat(oneServer, across))) {
      allMixes.put(con, p.list("mixes." + con));
    }
    for (String con : cons) {
      List<String> ms = allMixes.get(con);
      List<String> names = new ArrayList<>();
      String pt = c.prefix + "sei_" + StudyContext.ident(con) + "_patient";
      String ot = c.prefix + "sei_" + StudyContext.ident(con) + "_observation";
      String load = con + "/load";
      plan.add(consistency(c, Step.load(load, c.binding).file(c.file(ms.get(0))), con, levels)
          .file(store).p("fhir.patients", patients).p("fhir.patienttable", pt).p("fhir.observationtable", ot)
          .p("threadcount", c.threads("load", loadThreads, patients)).tag("consistency", con).tag("role", "load"));
      for (String m : ms) {
        String mf = c.file(m);
        names.add(mixName(m));
        for (Map.Entry<Integer, List<Integer>> pt2 : points.entrySet()) {
          int t = pt2.getKey();
          // one run per point here: --repeat (default: the study file's repeats, the paper's 3) repeats the whole
          // matrix, repeat-major, as the paper did ("For each of these three runs, ... a different number of
          // client threads"), into threads-<n>/run-<k>
          plan.add(consistency(c, Step.run(con + "/" + mixName(m) + "/threads-" + t, c.binding).file(mf), con,
              levels).file(store).p("fhir.patients", patients).p("fhir.patienttable", pt)
              .p("fhir.observationtable", ot).p("operationcount", ops).p("threadcount", t).tag("consistency", con)
              .tag("mix", mixName(m)).tag("threads", t)
              .tag("nominalThreads", pt2.getValue().toString().replaceAll("[\\[\\] ]", ""))
              .tag("role", "run").after(load));
        }
      }
      mixes.put(con, names);
      costPoint(c, plan, con, ms, points, patients, ops, pt, ot, store, levels);
      if (c.dataCentres != null) {
        stale.add(c, plan, con, levels.get(con));
      }
    }
    if (!c.bindingDeclares(c.binding + ".consistency")) {
      plan.note("binding " + c.binding + " declares no " + c.binding + ".consistency: fhir.consistency does "
          + "nothing here, so the strong and eventual runs use the same store configuration");
    }
    List<Object> pts = new ArrayList<>();
    points.forEach((t, n) -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("threads", t);
      m.put("nominal", n);
      pts.add(m);
    });
    plan.param("patients", patients);
    plan.param("operationcount", ops);
    plan.param("points", pts);
    plan.param("mixes", mixes);
    if (c.dataCentres != null) {
      plan.param("dataCentres", c.dataCentres.toMap());
      Map<String, Object> lv = new LinkedHashMap<>();
      cons.forEach(con -> lv.put(con, levels.get(con)[0] + " reads / " + levels.get(con)[1] + " writes"));
      plan.param("levels", lv);
      plan.param("staleness", stale.toMap(c.dataCentres));
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** {@code levels.<con>}: READ/WRITE, Cassandra's level names. */
  static String[] levels(StudyProps p, String con) throws ConfigException {
    String v = p.get("levels." + con);
    String[] rw = v.split("/");
    if (rw.length != 2 || rw[0].isBlank() || rw[1].isBlank()) {
      throw new ConfigException(p.file() + ": levels." + con + " must be READ/WRITE (e.g. QUORUM/QUORUM), got '" + v
          + "'");
    }
    return new String[] {rw[0].trim(), rw[1].trim()};
  }

  /**
   * A FHIR step of consistency {@code con} (on the --dcs cluster in keyspace {@code <prefix>sei}, one copy per data
   * centre): its preset file ({@code strong}, {@code eventual}: fhir.consistency,
   * which any binding with a consistency preset reads), else its levels set on the binding ({@code quorum},
   * {@code localquorum}: only on the --dcs cluster, whose store is Cassandra).
   */
  static Step consistency(StudyContext c, Step s, String con, Map<String, String[]> levels) throws ConfigException {
    if (c.dataCentres != null) { // the paper's layout: one copy of every record in each data centre
      s.p("cassandra.keyspace", c.prefix + "sei").p("cassandra.replication.dcs", c.dataCentres.replication());
    }
    if (c.hasFile(con)) {
      return s.file(c.file(con));
    }
    String[] rw = levels.get(con);
    if (rw == null) {
      throw new ConfigException("study sei: consistency " + con + " has neither a preset file nor levels." + con);
    }
    return s.p("cassandra.readconsistency", rw[0]).p("cassandra.writeconsistency", rw[1]);
  }

  /**
   * §4.2's published consistency costs are "at 32 client sessions", which the thread list does not hold: the 80/20
   * mix of each consistency also runs at {@code costthreads} (32), unless a point of the list already is.
   */
  static void costPoint(StudyContext c, Plan plan, String con, List<String> ms, Map<Integer, List<Integer>> points,
      long patients, long ops, String pt, String ot, String store, Map<String, String[]> levels)
      throws ConfigException {
    int t = c.threads("runs", c.props.ints("costthreads").get(0), ops);
    plan.param("costThreads", t);
    if (!ms.contains(COST_MIX) || points.containsKey(t)) {
      return;
    }
    String load = con + "/load";
    plan.add(consistency(c, Step.run(con + "/" + mixName(COST_MIX) + "/threads-" + t, c.binding)
        .file(c.file(COST_MIX)), con, levels).file(store).p("fhir.patients", patients).p("fhir.patienttable", pt)
        .p("fhir.observationtable", ot).p("operationcount", ops).p("threadcount", t).tag("consistency", con)
        .tag("mix", mixName(COST_MIX)).tag("threads", t).tag("nominalThreads", "32").tag("role", "run")
        .tag("point", "consistency cost").after(load));
  }

  static final String COST_MIX = "fhir-8020";

  static final String TPUT = "extra.fhir.throughput.opsPerSec";

  /** Seed 003's throughput where the workload computed it, else the engine's. */
  static String tputField(Runs runs, String step) {
    JsonNode j = runs.results(step);
    return j != null && Fields.get(j, TPUT).isNumber() ? TPUT : "summary.throughput";
  }

  static List<String> runsOf(ReportBuilder r, String con, String mix, int threads) {
    List<String> out = new ArrayList<>();
    for (JsonNode s : r.runs.where(ReportBuilder.tags("consistency", con, "mix", mix, "threads", "" + threads,
        "role", "run"))) {
      out.add(s.path("name").asText());
    }
    return out;
  }

  @Override
  public void report(ReportBuilder r) {
    List<int[]> points = new ArrayList<>();
    List<String> nominal = new ArrayList<>();
    for (JsonNode p : r.params().path("points")) {
      points.add(new int[] {p.path("threads").asInt()});
      List<String> n = new ArrayList<>();
      p.path("nominal").forEach(x -> n.add(x.asText()));
      nominal.add(String.join(",", n));
    }
    List<String[]> series = new ArrayList<>();
    var it = r.params().path("mixes").fields();
    while (it.hasNext()) {
      var e = it.next();
      for (JsonNode m : e.getValue()) {
        series.add(new String[] {e.getKey(), m.asText()});
      }
    }
    List<Map<String, Report.Cell>> cells = throughput(r, points, nominal, series);

    peaks(r, points, series, cells);

    String main = series.stream().anyMatch(s -> s[0].equals("strong") && s[1].equals("8020")) ? "strong"
        : series.isEmpty() ? "strong" : series.get(0)[0];
    latency(r, points, main);

    boolean both = series.stream().anyMatch(s -> s[0].equals("strong") && s[1].equals("8020"))
        && series.stream().anyMatch(s -> s[0].equals("eventual") && s[1].equals("8020"));
    if (both) {
      consistency(r, points, cells);
    }

    figures(r, points, series, cells, main);
    SeiDataCentresReport.add(r);
  }

  /** The mean throughput of every series at every thread count: the table, and its cells by point. */
  private static List<Map<String, Report.Cell>> throughput(ReportBuilder r, List<int[]> points, List<String> nominal,
      List<String[]> series) {
    Runs runs = r.runs;
    Report.Table t = r.table("throughput", "Throughput (ops/s, mean of the runs) by thread count",
        "seed 003, Figures 2 (read-only), 3 (write-only), 4 (read/write), 7 (strong vs eventual)");
    t.key("threads", "threads").key("nominal", "paper's thread counts");
    for (String[] s : series) {
      t.run(s[0] + "-" + s[1], s[0] + " " + s[1], 1);
    }
    List<Map<String, Report.Cell>> cells = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      int th = points.get(i)[0];
      Map<String, Report.Cell> row = t.row();
      cells.add(row);
      row.put("threads", Report.Cell.text("" + th));
      row.put("nominal", Report.Cell.text(nominal.get(i)));
      for (String[] s : series) {
        List<String> names = runsOf(r, s[0], s[1], th);
        row.put(s[0] + "-" + s[1], runs.mean(names, n -> tputField(runs, n)));
      }
    }
    t.note("Throughput as seed 003 defines it (operations / first start to last end: extra.fhir.throughput); "
        + "± = half the 95 % confidence interval of the mean (Student's t over the repeats, --repeat; none with "
        + "one run: one sample).");
    return cells;
  }

  /** Each series' peak over the thread counts, and the published peaks. */
  private static void peaks(ReportBuilder r, List<int[]> points, List<String[]> series,
      List<Map<String, Report.Cell>> cells) {
    Report.Table pk = r.table("peak", "Peak throughput of this run (the highest mean over the thread counts)",
        "seed 003, §4.1 (peak throughput of each store, Figures 2-4)");
    pk.key("series", "consistency / mix").run("peak", "peak ops/s", 1).run("at", "at threads", 0);
    for (String[] s : series) {
      Map<String, Report.Cell> row = pk.row();
      row.put("series", Report.Cell.text(s[0] + " " + s[1]));
      Report.Cell best = null;
      String at = "-";
      for (int i = 0; i < points.size(); i++) {
        Report.Cell c = cells.get(i).get(s[0] + "-" + s[1]);
        if (c.hasValue() && (best == null || c.value > best.value)) {
          best = c;
          at = "" + points.get(i)[0];
        }
      }
      row.put("peak", best == null ? Report.Cell.text("-") : best);
      row.put("at", Report.Cell.text(at));
    }
    Report.Table pp = r.table("peak-published", "Published peak throughput per store (nine nodes, strong)",
        "seed 003, §4.1 and the abstract");
    pp.key("store", "store").published("peak", "peak ops/s", 0);
    for (String store : new String[] {"Cassandra", "Riak", "MongoDB"}) {
      Map<String, Report.Cell> row = pp.row();
      row.put("store", Report.Cell.text(store));
      row.put("peak", r.pub.cell("peak", ReportBuilder.tags("store", store)));
    }
  }

  /** Read and write latency of the 80/20 mix ({@code main} consistency) at every thread count. */
  private static void latency(ReportBuilder r, List<int[]> points, String main) {
    Runs runs = r.runs;
    Report.Table l = r.table("latency", "Read and write latency of the 80/20 mix (" + main + "), us, mean of the "
        + "runs' mean and p95", "seed 003, Figures 5 (read latency) and 6 (write latency)");
    l.key("threads", "threads").run("rm", "FHIR_RECENT mean", 1).run("r95", "FHIR_RECENT p95", 0)
        .run("wm", "FHIR_INSERT_OBS mean", 1).run("w95", "FHIR_INSERT_OBS p95", 0);
    for (int[] p : points) {
      List<String> names = runsOf(r, main, "8020", p[0]);
      Map<String, Report.Cell> row = l.row();
      row.put("threads", Report.Cell.text("" + p[0]));
      row.put("rm", runs.mean(names, "operations[FHIR_RECENT].response.mean"));
      row.put("r95", runs.mean(names, "operations[FHIR_RECENT].response.p95"));
      row.put("wm", runs.mean(names, "operations[FHIR_INSERT_OBS].response.mean"));
      row.put("w95", runs.mean(names, "operations[FHIR_INSERT_OBS].response.p95"));
    }
  }

  /** Strong vs eventual consistency of the 80/20 mix, and the published reductions. */
  private static void consistency(ReportBuilder r, List<int[]> points, List<Map<String, Report.Cell>> cells) {
    Report.Table c = r.table("consistency", "Strong vs eventual consistency, 80/20 mix",
        "seed 003, Figures 7 (Cassandra) and 8 (Riak), §4.2");
    c.key("threads", "threads").run("strong", "strong ops/s", 1).run("eventual", "eventual ops/s", 1)
        .derived("cost", "throughput change strong vs eventual, %", 1);
    for (int i = 0; i < points.size(); i++) {
      Map<String, Report.Cell> row = c.row();
      row.put("threads", Report.Cell.text("" + points.get(i)[0]));
      Report.Cell s = cells.get(i).get("strong-8020");
      Report.Cell e = cells.get(i).get("eventual-8020");
      row.put("strong", s);
      row.put("eventual", e);
      row.put("cost", ReportBuilder.change(s, e, "(strong - eventual) / eventual x 100 of the two means"));
    }
    costAt32(r);
  }

  /** §4.2: this run's strong vs eventual change at the paper's 32 client sessions, beside the published costs. */
  private static void costAt32(ReportBuilder r) {
    int t = r.params().path("costThreads").asInt(32);
    Report.Table cp = r.table("consistency-published", "Throughput change from eventual to strong at " + t
        + " threads, this run beside the published reductions", "seed 003, §4.2 (Figures 7 and 8 at 32 client "
        + "sessions)");
    cp.key("store", "store").key("threads", "client sessions").run("strong", "strong ops/s", 1)
        .run("eventual", "eventual ops/s", 1).derived("cost", "this run: change strong vs eventual, %", 1)
        .published("pub", "published reduction, %", 0);
    Report.Cell s = mean(r, "strong", t);
    Report.Cell e = mean(r, "eventual", t);
    Map<String, Report.Cell> own = cp.row();
    own.put("store", Report.Cell.text("this run (" + r.header.path("binding").asText("?") + ")"));
    own.put("threads", Report.Cell.text("" + t));
    own.put("strong", s);
    own.put("eventual", e);
    own.put("cost", ReportBuilder.change(s, e, "(strong - eventual) / eventual x 100 of the two means"));
    for (String store : new String[] {"Cassandra", "Riak"}) {
      Map<String, Report.Cell> row = cp.row();
      row.put("store", Report.Cell.text(store));
      row.put("threads", Report.Cell.text("32"));
      row.put("pub", r.pub.cell("consistency-cost", ReportBuilder.tags("store", store)));
    }
    cp.note("A reduction of 25 % is a change of -25 %. The paper's stores ran 9 nodes with replication factor 3, "
        + "where a quorum waits for other nodes; on one node a quorum is the node itself (see the experiments "
        + "table and the cluster-only settings).");
  }

  private static Report.Cell mean(ReportBuilder r, String con, int threads) {
    return r.runs.mean(runsOf(r, con, "8020", threads), s -> tputField(r.runs, s));
  }

  /** Throughput, p95 and mean response time vs threads. */
  private static void figures(ReportBuilder r, List<int[]> points, List<String[]> series,
      List<Map<String, Report.Cell>> cells, String main) {
    Runs runs = r.runs;
    boolean logX = points.size() > 1 && points.get(points.size() - 1)[0] >= 10 * points.get(0)[0];
    Report.Figure f = r.line("throughput-vs-threads", "Throughput vs threads (mean, 95 % CI of the repeats)",
        "seed 003, Figures 2, 3, 4, 7", "threads", "ops/s", logX);
    for (String[] s : series) {
      List<double[]> pts = new ArrayList<>();
      for (int i = 0; i < points.size(); i++) {
        Report.Cell c = cells.get(i).get(s[0] + "-" + s[1]);
        pts.add(Runs.point(points.get(i)[0], c));
      }
      f.line(s[0] + " " + s[1], pts);
    }
    Report.Figure f95 = r.line("p95-vs-threads", "80/20 p95 response time vs threads", "seed 003, Figures 5, 6",
        "threads", "us", logX);
    Report.Figure fm = r.line("mean-vs-threads", "80/20 mean response time vs threads", "seed 003, Figures 5, 6",
        "threads", "us", logX);
    for (String op : new String[] {"FHIR_RECENT", "FHIR_INSERT_OBS"}) {
      List<double[]> p95 = new ArrayList<>();
      List<double[]> mean = new ArrayList<>();
      for (int[] p : points) {
        List<String> names = runsOf(r, main, "8020", p[0]);
        p95.add(Runs.point(p[0], runs.mean(names, "operations[" + op + "].response.p95")));
        mean.add(Runs.point(p[0], runs.mean(names, "operations[" + op + "].response.mean")));
      }
      f95.line(op, p95);
      fm.line(op, mean);
    }
  }
}
