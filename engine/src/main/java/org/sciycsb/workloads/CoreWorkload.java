package org.sciycsb.workloads;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Operation;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.draw.LongDraw;
import org.sciycsb.api.draw.ThreadKeys;
import org.sciycsb.measure.OperationRegistry;

/**
 * YCSB's CoreWorkload with the same properties, operations and distributions, built for low client overhead:
 * the operation is chosen from a precomputed table instead of by string, the generators that hold no shared state
 * are per thread (upstream shares one instance, whose last-value field every thread writes), record numbers are
 * 64-bit, and read results reuse one map per thread. The distributions are ours ({@code org.sciycsb.api.draw}),
 * written to YCSB's algorithms and constants and drawing from the thread's generator ({@link ThreadContext#random()}),
 * so that {@code -p seed=N} makes every draw reproducible; {@code CoreWorkloadEquivalenceTest} checks the resulting
 * operation, key, field, scan-length and value-length distributions against upstream's CoreWorkload.
 *
 * <p>Under a seed the threads share nothing that timing decides: a load's thread t of T inserts the record numbers
 * {@code insertstart + t + jT} ({@link ThreadKeys}); in a run each thread is a client of its own (virtual client
 * {@code coreworkload.client * T + t} of {@code coreworkload.clients * T}): its inserts interleave with the others'
 * in the key names as several clients' do, and its reads pick among the loaded records and its own inserts.
 *
 * <p>Its parts: {@link CoreValidation} (the options checked), {@link OperationMix} (the proportions),
 * {@link KeyNames} (record numbers to key names), {@link CoreGenerators} (the distributions), {@link CoreSettings}
 * and {@link CoreThread} (a thread's operations).
 */
public final class CoreWorkload implements BenchWorkload {
  private CoreSettings settings;
  private KeyNames keys;
  private CoreGenerators generators;
  private AtomicLong keySequence;
  private InsertKeys insertKeySequence;
  /** Under a seed, every thread's own insert counter and its place among the virtual clients, for {@link #finish}. */
  private final ConcurrentLinkedQueue<OwnInserts> ownInserts = new ConcurrentLinkedQueue<>();
  private boolean seeded;
  private long warmupOps;
  private Phase phase;
  private long insertStart;
  private long recordCount;

  @Override
  public java.util.Optional<String> countedTable(Config config) {
    return java.util.Optional.of(config.raw("table", "usertable"));
  }

  @Override
  public String name() {
    return "core";
  }

  @Override
  public OptionSet options() {
    return CoreWorkloadOptions.all();
  }

  @Override
  public void init(WorkloadContext ctx) throws BenchmarkException {
    Config p = ctx.run().config();
    this.phase = ctx.run().phase();
    String table = p.get(CoreWorkloadOptions.TABLE);
    String[] fieldNames = CoreSettings.fieldNames(p);
    validate(p, ctx.run().phase());
    recordCount = p.get(CommonOptions.RECORD_COUNT);
    insertStart = p.get(CommonOptions.INSERT_START);
    Long ic = p.get(CommonOptions.INSERT_COUNT);
    long insertCount = ic != null ? ic : recordCount - insertStart;
    keys = KeyNames.of(p, insertStart + insertCount);
    seeded = p.get(CommonOptions.SEED) != null;
    warmupOps = p.get(CommonOptions.WARMUP_OPS);
    keySequence = new AtomicLong(insertStart);
    insertKeySequence = InsertKeys.shared(recordCount);
    OperationMix mix = OperationMix.of(p);
    generators = new CoreGenerators(p, recordCount, insertStart, insertCount, seeded);
    Operation rmw = ctx.operation(OperationRegistry.READ_MODIFY_WRITE, true);
    Operation verify = p.get(CoreWorkloadOptions.DATA_INTEGRITY) ? ctx.operation("VERIFY", true) : null;
    settings = CoreSettings.of(p, table, fieldNames, mix, keys, rmw, verify, ctx.run().log(), StalenessPlan.of(ctx));
  }

  /**
   * The checks that need no store: counts, proportions, field lengths and the histogram file
   * ({@link CoreValidation}).
   */
  @Override
  public void validate(Config p, Phase phase) throws ConfigException {
    CoreValidation.validate(p, phase);
  }

  /**
   * After a run: {@code extra.core.nextInsertKey}, the key number after the last one this run's inserts (warmup
   * included) used, which is the {@code recordcount} a later run on the same table needs so that its own inserts
   * take fresh keys and its reads cover every record (the studies' runner applies it). Every insert's key is
   * acknowledged when it ends, so once the threads have ended this is the highest acknowledged key plus one. Under a
   * seed, where each thread inserts key numbers of its own, interleaved, it is the highest key number any thread
   * inserted plus one, so that a later run's inserts collide with none (a thread that inserted fewer than the others
   * leaves a few numbers below it unused). With staleness=true, {@code extra.staleness.READ}: the reads judged
   * ({@link Staleness#summary}).
   */
  @Override
  public java.util.Map<String, Object> finish(org.sciycsb.api.WorkloadContext context) {
    if (phase != Phase.RUN) {
      return java.util.Map.of();
    }
    long last = insertKeySequence.last();
    for (OwnInserts own : ownInserts) {
      long n = own.inserts().last();
      if (n >= recordCount) { // the thread inserted: the key number its last insert's name was built from
        last = Math.max(last, keys.keynum(n, own.stride(), own.offset()));
      }
    }
    java.util.Map<String, Object> extra = new java.util.LinkedHashMap<>();
    extra.put("core", java.util.Map.of("table", settings.table(), "nextInsertKey", last + 1));
    if (settings.staleness() != null) {
      extra.put("staleness", settings.staleness().summary());
    }
    return extra;
  }

  /**
   * A run's share of client {@code index} of {@code n}: its operations (as YCSB users split them) and its own insert
   * keys, interleaved with the others' from the recordcount they share ({@code coreworkload.clients/client/
   * clientbase}); a load's share is the engine's default split of the record range.
   */
  @Override
  public java.util.Optional<java.util.Map<String, String>> clientShare(Phase ph, Config config, int n, int index)
      throws ConfigException {
    if (ph != Phase.RUN) {
      return java.util.Optional.empty();
    }
    java.util.Map<String, String> m = new java.util.LinkedHashMap<>(
        org.sciycsb.api.Shares.operations(config, n, index));
    if (n > 1) {
      Long base = config.get(CoreWorkloadOptions.CLIENT_BASE);
      m.put(CoreWorkloadOptions.CLIENTS.name(), Integer.toString(n));
      m.put(CoreWorkloadOptions.CLIENT.name(), Integer.toString(index));
      m.put(CoreWorkloadOptions.CLIENT_BASE.name(), Long.toString(base != null ? base
          : config.get(CommonOptions.RECORD_COUNT)));
    }
    return java.util.Optional.of(m);
  }

  /** Every operation has an asynchronous form (for -p inflight=N). */
  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** Every draw comes from the thread's generator, and under a seed no thread depends on another's progress. */
  @Override
  public boolean honoursSeed() {
    return true;
  }

  @Override
  public WorkloadThread newThread(ThreadContext ctx) throws BenchmarkException {
    RandomGenerator r = ctx.random();
    int t = ctx.threadId();
    int n = ctx.threadCount();
    InsertKeys inserts = insertKeySequence;
    LongDraw loadKeys = keySequence::getAndIncrement;
    int stride = keys.clients();
    int offset = keys.client();
    if (seeded) {
      inserts = InsertKeys.own(recordCount);
      loadKeys = new ThreadKeys(insertStart, t, n, warmupOps);
      stride = keys.clients() * n; // the thread is virtual client (client * n + t) of (clients * n)
      offset = keys.client() * n + t;
      ownInserts.add(new OwnInserts(inserts, stride, offset));
    }
    return new CoreThread(settings, ctx, generators.forThread(r, inserts, loadKeys, t, n), inserts, stride, offset);
  }

  /** A thread's own insert counter under a seed, and the virtual client whose key numbers it takes. */
  private record OwnInserts(InsertKeys inserts, int stride, int offset) {}
}
