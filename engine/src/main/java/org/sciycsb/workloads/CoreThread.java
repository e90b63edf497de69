package org.sciycsb.workloads;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.sciycsb.api.AsyncOps;
import org.sciycsb.api.Meter;
import org.sciycsb.api.Operation;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.draw.Exponential;
import org.sciycsb.api.draw.LongDraw;
import org.sciycsb.api.draw.RandomValue;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One thread of the core workload: its operations (synchronous, and asynchronous for {@code -p inflight=N}), each
 * drawing its operation, key, fields and values from the thread's own distributions and generator; a read result
 * reuses one map per thread.
 */
final class CoreThread implements WorkloadThread {
  private final String table;
  private final String[] fieldNames;
  private final Set<String> allFieldNames;
  private final boolean readAllFields;
  private final boolean readAllFieldsByName;
  private final boolean writeAllFields;
  private final boolean dataIntegrity;
  private final int constantFieldLength;
  private final int retryLimit;
  private final int retryInterval;
  private final boolean keepGoing;
  private final java.io.PrintStream log;
  /** Set when a load's insert failed for good without keep-going: the thread has no more work. */
  private final java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();
  private final CoreSettings.ScanLimits scanLimits;
  private final OperationMix mix;
  private final KeyNames keys;
  private final Operation rmw;
  private final Operation verify;
  private final DB db;
  private final Meter meter;
  private final RandomGenerator random;
  private final LongDraw keyChooser;
  private final LongDraw scanLength;
  private final LongDraw fieldLength;
  private final LongDraw loadKeys;
  private final InsertKeys inserts;
  /** This thread's place among the clients whose run inserts interleave (see {@link KeyNames#buildKeyName}). */
  private final int stride;
  private final int offset;
  private final HashMap<String, ByteIterator> cells = new HashMap<>();
  private final boolean exponential;
  /** staleness=true: the run's plan, its judge, and this thread's reused judgement and read arrays; else null. */
  private final StalenessPlan stale;
  private final Staleness judge;
  private final Map<String, Integer> fieldIndex;
  private final Staleness.Judgement judgement = new Staleness.Judgement();
  private final int[] readIndices;
  private final long[] readVersions;

  CoreThread(CoreSettings settings, ThreadContext ctx, CoreGenerators.ThreadDraws draws, InsertKeys inserts,
      int stride, int offset) {
    this.table = settings.table();
    this.fieldNames = settings.fieldNames();
    this.allFieldNames = settings.allFieldNames();
    this.readAllFields = settings.readAllFields();
    this.readAllFieldsByName = settings.readAllFieldsByName();
    this.writeAllFields = settings.writeAllFields();
    this.dataIntegrity = settings.dataIntegrity();
    this.constantFieldLength = settings.constantFieldLength();
    this.retryLimit = settings.retryLimit();
    this.retryInterval = settings.retryInterval();
    this.keepGoing = settings.keepGoing();
    this.log = settings.log();
    this.scanLimits = settings.scanLimits();
    this.stale = settings.staleness();
    this.mix = stale == null || stale.readers() == 0 ? settings.mix()
        : ctx.threadId() < stale.readers() ? stale.readOnly() : stale.writeOnly();
    this.judge = stale == null ? null : stale.judge();
    this.fieldIndex = new HashMap<>();
    for (int i = 0; i < fieldNames.length; i++) {
      fieldIndex.put(fieldNames[i], i);
    }
    this.readIndices = new int[fieldNames.length];
    this.readVersions = new long[fieldNames.length];
    this.keys = settings.keys();
    this.rmw = settings.rmw();
    this.verify = settings.verify();
    this.db = ctx.db();
    this.meter = ctx.meter();
    this.random = ctx.random();
    this.keyChooser = draws.keyChooser();
    this.scanLength = draws.scanLength();
    this.fieldLength = draws.fieldLength();
    this.loadKeys = draws.loadKeys();
    this.inserts = inserts;
    this.stride = stride;
    this.offset = offset;
    this.exponential = keyChooser instanceof Exponential;
  }

  private String key(long n) {
    return keys.buildKeyName(n, stride, offset);
  }

  @Override
  public boolean doInsert() {
    long keynum = loadKeys.next();
    String key = keys.buildKeyName(keynum);
    Map<String, ByteIterator> values = values(key, true, 0);
    Status status;
    int retries = 0;
    while (true) {
      status = db.insert(table, key, values);
      if (status != null && status.isOk()) {
        break;
      }
      if (++retries > retryLimit) {
        break;
      }
      try {
        Thread.sleep((long) (1000 * retryInterval * (0.8 + 0.4 * ThreadLocalRandom.current().nextDouble())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      values = again(key, values);
    }
    return status != null && status.isOk() || keepGoing(key, retries);
  }

  /**
   * A load's insert failed for good (after {@code attempts} tries): as YCSB 0.17, the thread says so on stderr and
   * stops, unless core_workload_insertion_keep_going_on_error=true (the failure is counted either way).
   */
  private boolean keepGoing(String key, int attempts) {
    if (keepGoing) {
      return true;
    }
    if (!stopped.compareAndSet(false, true)) {
      return false; // an asynchronous insert in flight failed too: said once
    }
    log.println("core workload: insert of " + key + " failed after " + attempts + " attempt"
        + (attempts == 1 ? "" : "s") + " (core_workload_insertion_retry_limit=" + retryLimit + "): this thread stops"
        + " loading; -p core_workload_insertion_keep_going_on_error=true goes on");
    return false;
  }

  @Override
  public boolean doTransaction() {
    switch (nextOpCode()) {
      case OperationMix.OP_READ:
        read();
        break;
      case OperationMix.OP_UPDATE:
        update();
        break;
      case OperationMix.OP_INSERT:
        insert();
        break;
      case OperationMix.OP_SCAN:
        scan();
        break;
      default:
        readModifyWrite();
    }
    return true;
  }

  @Override
  public CompletionStage<?> doInsertAsync(AsyncOps ops) {
    if (stopped.get()) {
      return null;
    }
    long keynum = loadKeys.next();
    String key = keys.buildKeyName(keynum);
    return insertAsync(ops, key, values(key, true, 0), 0).thenAccept(s -> {
      if (!s.isOk()) {
        keepGoing(key, retryLimit + 1);
      }
    });
  }

  /**
   * As {@link #doInsert}: a failed insert is retried after retryInterval (from a timer, not this thread), with the
   * same values (made again from their seeds: nothing is drawn off the thread); one that fails for good stops the
   * thread's next inserts unless keep-going is set.
   */
  private CompletionStage<Status> insertAsync(AsyncOps ops, String key, Map<String, ByteIterator> values,
      int retries) {
    return ops.insertAsync(table, key, values).thenCompose(s -> {
      if (s.isOk() || retries >= retryLimit) {
        return CompletableFuture.completedFuture(s);
      }
      long ms = (long) (1000 * retryInterval * (0.8 + 0.4 * ThreadLocalRandom.current().nextDouble()));
      return CompletableFuture.supplyAsync(() -> key, CompletableFuture.delayedExecutor(ms, TimeUnit.MILLISECONDS))
          .thenCompose(k -> insertAsync(ops, k, again(k, values), retries + 1));
    });
  }

  @Override
  public CompletionStage<?> doTransactionAsync(AsyncOps ops) {
    switch (nextOpCode()) {
      case OperationMix.OP_READ: {
        String key = key(nextKeynum());
        Map<String, ByteIterator> result = new HashMap<>();
        Set<String> fields = readFields();
        long sent = System.nanoTime();
        return ops.readAsync(table, key, fields, result).thenAccept(s -> {
          if (dataIntegrity) {
            verifyRow(key, result, ops);
          }
          if (judge != null) {
            judgeRead(stale.read(), key, fields, result, s, sent, ops, new int[fieldNames.length],
                new long[fieldNames.length], new Staleness.Judgement());
          }
        });
      }
      case OperationMix.OP_UPDATE: {
        String key = key(nextKeynum());
        long v = version();
        Map<String, ByteIterator> values = values(key, writeAllFields, v);
        sent(key, v, values);
        CompletionStage<Status> update = ops.updateAsync(table, key, values);
        return judge == null ? update : update.whenComplete((s, e) -> answered(key, v, s));
      }
      case OperationMix.OP_INSERT: {
        long keynum = inserts.next();
        String key = key(keynum);
        long v = version();
        Map<String, ByteIterator> values = values(key, true, v);
        sent(key, v, values);
        return ops.insertAsync(table, key, values).whenComplete((s, e) -> {
          answered(key, v, s);
          inserts.acknowledge(keynum);
        });
      }
      case OperationMix.OP_SCAN: {
        String key = key(nextKeynum());
        int len = (int) scanLength.next();
        return ops.scanAsync(table, key, len, readAllFields ? null : Set.of(field()), scanResult());
      }
      default:
        return readModifyWriteAsync(ops);
    }
  }

  /** The update is sent when the read has completed; the composite counts from the read's send. */
  private CompletionStage<?> readModifyWriteAsync(AsyncOps ops) {
    String key = key(nextKeynum());
    Set<String> fields = readAllFields ? null : Set.of(field());
    long v = version();
    Map<String, ByteIterator> values = values(key, writeAllFields, v);
    Map<String, ByteIterator> result = new HashMap<>();
    long st = System.nanoTime();
    return ops.readAsync(table, key, fields, result).thenCompose(r -> {
      if (judge != null) {
        judgeRead(stale.rmw(), key, fields, result, r, st, ops, new int[fieldNames.length],
            new long[fieldNames.length], new Staleness.Judgement());
      }
      sent(key, v, values);
      return ops.updateAsync(table, key, values).thenAccept(u -> {
          answered(key, v, u);
          long en = System.nanoTime();
          if (dataIntegrity) {
            verifyRow(key, result, ops);
          }
          ops.record(rmw, st, en, !r.isOk() ? r : u);
        });
    });
  }

  /** The next transaction's operation, drawn by the proportions. */
  private int nextOpCode() {
    return mix.next(random);
  }

  private long nextKeynum() {
    long keynum;
    if (exponential) {
      do {
        keynum = inserts.last() - keyChooser.next();
      } while (keynum < 0);
    } else {
      do {
        keynum = keyChooser.next();
      } while (keynum > inserts.last());
    }
    return keynum;
  }

  private String field() {
    return fieldNames[random.nextInt(fieldNames.length)];
  }

  private Set<String> readFields() {
    if (!readAllFields) {
      return Set.of(field());
    }
    if (dataIntegrity || readAllFieldsByName) {
      return allFieldNames;
    }
    return null;
  }

  private void read() {
    String key = key(nextKeynum());
    Set<String> fields = readFields();
    cells.clear();
    long sent = judge == null ? 0 : System.nanoTime();
    Status s = db.read(table, key, fields, cells);
    if (dataIntegrity) {
      verifyRow(key, cells, meter);
    }
    if (judge != null) {
      judgeRead(stale.read(), key, fields, cells, s, sent, meter, readIndices, readVersions, judgement);
    }
  }

  /**
   * staleness=true: a read (of a READ, or of a READ-MODIFY-WRITE: {@code j}) that returned (OK, or NOT_FOUND: a
   * record missing is older than its insert) judged by the versions of the fields asked for; a stale one recorded
   * as {@code j}'s stale operation (READ-STALE), its latency the lag. Any thread, with arrays and a judgement of its
   * own.
   */
  private void judgeRead(StalenessPlan.Judged j, String key, Set<String> fields, Map<String, ByteIterator> got,
      Status s, long sent, Meter m, int[] indices, long[] versions, Staleness.Judgement out) {
    if (s == null || !s.isOk() && !Status.NOT_FOUND.getName().equals(s.getName())) {
      return; // a failed read returned nothing to judge
    }
    int n = 0;
    if (fields == null) {
      for (int i = 0; i < fieldNames.length; i++) {
        indices[n] = i;
        versions[n++] = StampedValue.versionOf(got.get(fieldNames[i]));
      }
    } else {
      for (String f : fields) {
        indices[n] = fieldIndex.get(f);
        versions[n++] = StampedValue.versionOf(got.get(f));
      }
    }
    if (judge.judge(key, indices, versions, n, sent, out, j.tally()) == Staleness.STALE) {
      m.recordSpan(j.staleOp(), System.nanoTime(), out.lagNanos, Status.OK);
    }
  }

  /** A new write's version under staleness=true, else 0. */
  private long version() {
    return judge == null ? 0 : judge.nextVersion();
  }

  /** staleness=true: a write of these values, stamped with version {@code v}, is about to be sent. */
  private void sent(String key, long v, Map<String, ByteIterator> values) {
    if (judge != null) {
      long mask = 0;
      for (String f : values.keySet()) {
        mask |= 1L << fieldIndex.get(f);
      }
      judge.sent(key, v, mask, System.nanoTime());
    }
  }

  /** staleness=true: the write of version {@code v} was answered with {@code s} (null: it threw). */
  private void answered(String key, long v, Status s) {
    if (judge != null) {
      judge.answered(key, v, System.nanoTime(), s != null && s.isOk());
    }
  }

  private void update() {
    String key = key(nextKeynum());
    long v = version();
    Map<String, ByteIterator> values = values(key, writeAllFields, v);
    sent(key, v, values);
    Status s = null;
    try {
      s = db.update(table, key, values);
    } finally {
      answered(key, v, s);
    }
  }

  private void insert() {
    long keynum = inserts.next();
    try {
      String key = key(keynum);
      long v = version();
      Map<String, ByteIterator> values = values(key, true, v);
      sent(key, v, values);
      Status s = null;
      try {
        s = db.insert(table, key, values);
      } finally {
        answered(key, v, s);
      }
    } finally {
      inserts.acknowledge(keynum);
    }
  }

  private void scan() {
    String key = key(nextKeynum());
    int len = (int) scanLength.next();
    Set<String> fields = readAllFields ? null : Set.of(field());
    db.scan(table, key, len, fields, scanResult());
  }

  /** A scan's result: with the scan limits of upstream master's template when one is set. */
  private Vector<HashMap<String, ByteIterator>> scanResult() {
    CoreSettings.ScanLimits l = scanLimits;
    return l == null ? new Vector<>() : new LimitedScanResult(l.maxScanRate(), l.timeLimitNanos(), l.discard());
  }

  private void readModifyWrite() {
    String key = key(nextKeynum());
    Set<String> fields = readAllFields ? null : Set.of(field());
    long v = version();
    Map<String, ByteIterator> values = values(key, writeAllFields, v);
    cells.clear();
    long st = System.nanoTime();
    Status r = db.read(table, key, fields, cells);
    if (judge != null) {
      judgeRead(stale.rmw(), key, fields, cells, r, st, meter, readIndices, readVersions, judgement);
    }
    sent(key, v, values);
    Status u = null;
    try {
      u = db.update(table, key, values);
    } finally {
      answered(key, v, u);
    }
    long en = System.nanoTime();
    if (dataIntegrity) {
      verifyRow(key, cells, meter);
    }
    meter.record(rmw, st, en, !r.isOk() ? r : u);
  }

  /** A write's values: with staleness=true ({@code version} not 0) each stamped with the write's version. */
  private Map<String, ByteIterator> values(String key, boolean all, long version) {
    if (!all) {
      // one field: an immutable one-entry map (bindings read the values they are given, never change them)
      String f = field();
      return Collections.singletonMap(f, value(key, f, version));
    }
    HashMap<String, ByteIterator> v = new HashMap<>(fieldNames.length * 2);
    for (String f : fieldNames) {
      v.put(f, value(key, f, version));
    }
    return v;
  }

  /** A value drawn shorter than a stamp (a length histogram's) is lengthened to one under staleness=true. */
  private ByteIterator value(String key, String field, long version) {
    long len = fieldLength.next();
    if (dataIntegrity) {
      return new StringByteIterator(deterministicValue(key, field, (int) len));
    }
    if (version != 0) {
      return new StampedValue(version, random.nextLong(), Math.max(len, StampedValue.LENGTH));
    }
    return new RandomValue(random.nextLong(), len);
  }

  /** The same values again, for a retried insert (fresh iterators: the binding may have read the first ones). */
  private Map<String, ByteIterator> again(String key, Map<String, ByteIterator> values) {
    HashMap<String, ByteIterator> v = new HashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      ByteIterator b = e.getValue();
      v.put(e.getKey(), b instanceof RandomValue rv ? rv.copy() : b instanceof StampedValue sv ? sv.copy()
          : new StringByteIterator(deterministicValue(key, e.getKey(), constantFieldLength)));
    }
    return v;
  }

  /** Any thread (the callbacks of asynchronous reads too): the meter given must allow it. */
  private void verifyRow(String key, Map<String, ByteIterator> cells, Meter meter) {
    long st = System.nanoTime();
    Status s = Status.OK;
    if (cells.isEmpty()) {
      s = Status.ERROR;
    } else {
      for (Map.Entry<String, ByteIterator> e : cells.entrySet()) {
        String got = e.getValue().toString();
        if (!got.equals(deterministicValue(key, e.getKey(), constantFieldLength))) {
          s = Status.UNEXPECTED_STATE;
          break;
        }
      }
    }
    meter.record(verify, st, System.nanoTime(), s);
  }

  /** YCSB's deterministic value for data integrity checks. */
  static String deterministicValue(String key, String field, int size) {
    StringBuilder sb = new StringBuilder(size);
    sb.append(key).append(':').append(field);
    while (sb.length() < size) {
      sb.append(':').append(sb.toString().hashCode());
    }
    sb.setLength(size);
    return sb.toString();
  }
}
