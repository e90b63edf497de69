package org.sciycsb.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.ConfigException;

/**
 * Seed 000 (Dede et al., MongoDB + Hadoop): raw record reads and writes, HDFS vs the MongoDB side (§6.2); the
 * census filter job over the four input/output combinations and the three-stage path at three input sizes
 * (Figures 6 and 9); the split-size sweep on mongo-hadoop input (Figure 5). Census steps run {@code bin/census}
 * as child processes. The MongoDB side is whatever {@code -p study.mongo} names (default: the mongo-java-server
 * stand-in, labelled as such); its label comes from {@code -p study.mongo.label}.
 *
 * <p>The HPC checkpoint grid of §6.1 (Figures 2 and 3, {@link #checkpointGrid}) runs the {@code checkpoint}
 * workload as engine steps on the study's binding (default jdbc: embedded H2; the paper's store: MongoDB).
 */
final class DedeStudy implements StudyDef {
  static final String STANDIN_LABEL = "mongo-java-server stand-in (not MongoDB)";

  @Override
  public String name() {
    return "dede";
  }

  @Override
  public String seed() {
    return "000";
  }

  @Override
  public String title() {
    return "Dede: census MapReduce over HDFS and MongoDB (mongo-hadoop), raw reads/writes, split sizes, checkpoints";
  }

  @Override
  public String describe() {
    return String.join("\n",
        "matrix: raw reads of 37.2 M census records and writes of 19 M one-field records, HDFS vs the MongoDB side;",
        "the filter job at 4.6 M, 9.3 M and 37.2 M records over hdfs-hdfs, mongo-hdfs, hdfs-mongo, mongo-mongo and",
        "the three-stage path (128 MB splits, 1 reducer); split sizes 8 to 256 MB on 9.3 M records of mongo-hadoop",
        "input. Census steps run bin/census against -p study.hdfs and -p study.mongo (default: bin/servers hdfs",
        "and the mongo-standin, labelled stand-in, never MongoDB). --scale multiplies the record counts.",
        "report: records/min HDFS vs MongoDB side (§6.2), filter times per combination and size (Figures 6, 9),",
        "split size vs time and mappers (Figure 5); the paper's figures beside.",
        "checkpoint grid (§6.1, engine runs of the checkpoint workload on <binding>): Figure 2, 768 tasks of D = 10",
        "minutes, 1 MB checkpoints every 0 (none), 1, 2, 3, 4, 5 s; Figure 3, 24 to 480 cores x 4 tasks, 64 KB and",
        "1 MB every 10 s, a new connection per checkpoint where the binding can open one (mongodb, jdbc, basic).",
        "--scale multiplies tasks (capped at --max-threads) and D (at least 1 s); report: job and task overhead and",
        "CHECKPOINT latency by interval and by cores, the paper's overheads beside.",
        "Every measured step 3 times, as the paper (--repeat N; the census inputs prepared once), means with 95 %",
        "intervals. --only 'checkpoint/*' runs the grid alone (no census servers needed).");
  }

  /** "4.6M" for 4,600,000. */
  static String label(long records) {
    if (records >= 1_000_000) {
      return org.sciycsb.report.Fmt.num(records / 1e6, 1) + "M";
    }
    if (records >= 1000) {
      return org.sciycsb.report.Fmt.num(records / 1e3, 1) + "k";
    }
    return Long.toString(records);
  }

  static String defaultHdfs() {
    String url = System.getenv("SCIYCSB_HDFS_URL");
    if (url != null && !url.isBlank()) {
      return url;
    }
    String port = System.getenv("SCIYCSB_HDFS_PORT");
    return "hdfs://127.0.0.1:" + (port == null || port.isBlank() ? "9000" : port);
  }

  static String defaultMongo() {
    String port = System.getenv("SCIYCSB_STANDIN_PORT");
    return "mongodb://127.0.0.1:" + (port == null || port.isBlank() ? "27018" : port);
  }

  @Override
  public void expand(StudyContext c, Plan plan) throws ConfigException {
    StudyProps p = c.props;
    plan.defaultRepeats(p.ints("repeats").get(0));
    String hdfs = c.study(StudyOptions.HDFS.name(), defaultHdfs()).replaceAll("/+$", "");
    String mongo = c.study(StudyOptions.MONGO.name(), defaultMongo()).replaceAll("/+$", "");
    checkServers(hdfs, mongo);
    String mongoLabel = c.study(StudyOptions.MONGO_LABEL.name(), STANDIN_LABEL);
    String db = c.prefix.replaceAll("_+$", "");
    String root = hdfs + "/sciycsb-study/" + db;
    long readRecs = c.count(p.longValue("raw.read.records"));
    long writeRecs = c.count(p.longValue("raw.write.records"));
    List<Long> filterBase = p.longs("filter.records");
    List<String> paths = p.list("filter.paths");
    checkFilterPaths(p, paths);
    long split = p.longValue("filter.splitsize");
    long reducers = p.longValue("reducers");
    long splitBase = p.longValue("splits.records");
    List<Long> splitSizes = p.longs("splits.sizes");
    String splitPath = p.get("splits.path");
    if (!List.of("mongo-hdfs", "mongo-mongo").contains(splitPath)) {
      throw new ConfigException("study file " + p.file() + ": splits.path must read mongo-hadoop input (mongo-hdfs "
          + "or mongo-mongo), not '" + splitPath + "'");
    }
    long files = p.longValue("hdfs.files");
    Set<String> loaded = new LinkedHashSet<>();

    // ---- §6.2: raw writes of one-field records, raw reads of full records
    plan.add(Step.census("raw/write-hdfs", "load").p("census.records", writeRecs).p("census.layout", "onefield")
        .p("census.output", root + "/raw-onefield").tag("test", "write").tag("store", "hdfs")
        .tag("records", writeRecs));
    plan.add(Step.census("raw/write-mongo", "load").p("census.records", writeRecs).p("census.layout", "onefield")
        .p("census.output", mongo + "/" + db + ".raw_onefield").tag("test", "write").tag("store", "mongo")
        .tag("records", writeRecs));
    String hIn = load(plan, loaded, "hdfs", readRecs, root, mongo, db, files);
    plan.add(Step.census("raw/read-hdfs", "read").p("census.input", hdfsIn(root, readRecs)).tag("test", "read")
        .tag("store", "hdfs").tag("records", readRecs).after(hIn));
    String mIn = load(plan, loaded, "mongo", readRecs, root, mongo, db, files);
    plan.add(Step.census("raw/read-mongo", "read").p("census.input", mongoIn(mongo, db, readRecs))
        .tag("test", "read").tag("store", "mongo").tag("records", readRecs).after(mIn));

    // ---- §6.4 Figure 6, §6.5 Figure 9: the filter over every input/output combination
    List<Object> sizes = filterSteps(c, plan, loaded, filterBase, paths, root, mongo, db, files, split, reducers);

    // ---- §6.4 Figure 5: split sizes on mongo-hadoop input
    long sn = c.count(splitBase);
    String sdep = load(plan, loaded, "mongo", sn, root, mongo, db, files);
    for (long mb : splitSizes) {
      boolean toMongo = splitPath.endsWith("mongo");
      plan.add(Step.census("splits/" + mb + "MB", "filter").p("census.input", mongoIn(mongo, db, sn))
          .p("census.output", toMongo ? mongo + "/" + db + ".out_splits" : root + "/out/splits")
          .p("census.splitsize", mb).p("census.reducers", reducers).tag("splitMB", mb).tag("records", sn)
          .after(sdep));
    }

    faults(c, plan, mongo, db, split, reducers, files, loaded);
    checkpointGrid(c, plan);

    plan.param("hdfs", hdfs);
    plan.param("hdfsLabel", "HDFS (" + hdfs + ")");
    plan.param("mongo", mongo);
    plan.param("mongoLabel", mongoLabel);
    plan.param("rawReadRecords", readRecs);
    plan.param("rawWriteRecords", writeRecs);
    plan.param("filterSizes", sizes);
    plan.param("filterPaths", paths);
    plan.param("filterSplitMB", split);
    plan.param("splitRecords", sn);
    plan.param("splitSizesMB", splitSizes);
    plan.param("splitPath", splitPath);
    if (mongoLabel.equals(STANDIN_LABEL)) {
      plan.note("the MongoDB side of the census steps is " + mongo + ", taken to be the mongo-java-server "
          + "stand-in (bin/servers start mongo-standin): its numbers are labelled stand-in, never MongoDB (for a "
          + "real server: -p study.mongo=mongodb://host:port -p study.mongo.label='MongoDB 7.0')");
    }
  }

  /** study.hdfs is an hdfs:// (or file://) URL, study.mongo a mongodb://host:port one. */
  private static void checkServers(String hdfs, String mongo) throws ConfigException {
    if (!hdfs.startsWith("hdfs://") && !hdfs.startsWith("file://")) {
      throw new ConfigException("study.hdfs must be an hdfs:// (or file://) URL, not '" + hdfs + "'");
    }
    if (!mongo.startsWith("mongodb://")) {
      throw new ConfigException("study.mongo must be a mongodb://host:port URL, not '" + mongo + "'");
    }
    if (mongo.replaceFirst("^mongodb://", "").contains("/")) {
      throw new ConfigException("study.mongo is the server only (mongodb://host:port): the study names its "
          + "database and collections");
    }
  }

  private static void checkFilterPaths(StudyProps p, List<String> paths) throws ConfigException {
    for (String x : paths) {
      if (!List.of("hdfs-hdfs", "mongo-hdfs", "hdfs-mongo", "mongo-mongo", "threestage").contains(x)) {
        throw new ConfigException("study file " + p.file() + ": unknown filter path '" + x + "' (hdfs-hdfs, "
            + "mongo-hdfs, hdfs-mongo, mongo-mongo, threestage)");
      }
    }
  }

  /** The filter over every input/output combination at every size: the sizes, for the plan's parameters. */
  private static List<Object> filterSteps(StudyContext c, Plan plan, Set<String> loaded, List<Long> filterBase,
      List<String> paths, String root, String mongo, String db, long files, long split, long reducers)
      throws ConfigException {
    List<Object> sizes = new ArrayList<>();
    for (long base : filterBase) {
      long n = c.count(base);
      String lab = label(base);
      Map<String, Object> sz = new LinkedHashMap<>();
      sz.put("label", lab);
      sz.put("paperRecords", base);
      sz.put("records", n);
      sizes.add(sz);
      for (String path : paths) {
        boolean fromMongo = path.startsWith("mongo") || path.equals("threestage");
        String dep = load(plan, loaded, fromMongo ? "mongo" : "hdfs", n, root, mongo, db, files);
        String in = fromMongo ? mongoIn(mongo, db, n) : hdfsIn(root, n);
        Step s;
        if (path.equals("threestage")) {
          s = Step.census("filter/" + lab + "/" + path, "threestage", "filter")
              .p("census.output", mongo + "/" + db + ".out_threestage").p("census.staging", root + "/stage");
        } else {
          boolean toMongo = path.endsWith("mongo");
          s = Step.census("filter/" + lab + "/" + path, "filter").p("census.output", toMongo
              ? mongo + "/" + db + ".out_" + path.replace('-', '_') : root + "/out/" + path);
        }
        plan.add(s.p("census.input", in).p("census.splitsize", split).p("census.reducers", reducers)
            .tag("records", n).tag("size", lab).tag("path", path).after(dep));
      }
    }
    return sizes;
  }

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
  static void faults(StudyContext c, Plan plan, String mongo, String db, long split, long reducers, long files,
      Set<String> loaded) throws ConfigException {
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
    Map<String, String> base = faultAction(c);
    for (String path : paths) {
      String dep;
      if (path.startsWith("mongo")) {
        dep = load(plan, loaded, "mongo", n, null, mongo, db, files);
      } else {
        dep = "data/faults-hdfs-" + n;
        plan.add(Step.census(dep, "load").p("census.records", n).p("census.files", files)
            .p("census.output", froot + "/in-" + n).tag("store", "hdfs").tag("records", n).tag("role", "load")
            .once());
      }
      String in = path.startsWith("mongo") ? mongoIn(mongo, db, n) : froot + "/in-" + n;
      String baseline = "faults/" + path + "/0-killed";
      for (long k : prepend(0L, killed)) {
        Step s = Step.census("faults/" + path + "/" + k + "-killed", "filter").p("census.input", in)
            .p("census.output", froot + "/out/faults-" + path).p("census.splitsize", split)
            .p("census.reducers", reducers).tag("path", path).tag("killed", k).tag("records", n).after(dep);
        if (k > 0) {
          s.fault(killing(base, k)).faultAt(baseline, at);
        }
        plan.add(s);
      }
    }
    plan.param("faultHdfs", fhdfs);
    plan.param("faultPaths", paths);
    plan.param("faultKilled", prepend(0L, killed));
    plan.param("faultRecords", n);
    plan.param("faultAt", at);
    plan.param("faultBy", base.containsKey("fault.server") ? "bin/servers kill " + base.get("fault.server")
        : "study.fault.command");
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

  /** The checkpoint document sizes the workload files exist for (workloads/checkpoint-i10-&lt;size&gt;). */
  static final List<String> CHECKPOINT_SIZES = List.of("64k", "1m");

  static String sizeTitle(String size) {
    return size.equals("1m") ? "1 MB" : "64 KB";
  }

  /**
   * The HPC checkpoint grid of seed 000 §6.1 (N tasks each writing a 64 KB or 1 MB status document every I seconds):
   * Figure 2 (one task count, intervals) and Figure 3 (cores x tasks per core, one interval, two sizes). One engine
   * run of the checkpoint workload per point, as bench/checkpoint.sh runs them: the size's workload file
   * (workloads/checkpoint-i10-&lt;size&gt;), -p checkpoint.interval, checkpoint.duration = D x --scale (at least 1 s),
   * threadcount = tasks x --scale (capped at --max-threads: one thread per task, all at once, as in the seed).
   * Figure 3's points whose task counts become equal at this scale are run once.
   */
  static void checkpointGrid(StudyContext c, Plan plan) throws ConfigException {
    StudyProps p = c.props;
    String connect = connect(c, plan);
    long paperD = p.seconds("checkpoint.duration");
    long d = c.seconds(paperD, 1);
    int f2Tasks = p.ints("checkpoint.fig2.tasks").get(0);
    int f2Cores = p.ints("checkpoint.fig2.cores").get(0);
    List<Long> f2Intervals = fig2Intervals(p);
    String f2Size = checkpointSize(p, p.get("checkpoint.fig2.size"), "checkpoint.fig2.size");
    List<Integer> f3Cores = p.ints("checkpoint.fig3.cores");
    int perCore = p.ints("checkpoint.fig3.taskspercore").get(0);
    long f3Interval = p.seconds("checkpoint.fig3.interval");
    List<String> f3Sizes = new ArrayList<>();
    for (String x : p.list("checkpoint.fig3.sizes")) {
      f3Sizes.add(checkpointSize(p, x, "checkpoint.fig3.sizes"));
    }

    // ---- Figure 2: job overhead by checkpoint interval
    int t2 = checkpointTasks(c, f2Tasks);
    for (long i : f2Intervals) {
      plan.add(checkpointStep(c, "checkpoint/fig2/interval-" + i + "s", f2Size, t2, i, d, connect).tag("figure", "2")
          .tag("intervalSeconds", i).tag("size", f2Size).tag("tasks", t2).tag("paperTasks", f2Tasks)
          .tag("role", "run"));
    }
    // ---- Figure 3: overhead by cores (tasks per core fixed), two sizes
    Map<Integer, List<Integer>> points = new LinkedHashMap<>();
    for (int cores : f3Cores) {
      points.computeIfAbsent(checkpointTasks(c, cores * perCore), k -> new ArrayList<>()).add(cores);
    }
    for (String size : f3Sizes) {
      for (Map.Entry<Integer, List<Integer>> pt : points.entrySet()) {
        int t = pt.getKey();
        plan.add(checkpointStep(c, "checkpoint/fig3/" + size + "/tasks-" + t, size, t, f3Interval, d, connect)
            .tag("figure", "3").tag("size", size).tag("tasks", t).tag("cores", join(pt.getValue()))
            .tag("intervalSeconds", f3Interval).tag("role", "run"));
      }
    }

    Map<String, Object> f2 = new LinkedHashMap<>();
    f2.put("paperTasks", f2Tasks);
    f2.put("paperCores", f2Cores);
    f2.put("tasks", t2);
    f2.put("intervalsS", f2Intervals);
    f2.put("size", f2Size);
    List<Object> pts = new ArrayList<>();
    points.forEach((t, cores) -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("tasks", t);
      m.put("cores", cores);
      m.put("paperTasks", cores.stream().map(x -> x * perCore).toList());
      pts.add(m);
    });
    Map<String, Object> f3 = new LinkedHashMap<>();
    f3.put("tasksPerCore", perCore);
    f3.put("intervalS", f3Interval);
    f3.put("sizes", f3Sizes);
    f3.put("points", pts);
    plan.param("checkpointDurationS", d);
    plan.param("checkpointPaperDurationS", paperD);
    plan.param("checkpointFig2", f2);
    plan.param("checkpointFig3", f3);
    plan.param("checkpointBinding", c.binding);
    long maxI = Math.max(f3Interval, f2Intervals.stream().mapToLong(Long::longValue).max().orElse(0));
    if (d < maxI) {
      plan.note("checkpoint grid: at this scale a task computes D = " + d + " s, less than the longest interval ("
          + maxI + " s): a task writes ceil(D / I) checkpoints (the report's 'checkpoints per task'), so intervals "
          + "longer than D give the same runs; --scale " + (maxI * 10) + "/" + paperD + " or more keeps 10 "
          + "checkpoints per task at every interval");
    }
    plan.note("checkpoint grid (seed 000 §6.1) on binding " + c.binding + " (the paper: MongoDB on a NERSC Hopper "
        + "MOM node, one client per task); all tasks of a point run at once in this one client process, one "
        + "thread and client each (connections=perthread; cassandra and hdfs need -p connections=shared, hdfs also "
        + "-p checkpoint.mode=insert)");
  }

  /** checkpoint.fig2.intervals, in seconds (0 = no checkpoint). */
  private static List<Long> fig2Intervals(StudyProps p) throws ConfigException {
    List<Long> f2Intervals = new ArrayList<>();
    for (String x : p.list("checkpoint.fig2.intervals")) {
      try {
        f2Intervals.add(StudyProps.parseSeconds(x));
      } catch (IllegalArgumentException e) {
        throw new ConfigException("study file " + p.file() + ": checkpoint.fig2.intervals has '" + x + "', not a "
            + "duration in seconds >= 0 (0 = no checkpoint)");
      }
    }
    return f2Intervals;
  }

  /**
   * How the checkpoint runs connect: the study file's {@code checkpoint.connect} (seed 000: a connection per
   * checkpoint) where the binding opens clients of its own, else one connection per task; noted in the plan.
   */
  static String connect(StudyContext c, Plan plan) throws ConfigException {
    String want = c.props.get("checkpoint.connect");
    boolean can = c.bindingOpensClients;
    String connect = want.equals("checkpoint") && !can ? "task" : want;
    plan.note("checkpoint grid: checkpoint.connect=" + connect + (connect.equals("checkpoint")
        ? " (a new connection for every checkpoint, as seed 000's workers reported: the paper's explanation of "
            + "its overhead)" : want.equals("checkpoint") ? " (binding " + c.binding + " cannot open a client per "
            + "write: one connection per task, not the paper's connection per checkpoint)" : ""));
    plan.param("checkpointConnect", connect);
    return connect;
  }

  static String checkpointSize(StudyProps p, String size, String key) throws ConfigException {
    if (!CHECKPOINT_SIZES.contains(size)) {
      throw new ConfigException("study file " + p.file() + ": " + key + " has '" + size + "' (checkpoint sizes: "
          + String.join(", ", CHECKPOINT_SIZES) + ")");
    }
    return size;
  }

  /** The paper's task count at this scale (at least 1), capped at --max-threads: every task runs on a thread. */
  static int checkpointTasks(StudyContext c, int paperTasks) {
    return c.threads("checkpoint tasks, x --scale", (int) Math.min(Integer.MAX_VALUE, c.count(paperTasks)),
        Long.MAX_VALUE);
  }

  static Step checkpointStep(StudyContext c, String name, String size, int tasks, long intervalS, long durationS,
      String connect) throws ConfigException {
    java.nio.file.Path f = c.home.resolve("workloads").resolve("checkpoint-i10-" + size);
    if (!java.nio.file.Files.isRegularFile(f)) {
      throw new ConfigException("the checkpoint workload file " + f + " is missing");
    }
    return Step.run(name, c.binding).file(f.toString()).p("threadcount", tasks)
        .p("checkpoint.interval", intervalS + "s").p("checkpoint.duration", durationS + "s")
        .p("table", c.prefix + "checkpoint" + size).p("checkpoint.connect", connect);
  }

  static String join(List<Integer> xs) {
    return String.join(",", xs.stream().map(String::valueOf).toList());
  }

  static String hdfsIn(String root, long n) {
    return root + "/in-" + n;
  }

  static String mongoIn(String mongo, String db, long n) {
    return mongo + "/" + db + ".in_" + n;
  }

  /** The step that loads n records into store (added once), its name. */
  static String load(Plan plan, Set<String> loaded, String store, long n, String root, String mongo, String db,
      long files) {
    String name = "data/" + store + "-" + n;
    if (loaded.add(name)) {
      Step s = Step.census(name, "load").p("census.records", n).tag("store", store).tag("records", n)
          .tag("role", "load").once();
      if (store.equals("hdfs")) {
        s.p("census.files", files).p("census.output", hdfsIn(root, n));
      } else {
        s.p("census.output", mongoIn(mongo, db, n));
      }
      plan.add(s);
    }
    return name;
  }

  @Override
  public void report(ReportBuilder r) {
    JsonNode pr = r.params();
    String ml = pr.path("mongoLabel").asText(STANDIN_LABEL);
    double[][] bars = rawTable(r, ml);

    filterTables(r, ml);

    Report.Table s = r.table("splits", "Split size on mongo-hadoop input (" + label(pr.path("splitRecords").asLong())
        + " records here, " + pr.path("splitPath").asText() + ")", "seed 000, §6.4 Figure 5 (9.3 M records)");
    s.key("split", "split MB").run("total", "total ms", 0).run("map", "map ms", 0).run("splits", "splits", 0)
        .run("mappers", "mappers", 0).run("rate", "records/min", 0).published("pub-mappers", "mappers", 0);
    List<double[]> sp = new ArrayList<>();
    for (JsonNode mb : pr.path("splitSizesMB")) {
      String step = "splits/" + mb.asText() + "MB";
      Map<String, Report.Cell> row = s.row();
      row.put("split", Report.Cell.text(mb.asText()));
      Report.Cell tot = r.runs.value(step, "summary.totalMs");
      row.put("total", tot);
      row.put("map", r.runs.value(step, "summary.mapMs"));
      row.put("splits", r.runs.value(step, "summary.splits"));
      row.put("mappers", r.runs.value(step, "summary.mappers"));
      row.put("rate", r.runs.value(step, "summary.recordsPerMinute"));
      row.put("pub-mappers", r.pub.cell("fig5-mappers", ReportBuilder.tags("splitMB", mb.asText())));
      sp.add(Runs.point(mb.asDouble(), tot));
    }
    s.note("Split sizes are the paper's (not scaled): at a small --scale the input holds fewer bytes than a split "
        + "and every size gives one split.");
    r.bar("raw-rate", "Raw records/min", "seed 000, §6.2", "records/min", List.of("read", "write"))
        .bars("HDFS", bars[0]).bars(ml, bars[1]);
    r.line("split-size", "Filter time by split size", "seed 000, Figure 5", "split MB", "ms", true)
        .line("total ms", sp);
    r.notes.add("MongoDB side of every census step: " + ml + " at " + pr.path("mongo").asText()
        + "; HDFS: " + pr.path("hdfs").asText());
    reportFaults(r, ml);
    reportCheckpoint(r);
  }

  /** §6.2's raw reads and writes, HDFS vs the MongoDB side: the table, and its bars {HDFS, MongoDB side}. */
  private static double[][] rawTable(ReportBuilder r, String ml) {
    JsonNode pr = r.params();
    Report.Table raw = r.table("raw", "Raw record reads and writes, records/min",
        "seed 000, §6.2 (one client; 111-field census records read, one-field records written)");
    raw.key("test", "test").key("records", "records here").run("hdfs", "HDFS", 0).run("mongo", ml, 0)
        .derived("ratio", "HDFS / " + (ml.contains("stand-in") ? "stand-in" : "MongoDB side"), 2)
        .published("pub-hdfs", "HDFS", 0).published("pub-mongo", "MongoDB", 0)
        .published("pub-ratio", "HDFS / MongoDB", 0);
    String[][] tests = {{"read", "read (111-field records)", "rawReadRecords"},
        {"write", "write (one-field records)", "rawWriteRecords"}};
    double[][] bars = new double[2][2];
    for (int i = 0; i < tests.length; i++) {
      Map<String, Report.Cell> row = raw.row();
      row.put("test", Report.Cell.text(tests[i][1]));
      row.put("records", Report.Cell.text(pr.path(tests[i][2]).asText()));
      Report.Cell h = r.runs.value("raw/" + tests[i][0] + "-hdfs", "summary.recordsPerMinute");
      Report.Cell m = r.runs.value("raw/" + tests[i][0] + "-mongo", "summary.recordsPerMinute");
      row.put("hdfs", h);
      row.put("mongo", m);
      row.put("ratio", ReportBuilder.ratio(h, m, "HDFS records/min / MongoDB-side records/min"));
      row.put("pub-hdfs", r.pub.cell("raw", ReportBuilder.tags("store", "HDFS", "test", tests[i][0])));
      row.put("pub-mongo", r.pub.cell("raw", ReportBuilder.tags("store", "MongoDB", "test", tests[i][0])));
      row.put("pub-ratio", r.pub.cell("raw-ratio", ReportBuilder.tags("test", tests[i][0])));
      bars[0][i] = Runs.of(h);
      bars[1][i] = Runs.of(m);
    }
    raw.note("records/min = records / time of the whole read or write (summary.recordsPerMinute of bin/census). "
        + "The MongoDB side here is " + ml + ".");
    return bars;
  }

  /** The filter job's time and rate per input/output combination and input size, and its figure. */
  private static void filterTables(ReportBuilder r, String ml) {
    JsonNode pr = r.params();
    List<String> paths = new ArrayList<>();
    pr.path("filterPaths").forEach(x -> paths.add(x.asText()));
    Report.Table f = r.table("filter", "The filter job: total time (ms) per input/output combination and input size",
        "seed 000, §6.4 Figure 6 (HDFS vs mongo-hadoop by input size) and §6.5 Figure 9 (the combinations)");
    f.key("size", "input (paper)").key("records", "records here");
    for (String p : paths) {
      f.run(p, pathTitle(p, ml) + " ms", 0);
    }
    boolean ratio = paths.contains("hdfs-hdfs") && paths.contains("mongo-mongo");
    if (ratio) {
      f.derived("ratio", "mongo-mongo / hdfs-hdfs time", 2);
      f.published("pub-ratio", "mongo-hadoop / Hadoop-HDFS time", 0);
    }
    Report.Table fr = r.table("filter-rate", "The filter job: records/min per input/output combination and input "
        + "size", "seed 000, §6.4 Figure 6 and §6.5 Figure 9");
    fr.key("size", "input (paper)");
    for (String p : paths) {
      fr.run(p, pathTitle(p, ml), 0);
    }
    Report.Figure ff = r.line("filter-time", "Filter total time by input records", "seed 000, Figures 6 and 9",
        "input records", "ms", false);
    Map<String, List<double[]>> lines = new LinkedHashMap<>();
    for (JsonNode sz : pr.path("filterSizes")) {
      String lab = sz.path("label").asText();
      Map<String, Report.Cell> row = f.row();
      Map<String, Report.Cell> rrow = fr.row();
      row.put("size", Report.Cell.text(lab));
      rrow.put("size", Report.Cell.text(lab));
      row.put("records", Report.Cell.text(sz.path("records").asText()));
      for (String p : paths) {
        String step = "filter/" + lab + "/" + p;
        Report.Cell c = r.runs.value(step, "summary.totalMs");
        row.put(p, c);
        rrow.put(p, r.runs.value(step, "summary.recordsPerMinute"));
        lines.computeIfAbsent(p, k -> new ArrayList<>()).add(Runs.point(sz.path("records").asDouble(), c));
      }
      if (ratio) {
        row.put("ratio", ReportBuilder.ratio(row.get("mongo-mongo"), row.get("hdfs-hdfs"),
            "mongo-mongo total ms / hdfs-hdfs total ms"));
        row.put("pub-ratio", r.pub.cell("fig6-ratio", ReportBuilder.tags("records", lab)));
      }
    }
    lines.forEach((p, pts) -> ff.line(pathTitle(p, ml), pts));
    f.note("mongo = " + ml + "; threestage = copy the MongoDB-side input to HDFS, filter there, load the output "
        + "back. Split size " + pr.path("filterSplitMB").asText() + " MB, one reducer. Published ratios: the "
        + "paper's 2-node cluster with a single MongoDB server.");
  }

  /** Figure 11 of §6.6 from the fault steps: job time by DataNodes killed mid-job, the overhead over no fault. */
  static void reportFaults(ReportBuilder r, String ml) {
    JsonNode pr = r.params();
    if (pr.path("faultPaths").isMissingNode()) {
      return;
    }
    Report.Table t = r.table("faults", "Figure 11: the filter job with DataNodes killed mid-job ("
        + pr.path("faultRecords").asText() + " records, " + pr.path("faultHdfs").asText() + ")",
        "seed 000, §6.6 Figure 11 (32 Hadoop nodes, 37 M records, up to 16 nodes faulted)");
    t.key("path", "input -> output").key("killed", "DataNodes killed").run("time", "total ms", 0)
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
        row.put("path", Report.Cell.text(pathTitle(path.asText(), ml)));
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
      g.line(pathTitle(path.asText(), ml), pts);
    }
    t.note("Each fault: " + pr.path("faultBy").asText() + " (SIGKILL) at " + Math.round(pr.path("faultAt")
        .asDouble() * 100) + " % of the same job's time without a fault (ours: the paper does not say when), the "
        + "killed DataNodes restarted when the job ended; what ran and when is in each step's results.json "
        + "(metadata.faults) and fault.log. HDFS input written at replication 3. The paper: Hadoop-HDFS fails "
        + "to complete the job after 8 of 32 nodes faulted (they held input blocks); mongo-hadoop finishes with "
        + "half the cluster lost. A job that failed is a failed step here, its cells say so. An overhead inside these "
        + "machines' 10-25 % run-to-run noise is no difference (--repeat for means with 95 % intervals).");
  }

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
  static void reportCheckpoint(ReportBuilder r) {
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
        + f2.path("paperCores").asText() + " cores; " + sizeTitle(f2.path("size").asText()) + " checkpoints; D = "
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
        + String.join(" vs ", sizes.stream().map(DedeStudy::sizeTitle).toList()) + " checkpoints; D = " + d + " s",
        "seed 000, §6.1 Figure 3 (24 to 480 cores, interval 10 s, 64KB and 1MB)");
    t3.key("cores", "cores (paper)").key("paperTasks", "tasks (paper)").key("tasks", "tasks here");
    for (String sz : sizes) {
      t3.run("job-" + sz, sizeTitle(sz) + " job overhead (s)", 3).run("taskMean-" + sz, sizeTitle(sz)
          + " task overhead mean (s)", 3).run("ckP95-" + sz, sizeTitle(sz) + " CHECKPOINT p95 (us)", 0);
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
        lines3.computeIfAbsent(sizeTitle(sz), k -> new ArrayList<>()).add(Runs.point(pt.path("tasks").asDouble(), job));
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

  static String pathTitle(String p, String mongoLabel) {
    String m = mongoLabel.contains("stand-in") ? "stand-in" : "mongo";
    switch (p) {
      case "hdfs-hdfs":
        return "HDFS -> HDFS";
      case "mongo-hdfs":
        return m + " -> HDFS";
      case "hdfs-mongo":
        return "HDFS -> " + m;
      case "mongo-mongo":
        return m + " -> " + m;
      case "threestage":
        return "three-stage (" + m + ")";
      default:
        return p;
    }
  }
}
