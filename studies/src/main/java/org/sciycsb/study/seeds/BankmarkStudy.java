package org.sciycsb.study.seeds;

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

/**
 * Seed 004 (bankmark, Cassandra/MongoDB/SequoiaDB): per test case (200 M and 100 M records) and per workload 1 to 5:
 * a single load (one insert at a time, the warmup file), a pause, a warmup run of the warmup file (no inserts), the
 * measured run; then a bulk load in batches of 1000 where the binding batches inserts.
 */
final class BankmarkStudy implements StudyDef {
  @Override
  public String name() {
    return "bankmark";
  }

  @Override
  public String seed() {
    return "004";
  }

  @Override
  public String title() {
    return "bankmark: YCSB workloads 1-5 with warmups, single and bulk loads (Cassandra/MongoDB/SequoiaDB)";
  }

  @Override
  public String describe() {
    return String.join("\n",
        "matrix: test cases I (200 M records) and II (100 M) x workload1..5 (zipfian 100r, 50r/50u, 5r/95u,",
        "95r/5u; latest 95r/5i), each: single load (workloadN-warmup), 30 min pause, 30 min warmup run",
        "(workloadN-warmup: no inserts), 30 min measured run (workloadN); then a bulk load in batches of 1000",
        "(<binding>.batchsize) per test case. 64 threads. --scale multiplies records, pauses and durations.",
        "report: throughput per workload and test case (section 6's charts; the paper prints no values, its",
        "axis tops are shown as upper bounds), latency per operation, warmup vs measured runs.");
  }

  @Override
  public void expand(StudyContext c, Plan plan) throws ConfigException {
    StudyProps p = c.props;
    List<String> cases = p.list("testcases");
    List<String> workloads = p.list("workloads");
    int threads = p.ints("threads").get(0);
    int loadThreads = p.ints("loadthreads").get(0);
    long pause = c.seconds(p.seconds("pause"), 0);
    long warm = c.seconds(p.seconds("warmup"), 1);
    long runtime = c.seconds(p.seconds("runtime"), 1);
    long batch = p.longValue("bulk.batchsize");
    String base = c.file("base");
    // section 5.2's configuration matrix, as preset-<binding>
    String preset = c.preset(plan, "no preset of the paper's settings for binding " + c.binding + " (the paper's "
        + "stores: cassandra, mongodb, sequoiadb)");
    String batchKey = c.bindingOption(".batchsize");
    Map<String, Object> recs = new LinkedHashMap<>();
    for (String tc : cases) {
      long records = c.count(p.longValue("records." + tc));
      recs.put(tc, records);
      for (String w : workloads) {
        String warmFile = c.file(w + "-warmup");
        String file = c.file(w);
        String table = c.prefix + "bm_" + StudyContext.ident(tc) + "_" + StudyContext.ident(w);
        String prefix = "tc" + tc + "/" + w + "/";
        plan.add(Step.load(prefix + "load", c.binding).file(base).file(preset).file(warmFile).p("recordcount", records)
            .p("table", table).p("threadcount", c.threads("load", loadThreads, records))
            .tag("testcase", tc).tag("workload", w).tag("role", "load"));
        String last = prefix + "load";
        if (pause > 0) {
          plan.add(Step.pause(prefix + "pause", pause).tag("testcase", tc).tag("workload", w).tag("role", "pause")
              .after(last));
          last = prefix + "pause";
        }
        plan.add(Step.run(prefix + "warmup", c.binding).file(base).file(preset).file(warmFile).p("recordcount", records)
            .p("table", table).p("operationcount", 0).p("maxexecutiontime", warm).p("threadcount", threads)
            .tag("testcase", tc).tag("workload", w).tag("role", "warmup").after(prefix + "load").after(last));
        plan.add(Step.run(prefix + "run", c.binding).file(base).file(preset).file(file).p("recordcount", records)
            .p("table", table).p("operationcount", 0).p("maxexecutiontime", runtime).p("threadcount", threads)
            .tag("testcase", tc).tag("workload", w).tag("role", "run").after(prefix + "load"));
      }
      if (batchKey != null) {
        plan.add(Step.load("tc" + tc + "/bulkload", c.binding).file(base).file(preset).file(c.file(workloads.get(0) + "-warmup"))
            .p("recordcount", records).p("table", c.prefix + "bm_" + StudyContext.ident(tc) + "_bulk")
            .p(batchKey, batch).p("threadcount", c.threads("load", loadThreads, records))
            .tag("testcase", tc).tag("workload", "bulkload").tag("role", "bulkload"));
      }
    }
    if (batchKey == null) {
      plan.note("no bulk load: binding " + c.binding + " has no batched insert option (*.batchsize); the paper "
          + "also had no bulk load for Cassandra");
    }
    plan.note((c.clients == 1 ? "one client process" : c.clients + " client processes on this host (--clients "
        + c.clients + ", their results merged exactly)") + " with " + threads + " threads" + (c.clients == 1 ? ""
        : " each") + "; the paper ran five client hosts of 64 threads (--clients 5; or on YARN, or merge several "
        + "hosts' runs with bin/ycsb merge)");
    plan.param("testcases", recs);
    plan.param("recordBytes", recordBytes(base));
    plan.param("pauseSeconds", pause);
    plan.param("warmupSeconds", warm);
    plan.param("runSeconds", runtime);
    plan.param("threads", threads);
    plan.param("bulkOption", batchKey == null ? null : batchKey + "=" + batch);
    plan.param("workloads", workloads);
  }

  static String title(String w) {
    switch (w) {
      case "load":
        return "Load (single)";
      case "bulkload":
        return "Bulk load (1000/batch)";
      case "workload1":
        return "Workload 1: zipfian 100% read";
      case "workload2":
        return "Workload 2: zipfian 50% read 50% update";
      case "workload3":
        return "Workload 3: zipfian 5% read 95% update";
      case "workload4":
        return "Workload 4: zipfian 95% read 5% update";
      case "workload5":
        return "Workload 5: latest 95% read 5% insert";
      default:
        return w;
    }
  }

  @Override
  public void report(ReportBuilder r) {
    List<String> cases = new ArrayList<>();
    r.params().path("testcases").fieldNames().forEachRemaining(cases::add);
    List<String> workloads = new ArrayList<>();
    r.params().path("workloads").forEach(n -> workloads.add(n.asText()));
    List<String> rows = new ArrayList<>(List.of("load", "bulkload"));
    rows.addAll(workloads);
    throughput(r, cases, workloads, rows);

    Report.Table loads = r.table("loads", "Every load (single inserts) and the bulk load, ops/s",
        "seed 004, sections 6.1.1, 6.1.2, 6.2.1, 6.2.2");
    loads.key("load", "load");
    for (String tc : cases) {
      loads.run("run-" + tc, "Test Case " + tc, 1);
    }
    for (String w : rows) {
      if (w.equals("load")) {
        continue;
      }
      Map<String, Report.Cell> row = loads.row();
      row.put("load", Report.Cell.text(w.equals("bulkload") ? title(w) : "before " + w));
      for (String tc : cases) {
        row.put("run-" + tc, r.runs.value(w.equals("bulkload") ? "tc" + tc + "/bulkload" : "tc" + tc + "/" + w
            + "/load", "summary.throughput"));
      }
    }

    latency(r, cases, workloads);

    Report.Table wu = r.table("warmup", "Warmup vs measured run, ops/s", "seed 004, section 5 (a 30-minute warmup "
        + "of the workload before the measured 30 minutes)");
    wu.key("workload", "workload").key("testcase", "test case").run("warm", "warmup run", 1)
        .run("run", "measured run", 1);
    for (String w : workloads) {
      for (String tc : cases) {
        Map<String, Report.Cell> row = wu.row();
        row.put("workload", Report.Cell.text(w));
        row.put("testcase", Report.Cell.text(tc));
        row.put("warm", r.runs.value("tc" + tc + "/" + w + "/warmup", "summary.throughput"));
        row.put("run", r.runs.value("tc" + tc + "/" + w + "/run", "summary.throughput"));
      }
    }

    List<String> cats = new ArrayList<>();
    for (String w : rows) {
      cats.add(w.replace("workload", "W").replace("bulkload", "bulk"));
    }
    Report.Figure f = r.bar("throughput", "Throughput per workload", "seed 004, section 6 charts", "ops/s", cats);
    for (String tc : cases) {
      double[] v = new double[rows.size()];
      for (int i = 0; i < rows.size(); i++) {
        String w = rows.get(i);
        String step = w.equals("load") ? "tc" + tc + "/" + workloads.get(0) + "/load"
            : w.equals("bulkload") ? "tc" + tc + "/bulkload" : "tc" + tc + "/" + w + "/run";
        v[i] = r.runs.number(step, "summary.throughput");
      }
      f.bars("Test Case " + tc, v);
    }
  }

  /** Throughput per workload (and the load and bulk load) and test case, with the published axis tops. */
  /** A record's bytes by the base file: fieldcount x fieldlength (YCSB's defaults, 10 x 100, where it says none). */
  static long recordBytes(String base) throws ConfigException {
    java.util.Properties p = new java.util.Properties();
    try (var in = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of(base))) {
      p.load(in);
      return Long.parseLong(p.getProperty("fieldcount", "10").trim())
          * Long.parseLong(p.getProperty("fieldlength", "100").trim());
    } catch (java.io.IOException | NumberFormatException e) {
      throw new ConfigException("study preset " + base + ": no record size (fieldcount x fieldlength): "
          + e.getMessage());
    }
  }

  /** Test case I's raw data: its records of the base file's size (the larger case; II has half). */
  @Override
  public long datasetBytes(Plan plan) {
    Object recs = plan.params().get("testcases");
    Object bytes = plan.params().get("recordBytes");
    if (!(recs instanceof Map<?, ?> m) || !(bytes instanceof Number b)) {
      return -1;
    }
    long max = -1;
    for (Object v : m.values()) {
      max = Math.max(max, ((Number) v).longValue() * b.longValue());
    }
    return max;
  }

  /** The load and the bulk load are figures of the paper (their throughput), measured under the cap as the runs. */
  @Override
  public boolean loadsMeasured() {
    return true;
  }

  /** "the raw data size is about 45% of the system's total RAM" (test case I; test case II: 22 %). */
  @Override
  public PaperMemory paperMemory() {
    return new PaperMemory(0.45, "seed 004, section 6.1: test case I's raw data is about 45% of the system's total "
        + "RAM (6.2: test case II's 22%)");
  }

  private static void throughput(ReportBuilder r, List<String> cases, List<String> workloads, List<String> rows) {
    Report.Table t = r.table("throughput", "Throughput (ops/s) per workload and test case",
        "seed 004, sections 6.1.1-6.1.7 (Test Case I) and 6.2.1-6.2.7 (Test Case II)");
    t.key("workload", "workload");
    for (String tc : cases) {
      t.run("run-" + tc, "Test Case " + tc + " (" + r.params().path("testcases").path(tc).asLong() + " records)", 1);
    }
    for (String tc : cases) {
      t.published("pub-" + tc, "Test Case " + tc + " chart axis top", 0);
    }
    for (String w : rows) {
      Map<String, Report.Cell> row = t.row();
      row.put("workload", Report.Cell.text(title(w)));
      for (String tc : cases) {
        String step = w.equals("load") ? "tc" + tc + "/" + workloads.get(0) + "/load"
            : w.equals("bulkload") ? "tc" + tc + "/bulkload" : "tc" + tc + "/" + w + "/run";
        row.put("run-" + tc, r.runs.value(step, "summary.throughput"));
        row.put("pub-" + tc, r.pub.cell("axis", ReportBuilder.tags("testcase", tc, "workload", w)));
      }
    }
    t.note("Load = the single load before workload 1 (every workload reloads; all loads are in the 'loads' table). "
        + "Published: the paper's bar charts print no values; '<= N' is the chart's axis top (an upper bound for "
        + "all three stores), not a measurement.");
  }

  /** Read and write latency of every measured run. */
  private static void latency(ReportBuilder r, List<String> cases, List<String> workloads) {
    Report.Table l = r.table("latency", "Latency of the measured runs (response time, us)",
        "seed 004, section 6 (the paper reports throughput only)");
    l.key("workload", "workload").key("testcase", "test case");
    l.run("rm", "READ mean", 1).run("r95", "READ p95", 0).run("r99", "READ p99", 0).run("wop", "write", 0)
        .run("wm", "write mean", 1).run("w95", "write p95", 0).run("w99", "write p99", 0);
    for (String w : workloads) {
      for (String tc : cases) {
        String step = "tc" + tc + "/" + w + "/run";
        Map<String, Report.Cell> row = l.row();
        row.put("workload", Report.Cell.text(w));
        row.put("testcase", Report.Cell.text(tc));
        String op = SandiskStudy.writeOp(r.runs, step);
        boolean writes = r.runs.results(step) != null && !Fields.get(r.runs.results(step), "operations[" + op
            + "]").isMissingNode();
        row.put("rm", r.runs.value(step, "operations[READ].response.mean"));
        row.put("r95", r.runs.value(step, "operations[READ].response.p95"));
        row.put("r99", r.runs.value(step, "operations[READ].response.p99"));
        row.put("wop", Report.Cell.text(writes ? op : "-"));
        row.put("wm", writes ? r.runs.value(step, "operations[" + op + "].response.mean") : Report.Cell.text("-"));
        row.put("w95", writes ? r.runs.value(step, "operations[" + op + "].response.p95") : Report.Cell.text("-"));
        row.put("w99", writes ? r.runs.value(step, "operations[" + op + "].response.p99") : Report.Cell.text("-"));
      }
    }
  }
}
