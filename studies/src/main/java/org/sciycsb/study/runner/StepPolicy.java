package org.sciycsb.study.runner;

import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.study.plan.Step;

/**
 * What a step's outcome means for the study: which exit codes count as finished, which failures are part of the
 * experiment, which steps a failure blocks, and when the study stops.
 */
final class StepPolicy {
  private final Map<String, String> engineUser;

  /** {@code engineUser}: the user's -p properties for engine steps (a {@code fault.at} there expects failures). */
  StepPolicy(Map<String, String> engineUser) {
    this.engineUser = engineUser;
  }

  /** A step that ended with exit 0, or 5 (an SLA breached: measured all the same), finished. */
  static boolean finished(int code) {
    return code == 0 || code == 5;
  }

  /** A step's status from its exit code: ok, interrupted or failed. */
  static String status(int code, boolean interrupted) {
    return finished(code) ? "ok" : code == BenchmarkException.EXIT_INTERRUPTED || interrupted ? "interrupted"
        : "failed";
  }

  /** Failed operations are part of the experiment: the plan says so, or the step runs under a fault. */
  boolean failuresExpected(Step s) {
    return s.failuresExpected() || s.kind() == Step.Kind.RUN && engineUser.containsKey("fault.at");
  }

  /** The first step {@code s} depends on that did not finish ok, or null. */
  /** The status of a census step whose job failed where the plan says a failure is the result (Figure 11). */
  public static final String FAILED_AS_RESULT = "job failed (a result)";

  /**
   * A census job that failed (not a configuration error, an unreachable server or an interrupt) where the plan says
   * that is a result, whose log holds the failure the plan names ({@code log}: the step's log) and whose fault
   * schedule ran as planned ({@code faultProblem} not recorded).
   */
  static boolean failureIsAResult(Step s, int code, Map<String, Object> rec, String log) {
    return s.failureIsAResult() != null && s.kind() == Step.Kind.CENSUS && !finished(code)
        && code != BenchmarkException.EXIT_CONFIG && code != BenchmarkException.EXIT_BINDING
        && code != BenchmarkException.EXIT_INTERRUPTED && !rec.containsKey("faultProblem")
        && log.contains(s.failureMarker());
  }

  static String blockedBy(Step s, Map<String, String> status) {
    for (String d : s.dependsOn()) {
      if (!"ok".equals(status.get(d))) {
        return d;
      }
    }
    return null;
  }

  /** A step that failed stops the study when it was interrupted, or when an engine step could not reach its store. */
  static boolean stopsStudy(Step s, int code) {
    return code == BenchmarkException.EXIT_INTERRUPTED
        || code == BenchmarkException.EXIT_BINDING && s.kind() != Step.Kind.CENSUS;
  }
}
