package org.sciycsb.api;

import site.ycsb.DB;

/**
 * What one client thread of a workload gets.
 *
 * @param threadId    0-based
 * @param threadCount all client threads
 * @param db          the thread's DB: measured (every CRUD call on it is recorded as READ, UPDATE, ...), unless the
 *                    workload {@linkplain BenchWorkload#measuresOwnOperations measures its own operations}
 * @param meter       for named operations
 * @param run         the binding's run, for {@link BindingRun#accessPath}: the thread's own client with
 *                    {@code connections=perthread}
 */
public record ThreadContext(int threadId, int threadCount, DB db, Meter meter, BindingRun run) {
  /** A per-thread access path of the run's binding. */
  public <T extends AccessPath> T accessPath(Class<T> type) throws BenchmarkException {
    return run.accessPath(type, threadId);
  }
}
