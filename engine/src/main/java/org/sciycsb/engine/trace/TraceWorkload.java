package org.sciycsb.engine.trace;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.sciycsb.api.AsyncOps;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * {@code trace.in}: replays a trace, each recorded thread's operations in order on a client thread of its own, the
 * operations marked warmup as the run's warmup. The engine asks it for each thread's warmup count and, at
 * {@code trace.speed=recorded}, for each thread's intended starts.
 */
public final class TraceWorkload implements BenchWorkload {
  public static final String NAME = "trace";
  private TraceFile trace;
  private boolean recordedSpeed;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public OptionSet options() {
    return OptionSet.empty(NAME); // trace.in and trace.speed are the engine's (TraceOptions)
  }

  /**
   * Reads and checks the trace and the options that go with it; returns the configuration with the trace's thread
   * count. Called before anything starts.
   */
  public Config prepare(Config config) throws ConfigException {
    String in = config.get(TraceOptions.IN);
    if (in == null) {
      throw new ConfigException("workload trace replays a trace: give it with -p trace.in=FILE");
    }
    for (String k : List.of(CommonOptions.TARGET.name(), "arrival", CommonOptions.WARMUP_OPS.name(),
        CommonOptions.WARMUP_TIME.name())) {
      if (config.has(k)) {
        throw new ConfigException(k + " cannot be combined with trace.in: the trace holds each operation's schedule"
            + " and warmup");
      }
    }
    trace = TraceFile.read(TraceOut.path(TraceOptions.IN, in));
    checkSchedules();
    recordedSpeed = config.get(TraceOptions.SPEED).equals("recorded");
    int n = trace.threadCount();
    if (config.has("threadcount") && !config.raw("threadcount").trim().equals(String.valueOf(n))) {
      throw new ConfigException("trace.in " + in + " holds the operations of " + n + " client threads: -threads "
          + config.raw("threadcount").trim() + " cannot replay it (leave -threads out)");
    }
    return config.with(Map.of("threadcount", String.valueOf(n)));
  }

  /** Each thread's warmup and its measured part have an intended start on every operation or on none. */
  private void checkSchedules() throws ConfigException {
    for (int i = 0; i < trace.threadCount(); i++) {
      for (boolean warm : new boolean[] {true, false}) {
        long timed = trace.threads().get(i).stream().filter(r -> r.warmup() == warm && r.intended() >= 0).count();
        long all = trace.threads().get(i).stream().filter(r -> r.warmup() == warm).count();
        if (timed != 0 && timed != all) {
          throw new ConfigException("trace.in " + trace.path() + " is not a valid trace: thread " + i + " has an "
              + "intended start on some of its " + (warm ? "warmup" : "measured") + " operations only");
        }
      }
    }
  }

  public TraceFile trace() {
    return trace;
  }

  /** Thread i's operations not marked warmup (they come after those that are). */
  public long measuredCount(int thread) {
    return trace.threads().get(thread).size() - warmupCount(thread);
  }

  /** Thread i's operations marked warmup (they come first). */
  public long warmupCount(int thread) {
    return trace.threads().get(thread).stream().filter(TraceRecord::warmup).count();
  }

  public boolean hasWarmup() {
    return trace.threads().stream().anyMatch(t -> !t.isEmpty() && t.get(0).warmup());
  }

  /**
   * Thread i's intended starts in its warmup or measured part, nanoseconds from the part's start, when the replay
   * keeps the recorded schedule and the trace has one; null to send back to back.
   */
  public long[] offsets(int thread, boolean warmup) {
    if (!recordedSpeed) {
      return null;
    }
    long[] out = trace.threads().get(thread).stream().filter(r -> r.warmup() == warmup && r.intended() >= 0)
        .mapToLong(TraceRecord::intended).toArray();
    long all = trace.threads().get(thread).stream().filter(r -> r.warmup() == warmup).count();
    return out.length == 0 && all > 0 ? null : out;
  }

  /** What results.json says of the replay: the file, the speed and the trace's header. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("in", trace.path().toAbsolutePath().toString());
    m.put("speed", recordedSpeed ? "recorded" : "max");
    m.put("operations", trace.operations());
    m.put("header", trace.header());
    return m;
  }

  @Override
  public void validate(Config config, Phase phase) throws ConfigException {
    if (trace == null) {
      prepare(config);
    }
  }

  @Override
  public void init(WorkloadContext context) throws BenchmarkException {
    if (trace == null) {
      prepare(context.run().config());
    }
  }

  @Override
  public OptionalLong plannedOperations(Phase phase) {
    return OptionalLong.of(trace.threads().stream().flatMap(List::stream).filter(r -> !r.warmup()).count());
  }

  /** Each thread runs until its recorded operations end. */
  @Override
  public boolean sharedWork(Phase phase) {
    return true;
  }

  @Override
  public boolean supportsAsync() {
    return true;
  }

  /**
   * A trace of inserts into one table counts its records there, as the load that wrote it did: {@code load.empty}
   * empties it before a replayed load, and the post-load count check applies.
   */
  @Override
  public java.util.Optional<String> countedTable(Config config) {
    if (trace == null || trace.threads().stream().flatMap(List::stream).anyMatch(r -> r.op() != 'I')) {
      return java.util.Optional.empty();
    }
    List<String> tables = trace.threads().stream().flatMap(List::stream).map(TraceRecord::table).distinct().toList();
    return tables.size() == 1 ? java.util.Optional.of(tables.get(0)) : java.util.Optional.empty();
  }

  /** A trace's threads are replayed by one process: several client processes would each replay all of it. */
  @Override
  public java.util.Optional<Map<String, String>> clientShare(Phase phase, Config config, int clients, int index)
      throws ConfigException {
    throw new ConfigException("trace.in is replayed by one client process: it cannot be divided between " + clients
        + " clients");
  }

  @Override
  public WorkloadThread newThread(ThreadContext context) {
    return new Replay(trace.threads().get(context.threadId()), context.db());
  }

  /** One recorded thread, replayed. */
  private static final class Replay implements WorkloadThread {
    private final List<TraceRecord> ops;
    private final DB db;
    private int next;

    Replay(List<TraceRecord> ops, DB db) {
      this.ops = ops;
      this.db = db;
    }

    @Override
    public boolean doInsert() {
      return doTransaction();
    }

    @Override
    public boolean doTransaction() {
      if (next >= ops.size()) {
        return false;
      }
      TraceRecord r = ops.get(next++);
      switch (r.op()) {
        case 'R' -> db.read(r.table(), r.key(), fields(r), new HashMap<>());
        case 'S' -> db.scan(r.table(), r.key(), r.count(), fields(r), new Vector<>());
        case 'U' -> db.update(r.table(), r.key(), values(r));
        case 'I' -> db.insert(r.table(), r.key(), values(r));
        default -> db.delete(r.table(), r.key());
      }
      return next < ops.size();
    }

    @Override
    public CompletionStage<?> doInsertAsync(AsyncOps a) {
      return doTransactionAsync(a);
    }

    @Override
    public CompletionStage<?> doTransactionAsync(AsyncOps a) {
      if (next >= ops.size()) {
        return null;
      }
      TraceRecord r = ops.get(next++);
      CompletionStage<Status> s = switch (r.op()) {
        case 'R' -> a.readAsync(r.table(), r.key(), fields(r), new HashMap<>());
        case 'S' -> a.scanAsync(r.table(), r.key(), r.count(), fields(r), new Vector<>());
        case 'U' -> a.updateAsync(r.table(), r.key(), values(r));
        case 'I' -> a.insertAsync(r.table(), r.key(), values(r));
        default -> a.deleteAsync(r.table(), r.key());
      };
      return s == null ? CompletableFuture.completedFuture(null) : s;
    }

    private static java.util.Set<String> fields(TraceRecord r) {
      return r.fields() == null ? null : new LinkedHashSet<>(r.fields());
    }

    private static Map<String, ByteIterator> values(TraceRecord r) {
      Map<String, ByteIterator> v = new LinkedHashMap<>();
      for (int i = 0; i < r.fields().size(); i++) {
        v.put(r.fields().get(i), new TraceValue(r.key(), r.fields().get(i), r.lengths()[i]));
      }
      return v;
    }
  }
}
