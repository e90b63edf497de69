package org.sciycsb.api;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * What the engine tells a binding or workload about the run it is part of.
 *
 * @param config    the effective properties
 * @param phase     load or run
 * @param threads   the number of client threads
 * @param resultsDir the run's results directory (exists)
 * @param workDir   the project's work folder, for embedded stores and caches (exists)
 * @param log       where to print warnings (stderr); never print secrets
 * @param failures  the run's failure policy: a binding records each failed operation there (counted by kind and
 *                  operation into the results, the first few of each kind printed on {@code log})
 */
public record RunContext(Config config, Phase phase, int threads, Path resultsDir, Path workDir, PrintStream log,
    FailureLog failures) {
  /** A context whose failures are printed on {@code log} (no stack traces): for tests and tools outside a run. */
  public RunContext(Config config, Phase phase, int threads, Path resultsDir, Path workDir, PrintStream log) {
    this(config, phase, threads, resultsDir, workDir, log, new FailureLog(log, false));
  }
}
