package org.sciycsb.engine.run;

import java.util.Map;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.CheckFailedException;
import org.sciycsb.measure.OpSummary;

/** How a run ended: its outcome word, the one-line failure (or null) and the exit code. */
record Verdict(String outcome, String failure, int exit) {

  /**
   * How the run ended, from the first failure on: failed threads, the workload's own checks at the end, the
   * post-load count (for workloads whose records a table counts), every operation failed, an early stop. The
   * workload's and the count check's figures go to {@code extra}.
   */
  static Verdict of(PhaseRun.Input req, Stop stop, BindingRun run, BindingSetup.Bound bound,
      MeasurementLoop.Measured m, Settings s, boolean stoppedByDeadline, Map<String, Object> extra) {
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
    String mismatch = s.checkCount() ? CountCheck.check(req, stop, run, m.ops(), extra) : null;
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

  /** A run that otherwise succeeded fails when its trace.out could not be written. */
  Verdict withTraceFailure(String traceFailure) {
    return traceFailure == null || exit != 0 ? this
        : new Verdict("failed", traceFailure, BenchmarkException.EXIT_RUN_FAILED);
  }
}
