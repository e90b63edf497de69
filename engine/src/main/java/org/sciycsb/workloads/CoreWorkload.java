package org.sciycsb.workloads;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.sciycsb.api.AsyncOps;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Meter;
import org.sciycsb.api.Operation;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.draw.Exponential;
import org.sciycsb.api.draw.Histogram;
import org.sciycsb.api.draw.Hotspot;
import org.sciycsb.api.draw.LongDraw;
import org.sciycsb.api.draw.RandomValue;
import org.sciycsb.api.draw.ScrambledZipfian;
import org.sciycsb.api.draw.Sequential;
import org.sciycsb.api.draw.SkewedLatest;
import org.sciycsb.api.draw.ThreadKeys;
import org.sciycsb.api.draw.Uniform;
import org.sciycsb.api.draw.Zipfian;
import org.sciycsb.measure.OperationRegistry;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Utils;

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
 */
public final class CoreWorkload implements BenchWorkload {
  static final int OP_READ = 0;
  static final int OP_UPDATE = 1;
  static final int OP_INSERT = 2;
  static final int OP_SCAN = 3;
  static final int OP_RMW = 4;

  private String table;
  private String[] fieldNames;
  private Set<String> allFieldNames;
  private boolean readAllFields;
  private boolean readAllFieldsByName;
  private boolean writeAllFields;
  private boolean dataIntegrity;
  private boolean orderedInserts;
  private int zeroPadding;
  private int retryLimit;
  private int retryInterval;
  private double[] opCumulative;
  private int[] opCodes;
  private AtomicLong keySequence;
  private InsertKeys insertKeySequence;
  /** Under a seed, every thread's own insert counter and its place among the virtual clients, for {@link #finish}. */
  private final ConcurrentLinkedQueue<OwnInserts> ownInserts = new ConcurrentLinkedQueue<>();
  private boolean seeded;
  private long warmupOps;
  private double zipfianConstant;
  /** Computed once: the scrambled zipfian's sum, the latest distribution's, the histogram of field lengths. */
  private double scrambledZetan;
  private double latestZetan;
  private Histogram lengthHistogram;
  private Phase phase;
  private Config config;
  private long insertStart;
  private long insertCount;
  private long recordCount;
  private String distribution;
  private LongDraw sharedSequence;
  private Operation rmw;
  private Operation verify;
  private int constantFieldLength;
  private String[] keyCache = new String[0];
  /** Clients sharing a run's inserts, this one's index and where their keys interleave (identity for one client). */
  private int clients = 1;
  private int client;
  private long clientBase;

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
    this.config = p;
    this.phase = ctx.run().phase();
    table = p.get(CoreWorkloadOptions.TABLE);
    int fieldCount = p.get(CoreWorkloadOptions.FIELD_COUNT);
    String prefix = p.get(CoreWorkloadOptions.FIELD_PREFIX);
    fieldNames = new String[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      fieldNames[i] = prefix + i;
    }
    allFieldNames = new HashSet<>(List.of(fieldNames));
    validate(p, ctx.run().phase());
    recordCount = p.get(CommonOptions.RECORD_COUNT);
    insertStart = p.get(CommonOptions.INSERT_START);
    Long ic = p.get(CommonOptions.INSERT_COUNT);
    insertCount = ic != null ? ic : recordCount - insertStart;
    zeroPadding = p.get(CoreWorkloadOptions.ZERO_PADDING);
    readAllFields = p.get(CoreWorkloadOptions.READ_ALL_FIELDS);
    readAllFieldsByName = p.get(CoreWorkloadOptions.READ_ALL_FIELDS_BY_NAME);
    writeAllFields = p.get(CoreWorkloadOptions.WRITE_ALL_FIELDS);
    dataIntegrity = p.get(CoreWorkloadOptions.DATA_INTEGRITY);
    constantFieldLength = p.get(CoreWorkloadOptions.FIELD_LENGTH);
    orderedInserts = p.get(CoreWorkloadOptions.INSERT_ORDER).equals("ordered");
    retryLimit = p.get(CoreWorkloadOptions.INSERTION_RETRY_LIMIT);
    retryInterval = p.get(CoreWorkloadOptions.INSERTION_RETRY_INTERVAL);
    int cacheMax = p.get(CoreWorkloadOptions.KEY_CACHE);
    keyCache = new String[(int) Math.min(cacheMax, insertStart + insertCount)];
    clients = p.get(CoreWorkloadOptions.CLIENTS);
    client = p.get(CoreWorkloadOptions.CLIENT);
    Long base = p.get(CoreWorkloadOptions.CLIENT_BASE);
    clientBase = base != null ? base : recordCount;
    seeded = p.get(CommonOptions.SEED) != null;
    warmupOps = p.get(CommonOptions.WARMUP_OPS);
    keySequence = new AtomicLong(insertStart);
    insertKeySequence = InsertKeys.shared(recordCount);
    buildOperationTable(p);
    distribution = p.get(CoreWorkloadOptions.REQUEST_DISTRIBUTION);
    zipfianConstant = p.get(CoreWorkloadOptions.ZIPFIAN_CONSTANT);
    if (distribution.equals("latest")) {
      latestZetan = Zipfian.zeta(recordCount - 1, Zipfian.YCSB_CONSTANT);
    } else if (distribution.equals("sequential")) {
      sharedSequence = Sequential.shared(insertStart, insertCount);
    } else if (distribution.equals("zipfian")) {
      scrambledZetan = ScrambledZipfian.zetan(zipfianConstant);
    }
    lengthHistogram = histogram(p);
    rmw = ctx.operation(OperationRegistry.READ_MODIFY_WRITE, true);
    verify = dataIntegrity ? ctx.operation("VERIFY", true) : null;
  }

  /**
   * The checks that need no store: counts, proportions, field lengths and the histogram file. Proportions are
   * weights, as in YCSB (a sum below 1 is normalised), but a sum above 1 is a mistake (two mixes merged, a typo),
   * and a run phase with every proportion 0 has nothing to do.
   */
  @Override
  public void validate(Config p, Phase phase) throws ConfigException {
    long records = p.get(CommonOptions.RECORD_COUNT);
    long start = p.get(CommonOptions.INSERT_START);
    Long ic = p.get(CommonOptions.INSERT_COUNT);
    long count = ic != null ? ic : records - start;
    if (records < start + count || count < 0) {
      throw new ConfigException("bad combination: insertstart (" + start + ") + insertcount (" + count
          + ") is more than recordcount (" + records + ")");
    }
    if (p.get(CoreWorkloadOptions.CLIENT) >= p.get(CoreWorkloadOptions.CLIENTS)) {
      throw new ConfigException("bad combination: coreworkload.client (" + p.get(CoreWorkloadOptions.CLIENT)
          + ") must be less than coreworkload.clients (" + p.get(CoreWorkloadOptions.CLIENTS) + ")");
    }
    String[] names = {"readproportion", "updateproportion", "insertproportion", "scanproportion",
        "readmodifywriteproportion"};
    double[] weights = {p.get(CoreWorkloadOptions.READ_PROPORTION), p.get(CoreWorkloadOptions.UPDATE_PROPORTION),
        p.get(CoreWorkloadOptions.INSERT_PROPORTION), p.get(CoreWorkloadOptions.SCAN_PROPORTION),
        p.get(CoreWorkloadOptions.RMW_PROPORTION)};
    double sum = 0;
    StringBuilder set = new StringBuilder();
    for (int i = 0; i < weights.length; i++) {
      sum += weights[i];
      if (weights[i] > 0) {
        set.append(set.length() == 0 ? "" : " + ").append(names[i]).append(' ').append(weights[i]);
      }
    }
    if (sum > 1 + 1e-9) {
      throw new ConfigException("the operation proportions add up to more than 1: " + set + " = "
          + Math.round(sum * 1e6) / 1e6 + " (a workload file and -p settings that do not fit together?)");
    }
    if (phase == Phase.RUN && sum <= 0) {
      throw new ConfigException("no operations: every *proportion property is 0");
    }
    if (p.get(CoreWorkloadOptions.DATA_INTEGRITY)
        && !p.get(CoreWorkloadOptions.FIELD_LENGTH_DISTRIBUTION).equals("constant")) {
      throw new ConfigException("dataintegrity=true needs fieldlengthdistribution=constant");
    }
    histogram(p); // reads the histogram file: a missing or bad one fails here
  }

  private void buildOperationTable(Config p) throws ConfigException {
    double[] weights = {p.get(CoreWorkloadOptions.READ_PROPORTION), p.get(CoreWorkloadOptions.UPDATE_PROPORTION),
        p.get(CoreWorkloadOptions.INSERT_PROPORTION), p.get(CoreWorkloadOptions.SCAN_PROPORTION),
        p.get(CoreWorkloadOptions.RMW_PROPORTION)};
    double sum = 0;
    int n = 0;
    for (double w : weights) {
      if (w > 0) {
        sum += w;
        n++;
      }
    }
    opCumulative = new double[n];
    opCodes = new int[n];
    // the same arithmetic as upstream's DiscreteGenerator: subtract normalised weights in order
    int k = 0;
    double acc = 0;
    for (int op = 0; op < weights.length; op++) {
      if (weights[op] > 0) {
        acc += weights[op] / sum;
        opCumulative[k] = acc;
        opCodes[k] = op;
        k++;
      }
    }
    if (n > 0) {
      opCumulative[n - 1] = Double.POSITIVE_INFINITY;
    }
  }

  /** The field-length histogram of fieldlengthdistribution=histogram, read and checked; else null. */
  private static Histogram histogram(Config p) throws ConfigException {
    if (!p.get(CoreWorkloadOptions.FIELD_LENGTH_DISTRIBUTION).equals("histogram")) {
      return null;
    }
    String file = p.get(CoreWorkloadOptions.FIELD_LENGTH_HISTOGRAM);
    try {
      return Histogram.read(Path.of(file));
    } catch (IOException | RuntimeException e) {
      throw new ConfigException("cannot read fieldlengthhistogram file " + file + ": " + e.getMessage());
    }
  }

  /** A thread's field lengths. */
  LongDraw fieldLength(Config p, RandomGenerator r) throws ConfigException {
    int len = p.get(CoreWorkloadOptions.FIELD_LENGTH);
    int min = p.get(CoreWorkloadOptions.MIN_FIELD_LENGTH);
    switch (p.get(CoreWorkloadOptions.FIELD_LENGTH_DISTRIBUTION)) {
      case "constant":
        return LongDraw.constant(len);
      case "uniform":
        return new Uniform(r, min, len);
      case "zipfian":
        return new Zipfian(r, min, len, Zipfian.YCSB_CONSTANT);
      default:
        return lengthHistogram.draw(r);
    }
  }

  /** A thread's key choice (record numbers; the latest distribution counts back from {@code inserts}). */
  private LongDraw keyChooser(Config p, RandomGenerator r, InsertKeys inserts, int thread, int threads)
      throws ConfigException {
    switch (distribution) {
      case "uniform":
        return new Uniform(r, insertStart, insertStart + insertCount - 1);
      case "exponential":
        return new Exponential(r, p.get(CoreWorkloadOptions.EXPONENTIAL_PERCENTILE),
            recordCount * p.get(CoreWorkloadOptions.EXPONENTIAL_FRAC));
      case "zipfian": {
        long expectedNewKeys = (long) (p.get(CommonOptions.OPERATION_COUNT)
            * p.get(CoreWorkloadOptions.INSERT_PROPORTION) * 2.0);
        return new ScrambledZipfian(r, insertStart, insertStart + insertCount + expectedNewKeys, zipfianConstant,
            scrambledZetan);
      }
      case "hotspot":
        return new Hotspot(r, insertStart, insertStart + insertCount - 1,
            p.get(CoreWorkloadOptions.HOTSPOT_DATA_FRACTION), p.get(CoreWorkloadOptions.HOTSPOT_OPN_FRACTION));
      case "latest":
        return new SkewedLatest(r, inserts::last, latestZetan);
      case "sequential":
        return seeded ? Sequential.lane(insertStart, insertCount, thread, threads) : sharedSequence;
      default:
        throw new ConfigException("unknown requestdistribution " + distribution);
    }
  }

  private LongDraw scanLength(Config p, RandomGenerator r) throws ConfigException {
    int min = p.get(CoreWorkloadOptions.MIN_SCAN_LENGTH);
    int max = p.get(CoreWorkloadOptions.MAX_SCAN_LENGTH);
    if (max < min) {
      throw new ConfigException("maxscanlength (" + max + ") is less than minscanlength (" + min + ")");
    }
    return p.get(CoreWorkloadOptions.SCAN_LENGTH_DISTRIBUTION).equals("zipfian")
        ? new Zipfian(r, min, max, Zipfian.YCSB_CONSTANT) : new Uniform(r, min, max);
  }

  /** Every operation has an asynchronous form (for -p inflight=N). */
  /**
   * After a run: {@code extra.core.nextInsertKey}, the key number after the last one this run's inserts (warmup
   * included) used, which is the {@code recordcount} a later run on the same table needs so that its own inserts
   * take fresh keys and its reads cover every record (the studies' runner applies it). Every insert's key is
   * acknowledged when it ends, so once the threads have ended this is the highest acknowledged key plus one. Under a
   * seed, where each thread inserts key numbers of its own, interleaved, it is the highest key number any thread
   * inserted plus one, so that a later run's inserts collide with none (a thread that inserted fewer than the others
   * leaves a few numbers below it unused).
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
        last = Math.max(last, keynum(n, own.stride(), own.offset()));
      }
    }
    return java.util.Map.of("core", java.util.Map.of("table", table, "nextInsertKey", last + 1));
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
    int stride = clients;
    int offset = client;
    if (seeded) {
      inserts = InsertKeys.own(recordCount);
      loadKeys = new ThreadKeys(insertStart, t, n, warmupOps);
      stride = clients * n; // the thread is virtual client (client * n + t) of (clients * n)
      offset = client * n + t;
      ownInserts.add(new OwnInserts(inserts, stride, offset));
    }
    return new CoreThread(ctx, new Draws(keyChooser(config, r, inserts, t, n), scanLength(config, r),
        fieldLength(config, r), loadKeys), inserts, stride, offset);
  }

  /** A thread's own insert counter under a seed, and the virtual client whose key numbers it takes. */
  private record OwnInserts(InsertKeys inserts, int stride, int offset) {}

  /** A thread's distributions. */
  private record Draws(LongDraw keyChooser, LongDraw scanLength, LongDraw fieldLength, LongDraw loadKeys) {}

  /**
   * The key of a record number: {@code "user"} + its FNV hash (or the number itself for ordered inserts), zero
   * padded, as upstream builds it. Keys of the first {@code coreworkload.keycache} records are kept once built
   * (a benign race: two threads may build the same string), which removes most of the client's per-operation cost
   * of formatting a 64-bit number.
   */
  String buildKeyName(long n) {
    return buildKeyName(n, clients, client);
  }

  /** As {@link #buildKeyName(long)} for client {@code offset} of {@code stride} (a thread's virtual client). */
  String buildKeyName(long n, int stride, int offset) {
    long keynum = keynum(n, stride, offset);
    if (keynum >= 0 && keynum < keyCache.length) {
      String k = keyCache[(int) keynum];
      if (k == null) {
        k = formatKey(keynum);
        keyCache[(int) keynum] = k;
      }
      return k;
    }
    return formatKey(keynum);
  }

  /** The key number of record {@code n} of client {@code offset} of {@code stride} (before hashing). */
  private long keynum(long n, int stride, int offset) {
    return stride == 1 || n < clientBase ? n : clientBase + (n - clientBase) * stride + offset;
  }

  private String formatKey(long keynum) {
    if (!orderedInserts) {
      keynum = Utils.hash(keynum);
    }
    String value = Long.toString(keynum);
    int fill = zeroPadding - value.length();
    if (fill <= 0) {
      return "user".concat(value);
    }
    StringBuilder sb = new StringBuilder(4 + zeroPadding).append("user");
    for (int i = 0; i < fill; i++) {
      sb.append('0');
    }
    return sb.append(value).toString();
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

  private final class CoreThread implements WorkloadThread {
    private final DB db;
    private final Meter meter;
    private final RandomGenerator random;
    private final LongDraw keyChooser;
    private final LongDraw scanLength;
    private final LongDraw fieldLength;
    private final LongDraw loadKeys;
    private final InsertKeys inserts;
    /** This thread's place among the clients whose run inserts interleave (see {@link #buildKeyName(long, int, int)}). */
    private final int stride;
    private final int offset;
    private final HashMap<String, ByteIterator> cells = new HashMap<>();
    private final boolean exponential;

    CoreThread(ThreadContext ctx, Draws draws, InsertKeys inserts, int stride, int offset) {
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
      return buildKeyName(n, stride, offset);
    }

    @Override
    public boolean doInsert() {
      long keynum = loadKeys.next();
      String key = buildKeyName(keynum);
      Map<String, ByteIterator> values = values(key, true);
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
      // unlike upstream, a failed insert does not end the thread: it is counted, and the load goes on
      return true;
    }

    @Override
    public boolean doTransaction() {
      switch (nextOpCode()) {
        case OP_READ:
          read();
          break;
        case OP_UPDATE:
          update();
          break;
        case OP_INSERT:
          insert();
          break;
        case OP_SCAN:
          scan();
          break;
        default:
          readModifyWrite();
      }
      return true;
    }

    @Override
    public CompletionStage<?> doInsertAsync(AsyncOps ops) {
      long keynum = loadKeys.next();
      String key = buildKeyName(keynum);
      return insertAsync(ops, key, values(key, true), 0);
    }

    /**
     * As {@link #doInsert}: a failed insert is retried after retryInterval (from a timer, not this thread), with the
     * same values (made again from their seeds: nothing is drawn off the thread).
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
        case OP_READ: {
          String key = key(nextKeynum());
          Map<String, ByteIterator> result = new HashMap<>();
          return ops.readAsync(table, key, readFields(), result).thenRun(() -> {
            if (dataIntegrity) {
              verifyRow(key, result, ops);
            }
          });
        }
        case OP_UPDATE: {
          String key = key(nextKeynum());
          return ops.updateAsync(table, key, values(key, writeAllFields));
        }
        case OP_INSERT: {
          long keynum = inserts.next();
          String key = key(keynum);
          return ops.insertAsync(table, key, values(key, true))
              .whenComplete((s, e) -> inserts.acknowledge(keynum));
        }
        case OP_SCAN: {
          String key = key(nextKeynum());
          int len = (int) scanLength.next();
          return ops.scanAsync(table, key, len, readAllFields ? null : Set.of(field()), new Vector<>());
        }
        default:
          return readModifyWriteAsync(ops);
      }
    }

    /** The update is sent when the read has completed; the composite counts from the read's send. */
    private CompletionStage<?> readModifyWriteAsync(AsyncOps ops) {
      String key = key(nextKeynum());
      Set<String> fields = readAllFields ? null : Set.of(field());
      Map<String, ByteIterator> values = values(key, writeAllFields);
      Map<String, ByteIterator> result = new HashMap<>();
      long st = System.nanoTime();
      return ops.readAsync(table, key, fields, result).thenCompose(r -> ops.updateAsync(table, key, values)
          .thenAccept(u -> {
            long en = System.nanoTime();
            if (dataIntegrity) {
              verifyRow(key, result, ops);
            }
            ops.record(rmw, st, en, !r.isOk() ? r : u);
          }));
    }

    /** The next transaction's operation, drawn by the proportions. */
    private int nextOpCode() {
      double r = random.nextDouble();
      int i = 0;
      while (r >= opCumulative[i]) {
        i++;
      }
      return opCodes[i];
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
      db.read(table, key, fields, cells);
      if (dataIntegrity) {
        verifyRow(key, cells, meter);
      }
    }

    private void update() {
      String key = key(nextKeynum());
      db.update(table, key, values(key, writeAllFields));
    }

    private void insert() {
      long keynum = inserts.next();
      try {
        String key = key(keynum);
        db.insert(table, key, values(key, true));
      } finally {
        inserts.acknowledge(keynum);
      }
    }

    private void scan() {
      String key = key(nextKeynum());
      int len = (int) scanLength.next();
      Set<String> fields = readAllFields ? null : Set.of(field());
      db.scan(table, key, len, fields, new Vector<>());
    }

    private void readModifyWrite() {
      String key = key(nextKeynum());
      Set<String> fields = readAllFields ? null : Set.of(field());
      Map<String, ByteIterator> values = values(key, writeAllFields);
      cells.clear();
      long st = System.nanoTime();
      Status r = db.read(table, key, fields, cells);
      Status u = db.update(table, key, values);
      long en = System.nanoTime();
      if (dataIntegrity) {
        verifyRow(key, cells, meter);
      }
      meter.record(rmw, st, en, !r.isOk() ? r : u);
    }

    private Map<String, ByteIterator> values(String key, boolean all) {
      if (!all) {
        // one field: an immutable one-entry map (bindings read the values they are given, never change them)
        String f = field();
        return java.util.Collections.singletonMap(f, value(key, f));
      }
      HashMap<String, ByteIterator> v = new HashMap<>(fieldNames.length * 2);
      for (String f : fieldNames) {
        v.put(f, value(key, f));
      }
      return v;
    }

    private ByteIterator value(String key, String field) {
      long len = fieldLength.next();
      if (dataIntegrity) {
        return new StringByteIterator(deterministicValue(key, field, (int) len));
      }
      return new RandomValue(random.nextLong(), len);
    }

    /** The same values again, for a retried insert (fresh iterators: the binding may have read the first ones). */
    private Map<String, ByteIterator> again(String key, Map<String, ByteIterator> values) {
      HashMap<String, ByteIterator> v = new HashMap<>(values.size() * 2);
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        ByteIterator b = e.getValue();
        v.put(e.getKey(), b instanceof RandomValue rv ? rv.copy()
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
  }

  /** For tests. */
  List<String> fieldNames() {
    return new ArrayList<>(List.of(fieldNames));
  }
}
