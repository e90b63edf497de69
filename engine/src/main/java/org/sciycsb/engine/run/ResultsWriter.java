package org.sciycsb.engine.run;

import java.io.IOException;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.output.Exporters;
import org.sciycsb.output.OutputSettings;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/** Writes a run's results: every output, then the hooks' files and their judgement (an SLA breach fails). */
final class ResultsWriter {
  private ResultsWriter() {}

  /** Writes every output, then lets the hooks add their files and judge (an SLA breach fails the run). */
  static PhaseRun.Result write(PhaseRun.Input req, PhaseHooks hooks, RunReport report, ResultsDir results,
      Verdict verdict, OutputSettings output) {
    String failure = verdict.failure();
    int exit = verdict.exit();
    try {
      Exporters.writeAll(report, results, req.out(), output);
    } catch (IOException e) {
      failure = "could not write the results to " + results.path() + ": " + e.getMessage();
      exit = BenchmarkException.EXIT_RUN_FAILED;
    }
    for (PhaseHooks.Failure f : hooks.finished(report, results)) {
      if (exit == 0) {
        failure = f.message();
        exit = f.exitCode();
      }
    }
    return new PhaseRun.Result(report, exit, results.path(), failure);
  }
}
