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
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.report.Runs;

/**
 * Seed 001 (Nieć, FASTA/SSEARCH results in MongoDB and Riak), §5.2: for each number of concurrent workers, the
 * write test (workers parse 80 ssearch36 -m 10 files into task/rna/gs/align documents and write them, into fresh
 * tables) and then the read test (random reads of the written ids).
 */
final class NiecStudy implements StudyDef {
  static final String[] TYPES = {"task", "rna", "gs", "align"};

  @Override
  public String name() {
    return "niec";
  }

  @Override
  public String seed() {
    return "001";
  }

  @Override
  public String title() {
    return "Nieć: FASTA alignments written then read by 1 to 80 concurrent workers (MongoDB vs Riak)";
  }

  @Override
  public String describe() {
    return String.join("\n",
        "matrix: workers 1, 2, 5, 10, 20, 40, 80, each: write test (load: 80 files, about 4.0 M documents, into",
        "fresh tables) then read test (run: 80,000 random reads of the written ids). --scale multiplies the",
        "documents (hits per file) and the reads; worker counts above the files or the reads are capped.",
        "report: write and read documents/s by workers (Figures 5.1, 5.2) with the paper's MongoDB and Riak",
        "figures beside, CPU by workers (Figures 5.3, 5.4), and the client alone (Figure 4.1: the write and read",
        "tests on the no-op binding basic, steps client/write and client/read) beside the paper's program.");
  }

  @Override
  public void expand(StudyContext c, Plan plan) throws ConfigException {
    StudyProps p = c.props;
    List<Integer> workers = p.ints("workers");
    int files = p.ints("files").get(0);
    long hits = c.count(p.longValue("hits"));
    long reads = c.count(p.longValue("reads"));
    String preset = c.file("fasta");
    String store = c.preset(plan, null); // seed 001's MongoDB setting: FASTA collections on a hashed shard key
    client(c, plan, preset, files, hits, reads);
    Map<Integer, List<Integer>> points = new LinkedHashMap<>();
    for (int w : workers) {
      points.computeIfAbsent(c.threads("workers", w, Math.min(files, reads)), k -> new ArrayList<>()).add(w);
    }
    List<Object> pts = new ArrayList<>();
    for (Map.Entry<Integer, List<Integer>> e : points.entrySet()) {
      int w = e.getKey();
      String write = "workers-" + w + "/write";
      plan.add(Step.load(write, c.binding).file(preset).file(store).p("fasta.corpus.files", files).p("fasta.corpus.hits", hits)
          .p("fasta.table.prefix", c.prefix + "n" + w + "_").p("threadcount", w).tag("workers", w)
          .tag("nominalWorkers", e.getValue().toString().replaceAll("[\\[\\] ]", "")).tag("phase", "write")
          .repeated("fasta.table.prefix"));
      plan.add(Step.run("workers-" + w + "/read", c.binding).file(preset).file(store).p("fasta.ids", "${dir:" + write + "}")
          .p("fasta.reads", reads).p("threadcount", w).tag("workers", w).tag("phase", "read").after(write));
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("workers", w);
      m.put("nominal", e.getValue());
      pts.add(m);
    }
    plan.param("files", files);
    plan.param("hitsPerFile", hits);
    plan.param("reads", reads);
    plan.param("points", pts);
  }

  /**
   * §4.1.3, Figure 4.1: the paper's program "without any database connected": the write test and the read test by
   * {@code client.workers} worker(s) on the no-op binding {@code client.binding} (basic), no store preset.
   */
  static void client(StudyContext c, Plan plan, String preset, int files, long hits, long reads)
      throws ConfigException {
    String binding = c.props.list("client.binding").get(0);
    int w = c.threads("workers", c.props.ints("client.workers").get(0), Math.min(files, reads));
    plan.add(Step.load(CLIENT_WRITE, binding).file(preset).p("fasta.corpus.files", files)
        .p("fasta.corpus.hits", hits).p("fasta.table.prefix", c.prefix + "client_").p("threadcount", w)
        .tag("workers", w).tag("phase", "write").tag("role", "client").repeated("fasta.table.prefix"));
    plan.add(Step.run(CLIENT_READ, binding).file(preset).p("fasta.ids", "${dir:" + CLIENT_WRITE + "}")
        .p("fasta.reads", reads).p("threadcount", w).tag("workers", w).tag("phase", "read").tag("role", "client")
        .after(CLIENT_WRITE));
    plan.param("clientBinding", binding);
    plan.param("clientWorkers", w);
  }

  static final String CLIENT_WRITE = "client/write";
  static final String CLIENT_READ = "client/read";

  @Override
  public void report(ReportBuilder r) {
    Report.Table t = r.table("workers", "Write and read throughput (documents/s) by concurrent workers",
        "seed 001, §5.2, Figures 5.1 (MongoDB) and 5.2 (Riak)");
    t.key("workers", "workers").derived("docs", "documents written", 0).run("wmean", "write docs/s (mean)", 1)
        .run("wpeak", "write docs/s (best second)", 0).run("read", "read docs/s", 1)
        .run("r95", "read p95 us", 0).published("pub-mongo-w", "MongoDB write", 0)
        .published("pub-mongo-r", "MongoDB read", 0).published("pub-riak-w", "Riak write", 0)
        .published("pub-riak-r", "Riak read", 0);
    List<double[]> wpts = new ArrayList<>();
    List<double[]> rpts = new ArrayList<>();
    for (JsonNode p : r.params().path("points")) {
      int w = p.path("workers").asInt();
      String write = "workers-" + w + "/write";
      String read = "workers-" + w + "/read";
      Map<String, Report.Cell> row = t.row();
      row.put("workers", Report.Cell.text("" + w));
      Report.Cell docs = new Report.Cell();
      double sum = 0;
      boolean any = false;
      for (String type : TYPES) {
        Report.Cell c = r.runs.value(write, "extra.fasta.documentsWritten." + type);
        if (c.hasValue()) {
          sum += c.value;
          docs.sources.addAll(c.sources);
          any = true;
        }
      }
      if (any) {
        docs.value = sum;
        docs.derived = "sum of the four document types";
      } else {
        docs.text = "-";
      }
      row.put("docs", docs);
      Report.Cell wm = r.runs.value(write, "extra.fasta.docsPerSecond.mean");
      Report.Cell rd = r.runs.value(read, "summary.throughput");
      row.put("wmean", wm);
      row.put("wpeak", r.runs.value(write, "extra.fasta.docsPerSecond.peak"));
      row.put("read", rd);
      row.put("r95", r.runs.value(read, "operations[OVERALL].response.p95"));
      row.put("pub-mongo-w", r.pub.cell("fig5.1", ReportBuilder.tags("store", "MongoDB", "workers", "" + w, "phase",
          "write")));
      row.put("pub-mongo-r", r.pub.cell("fig5.1", ReportBuilder.tags("store", "MongoDB", "workers", "" + w, "phase",
          "read")));
      row.put("pub-riak-w", r.pub.cell("fig5.2", ReportBuilder.tags("store", "Riak", "workers", "" + w, "phase",
          "write")));
      row.put("pub-riak-r", r.pub.cell("fig5.2", ReportBuilder.tags("store", "Riak", "workers", "" + w, "phase",
          "read")));
      wpts.add(Runs.point(w, wm));
      rpts.add(Runs.point(w, rd));
    }
    t.note("Write docs/s = documents written / (first write to last write), extra.fasta.docsPerSecond; read "
        + "docs/s = the read run's throughput. The paper states figures only at its best worker counts (MongoDB "
        + "20, Riak 10); '-' = a chart point without a printed value.");

    client(r);

    boolean logX = wpts.size() > 1 && wpts.get(wpts.size() - 1)[0] >= 10 * wpts.get(0)[0];
    r.line("throughput-vs-workers", "Documents/s by workers", "seed 001, Figures 5.1, 5.2", "workers",
        "documents/s", logX).line("write (mean)", wpts).line("read", rpts);
    cpu(r, logX);
  }

  /** Figure 4.1: the client steps on the no-op binding beside the paper's program without a database. */
  static void client(ReportBuilder r) {
    Report.Table np = r.table("no-database", "The benchmark program without a database (the client's own limit)",
        "seed 001, §4.1.3, Figure 4.1");
    np.key("phase", "phase").run("rate", "documents/s (mean)", 1).run("peak", "documents/s (best second)", 0)
        .published("pub", "paper's program, documents/s", 0);
    String[][] phases = {{"write", CLIENT_WRITE, "extra.fasta.docsPerSecond.mean"},
        {"read", CLIENT_READ, "summary.throughput"}};
    for (String[] ph : phases) {
      Map<String, Report.Cell> row = np.row();
      row.put("phase", Report.Cell.text(ph[0]));
      row.put("rate", r.runs.value(ph[1], ph[2]));
      row.put("peak", ph[0].equals("write") ? r.runs.value(ph[1], "extra.fasta.docsPerSecond.peak")
          : Report.Cell.text("-"));
      row.put("pub", r.pub.cell("fig4.1", ReportBuilder.tags("phase", ph[0])));
    }
    np.note("This run: steps " + CLIENT_WRITE + " and " + CLIENT_READ + " on the no-op binding "
        + r.params().path("clientBinding").asText("basic") + " (no database), " + r.params().path("clientWorkers")
        .asText("1") + " worker(s), the matrix's files, documents and reads; the paper: one program, 100 files, "
        + "5,017,837 documents in 233 s, and 'more then 60000 requests/s' read (a lower bound).");
  }

  /** Columns of the CPU table: the phase, then what was sampled (resources.summary of each run). */
  static final String[][] CPU = {{"host", "hostCpuBusy", "host busy"}, {"server",
      "serverProcessesCpu", "store server processes"}, {"client", "processes.client.cpu", "client JVM"}};

  /**
   * Seed 001's CPU figures (Figures 5.3 and 5.4: the database host's CPU while the tests ran by workers; 5.5-5.8
   * are throughput by mongos hosts and nodes, not CPU), from the runs' resource
   * samples: this host's busy CPU, the store's server process (when -p resources.pids names it) and the client's,
   * as means over each test, by workers.
   */
  static void cpu(ReportBuilder r, boolean logX) {
    Report.Table t = r.table("cpu", "CPU during the write and read tests (% of all CPUs of this host, mean)",
        "seed 001, Figures 5.3 (MongoDB) and 5.4 (Riak): CPU of the database host by workers");
    t.key("workers", "workers");
    for (String ph : new String[] {"write", "read"}) {
      for (String[] c : CPU) {
        t.run(ph + "-" + c[0], ph + ": " + c[2], 1);
      }
    }
    Map<String, List<double[]>> lines = new LinkedHashMap<>();
    for (JsonNode p : r.params().path("points")) {
      int w = p.path("workers").asInt();
      Map<String, Report.Cell> row = t.row();
      row.put("workers", Report.Cell.text("" + w));
      for (String ph : new String[] {"write", "read"}) {
        for (String[] c : CPU) {
          Report.Cell cell = r.runs.value("workers-" + w + "/" + ph, "resources.summary." + c[1]);
          row.put(ph + "-" + c[0], cell);
          if (cell.hasValue()) {
            lines.computeIfAbsent(ph + ": " + c[2], k -> new ArrayList<>()).add(Runs.point(w, cell));
          }
        }
      }
    }
    t.note("The paper sampled its database hosts with sar; here store and client share one host, so 'host busy' "
        + "is both, and the store's own processes are shown (added up) when -p resources.pids names them (e.g. "
        + "servers:mongodb for the test server's FerretDB and PostgreSQL, or pid files; '-' without it). Means over each test's samples "
        + "(resources.interval) from its measured start.");
    Report.Figure f = r.line("cpu-vs-workers", "CPU by workers", "seed 001, Figures 5.3, 5.4", "workers",
        "% of all CPUs", logX);
    lines.forEach(f::line);
  }
}
