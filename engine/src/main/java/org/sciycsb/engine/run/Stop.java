package org.sciycsb.engine.run;

/** The run-wide stop flag: maxexecutiontime, a signal, or a fatal error set it; every thread polls it. */
final class Stop {
  private volatile boolean requested;
  private volatile String reason;

  boolean requested() {
    return requested;
  }

  void request(String why) {
    if (!requested) {
      reason = why;
      requested = true;
    }
  }

  String reason() {
    return reason;
  }
}
