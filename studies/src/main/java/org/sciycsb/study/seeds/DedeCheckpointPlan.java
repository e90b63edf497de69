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

/**
 * Seed 000's HPC checkpoint grid (§6.1, Figures 2 and 3) as plan steps: the {@code checkpoint} workload as engine
 * steps on the study's binding (default jdbc: embedded H2; the paper's store: MongoDB).
 */
final class DedeCheckpointPlan {
  private DedeCheckpointPlan() {}

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
  static void addSteps(StudyContext c, Plan plan) throws ConfigException {
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
}
