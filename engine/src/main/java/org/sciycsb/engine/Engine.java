package org.sciycsb.engine;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Phaser;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.CheckFailedException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Operation;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.Shares;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.engine.sampling.StoreSamplers;
import org.sciycsb.measure.Collector;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.measure.OperationRegistry;
import org.sciycsb.measure.SparseCounts;
import org.sciycsb.measure.StatusCodes;
import org.sciycsb.measure.ThreadRecorder;
import org.sciycsb.output.Exporters;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.config.ProjectBindings;
import org.sciycsb.engine.schedule.ArrivalProcess;
import org.sciycsb.engine.schedule.Schedule;
import org.sciycsb.engine.trace.TraceOut;
import org.sciycsb.engine.trace.TraceWorkload;
import org.sciycsb.engine.validity.GcWatch;
import org.sciycsb.engine.validity.Validity;
import org.sciycsb.engine.validity.ValidityOptions;

/**
 * Runs one phase (load or run) of one workload against one binding, and writes its results directory.
 * Configuration has been validated by the caller; everything here that can still fail before the first
 * operation (opening the binding, workload init, access paths, thread init) ends the run before any
 * measurement with a {@link BenchmarkException}.
 */
public final class Engine {

  /** What to run. */
  public record Request(Phase phase, String bindingName, Binding binding, BenchWorkload workload, Config config,
      Path workDir, PrintStream out, PrintStream err, boolean debug, Map<String, Object> launchMetadata,
      java.util.Set<String> secretKeys, List<RunExtension> extensions) {}

  /** What happened: the report (also written to disk) and the exit code. */
  public record Outcome(RunReport report, int exitCode, Path resultsDir, String failure) {}

  /** State the client threads share, fixed before they start. */
  static final class Shared {
    BindingRun run;
    BenchWorkload workload;
    StatusCodes codes;
    ErrorLog errors;
    Properties properties;
    int threads;
    boolean load;
    Phaser gate;
    Stop stop;
    boolean warmup;
    boolean threadClients;
    volatile Schedule warmupSchedule;
    volatile long warmupEndNanos;
    volatile Schedule schedule;
    volatile long deadlineNanos;
    /** trace.out: the threads' parts of the trace, or null. */
    TraceOut traceOut;
    /** trace.in: the replayed trace, or null; at its recorded speed, each thread's own schedules (set at the gate). */
    TraceWorkload replay;
    /** The run's engine options. */
    Settings settings;
    volatile Schedule[] replayWarmupSchedules;
    volatile Schedule[] replaySchedules;
    /** {@code seed}, or null; with it, the client process's index (streams and schedule lanes per thread). */
    Long seed;
    int clientIndex;
  }

  private final Request req;
  private final Stop stop = new Stop();
  private final CountDownLatch finished = new CountDownLatch(1);
  /** The extensions' listeners of this run, once opened. */
  private volatile List<RunListener> listeners = List.of();
  /** trace.out's threads' parts, removed when the run fails before its end. */
  private volatile TraceOut traceOut;
  /** Set once every client thread has initialised: from then on the results folder is always written. */
  private volatile boolean keepResults;
  /** When measuring began and ends; its GC watch is removed however the run ends. */
  private final Timing timing = new Timing();

  public Engine(Request req) {
    this.req = req;
  }

  /** Asks a running engine to stop early (a signal): the results are still written, marked partial. */
  public void requestStop(String why) {
    stop.request(why);
  }

  /** Waits until the results are written, for a shutdown hook. */
  public boolean awaitFinished(Duration timeout) throws InterruptedException {
    return finished.await(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
  }

  public Outcome run() throws BenchmarkException {
    try {
      return doRun();
    } finally {
      finished.countDown();
    }
  }

  /** The engine options a run reads, parsed once before anything starts. */
  record Settings(int threads, double target, ArrivalProcess arrival, long warmupOps, Duration warmupTime, long maxSeconds, int digits,
      int granularityMs, int statusSeconds, List<Double> percentiles, String label, boolean perThread,
      long errorsMax, boolean checkCount, String exportFile, int inflight) {
    static Settings of(Config cfg) throws ConfigException {
      return new Settings(cfg.get(EngineOptions.THREADS), cfg.get(EngineOptions.TARGET), ArrivalProcess.of(cfg),
          cfg.get(EngineOptions.WARMUP_OPS), cfg.get(EngineOptions.WARMUP_TIME),
          cfg.get(EngineOptions.MAX_EXECUTION_TIME), cfg.get(EngineOptions.DIGITS), cfg.get(EngineOptions.GRANULARITY),
          cfg.get(EngineOptions.STATUS_INTERVAL), parsePercentiles(cfg.get(EngineOptions.PERCENTILES)),
          cfg.get(EngineOptions.LABEL), cfg.get(EngineOptions.CONNECTIONS).equals("perthread"),
          cfg.get(EngineOptions.ERRORS_MAX), cfg.get(EngineOptions.CHECK_COUNT), cfg.get(EngineOptions.EXPORT_FILE),
          cfg.isSet(EngineOptions.INFLIGHT) ? cfg.get(EngineOptions.INFLIGHT) : 0);
    }

    boolean warmup() {
      return warmupOps > 0 || !warmupTime.isZero();
    }
  }

  /** The workload bound to the binding: its operations and the context its threads and its finish see. */
  private record Bound(OperationRegistry registry, WorkloadContext context) {}

  /** When measuring began and when it must end, set by the start gate (nanoTime; 0 = not yet, or no limit). */
  private static final class Timing {
    volatile long measureStart;
    volatile long deadline;
    /** The client process's CPU time when measuring began. */
    volatile ProcessCpu.Reading cpuStart;
    /** The JVM's GC pauses from when measuring began. */
    private GcWatch gc;
    private boolean closed;

    /** Starts watching the GC pauses, unless the run has ended already (a thread late to the start gate). */
    synchronized void startGc() {
      if (!closed) {
        gc = GcWatch.start();
      }
    }

    /** The pauses since measuring began (none if it never began); removes the listeners, always called. */
    synchronized GcWatch.Pauses stopGc() {
      closed = true;
      return gc == null ? new GcWatch.Pauses(0, 0, 0) : gc.stop();
    }
  }

  /** What the client threads did once they ended. */
  private record Measured(List<OpSummary> ops, double seconds, long operations, int failedThreads,
      String runFailure, Map<String, Object> clientCpu, GcWatch.Pauses gc) {}

  /** How a run ended: its outcome word, the one-line failure (or null) and the exit code. */
  private record Verdict(String outcome, String failure, int exit) {}

  private Outcome doRun() throws BenchmarkException {
    Config cfg = req.config();
    Settings s = Settings.of(cfg);
    ResultsDir results = ResultsDir.create(cfg.get(EngineOptions.RESULTS_DIR),
        req.phase() == Phase.LOAD ? "load" : "run", req.bindingName(), s.label());
    RunContext ctx = new RunContext(cfg, req.phase(), s.threads(), results.path(), req.workDir(), req.err(),
        new FailureLog(req.err(), req.debug()));
    Instant started = Instant.now();
    BindingRun run = openBinding(ctx, results);
    try {
      return runWith(run, ctx, results, started, s);
    } catch (BenchmarkException | RuntimeException | Error e) {
      if (traceOut != null) {
        traceOut.discard();
      }
      if (!keepResults) {
        // nothing was measured: a run that fails before measuring leaves no results folder
        closeListeners();
        results.discard();
      }
      throw e;
    } finally {
      timing.stopGc(); // the JVM's collectors keep no listener of an ended run
      closeListeners(); // stops the resource sampler even when the run ended by an exception
      try {
        run.close();
      } catch (BenchmarkException | RuntimeException e) {
        req.err().println("warning: closing the binding failed: " + Secrets.maskText(e.getMessage()));
      }
    }
  }

  private BindingRun openBinding(RunContext ctx, ResultsDir results) throws BenchmarkException {
    try {
      return req.binding().open(ctx);
    } catch (BenchmarkException e) {
      results.discard();
      throw e;
    } catch (RuntimeException | LinkageError e) {
      results.discard();
      throw new BindingException("binding " + req.bindingName() + " failed to start: "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
  }

  private Outcome runWith(BindingRun run, RunContext ctx, ResultsDir results, Instant started, Settings s)
      throws BenchmarkException {
    Config cfg = req.config();
    BenchWorkload workload = req.workload();
    Bound bound = bindWorkload(run, ctx);
    warnUnseeded(cfg, workload);
    emptyBeforeLoad(run);
    long planned = plannedOperations(workload, cfg, req.phase() == Phase.LOAD);
    boolean sharedWork = workload.sharedWork(req.phase());
    if (s.perThread() && !run.supportsThreadClients()) {
      throw new ConfigException("binding " + req.bindingName() + " cannot open a client per thread"
          + " (connections=perthread): use connections=shared");
    }
    Shared shared = sharedState(run, s, ctx.failures());
    List<ThreadRecorder> recorders = new ArrayList<>();
    SparseCounts.Layout layout = new SparseCounts.Layout(s.digits());
    for (int i = 0; i < s.threads(); i++) {
      recorders.add(new ThreadRecorder(i, bound.registry().size(), shared.codes, layout));
    }
    Collector collector = openCollector(bound.registry(), shared.codes, recorders, results, planned, s);
    listeners = openListeners(cfg, results);
    List<ClientThread> clients = new ArrayList<>();
    List<Thread> javaThreads = new ArrayList<>();
    LiveState live = new LiveState(req.phase() == Phase.LOAD ? "load" : "run", req.bindingName(), workload.name(),
        collector, planned, Math.max(s.inflight(), s.threads()));
    shared.gate = startGate(shared, s, timing, collector, sharedWork ? -1 : planned, live);
    createThreads(shared, s, recorders, planned, sharedWork, clients, javaThreads);
    live.threads(clients, javaThreads);
    listeners.forEach(l -> l.live(live));
    listeners.forEach(RunListener::beforeThreadsStart);
    javaThreads.forEach(Thread::start);
    awaitStartTime(startTime(cfg, shared.gate));
    shared.gate.arriveAndAwaitAdvance(); // all threads initialised (or failed to)
    List<ClientThread> failedInit = clients.stream().filter(c -> c.initFailure() != null).toList();
    if (failedInit.isEmpty()) {
      keepResults = true;
    } else {
      stop.request("thread init failed");
    }
    // every client thread has its connections (or none, if its binding opens them lazily)
    StoreSamplers samplers = StoreSamplers.start(run, cfg.get(EngineOptions.SERVER_STATS),
        cfg.get(EngineOptions.SERVER_STATS_INTERVAL).toMillis(), Engine::describe);
    shared.gate.arriveAndDeregister(); // the engine does not wait for the warmup: it collects meanwhile
    boolean stoppedByDeadline = collectUntilDone(javaThreads, timing, collector, s);
    samplers.stop();
    live.phase("ended");
    Measured m = endMeasurement(clients, collector, timing);
    Map<String, Object> resources = null;
    for (RunListener l : listeners) {
      Map<String, Object> r = l.measurementEnded(collector.measureStartEpochMs());
      resources = resources == null ? r : resources;
    }
    if (!failedInit.isEmpty()) {
      // nothing was measured: the binding could not start on every thread (no results folder, see doRun)
      Throwable cause = failedInit.get(0).initFailure();
      throw new BindingException(failedInit.size() + " of " + s.threads() + " client threads failed to initialise: "
          + describe(cause), cause);
    }
    TraceEnd traced = finishTrace(shared);
    Map<String, Object> extra = new LinkedHashMap<>();
    Verdict verdict = traceFailed(verdict(run, bound, m, s, stoppedByDeadline, extra), traced.failure());
    samplers.addTo(extra, collector.measureStartEpochMs());
    reportFailures(ctx.failures(), extra);
    Map<String, Object> meta = Metadata.build(req, ctx, run.storeInfo(), started, Instant.now(), s.threads(),
        s.target(), s.arrival(), s.label(), verdict.outcome(), verdict.failure(), workload.name());
    for (RunListener l : listeners) {
      meta.putAll(l.metadata());
    }
    Manifest.addServer(meta, run);
    meta.put("collector", collector.stats());
    meta.put("connections", connections(run, s.perThread(), clients, samplers.serverConnections()));
    meta.put("clientCpu", m.clientCpu());
    clientWaits(meta, s, clients, recorders);
    meta.putAll(traced.metadata());
    RunReport report = new RunReport(meta, verdict.outcome(), Math.round(m.seconds() * 1000), m.operations(),
        m.operations() / m.seconds(), m.ops(), withOffered(collector.series(), shared.schedule), extra, shared.errors.samples(), s.percentiles(),
        resources);
    return suspectFails(writeResults(judged(report, m, s), results, verdict, s.exportFile()));
  }

  /** trace.out's per-thread parts, opened before the threads start (null without trace.out). */
  private TraceOut openTrace(Config cfg, int threads) throws ConfigException {
    try {
      traceOut = TraceOut.open(cfg, threads);
      return traceOut;
    } catch (IOException e) {
      throw new ConfigException("trace.out " + cfg.get(EngineOptions.TRACE_OUT) + " cannot be written: "
          + e.getMessage());
    }
  }

  /** What the metadata says of the traces ({@code trace}: written, replayed), and the failure to write one. */
  private record TraceEnd(Map<String, Object> metadata, String failure) {}

  /** Writes trace.out (when asked) from the threads' parts; {@code metadata.trace}: the trace written, replayed. */
  private TraceEnd finishTrace(Shared shared) {
    Map<String, Object> trace = new LinkedHashMap<>();
    if (shared.replay != null) {
      trace.put("replayed", shared.replay.describe());
    }
    Map<String, Object> meta = trace.isEmpty() && shared.traceOut == null ? Map.of() : Map.of("trace", trace);
    if (shared.traceOut == null) {
      return new TraceEnd(meta, null);
    }
    Settings s = shared.settings;
    Map<String, String> header = new LinkedHashMap<>();
    header.put("tool", "sciycsb " + Metadata.toolVersion());
    header.put("phase", req.phase() == Phase.LOAD ? "load" : "run");
    header.put("workload", req.workload().name());
    Config cfg = req.config();
    if (cfg.has("seed")) {
      header.put("seed", cfg.raw("seed").trim());
    }
    header.put("schedule", s.arrival() == null ? "none"
        : cfg.raw("arrival", "constant").trim() + (s.target() > 0 ? " " + s.target() : ""));
    header.put("warmup", shared.warmup ? "yes" : "no");
    try {
      trace.put("written", shared.traceOut.finish(header));
      return new TraceEnd(meta, null);
    } catch (IOException e) {
      return new TraceEnd(meta, "trace.out " + shared.traceOut.file() + " could not be written: " + e.getMessage());
    }
  }

  private static Verdict traceFailed(Verdict v, String traceFailure) {
    return traceFailure == null || v.exit() != 0 ? v
        : new Verdict("failed", traceFailure, BenchmarkException.EXIT_RUN_FAILED);
  }

  /** The report with its validity verdict; a verdict that cannot be judged is a warning, not a failed run. */
  private RunReport judged(RunReport report, Measured m, Settings s) {
    boolean clientOnly = ProjectBindings.find("clientonly").map(v -> List.of(v.split(",\\s*"))
        .contains(req.bindingName())).orElse(false);
    try {
      return report.withValidity(Validity.judge(report, new Validity.Inputs(req.phase() == Phase.LOAD, s.target(),
          m.gc(), Runtime.getRuntime().availableProcessors(), clientOnly, req.config(), s.arrival() != null
          || s.target() > 0, warmupWords(s))));
    } catch (ConfigException | RuntimeException e) {
      req.err().println("warning: validity not judged: " + e.getMessage());
      return report;
    }
  }

  /** The warmup asked for, as its option, for the validity's evidence. */
  private static String warmupWords(Settings s) {
    if (!s.warmupTime().isZero()) {
      return EngineOptions.WARMUP_TIME.name() + "=" + s.warmupTime().toMillis() + "ms";
    }
    return s.warmupOps() > 0 ? EngineOptions.WARMUP_OPS.name() + "=" + s.warmupOps() : "none";
  }

  /** With {@code validity.fail=true}, a suspect run that otherwise succeeded exits with its own code. */
  private Outcome suspectFails(Outcome o) {
    Map<String, Object> v = o.report().validity();
    try {
      if (o.exitCode() != 0 || v == null || !"suspect".equals(v.get("verdict"))
          || !req.config().get(ValidityOptions.FAIL)) {
        return o;
      }
    } catch (ConfigException e) {
      return o; // checked before the run started
    }
    return new Outcome(o.report(), Validity.EXIT_SUSPECT, o.resultsDir(), "validity.fail=true and the run is "
        + "suspect: its results are written, its numbers not to be published");
  }

  /**
   * The failures the binding and the engine recorded ({@link FailureLog}): by kind and operation in
   * {@code extra.failures} (only when some were), and one line for each kind with more than were shown.
   */
  private void reportFailures(FailureLog failures, Map<String, Object> extra) {
    Map<String, Map<String, Long>> counts = failures.counts();
    if (!counts.isEmpty()) {
      extra.put("failures", counts);
    }
    failures.unshown().forEach(req.err()::println);
  }

  /** The client threads, not started yet, each with its share of the operations, the warmup and the window. */
  private static void createThreads(Shared shared, Settings s, List<ThreadRecorder> recorders, long planned,
      boolean sharedWork, List<ClientThread> clients, List<Thread> javaThreads) {
    TraceWorkload replay = shared.replay;
    for (int i = 0; i < s.threads(); i++) {
      long quota = s.arrival() != null || planned < 0 || sharedWork ? -1 : Shares.share(planned, s.threads(), i);
      long warmQuota = s.warmupOps() > 0 ? Shares.share(s.warmupOps(), s.threads(), i) : -1;
      if (replay != null) { // each thread replays its recorded operations: the warmup ones first
        quota = replay.measuredCount(i);
        warmQuota = replay.warmupCount(i);
      }
      int window = s.inflight() > s.threads() ? (int) Shares.share(s.inflight(), s.threads(), i) : 0;
      ClientThread c = new ClientThread(shared, i, recorders.get(i), quota, warmQuota, window);
      clients.add(c);
      Thread t = new Thread(c, "client-" + i);
      t.setDaemon(true);
      javaThreads.add(t);
    }
  }

  /**
   * {@code metadata.inflight}: the limit, whether the threads sent asynchronously, and how often an operation found
   * its thread's window full (it then waited for a place: with a schedule, the wait is in its response time).
   */
  /**
   * What the operations waited for in the client: the in-flight window ({@code inflight}, with -p inflight) and, with
   * a schedule, the operations that began late for their slots ({@code lateStarts}: waiting for their thread).
   */
  private static void clientWaits(Map<String, Object> meta, Settings s, List<ClientThread> clients,
      List<ThreadRecorder> recorders) {
    if (s.inflight() > 0) {
      meta.put("inflight", inflight(s, clients));
    }
    long scheduled = 0;
    long late = 0;
    for (ThreadRecorder r : recorders) {
      long[] sl = r.scheduledAndLate();
      scheduled += sl[0];
      late += sl[1];
    }
    if (scheduled > 0) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("operations", scheduled);
      m.put("late", late);
      m.put("lateAfterMs", ThreadRecorder.LATE_NANOS / 1_000_000.0);
      m.put("share", Math.round(1e4 * late / (double) scheduled) / 1e4);
      meta.put("lateStarts", m);
    }
  }

  private static Map<String, Object> inflight(Settings s, List<ClientThread> clients) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("limit", s.inflight());
    long issued = 0;
    long waits = 0;
    long waitNanos = 0;
    boolean async = false;
    for (ClientThread c : clients) {
      AsyncWindow w = c.window();
      if (w != null) {
        async = true;
        issued += w.issuedOps();
        waits += w.fullWaits();
        waitNanos += w.fullWaitNanos();
      }
    }
    m.put("mode", async ? "asynchronous" : "one per thread");
    if (async) {
      m.put("operationsSent", issued);
      m.put("windowFullWaits", waits);
      m.put("windowFullFraction", issued == 0 ? 0.0 : Math.round(1e4 * waits / (double) issued) / 1e4);
      m.put("windowFullWaitMs", Math.round(waitNanos / 1e6));
    }
    return m;
  }

  /** The time series with each interval's offered rate, when the run followed a schedule. */
  private static List<IntervalPoint> withOffered(List<IntervalPoint> series, Schedule schedule) {
    if (schedule == null) {
      return series;
    }
    return series.stream().map(p -> p.withOffered(schedule.offeredPerSecond(p.startMs(), p.endMs()))).toList();
  }

  /** The access paths the workload needs, checked against the binding; the workload initialised on it. */
  private Bound bindWorkload(BindingRun run, RunContext ctx) throws BenchmarkException {
    BenchWorkload workload = req.workload();
    OperationRegistry registry = new OperationRegistry();
    WorkloadContext wctx = new WorkloadContext() {
      @Override
      public RunContext run() {
        return ctx;
      }

      @Override
      public BindingRun binding() {
        return run;
      }

      @Override
      public Operation operation(String name, boolean composite) {
        return registry.register(name, composite);
      }
    };
    for (Class<? extends AccessPath> needed : workload.requiredAccessPaths()) {
      if (!run.supports(needed)) {
        throw new ConfigException("binding " + req.bindingName() + " cannot serve workload " + workload.name()
            + ": it has no mapping for the access path " + needed.getSimpleName());
      }
    }
    try {
      workload.init(wctx);
    } catch (BenchmarkException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ConfigException("workload " + workload.name() + " failed to initialise: "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
    registry.freeze();
    return new Bound(registry, wctx);
  }

  /** {@code load.empty}: the workload's table emptied before a load's threads start, or the run refused. */
  private void emptyBeforeLoad(BindingRun run) throws BenchmarkException {
    Config cfg = req.config();
    if (req.phase() != Phase.LOAD || !cfg.get(EngineOptions.EMPTY)) {
      return;
    }
    Optional<String> table = req.workload().countedTable(cfg);
    if (table.isEmpty()) {
      throw new ConfigException("load.empty: workload " + req.workload().name() + " names no table to empty");
    }
    if (!run.empty(table.get())) {
      throw new ConfigException("load.empty: binding " + req.bindingName() + " cannot empty its table " + table.get()
          + " (" + ProjectBindings.and(ProjectBindings.list("empty")) + " can; a repeated load needs it)");
    }
    req.err().println("load.empty: emptied " + table.get());
  }

  private Shared sharedState(BindingRun run, Settings s, FailureLog failures) throws ConfigException {
    Shared shared = new Shared();
    shared.run = run;
    shared.workload = req.workload();
    shared.codes = new StatusCodes();
    shared.errors = new ErrorLog(failures);
    shared.properties = req.config().toProperties();
    shared.threads = s.threads();
    shared.load = req.phase() == Phase.LOAD;
    shared.stop = stop;
    shared.threadClients = s.perThread();
    shared.settings = s;
    shared.traceOut = openTrace(req.config(), s.threads());
    shared.replay = req.workload() instanceof TraceWorkload tw ? tw : null;
    shared.warmup = s.warmup() || (shared.replay != null && shared.replay.hasWarmup());
    shared.seed = req.config().get(EngineOptions.SEED);
    shared.clientIndex = req.config().get(EngineOptions.CLIENT_INDEX);
    return shared;
  }

  private Collector openCollector(OperationRegistry registry, StatusCodes codes, List<ThreadRecorder> recorders,
      ResultsDir results, long planned, Settings s) throws ConfigException {
    Collector collector;
    try {
      collector = new Collector(registry, codes, recorders, s.digits(), results.file("latency.hlog"), req.err(),
          () -> planned, 0, s.granularityMs() * 1_000_000L);
    } catch (IOException e) {
      throw new ConfigException("cannot write to " + results.path() + ": " + e.getMessage());
    }
    collector.setStatusInterval(s.statusSeconds() * 1_000_000_000L);
    return collector;
  }

  private List<RunListener> openListeners(Config cfg, ResultsDir results) throws ConfigException {
    List<RunListener> out = new ArrayList<>();
    org.sciycsb.api.StoreLocation store = req.extensions().isEmpty() ? org.sciycsb.api.StoreLocation.UNKNOWN
        : req.binding().location(cfg, req.workDir());
    for (RunExtension e : req.extensions()) {
      out.add(e.open(cfg, results.path(), store == null ? org.sciycsb.api.StoreLocation.UNKNOWN : store));
    }
    return out;
  }

  private void closeListeners() {
    for (RunListener l : listeners) {
      l.close();
    }
  }

  /**
   * The start gate: phase 0 ends when every thread has initialised (the warmup begins), phase 1 when every thread
   * has warmed up (measuring begins: the schedule, the deadline and the collector start at the same instant).
   */
  private static Phaser startGate(Shared shared, Settings s, Timing timing, Collector collector,
      long scheduledOps, LiveState live) {
    return new Phaser(s.threads() + 1) {
      @Override
      protected boolean onAdvance(int phase, int parties) {
        long now = System.nanoTime();
        if (phase == 0) {
          live.phase(shared.warmup ? "warmup" : "measured");
          if (!s.warmupTime().isZero()) {
            shared.warmupEndNanos = now + s.warmupTime().toNanos();
          }
          if (s.arrival() != null && shared.warmup) {
            shared.warmupSchedule = schedule(shared, now, ArrivalProcess.constant(s.arrival().initialRate(),
                s.arrival().poisson()), s.warmupOps() > 0 ? s.warmupOps() : -1);
          }
          shared.replayWarmupSchedules = replaySchedules(shared, s.threads(), now, true);
        } else if (phase == 1) {
          timing.measureStart = now;
          timing.cpuStart = ProcessCpu.now();
          timing.startGc();
          if (s.maxSeconds() > 0) {
            timing.deadline = now + s.maxSeconds() * 1_000_000_000L;
            shared.deadlineNanos = timing.deadline;
          }
          if (s.arrival() != null) {
            shared.schedule = schedule(shared, now, s.arrival(), scheduledOps);
          }
          shared.replaySchedules = replaySchedules(shared, s.threads(), now, false);
          collector.beginMeasurement(now);
          live.phase("measured");
        }
        return parties == 0;
      }
    };
  }

  /** A replayed trace's per-thread schedules from {@code now} (trace.speed=recorded), or null. */
  private static Schedule[] replaySchedules(Shared shared, int threads, long now, boolean warmup) {
    if (shared.replay == null) {
      return null;
    }
    Schedule[] out = new Schedule[threads];
    for (int i = 0; i < threads; i++) {
      long[] offsets = shared.replay.offsets(i, warmup);
      out[i] = offsets == null ? null : Schedule.ofOffsets(now, offsets);
    }
    return out;
  }

  /** {@code seed} with a workload that draws from sources of its own: one line, the run goes on. */
  private void warnUnseeded(Config cfg, BenchWorkload workload) throws ConfigException {
    if (cfg.get(EngineOptions.SEED) != null && !workload.honoursSeed()) {
      req.err().println("warning: workload " + workload.name() + " does not take its draws from the seeded streams:"
          + " seed makes its schedule reproducible, not its operations");
    }
  }

  /** One global schedule, or under a seed one split into a lane per thread (reproducible intended starts). */
  private static Schedule schedule(Shared shared, long now, ArrivalProcess process, long limit) {
    return shared.seed == null ? new Schedule(now, process, limit)
        : Schedule.perThread(now, process, limit, shared.threads);
  }

  /**
   * Collects an interval at a time until every client thread has ended, stopping them at the deadline or at
   * {@code errors.max}; true when the deadline stopped them.
   */
  private boolean collectUntilDone(List<Thread> javaThreads, Timing timing, Collector collector, Settings s) {
    long granularity = s.granularityMs() * 1_000_000L;
    long next = System.nanoTime() + granularity;
    boolean stoppedByDeadline = false;
    for (Thread t : javaThreads) {
      while (t.isAlive()) {
        long now = System.nanoTime();
        if (timing.deadline != 0 && now >= timing.deadline && !stop.requested()) {
          stop.request("maxexecutiontime");
          stoppedByDeadline = true;
        }
        if (now >= next) {
          collector.collectNow();
          if (s.errorsMax() > 0 && !stop.requested() && collector.errorsSoFar() >= s.errorsMax()) {
            stop.request("errors.max (" + s.errorsMax() + ") reached");
          }
          next = collector.nextCollectionNanos(System.nanoTime());
        }
        try {
          t.join(Math.max(1, Math.min((next - now) / 1_000_000, 100)));
        } catch (InterruptedException e) {
          stop.request("interrupted");
          Thread.currentThread().interrupt();
        }
      }
    }
    return stoppedByDeadline;
  }

  /** The last interval collected, the summaries built and the interval log closed. */
  private Measured endMeasurement(List<ClientThread> clients, Collector collector, Timing timing) {
    long end = timing.measureStart;
    for (ClientThread c : clients) {
      end = Math.max(end, c.endNanos());
    }
    if (!collector.isMeasuring()) {
      // every thread ended before the measured part (init failures, or a workload with nothing to do)
      collector.beginMeasurement(end);
      timing.measureStart = end;
    }
    collector.collect(end);
    ProcessCpu.Reading cpuEnd = ProcessCpu.now();
    GcWatch.Pauses gc = timing.stopGc();
    double seconds = Math.max(1e-9, (end - timing.measureStart) / 1e9);
    List<OpSummary> ops = collector.summaries(seconds);
    long measuredOps = 0;
    String runFailure = null;
    int failedThreads = 0;
    for (ClientThread c : clients) {
      measuredOps += c.measuredOps();
      if (c.runFailure() != null) {
        failedThreads++;
        runFailure = runFailure == null ? describe(c.runFailure()) : runFailure;
      }
    }
    try {
      collector.close();
    } catch (IOException e) {
      req.err().println("warning: interval log incomplete: " + e.getMessage());
    }
    return new Measured(ops, seconds, measuredOps, failedThreads, runFailure,
        ProcessCpu.between(timing.cpuStart, cpuEnd, measuredOps, seconds), gc);
  }

  /**
   * How the run ended, from the first failure on: failed threads, the workload's own checks at the end, the
   * post-load count (for workloads whose records a table counts), every operation failed, an early stop.
   */
  private Verdict verdict(BindingRun run, Bound bound, Measured m, Settings s, boolean stoppedByDeadline,
      Map<String, Object> extra) {
    BenchWorkload workload = req.workload();
    String failure = null;
    int exit = 0;
    if (m.failedThreads() > 0) {
      failure = m.failedThreads() + " of " + s.threads() + " client threads failed: "
          + m.runFailure();
      exit = BenchmarkException.EXIT_RUN_FAILED;
    }
    try {
      extra.putAll(workload.finish(bound.context()));
    } catch (BenchmarkException e) {
      if (e instanceof CheckFailedException f) {
        extra.putAll(f.extra());
      }
      failure = failure == null ? e.getMessage() : failure;
      exit = exit == 0 ? e.exitCode() : exit;
    } catch (RuntimeException e) {
      failure = failure == null ? "workload " + workload.name() + " failed at the end: " + e.getMessage() : failure;
      exit = exit == 0 ? BenchmarkException.EXIT_RUN_FAILED : exit;
    }
    String mismatch = s.checkCount() ? countCheck(run, m.ops(), extra) : null;
    if (mismatch != null) {
      failure = failure == null ? mismatch : failure;
      exit = exit == 0 ? BenchmarkException.EXIT_RUN_FAILED : exit;
    }
    OpSummary overall = m.ops().isEmpty() || !m.ops().get(0).name().equals("OVERALL") ? null : m.ops().get(0);
    if (exit == 0 && overall != null && overall.operations() == 0 && overall.errors() > 0) {
      failure = "every operation failed (" + overall.statuses() + ")";
      exit = BenchmarkException.EXIT_RUN_FAILED;
    }
    if (stop.requested() && !stoppedByDeadline && !"maxexecutiontime".equals(stop.reason())) {
      failure = failure == null ? "run stopped early: " + stop.reason() : failure;
      boolean byErrors = stop.reason() != null && stop.reason().startsWith("errors.max");
      exit = exit == 0 ? (byErrors ? BenchmarkException.EXIT_RUN_FAILED : BenchmarkException.EXIT_INTERRUPTED) : exit;
      return new Verdict("partial", failure, exit);
    }
    return new Verdict(exit == 0 ? "completed" : "failed", failure, exit);
  }

  /**
   * After a complete load of a workload whose records a table counts ({@link BenchWorkload#countedTable}), with
   * {@code load.checkcount} on: the mismatch, or null. Records the result as {@code countCheck} in {@code extra}.
   */
  private String countCheck(BindingRun run, List<OpSummary> ops, Map<String, Object> extra) {
    Config cfg = req.config();
    if (req.phase() != Phase.LOAD || stop.requested()) {
      return null;
    }
    Optional<String> table = req.workload().countedTable(cfg);
    if (table.isEmpty()) {
      return null;
    }
    String mismatch;
    try {
      mismatch = checkCount(run, table.get(), cfg, ops);
    } catch (BenchmarkException | RuntimeException e) {
      // the check could not run (the store went away?): the run cannot claim its records were stored
      mismatch = "count check could not run: " + Secrets.maskText(String.valueOf(e.getMessage()));
    }
    extra.put("countCheck", mismatch != null ? mismatch : "ok");
    return mismatch;
  }

  /** Writes every output, then lets the listeners add their files and judge (an SLA breach fails the run). */
  private Outcome writeResults(RunReport report, ResultsDir results, Verdict verdict, String exportFile) {
    String failure = verdict.failure();
    int exit = verdict.exit();
    try {
      Exporters.writeAll(report, results, req.out(), exportFile);
    } catch (IOException e) {
      failure = "could not write the results to " + results.path() + ": " + e.getMessage();
      exit = BenchmarkException.EXIT_RUN_FAILED;
    }
    for (RunListener l : listeners) {
      Optional<RunListener.Failure> f = l.finished(report, results, req.err());
      if (f.isPresent() && exit == 0) {
        failure = f.get().message();
        exit = f.get().exitCode();
      }
    }
    return new Outcome(report, exit, results.path(), failure);
  }

  /**
   * The connections section of the metadata: the mode, how many binding clients there were, the connections they
   * opened (when every client can tell) and what the store counted (when it says).
   */
  private static Map<String, Object> connections(BindingRun run, boolean perThread, List<ClientThread> clients,
      Object serverConnections) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mode", perThread ? "perthread" : "shared");
    m.put("clients", perThread ? 1 + clients.size() : 1);
    OptionalLong shared;
    try {
      shared = run.connectionsOpened();
    } catch (RuntimeException e) {
      shared = OptionalLong.empty();
    }
    Long opened = shared.isPresent() ? shared.getAsLong() : null;
    if (perThread && opened != null) {
      for (ClientThread c : clients) {
        OptionalLong own = c.ownConnectionsOpened();
        if (own.isEmpty()) {
          opened = null;
          break;
        }
        opened += own.getAsLong();
      }
    }
    m.put("clientOpened", opened == null ? "unknown" : opened);
    m.put("server", serverConnections);
    return m;
  }

  private static String checkCount(BindingRun run, String table, Config cfg, List<OpSummary> ops)
      throws BenchmarkException {
    OptionalLong count = run.count(table);
    if (count.isEmpty()) {
      return null;
    }
    long inserted = 0;
    for (OpSummary s : ops) {
      if (s.name().equals(OperationRegistry.INSERT)) {
        inserted = s.operations();
      }
    }
    long start = cfg.get(EngineOptions.INSERT_START);
    // a count check is exact only when this client loaded the whole table from an empty store
    if (start == 0 && count.getAsLong() < inserted) {
      return "count check failed: " + inserted + " inserts succeeded but the store holds " + count.getAsLong()
          + " records";
    }
    return null;
  }

  static String describe(Throwable t) {
    String msg = t.getMessage();
    if (t instanceof site.ycsb.DBException || t instanceof BenchmarkException) {
      return Secrets.maskText(msg);
    }
    return t.getClass().getSimpleName() + (msg == null ? "" : ": " + Secrets.maskText(msg));
  }

  /** The start time: start.at, or the one the start.file barrier gives once every thread is initialised. */
  private long startTime(Config cfg, java.util.concurrent.Phaser gate) throws ConfigException {
    String startFile = cfg.get(EngineOptions.START_FILE);
    return startFile != null ? StartBarrier.await(Path.of(startFile), gate, stop::requested, req.err())
        : cfg.get(EngineOptions.START_AT);
  }

  /**
   * Holds the threads at the start gate (they initialise meanwhile) until {@code start.at}, so that client processes
   * started apart begin together; a signal ends the wait.
   */
  private void awaitStartTime(long startAtMs) {
    if (startAtMs <= 0) {
      return;
    }
    long wait = startAtMs - System.currentTimeMillis();
    if (wait > 0) {
      req.err().println("waiting " + wait / 1000.0 + " s for start.at " + Instant.ofEpochMilli(startAtMs));
    }
    while (!stop.requested() && (wait = startAtMs - System.currentTimeMillis()) > 0) {
      try {
        Thread.sleep(Math.min(wait, 100));
      } catch (InterruptedException e) {
        stop.request("interrupted");
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static long plannedOperations(BenchWorkload w, Config cfg, boolean load) throws ConfigException {
    OptionalLong own = w.plannedOperations(load ? Phase.LOAD : Phase.RUN);
    if (own.isPresent()) {
      return own.getAsLong();
    }
    if (load) {
      Long ic = cfg.get(EngineOptions.INSERT_COUNT);
      return ic != null ? ic : cfg.get(EngineOptions.RECORD_COUNT);
    }
    long oc = cfg.get(EngineOptions.OPERATION_COUNT);
    return oc == 0 ? -1 : oc;
  }

  static List<Double> parsePercentiles(String s) throws ConfigException {
    List<Double> out = new ArrayList<>();
    for (String p : s.split(",")) {
      if (p.isBlank()) {
        continue;
      }
      try {
        double d = Double.parseDouble(p.trim());
        if (d <= 0 || d >= 100) {
          throw new NumberFormatException();
        }
        out.add(d);
      } catch (NumberFormatException e) {
        throw new ConfigException("bad value for hdrhistogram.percentiles: '" + p.trim()
            + "' is not a percentile between 0 and 100");
      }
    }
    return out;
  }

}
