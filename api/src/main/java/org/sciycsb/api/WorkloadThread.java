package org.sciycsb.api;

/** One client thread's share of a workload. Called only from its own thread. */
public interface WorkloadThread {
  /** One load-phase operation; false when this thread has no more work. */
  boolean doInsert();

  /** One run-phase operation; false when this thread has no more work. */
  boolean doTransaction();

  /** Called once after the thread's last operation, before the DB's cleanup. */
  default void close() throws BenchmarkException {}
}
