package org.sciycsb.fhir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.CheckFailedException;
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
import org.sciycsb.api.AsyncOps;
import org.sciycsb.api.Binding;
import org.sciycsb.api.access.AsyncSubjectTimeline;
import org.sciycsb.api.access.SubjectTimeline;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.random.RandomGenerator;
import org.sciycsb.api.draw.LongDraw;
import org.sciycsb.api.draw.ScrambledZipfian;
import org.sciycsb.api.draw.SkewedLatest;
import org.sciycsb.api.draw.ThreadKeys;
import org.sciycsb.api.draw.Uniform;
import org.sciycsb.api.draw.Zipfian;
import site.ycsb.Status;

/**
 * The EHR workload of seed 003 (Klein et al., SEI): FHIR Patients and their Observations.
 *
 * <p>Load: one load step per patient writes the Patient ({@code FHIR_LOAD_PATIENT}) and each of its observations
 * ({@code FHIR_LOAD_OBS}); the engine's operation count is the number of patients, OVERALL counts every resource
 * written. Run: {@code FHIR_RECENT} reads the {@code fhir.recent} newest observations of one patient, newest
 * first; {@code FHIR_INSERT_OBS} adds one observation, newer than all the patient's others, to an existing
 * patient. Patients are chosen by {@code requestdistribution}.
 *
 * <p>The store is reached through the {@link SubjectTimeline} access path, which each binding maps to its own model.
 */
public final class FhirWorkload implements BenchWorkload {
  public static final String LOAD_PATIENT = "FHIR_LOAD_PATIENT";
  public static final String LOAD_OBS = "FHIR_LOAD_OBS";
  public static final String RECENT = "FHIR_RECENT";
  public static final String INSERT_OBS = "FHIR_INSERT_OBS";
  private static final int MAX_REPORTED_MISMATCHES = 10;

  private FhirGenerator gen;
  private Phase phase;
  private int recent;
  private double recentShare;
  private String distribution;
  /** The latest distribution's zipfian sum over the patients, computed once. */
  private double latestZetan;
  /** {@code seed} set: each thread loads its own interleaved share of the patients (else they share a counter). */
  private boolean seeded;
  private long warmupOps;
  private long first;
  private long end;
  private boolean verify;
  private int verifySamples;
  private int threads;
  private Operation opPatient;
  private Operation opObs;
  private Operation opRecent;
  private Operation opInsert;
  private SubjectTimeline.Schema schema;
  private final AtomicLong nextPatient = new AtomicLong();
  private final AtomicLong clock = new AtomicLong();
  private final LongAdder patientsOk = new LongAdder();
  private final LongAdder obsOk = new LongAdder();
  private final LongAdder obsExpected = new LongAdder();
  private final Queue<long[]> windows = new ConcurrentLinkedQueue<>();
  /** This run's acknowledged inserts per patient index, kept only for verify. */
  private final Map<Long, List<FhirGenerator.Obs>> inserted = new ConcurrentHashMap<>();
  /** Patients with a failed insert: the store may or may not hold it, so verify skips them. */
  private final Set<Long> uncertain = ConcurrentHashMap.newKeySet();
  private Config config;

  @Override
  public String name() {
    return "fhir";
  }

  @Override
  public OptionSet options() {
    return FhirOptions.all();
  }

  /** With {@code -p inflight=N} on a binding whose timeline handles are asynchronous. */
  @Override
  public boolean supportsAsync(Binding binding) {
    return binding.supportsAsync(SubjectTimeline.class);
  }

  @Override
  public List<Class<? extends AccessPath>> requiredAccessPaths() {
    return List.of(SubjectTimeline.class);
  }

  @Override
  public Map<String, String> bindingDefaults(Config config, String bindingName) throws ConfigException {
    String c = config.get(FhirOptions.CONSISTENCY);
    if (c.equals("none") || bindingName == null) {
      return Map.of();
    }
    // the binding's own preset key, by the convention <binding>.consistency; kept only if the binding declares it
    return Map.of(bindingName + ".consistency", c);
  }

  /** The checks that need no store: observation counts, the operation mix and the load range. */
  @Override
  public void validate(Config p, Phase phase) throws ConfigException {
    long patients = p.get(FhirOptions.PATIENTS);
    int maxObs = p.get(FhirOptions.MAX_OBS);
    double mean = p.get(FhirOptions.MEAN_OBS);
    if (mean > maxObs) {
      throw new ConfigException("fhir.meanobservations (" + mean + ") is more than fhir.maxobservations ("
          + maxObs + ")");
    }
    double r = p.get(FhirOptions.RECENT_PROPORTION);
    double w = p.get(FhirOptions.INSERT_PROPORTION);
    if (phase == Phase.RUN && r + w <= 0) {
      throw new ConfigException("no operations: fhir.recentproportion and fhir.insertproportion are both 0");
    }
    if (r + w > 1 + 1e-9) {
      throw new ConfigException("fhir.recentproportion (" + r + ") + fhir.insertproportion (" + w
          + ") add up to more than 1");
    }
    if (phase == Phase.LOAD) {
      long first = p.get(CommonOptions.INSERT_START);
      Long count = p.get(CommonOptions.INSERT_COUNT);
      long end = count == null ? patients : first + count;
      if (first >= patients || end > patients) {
        throw new ConfigException("bad combination: insertstart (" + first + ") and insertcount (" + count
            + ") go beyond fhir.patients (" + patients + ")");
      }
    }
  }

  @Override
  public void init(WorkloadContext ctx) throws BenchmarkException {
    Config p = ctx.run().config();
    this.config = p;
    phase = ctx.run().phase();
    threads = ctx.run().threads();
    validate(p, phase);
    long patients = p.get(FhirOptions.PATIENTS);
    int maxObs = p.get(FhirOptions.MAX_OBS);
    double mean = p.get(FhirOptions.MEAN_OBS);
    gen = new FhirGenerator(p.get(FhirOptions.SEED), patients, maxObs, mean);
    recent = p.get(FhirOptions.RECENT);
    double r = p.get(FhirOptions.RECENT_PROPORTION);
    double w = p.get(FhirOptions.INSERT_PROPORTION);
    recentShare = r + w <= 0 ? 0 : r / (r + w);
    distribution = p.get(FhirOptions.DISTRIBUTION);
    verify = p.get(FhirOptions.VERIFY);
    verifySamples = p.get(FhirOptions.VERIFY_SAMPLES);
    if (phase == Phase.LOAD) {
      first = p.get(CommonOptions.INSERT_START);
      Long count = p.get(CommonOptions.INSERT_COUNT);
      end = count == null ? patients : first + count;
    } else {
      first = 0;
      end = patients;
    }
    nextPatient.set(first);
    if (distribution.equals("latest")) {
      latestZetan = Zipfian.zeta(patients - 1, Zipfian.YCSB_CONSTANT);
    }
    seeded = p.get(CommonOptions.SEED) != null;
    warmupOps = p.get(CommonOptions.WARMUP_OPS);
    String pt = p.get(FhirOptions.PATIENT_TABLE);
    String ot = p.get(FhirOptions.OBSERVATION_TABLE);
    if (pt.equals(ot)) {
      throw new ConfigException("fhir.patienttable and fhir.observationtable must differ (both " + pt + ")");
    }
    schema = new SubjectTimeline.Schema(pt, ot);
    if (phase == Phase.LOAD) {
      opPatient = ctx.operation(LOAD_PATIENT, false);
      opObs = ctx.operation(LOAD_OBS, false);
    } else {
      opRecent = ctx.operation(RECENT, false);
      opInsert = ctx.operation(INSERT_OBS, false);
    }
    try (SubjectTimeline t = ctx.binding().accessPath(SubjectTimeline.class, -1)) {
      t.prepare(schema);
    }
  }

  /** Several clients (bin/ycsb --clients N) load contiguous blocks of patients; a run divides operationcount. */
  @Override
  public java.util.Optional<Map<String, String>> clientShare(Phase ph, Config config, int clients, int index)
      throws ConfigException {
    if (ph == Phase.LOAD) {
      return java.util.Optional.of(org.sciycsb.api.Shares.loadRange(config, config.get(FhirOptions.PATIENTS),
          "patients", clients, index));
    }
    return java.util.Optional.empty();
  }

  @Override
  public OptionalLong plannedOperations(Phase ph) {
    return ph == Phase.LOAD ? OptionalLong.of(end - first) : OptionalLong.empty();
  }

  /**
   * Under a seed the patient choices, the operation mix and each new observation's test and value come from the
   * thread's stream, and a load's thread t of T loads the patients {@code insertstart + t + jT}; the observations'
   * times (and so their ids) are the wall clock's.
   */
  @Override
  public boolean honoursSeed() {
    return true;
  }

  @Override
  public WorkloadThread newThread(ThreadContext ctx) throws BenchmarkException {
    SubjectTimeline t = ctx.accessPath(SubjectTimeline.class);
    RandomGenerator r = ctx.random();
    long newest = gen.patients() - 1;
    LongDraw chooser;
    if (distribution.equals("latest")) {
      chooser = new SkewedLatest(r, () -> newest, latestZetan); // YCSB's latest over a fixed set: newest first
    } else if (distribution.equals("zipfian")) {
      chooser = new ScrambledZipfian(r, 0, newest, Zipfian.YCSB_CONSTANT, ScrambledZipfian.ZETAN);
    } else {
      chooser = new Uniform(r, 0, newest);
    }
    LongDraw loads = seeded ? new ThreadKeys(first, ctx.threadId(), ctx.threadCount(), warmupOps)
        : nextPatient::getAndIncrement;
    return new FhirThread(ctx.threadId(), t, ctx.meter(), r, chooser, loads);
  }

  /** A time newer than every observation this process wrote before: the wall clock, strictly increasing. */
  long nextTime() {
    long now = System.currentTimeMillis();
    return clock.accumulateAndGet(now, (prev, x) -> Math.max(prev + 1, x));
  }

  private final class FhirThread implements WorkloadThread {
    private final int threadId;
    private final SubjectTimeline store;
    private final Meter meter;
    private final LongDraw chooser;
    private final LongDraw loads;
    private final List<String> out = new ArrayList<>();
    private final RandomGenerator random;
    private long seq;
    private long firstStart;
    private long lastEnd;
    private long ops;

    FhirThread(int threadId, SubjectTimeline store, Meter meter, RandomGenerator random, LongDraw chooser,
        LongDraw loads) {
      this.threadId = threadId;
      this.store = store;
      this.meter = meter;
      this.random = random;
      this.chooser = chooser;
      this.loads = loads;
    }

    /** Callbacks of asynchronous operations call it from the driver's threads too. */
    private synchronized void span(long st, long en) {
      if (ops == 0) {
        firstStart = st;
      }
      lastEnd = en;
      ops++;
    }

    @Override
    public boolean doInsert() {
      long i = loads.next();
      if (i >= end) {
        return false;
      }
      String pid = gen.patientId(i);
      String json = gen.patientJson(i);
      List<FhirGenerator.Obs> obs = gen.observations(i);
      long st = System.nanoTime();
      Status s = store.putSubject(pid, json);
      long en = System.nanoTime();
      meter.record(opPatient, st, en, s);
      span(st, en);
      if (s.isOk()) {
        patientsOk.increment();
      }
      obsExpected.add(obs.size());
      for (FhirGenerator.Obs o : obs) {
        st = System.nanoTime();
        s = store.putEvent(pid, o.timeMillis(), o.id(), o.json());
        en = System.nanoTime();
        meter.record(opObs, st, en, s);
        span(st, en);
        if (s.isOk()) {
          obsOk.increment();
        }
      }
      return true;
    }

    @Override
    public boolean doTransaction() {
      long i = patient();
      String pid = gen.patientId(i);
      if (random.nextDouble() < recentShare) {
        out.clear();
        long st = System.nanoTime();
        Status s = store.recentEvents(pid, recent, out);
        long en = System.nanoTime();
        meter.record(opRecent, st, en, s);
        span(st, en);
      } else {
        long time = nextTime();
        String id = pid + "-" + Long.toString(time, 36) + "t" + threadId + "." + (seq++);
        FhirGenerator.Obs o = gen.newObservation(i, id, time, new Rng(random.nextLong()));
        long st = System.nanoTime();
        Status s = store.putEvent(pid, time, id, o.json());
        if (s == Status.BATCHED_OK) {
          s = store.flush(); // a run's insert is acknowledged by the store before it counts
        }
        long en = System.nanoTime();
        meter.record(opInsert, st, en, s);
        span(st, en);
        if (verify) {
          if (s.isOk()) {
            inserted.computeIfAbsent(i, k -> java.util.Collections.synchronizedList(new ArrayList<>())).add(o);
          } else {
            uncertain.add(i);
          }
        }
      }
      return true;
    }

    private AsyncSubjectTimeline async() {
      return (AsyncSubjectTimeline) store; // checked before the run: the binding's handles are asynchronous
    }

    /** Records one asynchronous call when it completes (an exceptional stage counts as ERROR) and returns its status. */
    private CompletionStage<Status> measured(AsyncOps ops, Operation op, CompletionStage<Status> call, long st) {
      return call.handle((s, e) -> {
        long en = System.nanoTime();
        Status status = e != null || s == null ? Status.ERROR : s;
        ops.record(op, st, en, status);
        span(st, en);
        return status;
      });
    }

    /** The load of one patient without waiting: the patient and every observation sent at once. */
    @Override
    public CompletionStage<?> doInsertAsync(AsyncOps ops) {
      long i = loads.next();
      if (i >= end) {
        return null;
      }
      String pid = gen.patientId(i);
      List<FhirGenerator.Obs> obs = gen.observations(i);
      obsExpected.add(obs.size());
      CompletableFuture<?>[] all = new CompletableFuture<?>[obs.size() + 1];
      String json = gen.patientJson(i);
      long sent = System.nanoTime(); // before the call: the service time runs from the send
      all[0] = measured(ops, opPatient, async().putSubjectAsync(pid, json), sent)
          .thenAccept(s -> {
            if (s.isOk()) {
              patientsOk.increment();
            }
          }).toCompletableFuture();
      int k = 1;
      for (FhirGenerator.Obs o : obs) {
        long st = System.nanoTime();
        all[k++] = measured(ops, opObs, async().putEventAsync(pid, o.timeMillis(), o.id(), o.json()), st)
            .thenAccept(s -> {
              if (s.isOk()) {
                obsOk.increment();
              }
            }).toCompletableFuture();
      }
      return CompletableFuture.allOf(all);
    }

    /** One operation of the mix without waiting: a read of the newest observations, or a new observation. */
    @Override
    public CompletionStage<?> doTransactionAsync(AsyncOps ops) {
      long i = patient();
      String pid = gen.patientId(i);
      if (random.nextDouble() < recentShare) {
        List<String> got = new ArrayList<>(recent);
        long st = System.nanoTime();
        return measured(ops, opRecent, async().recentEventsAsync(pid, recent, got), st);
      }
      long time = nextTime();
      String id = pid + "-" + Long.toString(time, 36) + "t" + threadId + "." + (seq++);
      FhirGenerator.Obs o = gen.newObservation(i, id, time, new Rng(random.nextLong()));
      long st = System.nanoTime();
      return measured(ops, opInsert, async().putEventAsync(pid, time, id, o.json()), st).thenAccept(s -> {
        if (verify) {
          if (s.isOk()) {
            inserted.computeIfAbsent(i, k -> java.util.Collections.synchronizedList(new ArrayList<>())).add(o);
          } else {
            uncertain.add(i);
          }
        }
      });
    }

    private long patient() {
      long i;
      do {
        i = chooser.next();
      } while (i < 0 || i >= gen.patients());
      return i;
    }

    @Override
    public void close() throws BenchmarkException {
      if (ops > 0) {
        windows.add(new long[] {firstStart, lastEnd, ops});
      }
      Status f = store.flush();
      store.close();
      if (!f.isOk()) {
        throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "fhir: thread " + threadId
            + " could not flush its buffered observations: " + f.getName());
      }
    }
  }

  // ------------------------------------------------------------------------------------------------ finish

  @Override
  public Map<String, Object> finish(WorkloadContext ctx) throws BenchmarkException {
    Map<String, Object> fhir = new LinkedHashMap<>();
    fhir.put("patients", gen.patients());
    fhir.put("seed", gen.seed());
    fhir.put("recent", recent);
    fhir.put("requestdistribution", distribution);
    fhir.put("consistency", config.get(FhirOptions.CONSISTENCY));
    fhir.put("throughput", throughput());
    String failure = null;
    if (phase == Phase.LOAD) {
      Map<String, Object> load = new LinkedHashMap<>();
      load.put("patientsLoaded", patientsOk.sum());
      load.put("observationsGenerated", obsExpected.sum());
      load.put("observationsLoaded", obsOk.sum());
      fhir.put("load", load);
      if (first == 0 && end == gen.patients()) {
        try (SubjectTimeline t = ctx.binding().accessPath(SubjectTimeline.class, threads)) {
          long stored = t.countEvents();
          load.put("observationsInStore", stored);
          if (stored >= 0 && stored < obsOk.sum()) {
            failure = "fhir count check failed: " + obsOk.sum() + " observations were written but the store holds "
                + stored;
          }
        }
      }
    }
    if (verify) {
      Map<String, Object> v = verify(ctx);
      fhir.put("verify", v);
      long bad = (Long) v.get("mismatched");
      ctx.run().log().println("fhir verify: " + v.get("checked") + " patients checked, " + v.get("matched")
          + " matched, " + bad + " mismatched");
      if (bad > 0 && failure == null) {
        failure = "fhir verify failed: " + bad + " of " + v.get("checked") + " sampled patients did not get exactly"
            + " their newest observations in order (first: " + ((List<?>) v.get("mismatches")).get(0) + ")";
      }
    }
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("fhir", fhir);
    if (failure != null) {
      throw new CheckFailedException(failure, extra);
    }
    return extra;
  }

  /** Seed 003's overall throughput: operations / (start of the first operation to end of the last). */
  private Map<String, Object> throughput() throws ConfigException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("definition", "operations / (start of the first operation to end of the last), as seed 003");
    boolean warm = config.get(CommonOptions.WARMUP_OPS) > 0 || !config.get(CommonOptions.WARMUP_TIME).isZero();
    if (warm) {
      m.put("note", "not computed: a warmup ran (the engine's throughput excludes it)");
      return m;
    }
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    long ops = 0;
    for (long[] w : windows) {
      lo = Math.min(lo, w[0]);
      hi = Math.max(hi, w[1]);
      ops += w[2];
    }
    m.put("operations", ops);
    if (ops > 0) {
      double secs = Math.max(1e-9, (hi - lo) / 1e9);
      m.put("windowMs", Math.round(secs * 1e6) / 1e3);
      m.put("opsPerSec", Math.round(ops / secs * 100) / 100.0);
    }
    return m;
  }

  private Map<String, Object> verify(WorkloadContext ctx) throws BenchmarkException {
    List<Long> sample = new ArrayList<>();
    long range = end - first;
    long step = Math.max(1, range / verifySamples);
    for (long i = first; i < end && sample.size() < verifySamples; i += step) {
      if (!uncertain.contains(i)) {
        sample.add(i);
      }
    }
    int extraSamples = 0;
    for (Long i : inserted.keySet()) {
      if (extraSamples >= verifySamples) {
        break;
      }
      if (!uncertain.contains(i) && ((i - first) % step != 0 || (i - first) / step >= verifySamples)) {
        sample.add(i);
        extraSamples++;
      }
    }
    long withInserts = 0;
    for (long i : sample) {
      if (inserted.containsKey(i)) {
        withInserts++;
      }
    }
    ObjectMapper mapper = new ObjectMapper();
    long matched = 0;
    long mismatched = 0;
    long observationsChecked = 0;
    List<String> mismatches = new ArrayList<>();
    List<String> got = new ArrayList<>();
    try (SubjectTimeline t = ctx.binding().accessPath(SubjectTimeline.class, threads)) {
      for (long i : sample) {
        List<FhirGenerator.Obs> expected = expected(i);
        got.clear();
        Status s = t.recentEvents(gen.patientId(i), recent, got);
        String problem = s.isOk() ? compare(mapper, expected, got) : "status " + s.getName();
        observationsChecked += expected.size();
        if (problem == null) {
          matched++;
        } else {
          mismatched++;
          if (mismatches.size() < MAX_REPORTED_MISMATCHES) {
            mismatches.add("patient " + gen.patientId(i) + " (#" + i + "): " + problem);
          }
        }
      }
    }
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("checked", (long) sample.size());
    v.put("withRunInserts", withInserts);
    v.put("matched", matched);
    v.put("mismatched", mismatched);
    v.put("observationsChecked", observationsChecked);
    v.put("skippedUncertain", (long) uncertain.size());
    v.put("mismatches", mismatches);
    return v;
  }

  /** The newest observations the store must return: the generated ones and this run's inserts, newest first. */
  List<FhirGenerator.Obs> expected(long i) {
    List<FhirGenerator.Obs> all = new ArrayList<>(gen.newest(i, recent));
    List<FhirGenerator.Obs> mine = inserted.get(i);
    if (mine != null) {
      synchronized (mine) {
        all.addAll(mine);
      }
      all.sort(Comparator.comparingLong(FhirGenerator.Obs::timeMillis).reversed());
    }
    return all.size() > recent ? all.subList(0, recent) : all;
  }

  /** Null when {@code got} holds exactly the expected resources in order (compared as JSON trees). */
  static String compare(ObjectMapper mapper, List<FhirGenerator.Obs> expected, List<String> got) {
    if (got.size() != expected.size()) {
      return "expected " + expected.size() + " observations, got " + got.size() + " (expected ids "
          + ids(expected) + ")";
    }
    for (int k = 0; k < got.size(); k++) {
      try {
        JsonNode g = mapper.readTree(got.get(k));
        JsonNode e = mapper.readTree(expected.get(k).json());
        if (!e.equals(g)) {
          return "position " + k + ": expected " + expected.get(k).id() + ", got "
              + (g.has("id") ? g.get("id").asText() : "a resource without id") + (e.path("id").equals(g.path("id"))
              ? " with different content" : "") + " (expected ids " + ids(expected) + ")";
        }
      } catch (IOException e) {
        return "position " + k + ": not JSON: " + e.getMessage();
      }
    }
    return null;
  }

  private static List<String> ids(List<FhirGenerator.Obs> obs) {
    List<String> out = new ArrayList<>();
    for (FhirGenerator.Obs o : obs) {
      out.add(o.id());
    }
    return out;
  }
}
