package org.sciycsb.engine.run;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.RunContext;
import org.sciycsb.engine.schedule.ArrivalProcess;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/**
 * What the engine's public face adds to a run, called by {@link PhaseRun} in this order: {@link #open},
 * {@link #beforeThreadsStart}, {@link #measurementEnded}, {@link #metadata}, {@link #finished}; {@link #close()}
 * always, last (and possibly earlier too, so more than once), also when the run ended by an exception.
 */
public interface PhaseHooks {
  /** A verdict of the hooks that fails the run: one line, and the exit code. */
  record Failure(String message, int exitCode) {}

  /** How the run was set and how it ended, for its metadata. */
  record Ended(int threads, double target, ArrivalProcess arrival, String label, String outcome, String failure) {}

  /** The results folder exists and the binding is open; nothing has started yet. */
  void open(ResultsDir results) throws ConfigException;

  /** Before the client threads start: the run's live view. */
  void beforeThreadsStart(LiveState live);

  /** The client threads ended: the {@code resources} section of the results, or null. */
  Map<String, Object> measurementEnded(long measureStartEpochMs);

  /**
   * The start of the metadata block of {@code results.json} (launch, store, host, settings, manifest): the run adds
   * its own figures after it.
   */
  Map<String, Object> metadata(RunContext ctx, BindingRun run, Instant started, Ended ended) throws ConfigException;

  /** The results are written: further files added, and the failures that judging the run gave, in order. */
  List<Failure> finished(RunReport report, ResultsDir results);

  /** Releases what the hooks hold; safe to call more than once. */
  void close();
}
