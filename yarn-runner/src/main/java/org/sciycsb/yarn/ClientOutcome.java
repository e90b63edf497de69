package org.sciycsb.yarn;

/**
 * One client's outcome as its task left it: whether its results folder is there, its exit code and error, its host,
 * its wait at the barrier, its start time and, when it left nothing, its task's last diagnostic line.
 */
record ClientOutcome(int index, boolean present, int exitCode, String error, String host, long barrierWaitMs,
    long startAtMs, String taskDiagnostics) {
  boolean failed() {
    return !present || exitCode != 0;
  }
}
