package org.sciycsb.api;

/** One client thread's share of a workload. Called only from its own thread. */
public interface WorkloadThread {
  /** One load-phase operation; false when this thread has no more work. */
  boolean doInsert();

  /** One run-phase operation; false when this thread has no more work. */
  boolean doTransaction();

  /**
   * With {@code -p inflight=N} (when the workload {@linkplain BenchWorkload#supportsAsync supports it}): sends one
   * load-phase operation through {@code ops} and returns at once. The stage completes when the operation (all its
   * parts) is done; null when this thread has no more work. The engine keeps up to N such stages pending.
   */
  default java.util.concurrent.CompletionStage<?> doInsertAsync(AsyncOps ops) {
    throw new UnsupportedOperationException("this workload has no asynchronous operations");
  }

  /** As {@link #doInsertAsync}, for one run-phase operation. */
  default java.util.concurrent.CompletionStage<?> doTransactionAsync(AsyncOps ops) {
    throw new UnsupportedOperationException("this workload has no asynchronous operations");
  }

  /** Called once after the thread's last operation, before the DB's cleanup. */
  default void close() throws BenchmarkException {}
}
