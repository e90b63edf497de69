package org.sciycsb.checkpoint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Meter;
import org.sciycsb.api.Operation;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Seed 000's HPC checkpoint test (section 6.1) as a workload ({@code -p workload=checkpoint}, run phase): a task
 * manager's tasks, each computing for {@code D} and writing its status document of {@code S} bytes to the store
 * after every {@code I} of compute ({@link TaskPlan}). Each client thread is a worker: it takes tasks from the job
 * one after another (with as many tasks as threads, the default, all tasks run at once, as in the seed), and with
 * {@code connections=perthread} it has a client and connections of its own, as the seed's workers had.
 *
 * <p>Measured operations: {@code CHECKPOINT} (every status write), {@code TASK_START} (update mode: the task's
 * status document registered when it starts), and {@code TASK_OVERHEAD}, one value per finished task, its wall time
 * minus {@code D} (a composite operation: not in OVERALL); all three go through the engine's histograms, so
 * percentiles, the time series, the interval log and {@code bin/ycsb merge} work on them. The job's overhead (first
 * start to last end, minus {@code D}: the seed's figure) and its parts are in {@code extra.checkpoint}.
 *
 * <p>Store calls are plain {@code site.ycsb.DB} insert and update of two fields ({@code <prefix>0}: a short status
 * header, {@code <prefix>1}: the payload) in the YCSB {@code table}, so every binding that stores records runs it
 * (jdbc, mongodb, cassandra, basic; hdfs in insert mode).
 */
public final class CheckpointWorkload implements BenchWorkload {
  static final String CHECKPOINT = "CHECKPOINT";
  static final String TASK_START = "TASK_START";
  static final String TASK_OVERHEAD = "TASK_OVERHEAD";
  /** Longest status header written into the first field. */
  static final int HEADER_MAX = 96;
  private static final int ERRORS_SHOWN = 5;

  // the YCSB record layout, owned by the core workload: read here, not declared again
  private static final Option<String> TABLE = Option.string("table", "usertable", "table name");
  private static final Option<Integer> FIELD_COUNT = Option.integer("fieldcount", 10, "fields per record");
  private static final Option<String> FIELD_PREFIX = Option.string("fieldnameprefix", "field", "field name prefix");
  private static final Option<Integer> FIELD_LENGTH = Option.integer("fieldlength", 100, "longest field value");
  private static final Option<Double> TARGET = Option.decimal("target", 0.0, "target operations per second");

  private RunContext run;
  /** checkpoint.connect=checkpoint: the binding's shared client, which opens one client per write. */
  private org.sciycsb.api.BindingRun perWrite;
  private java.util.Properties dbProperties;
  private TaskPlan plan;
  private long sizeBytes;
  private boolean update;
  private boolean registers;
  private String table;
  private String headerField;
  private String payloadField;
  private byte[] payload;
  private int tasks;
  private int threads;
  /** {@code seed} set: thread t of T runs the tasks t, t + T, ... (else the next free task, whichever thread is free). */
  private boolean seeded;
  private long firstTask;
  private String runId;
  private Operation startOp;
  private Operation checkpointOp;
  private Operation overheadOp;

  private final AtomicInteger nextTask = new AtomicInteger();
  private final LongAdder checkpointsOk = new LongAdder();
  private final LongAdder checkpointsFailed = new LongAdder();
  private final LongAdder startsFailed = new LongAdder();
  private final LongAdder incomplete = new LongAdder();
  private final AtomicLong firstStart = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong lastEnd = new AtomicLong(Long.MIN_VALUE);
  private final ConcurrentLinkedQueue<long[]> finished = new ConcurrentLinkedQueue<>();
  private final AtomicInteger errorsLogged = new AtomicInteger();

  @Override
  public String name() {
    return "checkpoint";
  }

  @Override
  public OptionSet options() {
    return CheckpointOptions.all();
  }

  /** Every store call is measured here, under CHECKPOINT or TASK_START: the engine does not count it again. */
  @Override
  public boolean measuresOwnOperations() {
    return true;
  }

  @Override
  public void init(WorkloadContext ctx) throws BenchmarkException {
    run = ctx.run();
    Config cfg = run.config();
    if (run.phase() == Phase.LOAD) {
      throw new ConfigException("the checkpoint workload has nothing to load: run it with bin/ycsb run");
    }
    if (cfg.get(TARGET) > 0) {
      throw new ConfigException("the checkpoint workload paces itself (checkpoint.interval): -target does not apply");
    }
    long d = cfg.get(CheckpointOptions.DURATION).toNanos();
    long i = cfg.get(CheckpointOptions.INTERVAL).toNanos();
    if (d <= 0) {
      throw new ConfigException("bad value for checkpoint.duration: a task must compute for some time (> 0)");
    }
    if (i < 0) {
      throw new ConfigException("bad value for checkpoint.interval: must not be negative");
    }
    plan = new TaskPlan(d, i);
    if (i > 0 && (d + i - 1) / i > 1_000_000) {
      throw new ConfigException("checkpoint.interval is too short for checkpoint.duration: more than a million"
          + " checkpoints per task");
    }
    if (cfg.get(CheckpointOptions.CONNECT).equals("checkpoint")) {
      perWrite = ctx.binding();
      if (!perWrite.supportsThreadClients()) {
        throw new ConfigException("checkpoint.connect=checkpoint opens a client for every checkpoint, and this "
            + "binding (" + perWrite.storeInfo().product() + ") cannot open clients of its own (mongodb, jdbc and "
            + "basic can); use checkpoint.connect=task");
      }
      dbProperties = cfg.toProperties();
    }
    sizeBytes = cfg.get(CheckpointOptions.SIZE);
    update = cfg.get(CheckpointOptions.MODE).equals("update");
    registers = update && plan.checkpoints() > 0; // without checkpoints (the baseline) a task writes nothing
    threads = run.threads();
    seeded = cfg.get(org.sciycsb.api.CommonOptions.SEED) != null;
    Integer t = cfg.get(CheckpointOptions.TASKS);
    tasks = t == null ? threads : t;
    if (tasks < threads) {
      throw new ConfigException("checkpoint.tasks (" + tasks + ") is less than threadcount (" + threads
          + "): threads would stay idle; run with -threads " + tasks);
    }
    firstTask = cfg.get(CheckpointOptions.FIRST_TASK);
    String id = cfg.get(CheckpointOptions.RUN_ID);
    runId = id == null || id.isBlank() ? Long.toString(System.currentTimeMillis(), 36) : id.trim();
    table = cfg.get(TABLE);
    String prefix = cfg.get(FIELD_PREFIX);
    int fields = cfg.get(FIELD_COUNT);
    int length = cfg.get(FIELD_LENGTH);
    if (fields < 2) {
      throw new ConfigException("the checkpoint workload writes two fields (" + prefix + "0: status, " + prefix
          + "1: payload): set fieldcount=2 or more (now " + fields + ")");
    }
    if (length < Math.max(sizeBytes, HEADER_MAX)) {
      throw new ConfigException("checkpoint.size (" + sizeBytes + " bytes) needs fieldlength >= "
          + Math.max(sizeBytes, HEADER_MAX) + " (now " + length + "): bindings with a fixed schema (jdbc) size their"
          + " value columns by it; the workloads/checkpoint-* files set it");
    }
    headerField = prefix + "0";
    payloadField = prefix + "1";
    payload = payload(cfg.get(CheckpointOptions.SEED), (int) sizeBytes);
    checkpointOp = ctx.operation(CHECKPOINT, false);
    startOp = registers ? ctx.operation(TASK_START, false) : null;
    overheadOp = ctx.operation(TASK_OVERHEAD, true);
    run.log().println(String.format(Locale.ROOT, "checkpoint: %d task(s) on %d thread(s), D=%s, I=%s, S=%d bytes,"
        + " %d checkpoint(s) per task, mode %s, table %s", tasks, threads, Option.formatDuration(
            cfg.get(CheckpointOptions.DURATION)), Option.formatDuration(cfg.get(CheckpointOptions.INTERVAL)), sizeBytes,
        plan.checkpoints(), update ? "update" : "insert", table));
  }

  /** Printable bytes from a seed: the same seed and size give the same payload. */
  static byte[] payload(long seed, int size) {
    SplittableRandom r = new SplittableRandom(seed);
    byte[] b = new byte[size];
    for (int k = 0; k < size; k++) {
      b[k] = (byte) (' ' + 1 + r.nextInt(94)); // '!' .. '~'
    }
    return b;
  }

  @Override
  public boolean sharedWork(Phase p) {
    return true;
  }

  /** It draws nothing at random (the payload comes from checkpoint.seed); under a seed its tasks go to fixed threads. */
  @Override
  public boolean honoursSeed() {
    return true;
  }

  /** Calls of the thread loop: per task, one to start it and one per compute slice; per thread, one to end. */
  @Override
  public OptionalLong plannedOperations(Phase p) {
    return OptionalLong.of((long) tasks * (1 + plan.slices()) + threads); // and each thread's last call
  }

  @Override
  public WorkloadThread newThread(ThreadContext ctx) {
    return new TaskThread(ctx.db(), ctx.meter(), ctx.threadId());
  }

  private Status call(String what, java.util.function.Supplier<Status> c) {
    Status s;
    try {
      s = c.get();
    } catch (RuntimeException e) {
      if (errorsLogged.getAndIncrement() < ERRORS_SHOWN) {
        run.log().println("checkpoint: " + what + " failed: " + e.getClass().getSimpleName() + ": " + e.getMessage()
            + (errorsLogged.get() == ERRORS_SHOWN ? " (further errors are only counted)" : ""));
      }
      return Status.ERROR;
    }
    if (s == Status.BATCHED_OK) {
      throw new IllegalStateException("the binding buffered a checkpoint instead of writing it (BATCHED_OK): run"
          + " the checkpoint workload without insert batching (batch size 1)");
    }
    if (s == Status.NOT_IMPLEMENTED && update) {
      throw new IllegalStateException("the binding cannot update records in place (" + what + " returned"
          + " NOT_IMPLEMENTED): use checkpoint.mode=insert");
    }
    return s;
  }

  /** One worker: runs tasks one after another, one compute slice (and its checkpoint) per call. */
  private final class TaskThread implements WorkloadThread {
    private final DB db;
    private final Meter meter;
    private final int threadId;
    private final Map<String, ByteIterator> values = new HashMap<>(4);
    private long task = -1;
    /** Under a seed, the tasks this thread has started. */
    private int started;
    private int slice;
    private long taskStart;
    private long sliceStart;
    private long writeNanos;
    private long overshootNanos;

    TaskThread(DB db, Meter meter, int threadId) {
      this.db = db;
      this.meter = meter;
      this.threadId = threadId;
    }

    /**
     * One write through the thread's client, or (checkpoint.connect=checkpoint) through a client opened for it and
     * closed after: a failure to connect is a failed write.
     */
    private Status store(String what, java.util.function.Function<DB, Status> write) {
      if (perWrite == null) {
        return call(what, () -> write.apply(db));
      }
      try (org.sciycsb.api.BindingRun c = perWrite.openThreadClient(threadId)) {
        DB d = c.newDb(threadId);
        d.setProperties(dbProperties);
        d.init();
        try {
          return call(what, () -> write.apply(d));
        } finally {
          d.cleanup();
        }
      } catch (org.sciycsb.api.BenchmarkException | site.ycsb.DBException | RuntimeException e) {
        return call(what + " (connecting)", () -> {
          throw new IllegalStateException(e.getMessage(), e);
        });
      }
    }

    @Override
    public boolean doInsert() {
      return false;
    }

    @Override
    public boolean doTransaction() {
      if (task < 0) {
        int i = seeded ? threadId + started++ * threads : nextTask.getAndIncrement();
        if (i >= tasks) {
          return false;
        }
        if (seeded) {
          nextTask.incrementAndGet(); // the count of started tasks, for tasksIncomplete
        }
        startTask(firstTask + i);
        return true;
      }
      long due = sliceStart + plan.sliceNanos(slice);
      long woke = sleepUntil(due);
      overshootNanos += woke - due;
      slice++;
      if (plan.checkpoints() > 0) {
        long t0 = System.nanoTime();
        Status s = write(slice);
        long t1 = System.nanoTime();
        meter.record(checkpointOp, t0, t1, s);
        if (s.isOk()) {
          checkpointsOk.increment();
        } else {
          checkpointsFailed.increment();
        }
        writeNanos += t1 - t0;
        sliceStart = t1;
      } else {
        sliceStart = woke;
      }
      if (slice == plan.slices()) {
        endTask(sliceStart);
      }
      return true;
    }

    private void startTask(long number) {
      task = number;
      slice = 0;
      writeNanos = 0;
      overshootNanos = 0;
      taskStart = System.nanoTime();
      firstStart.accumulateAndGet(taskStart, Math::min);
      if (registers) {
        fill(0);
        String key = key(0);
        Status s = store("TASK_START update", d -> d.update(table, key, values));
        if (s == Status.NOT_FOUND) {
          fill(0);
          s = store("TASK_START insert", d -> d.insert(table, key, values));
        }
        long t1 = System.nanoTime();
        meter.record(startOp, taskStart, t1, s);
        if (!s.isOk()) {
          startsFailed.increment();
        }
        writeNanos += t1 - taskStart;
        sliceStart = t1;
      } else {
        sliceStart = taskStart;
      }
    }

    private void endTask(long end) {
      long overhead = plan.overheadNanos(taskStart, end);
      // one value per task: its overhead (service time from start + D to the end)
      meter.record(overheadOp, taskStart + plan.durationNanos(), end, Status.OK);
      lastEnd.accumulateAndGet(end, Math::max);
      finished.add(new long[] {overhead, writeNanos, overshootNanos});
      task = -1;
    }

    /** Checkpoint k (1-based) of the current task: its status document. */
    private Status write(int k) {
      fill(k);
      String key = key(k);
      return update ? store("CHECKPOINT update", d -> d.update(table, key, values))
          : store("CHECKPOINT insert", d -> d.insert(table, key, values));
    }

    private String key(int k) {
      return update ? "task" + task : "task" + task + "-" + k + "-" + runId;
    }

    private void fill(int k) {
      int n = plan.checkpoints();
      String state = k == 0 ? "started" : k == n ? "done" : "running";
      String header = "task=" + task + ";checkpoint=" + k + "/" + n + ";state=" + state + ";time="
          + System.currentTimeMillis();
      values.put(headerField, new ByteArrayByteIterator(header.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
      values.put(payloadField, new ByteArrayByteIterator(payload));
    }

    @Override
    public void close() {
      if (task >= 0) {
        incomplete.increment(); // the run was cut short (maxexecutiontime or a stop) in the middle of this task
        task = -1;
      }
    }
  }

  /** Parks until {@code due} (never earlier: a spurious wake-up parks again); returns the time it woke. */
  static long sleepUntil(long due) {
    long now;
    while ((now = System.nanoTime()) < due) {
      LockSupport.parkNanos(due - now);
    }
    return now;
  }

  @Override
  public Map<String, Object> finish(WorkloadContext ctx) {
    List<long[]> done = new ArrayList<>(finished);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("tasks", tasks);
    m.put("threads", threads);
    int waves = TaskPlan.waves(tasks, threads);
    m.put("waves", waves);
    m.put("durationS", plan.durationNanos() / 1e9);
    m.put("intervalS", plan.intervalNanos() / 1e9);
    m.put("sizeBytes", sizeBytes);
    m.put("mode", update ? "update" : "insert");
    m.put("table", table);
    m.put("firstTask", firstTask);
    m.put("checkpointsPerTask", plan.checkpoints());
    m.put("tasksFinished", done.size());
    m.put("tasksIncomplete", incomplete.sum() + Math.max(0, tasks - nextTask.get()));
    m.put("checkpointsWritten", checkpointsOk.sum());
    m.put("checkpointsFailed", checkpointsFailed.sum());
    if (registers) {
      m.put("taskStartsFailed", startsFailed.sum());
    }
    m.put("bytesWritten", checkpointsOk.sum() * sizeBytes);
    Map<String, Object> overhead = new LinkedHashMap<>();
    if (!done.isEmpty()) {
      long first = firstStart.get();
      long last = lastEnd.get();
      long epochNow = System.currentTimeMillis();
      long nanoNow = System.nanoTime();
      m.put("firstStartEpochMs", epochNow - (nanoNow - first) / 1_000_000);
      m.put("lastEndEpochMs", epochNow - (nanoNow - last) / 1_000_000);
      m.put("applicationTimeS", seconds(last - first));
      overhead.put("jobS", seconds(plan.jobOverheadNanos(first, last, waves)));
      long[] o = done.stream().mapToLong(x -> x[0]).sorted().toArray();
      overhead.put("taskMeanS", seconds(Math.round(done.stream().mapToLong(x -> x[0]).average().orElse(0))));
      overhead.put("taskMinS", seconds(o[0]));
      overhead.put("taskP50S", seconds(rank(o, 50)));
      overhead.put("taskP95S", seconds(rank(o, 95)));
      overhead.put("taskMaxS", seconds(o[o.length - 1]));
      overhead.put("writesMeanS", seconds(Math.round(done.stream().mapToLong(x -> x[1]).average().orElse(0))));
      overhead.put("computeLateMeanS", seconds(Math.round(done.stream().mapToLong(x -> x[2]).average().orElse(0))));
    }
    m.put("overhead", overhead);
    String line = done.isEmpty() ? "checkpoint: no task finished"
        : String.format(Locale.ROOT, "checkpoint: %d task(s) finished, job overhead %.3f s (application time %.3f s"
            + " - %d x D); per task: mean %.3f s, p95 %.3f s, of which writes %.3f s and late compute wake-ups %.3f s;"
            + " %d checkpoint(s) written, %d failed", done.size(), overhead.get("jobS"), m.get("applicationTimeS"),
            waves, overhead.get("taskMeanS"), overhead.get("taskP95S"), overhead.get("writesMeanS"),
            overhead.get("computeLateMeanS"), checkpointsOk.sum(), checkpointsFailed.sum());
    run.log().println(line);
    return Map.of("checkpoint", m);
  }

  /** Nearest-rank percentile of sorted values. */
  static long rank(long[] sorted, double p) {
    int k = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, k))];
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e3) / 1e6;
  }
}
