package org.sciycsb.engine;

import java.io.IOException;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.output.Exporters;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/** Writes a run's results: every output, then the listeners' files and their judgement (an SLA breach fails). */
final class ResultsWriter {
  private ResultsWriter() {}

  /** Writes every output, then lets the listeners add their files and judge (an SLA breach fails the run). */
  static Engine.Outcome write(Engine.Request req, RunListeners listeners, RunReport report, ResultsDir results,
      Verdict verdict, String exportFile) {
    String failure = verdict.failure();
    int exit = verdict.exit();
    try {
      Exporters.writeAll(report, results, req.out(), exportFile);
    } catch (IOException e) {
      failure = "could not write the results to " + results.path() + ": " + e.getMessage();
      exit = BenchmarkException.EXIT_RUN_FAILED;
    }
    for (RunListener.Failure f : listeners.finished(report, results, req.err())) {
      if (exit == 0) {
        failure = f.message();
        exit = f.exitCode();
      }
    }
    return new Engine.Outcome(report, exit, results.path(), failure);
  }
}
