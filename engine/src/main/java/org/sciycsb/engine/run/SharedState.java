package org.sciycsb.engine.run;

import java.util.Properties;
import java.util.concurrent.Phaser;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.schedule.Schedule;
import org.sciycsb.engine.trace.TraceOut;
import org.sciycsb.engine.trace.TraceWorkload;
import org.sciycsb.measure.StatusCodes;

/**
 * State the client threads share, fixed before they start; the start gate sets the schedules and the deadline when
 * the warmup and the measured part begin.
 */
final class SharedState {
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

  /** The state of a run's threads, trace.out's parts opened (the last thing here that can fail). */
  static SharedState of(PhaseRun.Input req, BindingRun run, Settings s, FailureLog failures, Stop stop)
      throws ConfigException {
    SharedState shared = new SharedState();
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
    shared.replay = req.workload() instanceof TraceWorkload tw ? tw : null;
    shared.warmup = s.warmup() || (shared.replay != null && shared.replay.hasWarmup());
    shared.seed = req.config().get(EngineOptions.SEED);
    shared.clientIndex = req.config().get(EngineOptions.CLIENT_INDEX);
    shared.traceOut = RunTraces.open(req.config(), s.threads());
    return shared;
  }
}
