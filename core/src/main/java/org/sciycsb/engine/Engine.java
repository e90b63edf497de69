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
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Operation;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.measure.Collector;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.measure.OperationRegistry;
import org.sciycsb.measure.StatusCodes;
import org.sciycsb.measure.ThreadRecorder;
import org.sciycsb.output.Exporters;

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
      java.util.Set<String> secretKeys) {}

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
  }

  private final Request req;
  private final Stop stop = new Stop();
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile org.sciycsb.report.RunHooks hooks;
  /** Set once every client thread has initialised: from then on the results folder is always written. */
  private volatile boolean keepResults;

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

  private Outcome doRun() throws BenchmarkException {
    Config cfg = req.config();
    boolean load = req.phase() == Phase.LOAD;
    int threads = cfg.get(EngineOptions.THREADS);
    double target = cfg.get(EngineOptions.TARGET);
    long warmupOps = cfg.get(EngineOptions.WARMUP_OPS);
    Duration warmupTime = cfg.get(EngineOptions.WARMUP_TIME);
    long maxSeconds = cfg.get(EngineOptions.MAX_EXECUTION_TIME);
    int digits = cfg.get(EngineOptions.DIGITS);
    int granularityMs = cfg.get(EngineOptions.GRANULARITY);
    int statusSeconds = cfg.get(EngineOptions.STATUS_INTERVAL);
    List<Double> percentiles = parsePercentiles(cfg.get(EngineOptions.PERCENTILES));
    String label = cfg.get(EngineOptions.LABEL);

    ResultsDir results = ResultsDir.create(cfg.get(EngineOptions.RESULTS_DIR), load ? "load" : "run",
        req.bindingName(), label);
    RunContext ctx = new RunContext(cfg, req.phase(), threads, results.path(), req.workDir(), req.err());
    Instant started = Instant.now();

    BindingRun run;
    try {
      run = req.binding().open(ctx);
    } catch (BenchmarkException e) {
      results.discard();
      throw e;
    } catch (RuntimeException | LinkageError e) {
      results.discard();
      throw new BindingException("binding " + req.bindingName() + " failed to start: "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
    try {
      return runWith(run, ctx, results, started, load, threads, target, warmupOps, warmupTime, maxSeconds, digits,
          granularityMs, statusSeconds, percentiles, label);
    } catch (BenchmarkException | RuntimeException | Error e) {
      if (!keepResults) {
        // nothing was measured: a run that fails before measuring leaves no results folder
        if (hooks != null) {
          hooks.close();
        }
        results.discard();
      }
      throw e;
    } finally {
      if (hooks != null) {
        hooks.close(); // stops the resource sampler even when the run ended by an exception
      }
      try {
        run.close();
      } catch (BenchmarkException | RuntimeException e) {
        req.err().println("warning: closing the binding failed: " + Secrets.maskText(e.getMessage()));
      }
    }
  }

  private Outcome runWith(BindingRun run, RunContext ctx, ResultsDir results, Instant started, boolean load,
      int threads, double target, long warmupOps, Duration warmupTime, long maxSeconds, int digits,
      int granularityMs, int statusSeconds, List<Double> percentiles, String label) throws BenchmarkException {
    Config cfg = req.config();
    OperationRegistry registry = new OperationRegistry();
    BenchWorkload workload = req.workload();
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

    long planned = plannedOperations(workload, cfg, load);
    boolean sharedWork = workload.sharedWork(req.phase());
    StatusCodes codes = new StatusCodes();
    ErrorLog errors = new ErrorLog(req.err(), req.debug());
    List<ThreadRecorder> recorders = new ArrayList<>();
    org.sciycsb.measure.SparseCounts.Layout layout = new org.sciycsb.measure.SparseCounts.Layout(digits);
    for (int i = 0; i < threads; i++) {
      recorders.add(new ThreadRecorder(i, registry.size(), codes, layout));
    }
    Shared shared = new Shared();
    shared.run = run;
    shared.workload = workload;
    shared.codes = codes;
    shared.errors = errors;
    shared.properties = cfg.toProperties();
    shared.threads = threads;
    shared.load = load;
    shared.stop = stop;
    shared.warmup = warmupOps > 0 || !warmupTime.isZero();

    boolean perThread = cfg.get(EngineOptions.CONNECTIONS).equals("perthread");
    if (perThread && !run.supportsThreadClients()) {
      throw new ConfigException("binding " + req.bindingName() + " cannot open a client per thread"
          + " (connections=perthread): use connections=shared");
    }
    shared.threadClients = perThread;

    Collector collector;
    try {
      collector = new Collector(registry, codes, recorders, digits, results.file("latency.hlog"), req.err(),
          () -> planned, 0, granularityMs * 1_000_000L);
    } catch (IOException e) {
      throw new ConfigException("cannot write to " + results.path() + ": " + e.getMessage());
    }
    collector.setStatusInterval(statusSeconds * 1_000_000_000L);
    org.sciycsb.report.RunHooks hooks = org.sciycsb.report.RunHooks.of(cfg, results.path());
    this.hooks = hooks;
    final long[] measureStart = new long[1];
    final long[] deadline = new long[1];
    shared.gate = new Phaser(threads + 1) {
      @Override
      protected boolean onAdvance(int phase, int parties) {
        long now = System.nanoTime();
        if (phase == 0) {
          if (!warmupTime.isZero()) {
            shared.warmupEndNanos = now + warmupTime.toNanos();
          }
          if (target > 0 && shared.warmup) {
            shared.warmupSchedule = new Schedule(now, target, warmupOps > 0 ? warmupOps : -1);
          }
        } else if (phase == 1) {
          measureStart[0] = now;
          if (maxSeconds > 0) {
            deadline[0] = now + maxSeconds * 1_000_000_000L;
            shared.deadlineNanos = deadline[0];
          }
          if (target > 0) {
            shared.schedule = new Schedule(now, target, sharedWork ? -1 : planned);
          }
          collector.beginMeasurement(now);
        }
        return parties == 0;
      }
    };

    List<ClientThread> clients = new ArrayList<>();
    List<Thread> javaThreads = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      long quota = target > 0 || planned < 0 || sharedWork ? -1 : share(planned, threads, i);
      long warmQuota = warmupOps > 0 ? share(warmupOps, threads, i) : -1;
      ClientThread c = new ClientThread(shared, i, recorders.get(i), quota, warmQuota);
      clients.add(c);
      Thread t = new Thread(c, "client-" + i);
      t.setDaemon(true);
      javaThreads.add(t);
    }
    hooks.start();
    for (Thread t : javaThreads) {
      t.start();
    }
    awaitStartTime(cfg.get(EngineOptions.START_AT));
    shared.gate.arriveAndAwaitAdvance(); // all threads initialised (or failed to)
    String initFailure = null;
    Throwable initCause = null;
    int failedInits = 0;
    for (ClientThread c : clients) {
      if (c.initFailure() != null) {
        failedInits++;
        if (initFailure == null) {
          initFailure = describe(c.initFailure());
          initCause = c.initFailure();
        }
      }
    }
    if (failedInits > 0) {
      stop.request("thread init failed");
    } else {
      keepResults = true;
    }
    ConnectionSampler sampler = new ConnectionSampler(run, 1000);
    sampler.start(); // every client thread has its connections (or none, if its binding opens them lazily)
    shared.gate.arriveAndDeregister(); // the engine does not wait for the warmup: it collects meanwhile

    long errorsMax = cfg.get(EngineOptions.ERRORS_MAX);
    long granularity = granularityMs * 1_000_000L;
    long next = System.nanoTime() + granularity;
    boolean stoppedByDeadline = false;
    for (Thread t : javaThreads) {
      while (t.isAlive()) {
        long now = System.nanoTime();
        if (deadline[0] != 0 && now >= deadline[0] && !stop.requested()) {
          stop.request("maxexecutiontime");
          stoppedByDeadline = true;
        }
        if (now >= next) {
          collector.collectNow();
          if (errorsMax > 0 && !stop.requested() && collector.errorsSoFar() >= errorsMax) {
            stop.request("errors.max (" + errorsMax + ") reached");
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
    sampler.stop();
    long end = measureStart[0];
    for (ClientThread c : clients) {
      end = Math.max(end, c.endNanos());
    }
    if (!collector.isMeasuring()) {
      // every thread ended before the measured part (init failures, or a workload with nothing to do)
      collector.beginMeasurement(end);
      measureStart[0] = end;
    }
    collector.collect(end);
    double seconds = Math.max(1e-9, (end - measureStart[0]) / 1e9);
    List<OpSummary> ops = collector.summaries(seconds);
    long measuredOps = 0;
    String runFailure = null;
    int failedThreads = 0;
    for (ClientThread c : clients) {
      measuredOps += c.measuredOps();
      if (c.runFailure() != null) {
        failedThreads++;
        if (runFailure == null) {
          runFailure = describe(c.runFailure());
        }
      }
    }
    try {
      collector.close();
    } catch (IOException e) {
      req.err().println("warning: interval log incomplete: " + e.getMessage());
    }
    Map<String, Object> resources = hooks.stop(collector.measureStartEpochMs());
    if (failedInits > 0) {
      // nothing was measured: the binding could not start on every thread (no results folder, see doRun)
      throw new BindingException(failedInits + " of " + threads + " client threads failed to initialise: "
          + initFailure, initCause);
    }

    Map<String, Object> extra = new LinkedHashMap<>();
    String failure = null;
    int exit = 0;
    if (failedThreads > 0) {
      failure = failedThreads + " of " + threads + " client threads failed: " + runFailure;
      exit = BenchmarkException.EXIT_RUN_FAILED;
    }
    try {
      extra.putAll(workload.finish(wctx));
    } catch (BenchmarkException e) {
      if (e instanceof org.sciycsb.api.CheckFailedException f) {
        extra.putAll(f.extra());
      }
      failure = failure == null ? e.getMessage() : failure;
      exit = exit == 0 ? e.exitCode() : exit;
    } catch (RuntimeException e) {
      failure = failure == null ? "workload " + workload.name() + " failed at the end: " + e.getMessage() : failure;
      exit = exit == 0 ? BenchmarkException.EXIT_RUN_FAILED : exit;
    }
    if (load && cfg.get(EngineOptions.CHECK_COUNT) && workload.name().equals("core") && !stop.requested()) {
      String mismatch;
      try {
        mismatch = checkCount(run, cfg, ops);
      } catch (BenchmarkException | RuntimeException e) {
        // the check could not run (the store went away?): the run cannot claim its records were stored
        mismatch = "count check could not run: " + Secrets.maskText(String.valueOf(e.getMessage()));
      }
      if (mismatch != null) {
        extra.put("countCheck", mismatch);
        failure = failure == null ? mismatch : failure;
        exit = exit == 0 ? BenchmarkException.EXIT_RUN_FAILED : exit;
      } else {
        extra.put("countCheck", "ok");
      }
    }
    OpSummary overall = ops.isEmpty() || !ops.get(0).name().equals("OVERALL") ? null : ops.get(0);
    if (exit == 0 && overall != null && overall.operations() == 0 && overall.errors() > 0) {
      failure = "every operation failed (" + overall.statuses() + ")";
      exit = BenchmarkException.EXIT_RUN_FAILED;
    }
    String outcome;
    if (stop.requested() && !stoppedByDeadline && !"maxexecutiontime".equals(stop.reason())) {
      outcome = "partial";
      failure = failure == null ? "run stopped early: " + stop.reason() : failure;
      boolean byErrors = stop.reason() != null && stop.reason().startsWith("errors.max");
      exit = exit == 0 ? (byErrors ? BenchmarkException.EXIT_RUN_FAILED : BenchmarkException.EXIT_INTERRUPTED) : exit;
    } else {
      outcome = exit == 0 ? "completed" : "failed";
    }

    Map<String, Object> meta = Metadata.build(req, ctx, run.storeInfo(), started, Instant.now(), threads, target,
        label, outcome, failure, workload.name());
    meta.put("storage", hooks.storage());
    meta.put("collector", collector.stats());
    meta.put("connections", connections(run, perThread, clients, sampler));
    RunReport report = new RunReport(meta, outcome, Math.round(seconds * 1000), measuredOps,
        measuredOps / seconds, ops, collector.series(), extra, errors.samples(), percentiles, resources);
    try {
      Exporters.writeAll(report, results, req.out(), cfg.get(EngineOptions.EXPORT_FILE));
    } catch (IOException e) {
      failure = "could not write the results to " + results.path() + ": " + e.getMessage();
      exit = BenchmarkException.EXIT_RUN_FAILED;
    }
    String slaFailure = hooks.finish(report, results, req.err());
    if (slaFailure != null && exit == 0) {
      failure = slaFailure;
      exit = org.sciycsb.report.Sla.EXIT_SLA_BREACHED;
    }
    return new Outcome(report, exit, results.path(), failure);
  }

  /**
   * The connections section of the metadata: the mode, how many binding clients there were, the connections they
   * opened (when every client can tell) and what the store counted (when it says).
   */
  private static Map<String, Object> connections(BindingRun run, boolean perThread, List<ClientThread> clients,
      ConnectionSampler sampler) {
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
    m.put("server", sampler.result());
    return m;
  }

  private static String checkCount(BindingRun run, Config cfg, List<OpSummary> ops) throws BenchmarkException {
    OptionalLong count = run.count(cfg.raw("table", "usertable"));
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

  /** The i-th of n shares of total, as upstream YCSB splits operationcount between threads. */
  static long share(long total, int n, int i) {
    return total / n + (i < total % n ? 1 : 0);
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
