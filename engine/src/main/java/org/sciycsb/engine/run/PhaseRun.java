package org.sciycsb.engine.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.sampling.StoreSamplers;
import org.sciycsb.engine.schedule.Schedule;
import org.sciycsb.engine.trace.TraceOut;
import org.sciycsb.engine.validity.HostCpu;
import org.sciycsb.measure.Collector;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.ThreadRecorder;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/**
 * One phase (load or run) of one workload against one binding, from its results folder created to its results
 * written. Configuration has been validated by the caller; everything here that can still fail before the first
 * operation (opening the binding, workload init, access paths, thread init) ends the run before any measurement with
 * a {@link BenchmarkException}.
 *
 * <p>It orders the run; its parts do the work: {@link Settings} (the options, read once), {@link BindingSetup} (the
 * binding opened, the workload bound to it), {@link SharedState} and {@link ClientThreads} (what the threads share,
 * the threads), {@link StartGate} and {@link StartTime} (when the warmup and the measured part begin),
 * {@link MeasurementLoop} (collection until the threads end), {@link Verdict}, {@link CountCheck} and
 * {@link RunValidity} (how the run ended), {@link ClientMetadata}, {@link RunTraces} and {@link ResultsWriter} (what
 * is written). The {@link PhaseHooks} add the engine's extensions and the run's metadata.
 */
public final class PhaseRun {

  /** What to run. */
  public record Input(Phase phase, String bindingName, Binding binding, BenchWorkload workload, Config config,
      Path workDir, PrintStream out, PrintStream err, boolean debug) {}

  /** What happened: the report (also written to disk), the exit code, the results folder and the failure. */
  public record Result(RunReport report, int exitCode, Path resultsDir, String failure) {}

  /** The run once its threads have started: their shared state, the collector, the threads and the live view. */
  private record Started(SharedState shared, Collector collector, ClientThreads threads, LiveState live) {}

  /** The run once its threads have ended: what they did, and what was sampled meanwhile. */
  private record Ended(MeasurementLoop.Measured measured, boolean stoppedByDeadline, StoreSamplers samplers,
      Map<String, Object> resources) {}

  private final Input req;
  private final PhaseHooks hooks;
  private final Stop stop = new Stop();
  /** trace.out's threads' parts, removed when the run fails before its end. */
  private volatile TraceOut traceOut;
  /** Set once every client thread has initialised: from then on the results folder is always written. */
  private volatile boolean keepResults;
  /** When measuring began and ends; its GC watch is removed however the run ends. */
  private final MeasurementTiming timing = new MeasurementTiming();

  public PhaseRun(Input req, PhaseHooks hooks) {
    this.req = req;
    this.hooks = hooks;
  }

  /** Asks the running phase to stop early (a signal): the results are still written, marked partial. */
  public void requestStop(String why) {
    stop.request(why);
  }

  /** Runs the phase and writes its results; the hooks are closed however it ends. */
  public Result run() throws BenchmarkException {
    Config cfg = req.config();
    Settings s = Settings.of(cfg);
    ResultsDir results = ResultsDir.create(cfg.get(EngineOptions.RESULTS_DIR), phaseWord(), req.bindingName(),
        s.label());
    RunContext ctx = new RunContext(cfg, req.phase(), s.threads(), results.path(), req.workDir(), req.err(),
        new FailureLog(req.err(), req.debug()));
    Instant started = Instant.now();
    BindingSetup setup = new BindingSetup(req);
    BindingRun run = setup.open(ctx, results);
    try {
      BindingSetup.Bound bound = setup.prepare(run, ctx);
      Started st = startThreads(setup, run, ctx, results, s, bound);
      Ended ended = measure(run, st, s);
      return report(ctx, results, started, bound, st, ended);
    } catch (BenchmarkException | RuntimeException | Error e) {
      if (traceOut != null) {
        traceOut.discard();
      }
      if (!keepResults) {
        // nothing was measured: a run that fails before measuring leaves no results folder
        hooks.close();
        results.discard();
      }
      throw e;
    } finally {
      timing.stopGc(); // the JVM's collectors keep no listener of an ended run
      hooks.close(); // stops the resource sampler even when the run ended by an exception
      try {
        run.close();
      } catch (BenchmarkException | RuntimeException e) {
        req.err().println("warning: closing the binding failed: " + Secrets.maskText(e.getMessage()));
      }
    }
  }

  /**
   * Everything the threads need, then the threads started and held at the start gate until each has initialised
   * (or failed to) and the start time has come.
   */
  private Started startThreads(BindingSetup setup, BindingRun run, RunContext ctx, ResultsDir results, Settings s,
      BindingSetup.Bound bound) throws BenchmarkException {
    Config cfg = req.config();
    BenchWorkload workload = req.workload();
    long planned = Settings.plannedOperations(workload, cfg, req.phase() == Phase.LOAD);
    boolean sharedWork = workload.sharedWork(req.phase());
    setup.requireThreadClients(run, s);
    SharedState shared = SharedState.of(req, run, s, ctx.failures(), stop);
    traceOut = shared.traceOut;
    List<ThreadRecorder> recorders = ClientThreads.recorders(s, bound.registry().size(), shared.codes);
    Collector collector = MeasurementLoop.openCollector(bound.registry(), shared.codes, recorders, results, planned,
        s, cfg, req.out(), req.err());
    hooks.open(results);
    LiveState live = new LiveState(phaseWord(), req.bindingName(), workload.name(), collector, planned,
        Math.max(s.inflight(), s.threads()));
    timing.ownPids = HostCpu.ownPids(cfg);
    shared.gate = new StartGate(shared, s, timing, collector, sharedWork ? -1 : planned, live);
    ClientThreads threads = ClientThreads.create(shared, s, recorders, planned, sharedWork);
    live.threads(threads.clients(), threads.javaThreads());
    hooks.beforeThreadsStart(live);
    threads.start();
    StartTime.await(cfg, shared.gate, stop, req.err());
    shared.gate.arriveAndAwaitAdvance(); // all threads initialised (or failed to)
    return new Started(shared, collector, threads, live);
  }

  /**
   * The measured part: the store's samplers started once every thread has its connections, the run collecting
   * until the threads end; a run whose threads could not all initialise ends here, before any results.
   */
  private Ended measure(BindingRun run, Started st, Settings s) throws BenchmarkException {
    Config cfg = req.config();
    List<ClientThread> failedInit = st.threads().failedInit();
    if (failedInit.isEmpty()) {
      keepResults = true;
    } else {
      stop.request("thread init failed");
    }
    // every client thread has its connections (or none, if its binding opens them lazily)
    StoreSamplers samplers = StoreSamplers.start(run, cfg.get(EngineOptions.SERVER_STATS),
        cfg.get(EngineOptions.SERVER_STATS_INTERVAL).toMillis(), PhaseRun::describe);
    st.shared().gate.arriveAndDeregister(); // the engine does not wait for the warmup: it collects meanwhile
    MeasurementLoop loop = new MeasurementLoop(st.collector(), timing, stop);
    boolean stoppedByDeadline = loop.collectUntilDone(st.threads().javaThreads(), s);
    samplers.stop();
    st.live().phase("ended");
    MeasurementLoop.Measured m = loop.end(st.threads().clients(), req.err());
    Map<String, Object> resources = hooks.measurementEnded(st.collector().measureStartEpochMs());
    if (!failedInit.isEmpty()) {
      // nothing was measured: the binding could not start on every thread (no results folder, see run)
      Throwable cause = failedInit.get(0).initFailure();
      throw new BindingException(failedInit.size() + " of " + s.threads() + " client threads failed to initialise: "
          + describe(cause), cause);
    }
    return new Ended(m, stoppedByDeadline, samplers, resources);
  }

  /** The run judged, its report built and written, the hooks' files added. */
  private Result report(RunContext ctx, ResultsDir results, Instant started, BindingSetup.Bound bound, Started st,
      Ended ended) throws BenchmarkException {
    SharedState shared = st.shared();
    BindingRun run = shared.run;
    Settings s = shared.settings;
    Collector collector = st.collector();
    List<ClientThread> clients = st.threads().clients();
    MeasurementLoop.Measured m = ended.measured();
    RunTraces.TraceEnd traced = RunTraces.finish(shared, req);
    Map<String, Object> extra = new LinkedHashMap<>();
    Verdict verdict = Verdict.of(req, stop, run, bound, m, s, ended.stoppedByDeadline(), extra)
        .withTraceFailure(traced.failure());
    ended.samplers().addTo(extra, collector.measureStartEpochMs());
    reportFailures(ctx.failures(), extra);
    Map<String, Object> meta = hooks.metadata(ctx, run, started, new PhaseHooks.Ended(s.threads(), s.target(),
        s.arrival(), s.label(), verdict.outcome(), verdict.failure()));
    meta.put("collector", collector.stats());
    meta.put("connections", ClientMetadata.connections(run, s.perThread(), clients,
        ended.samplers().serverConnections()));
    meta.put("clientCpu", m.clientCpu());
    meta.put("hostCpu", timing.hostCpu());
    ClientMetadata.clientWaits(meta, s, clients, st.threads().recorders());
    meta.putAll(traced.metadata());
    RunReport report = new RunReport(meta, verdict.outcome(), Math.round(m.seconds() * 1000), m.operations(),
        m.operations() / m.seconds(), m.ops(), withOffered(collector.series(), shared.schedule), extra,
        shared.errors.samples(), s.percentiles(), ended.resources()).withDetail(m.detail());
    Result written = ResultsWriter.write(req, hooks, RunValidity.judged(req, report, m, s), results, verdict,
        s.output());
    return RunValidity.suspectFails(req, written);
  }

  private String phaseWord() {
    return req.phase() == Phase.LOAD ? "load" : "run";
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

  /** The time series with each interval's offered rate, when the run followed a schedule. */
  private static List<IntervalPoint> withOffered(List<IntervalPoint> series, Schedule schedule) {
    if (schedule == null) {
      return series;
    }
    return series.stream().map(p -> p.withOffered(schedule.offeredPerSecond(p.startMs(), p.endMs()))).toList();
  }

  /** A failure as one line: the message of the project's own exceptions, else the exception's name and message. */
  static String describe(Throwable t) {
    String msg = t.getMessage();
    if (t instanceof site.ycsb.DBException || t instanceof BenchmarkException) {
      return Secrets.maskText(msg);
    }
    return t.getClass().getSimpleName() + (msg == null ? "" : ": " + Secrets.maskText(msg));
  }
}
