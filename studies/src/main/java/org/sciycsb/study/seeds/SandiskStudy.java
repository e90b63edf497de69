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
 * Seed 002 (SanDisk, MongoDB on SSD vs HDD): YCSB workloads A, B, C and read-latest, uniform and zipfian, at three
 * dataset sizes given in bytes (in memory, 8x and 32x the first); one load per size, then every workload and
 * distribution on it. Two runs of the study on two storage configurations ({@code -p label.storage=ssd|hdd}) give
 * the vendor's side by side through {@code --compare}.
 */
public final class SandiskStudy implements StudyDef {
  @Override
  public String name() {
    return "sandisk";
  }

  @Override
  public String seed() {
    return "002";
  }

  @Override
  public String title() {
    return "SanDisk: MongoDB on SSD vs HDD (YCSB A, B, C, read-latest; uniform and zipfian; 32GB, 256GB, 1TB)";
  }

  @Override
  public String describe() {
    return String.join("\n",
        "matrix: sizes 32GB, 256GB, 1TB (bytes; records = bytes / 1024-byte record) x workloads A, B, C (uniform,",
        "zipfian) and read-latest (latest, uniform, zipfian); one load per size, then each workload x distribution",
        "(warmupops first, excluded). --scale multiplies the bytes and the operation counts.",
        "report: throughput by workload, distribution and size (Figure 7's layout, its published workload A",
        "numbers beside), read/update latency, dataset size vs this machine's memory.",
        "SSD vs HDD on one host: --devices hdd,ssd (emulated devices, bin/servers device create; the test server",
        "restarted on each, its memory capped at the paper's ratio), or two runs and --compare <dir-ssd> <dir-hdd>.");
  }

  /** Size labels and their bytes at the paper's scale, from "label=bytes" entries. */
  static Map<String, Long> sizes(StudyProps p) throws ConfigException {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String e : p.list("sizes")) {
      int eq = e.indexOf('=');
      if (eq <= 0) {
        throw new ConfigException("study file " + p.file() + ": sizes entry '" + e + "' is not label=bytes");
      }
      try {
        out.put(e.substring(0, eq).trim(), StudyProps.parseBytes(e.substring(eq + 1)));
      } catch (NumberFormatException x) {
        throw new ConfigException("study file " + p.file() + ": sizes entry '" + e + "' has no byte size");
      }
    }
    return out;
  }

  /** Records of a dataset of {@code bytes} at scale, of {@code recordBytes}-byte records: at least 1. */
  static long records(long bytes, double scale, long recordBytes) {
    return Math.max(1, Math.round(bytes * scale) / recordBytes);
  }

  @Override
  public void expand(StudyContext c, Plan plan) throws ConfigException {
    StudyProps p = c.props;
    Map<String, Long> sizes = sizes(p);
    long recordBytes = p.bytes("recordbytes");
    if (recordBytes < 1) {
      throw new ConfigException("study file " + p.file() + ": recordbytes must be at least 1");
    }
    List<String> workloads = p.list("workloads");
    Map<String, List<String>> dists = new LinkedHashMap<>();
    for (String w : workloads) {
      dists.put(w, p.list("distributions." + w));
    }
    long ops = c.count(p.longValue("operationcount"));
    long warm = c.countOrZero(p.longValue("warmupops"));
    int threads = p.ints("threads").get(0);
    int loadThreads = p.ints("loadthreads").get(0);
    String base = c.file("base");
    List<Object> sizeParams = new ArrayList<>();
    for (Map.Entry<String, Long> s : sizes.entrySet()) {
      String label = s.getKey();
      long records = records(s.getValue(), c.scale, recordBytes);
      long bytes = records * recordBytes;
      Map<String, Object> sp = new LinkedHashMap<>();
      sp.put("label", label);
      sp.put("paperBytes", s.getValue());
      sp.put("bytes", bytes);
      sp.put("records", records);
      sizeParams.add(sp);
      String table = c.prefix + "sd_" + StudyContext.ident(label);
      String load = label + "/load";
      plan.add(Step.load(load, c.binding).file(base).p("recordcount", records).p("table", table)
          .p("threadcount", c.threads("load", loadThreads, records)).tag("size", label).tag("role", "load")
          .tag("records", records));
      for (String w : workloads) {
        String preset = c.file(w);
        for (String d : dists.get(w)) {
          plan.add(Step.run(label + "/" + w + "-" + d, c.binding).file(base).file(preset)
              .p("requestdistribution", d).p("recordcount", records).p("operationcount", ops)
              .p("warmupops", warm).p("table", table).p("threadcount", c.threads("run", threads, ops))
              .tag("size", label).tag("workload", w).tag("distribution", d).tag("role", "run").after(load));
        }
      }
    }
    plan.param("sizes", sizeParams);
    plan.param("recordBytes", recordBytes);
    plan.param("operationcount", ops);
    plan.param("warmupops", warm);
    plan.param("workloads", dists);
  }

  @Override
  public long datasetBytes(Plan plan) {
    long max = -1;
    for (Object o : (List<?>) plan.params().getOrDefault("sizes", List.of())) {
      max = Math.max(max, ((Number) ((Map<?, ?>) o).get("bytes")).longValue());
    }
    return max;
  }

  /** "MongoDB Dataset Size: 32GB, 256GB, 1TB" on a server with 96GB of memory: 1 TiB / 96 GiB. */
  @Override
  public PaperMemory paperMemory() {
    return new PaperMemory(1024.0 / 96.0, "seed 002: the 1TB data set on a server with 96GB of memory (32GB: 0.33, "
        + "256GB: 2.7, 1TB: 10.7 x memory)");
  }

  public static String workloadTitle(String w) {
    switch (w) {
      case "workloada":
        return "A (50r/50u)";
      case "workloadb":
        return "B (95r/5u)";
      case "workloadc":
        return "C (100r)";
      case "readlatest":
        return "read latest (95r/5i)";
      default:
        return w;
    }
  }

  static List<String> sizeLabels(ReportBuilder r) {
    List<String> out = new ArrayList<>();
    for (JsonNode s : r.params().path("sizes")) {
      out.add(s.path("label").asText());
    }
    return out;
  }

  /** (workload, distribution) pairs in plan order. */
  static List<String[]> pairs(ReportBuilder r) {
    List<String[]> out = new ArrayList<>();
    var it = r.params().path("workloads").fields();
    while (it.hasNext()) {
      var e = it.next();
      for (JsonNode d : e.getValue()) {
        out.add(new String[] {e.getKey(), d.asText()});
      }
    }
    return out;
  }

  /** The write operation of a workload's results: UPDATE, else INSERT. */
  public static String writeOp(Runs runs, String step) {
    JsonNode j = runs.results(step);
    if (j != null && Fields.get(j, "operations[UPDATE]").isMissingNode()
        && !Fields.get(j, "operations[INSERT]").isMissingNode()) {
      return "INSERT";
    }
    return "UPDATE";
  }

  @Override
  public void report(ReportBuilder r) {
    List<String> sizes = sizeLabels(r);
    List<String[]> pairs = pairs(r);
    throughput(r, sizes, pairs);
    latency(r, sizes, pairs);
    datasets(r);
    List<String> cats = new ArrayList<>();
    for (String[] wd : pairs) {
      cats.add(wd[0].replace("workload", "").replace("readlatest", "latest") + "-" + wd[1].substring(0, 3));
    }
    Report.Figure f = r.bar("throughput-by-size", "Throughput by workload-distribution and size",
        "seed 002, Figures 5, 6, 9, 11A", "ops/s", cats);
    Report.Figure f95 = r.bar("read-p95-by-size", "READ p95 by workload-distribution and size",
        "seed 002, Figures 8, 10, 11B", "us", cats);
    for (String s : sizes) {
      double[] v = new double[pairs.size()];
      double[] p95 = new double[pairs.size()];
      for (int i = 0; i < pairs.size(); i++) {
        String step = s + "/" + pairs.get(i)[0] + "-" + pairs.get(i)[1];
        v[i] = r.runs.number(step, "summary.throughput");
        p95[i] = r.runs.number(step, "operations[READ].response.p95");
      }
      f.bars(s, v);
      f95.bars(s, p95);
    }
  }

  /** Throughput by workload, distribution and dataset size, with the published figures. */
  private static void throughput(ReportBuilder r, List<String> sizes, List<String[]> pairs) {
    Report.Table t = r.table("throughput", "Throughput (ops/s) by workload, distribution and dataset size",
        "seed 002, Figures 5, 6, 7, 9 and 11A (Figure 7 prints workload A's numbers; the others are charts)");
    t.key("workload", "workload").key("distribution", "distribution");
    for (String s : sizes) {
      t.run("run-" + s, s + " ops/s", 1);
    }
    for (String stor : new String[] {"HDD", "SSD"}) {
      for (String s : sizes) {
        t.published("pub-" + stor + "-" + s, stor + " " + s + " ops/s", 0);
      }
    }
    for (String[] wd : pairs) {
      Map<String, Report.Cell> row = t.row();
      row.put("workload", Report.Cell.text(workloadTitle(wd[0])));
      row.put("distribution", Report.Cell.text(wd[1]));
      for (String s : sizes) {
        row.put("run-" + s, r.runs.value(s + "/" + wd[0] + "-" + wd[1], "summary.throughput"));
        for (String stor : new String[] {"HDD", "SSD"}) {
          row.put("pub-" + stor + "-" + s, r.pub.cell("fig7", ReportBuilder.tags("workload", wd[0], "storage", stor,
              "distribution", wd[1], "size", s)));
        }
      }
    }
    t.note("The paper prints numbers for workload A only (Figure 7); '-' = the paper shows a chart without "
        + "values. Its HDD and SSD columns are two storage configurations of one server; this run is one "
        + "configuration: both in one study with --devices hdd,ssd, or two runs and bin/ycsb study sandisk "
        + "--compare.");
  }

  /** Read and write latency by workload, distribution and dataset size. */
  private static void latency(ReportBuilder r, List<String> sizes, List<String[]> pairs) {
    Report.Table l = r.table("latency", "Read and write latency (response time, us) by workload, distribution and "
        + "size", "seed 002, Figures 8, 10 and 11B (latency charts; the paper prints no values)");
    l.key("workload", "workload").key("distribution", "distribution");
    for (String s : sizes) {
      l.run(s + "-rm", s + " READ mean", 1).run(s + "-r95", s + " READ p95", 0).run(s + "-wm", s + " write mean", 1)
          .run(s + "-w95", s + " write p95", 0);
    }
    for (String[] wd : pairs) {
      Map<String, Report.Cell> row = l.row();
      row.put("workload", Report.Cell.text(workloadTitle(wd[0])));
      row.put("distribution", Report.Cell.text(wd[1]));
      for (String s : sizes) {
        String step = s + "/" + wd[0] + "-" + wd[1];
        String w = writeOp(r.runs, step);
        row.put(s + "-rm", r.runs.value(step, "operations[READ].response.mean"));
        row.put(s + "-r95", r.runs.value(step, "operations[READ].response.p95"));
        row.put(s + "-wm", r.runs.value(step, "operations[" + w + "].response.mean"));
        row.put(s + "-w95", r.runs.value(step, "operations[" + w + "].response.p95"));
      }
    }
    l.note("write = UPDATE (A, B) or INSERT (read latest); C has no writes. Published latency is only stated as "
        + "ratios (see the published statements).");
  }

  /** The dataset sizes against the paper's server and this host, and each size's load. */
  private static void datasets(ReportBuilder r) {
    Report.Table d = r.table("datasets", "Dataset sizes and the load", "seed 002, Datasets and Test Environment "
        + "(32GB, 256GB, 1TB on a 96GB server)");
    d.key("size", "size (paper)").key("paperratio", "paper: x server memory (96 GB)").key("bytes", "bytes here")
        .key("ratio", "x this host's memory");
    long cap = r.header.path("server").path("memoryCapBytes").asLong(-1);
    if (cap > 0) {
      d.key("capratio", "x the server's memory cap (" + org.sciycsb.report.Fmt.bytes(cap) + ")");
    }
    d.run("records", "records loaded", 0).run("loadtput", "load ops/s", 1);
    long mem = r.header.path("host").path("memoryBytes").asLong(-1);
    for (JsonNode sp : r.params().path("sizes")) {
      Map<String, Report.Cell> row = d.row();
      String s = sp.path("label").asText();
      row.put("size", Report.Cell.text(s));
      row.put("paperratio", Report.Cell.text(org.sciycsb.report.Fmt.num(sp.path("paperBytes").asDouble()
          / (96.0 * (1L << 30)), 2)));
      row.put("bytes", Report.Cell.text(org.sciycsb.report.Fmt.bytes(sp.path("bytes").asDouble())));
      double ratio = mem > 0 ? sp.path("bytes").asDouble() / mem : Double.NaN;
      row.put("ratio", Report.Cell.text(Double.isNaN(ratio) ? "?" : ratio >= 0.01
          ? org.sciycsb.report.Fmt.num(ratio, 2) : String.format(java.util.Locale.ROOT, "%.1e", ratio)));
      if (cap > 0) {
        row.put("capratio", Report.Cell.text(org.sciycsb.report.Fmt.num(sp.path("bytes").asDouble() / cap, 3)));
      }
      row.put("records", r.runs.value(s + "/load", "summary.operations"));
      row.put("loadtput", r.runs.value(s + "/load", "summary.throughput"));
    }
    if (cap > 0) {
      d.note("The server ran as " + r.header.path("server").path("command").asText() + ": its memory, page cache "
          + "included, capped at " + org.sciycsb.report.Fmt.bytes(cap) + " (cgroup v1), so the ratios to the cap are "
          + "what decides, as the paper's 96 GB did" + (r.header.path("server").path("ratioKept").asBoolean(false)
          ? " (the paper's ratios kept)." : " (the paper's ratios not kept: see the notes)."));
    }
    d.note("The paper's point is the dataset against the server's memory: at --scale S the sizes shrink by S, so "
        + "'in memory' vs 'larger than memory' holds here only when the ratios above are below and above 1 (pick "
        + "S so: S = 0.25 puts 32GB at 8 GiB; or limit the store's cache).");
  }
}
