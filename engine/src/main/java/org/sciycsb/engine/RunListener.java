package org.sciycsb.engine;

import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import org.sciycsb.api.ConfigException;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/**
 * Follows one run for a {@link RunExtension}. The engine calls it from its own thread, in this order:
 * {@link #live(LiveRun)}, {@link #beforeThreadsStart()}, {@link #measurementEnded(long)}, {@link #metadata()}, then, once the results are
 * written, {@link #finished}; {@link #close()} always, last, also when the run ended by an exception.
 */
public interface RunListener {
  /** A verdict of a listener that fails the run: one line, and the exit code. */
  record Failure(String message, int exitCode) {}

  /**
   * Before the client threads start: the run's live view, which the listener may read from any thread until
   * {@link #close()} (live metrics).
   */
  default void live(LiveRun run) {}

  /** Before the client threads start. */
  default void beforeThreadsStart() {}

  /**
   * The client threads ended. Returns the {@code resources} section of the results (samples taken while the run
   * ran, times relative to the measured start), or null.
   */
  default Map<String, Object> measurementEnded(long measuredStartEpochMs) {
    return null;
  }

  /** Entries for the run's metadata (for example the storage device). */
  default Map<String, Object> metadata() throws ConfigException {
    return Map.of();
  }

  /** The results are written: write further files into {@code dir} and judge the run. */
  default Optional<Failure> finished(RunReport report, ResultsDir dir, PrintStream err) {
    return Optional.empty();
  }

  /** Releases what the listener holds (a sampler thread); called once, last. */
  default void close() {}
}
