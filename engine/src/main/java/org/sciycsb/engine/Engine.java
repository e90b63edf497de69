package org.sciycsb.engine;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.run.PhaseRun;
import org.sciycsb.results.RunReport;

/**
 * Runs one phase (load or run) of one workload against one binding, and writes its results directory.
 * Configuration has been validated by the caller; everything that can still fail before the first operation
 * (opening the binding, workload init, access paths, thread init) ends the run before any measurement with a
 * {@link BenchmarkException}.
 *
 * <p>The run itself is {@link PhaseRun}'s (package {@code org.sciycsb.engine.run}); the engine adds the request's
 * extensions and the run's metadata to it through {@link EngineHooks}, and lets a signal stop it early.
 */
public final class Engine {

  /** What to run. */
  public record Request(Phase phase, String bindingName, Binding binding, BenchWorkload workload, Config config,
      Path workDir, PrintStream out, PrintStream err, boolean debug, Map<String, Object> launchMetadata,
      java.util.Set<String> secretKeys, List<RunExtension> extensions) {}

  /** What happened: the report (also written to disk) and the exit code. */
  public record Outcome(RunReport report, int exitCode, Path resultsDir, String failure) {}

  private final PhaseRun phaseRun;
  private final CountDownLatch finished = new CountDownLatch(1);

  public Engine(Request req) {
    this.phaseRun = new PhaseRun(new PhaseRun.Input(req.phase(), req.bindingName(), req.binding(), req.workload(),
        req.config(), req.workDir(), req.out(), req.err(), req.debug()), new EngineHooks(req));
  }

  /** Asks a running engine to stop early (a signal): the results are still written, marked partial. */
  public void requestStop(String why) {
    phaseRun.requestStop(why);
  }

  /** Waits until the results are written, for a shutdown hook. */
  public boolean awaitFinished(Duration timeout) throws InterruptedException {
    return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  public Outcome run() throws BenchmarkException {
    try {
      PhaseRun.Result r = phaseRun.run();
      return new Outcome(r.report(), r.exitCode(), r.resultsDir(), r.failure());
    } finally {
      finished.countDown();
    }
  }
}
