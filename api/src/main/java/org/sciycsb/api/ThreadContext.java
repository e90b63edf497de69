package org.sciycsb.api;

import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
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
 * @param random      where the thread draws everything that decides its operations (which operation, which key,
 *                    field and value): with {@code -p seed=N} a stream of this thread alone, the same on every run
 *                    ({@link CommonOptions#SEED}; the engine switches it from the warmup's stream to the measured
 *                    part's between the two), else {@link ThreadLocalRandom}. Draw from it on this thread only, never
 *                    in the callback of an asynchronous operation.
 */
public record ThreadContext(int threadId, int threadCount, DB db, Meter meter, BindingRun run,
    RandomGenerator random) {
  /** A thread that draws from {@link ThreadLocalRandom} (no seed). */
  public ThreadContext(int threadId, int threadCount, DB db, Meter meter, BindingRun run) {
    this(threadId, threadCount, db, meter, run, ThreadLocalRandom.current());
  }

  /** A per-thread access path of the run's binding. */
  public <T extends AccessPath> T accessPath(Class<T> type) throws BenchmarkException {
    return run.accessPath(type, threadId);
  }
}
