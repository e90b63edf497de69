package org.sciycsb.api;

import java.util.Map;
import java.util.OptionalLong;
import site.ycsb.DB;

/**
 * One run's shared client (connection pool, prepared statements). Created once by {@link Binding#open},
 * closed once by the engine after every thread has finished and flushed.
 */
public interface BindingRun extends AutoCloseable {
  /**
   * A {@link DB} for one client thread. The engine calls {@link DB#init()} on it before the thread starts and
   * {@link DB#cleanup()} after its last operation (where buffered batches must be flushed).
   */
  DB newDb(int threadId) throws BenchmarkException;

  /** The store product and version as reported by the server. */
  StoreInfo storeInfo();

  /** Opens a per-thread handle on one access path. */
  @FunctionalInterface
  interface AccessPathFactory {
    /** @param threadId the client thread, or -1 for the setup handle a workload uses in its init */
    AccessPath open(int threadId) throws BenchmarkException;
  }

  /**
   * The access paths this binding maps to its native model, one factory per type (for example
   * {@code Map.of(DocumentStore.class, id -> new MyDocumentStore(this, id))}). The only method a binding overrides
   * to serve domain workloads; {@link #supports} and {@link #accessPath} follow from it.
   */
  default Map<Class<? extends AccessPath>, AccessPathFactory> accessPaths() {
    return Map.of();
  }

  /** True when this binding can serve the given access path. */
  default boolean supports(Class<? extends AccessPath> type) {
    return accessPaths().containsKey(type);
  }

  /**
   * A per-thread handle on an access path. Called only for types that {@link #supports} accepts.
   *
   * @throws BenchmarkException when it cannot be served after all
   */
  default <T extends AccessPath> T accessPath(Class<T> type, int threadId) throws BenchmarkException {
    AccessPathFactory f = accessPaths().get(type);
    if (f == null) {
      throw new ConfigException("this binding cannot serve the access path " + type.getSimpleName());
    }
    return type.cast(f.open(threadId));
  }

  /** The number of records in a table, for the post-load count check; empty when the store cannot tell. */
  default OptionalLong count(String table) throws BenchmarkException {
    return OptionalLong.empty();
  }

  /**
   * True when this binding can give each client thread a client of its own ({@link #openThreadClient}), for
   * {@code connections=perthread}. Checked before any thread starts.
   */
  default boolean supportsThreadClients() {
    return false;
  }

  /**
   * For {@code connections=perthread}: a client of one thread's own, with the run's settings and its own
   * connections, as a separate worker process would have. The engine calls it in the client thread, takes the
   * thread's {@link DB} and access paths from the returned run, and closes it after the thread's cleanup. This run
   * (the shared one) stays open for the workload's setup, the store's info and counts. Called only when
   * {@link #supportsThreadClients} is true.
   */
  default BindingRun openThreadClient(int threadId) throws BenchmarkException {
    throw new ConfigException("this binding cannot open a client per thread (connections=perthread)");
  }

  /**
   * Connections to the store this client has opened so far (cumulative, including closed ones), or empty when the
   * binding cannot tell. Reported in {@code metadata.connections} of the results.
   */
  default OptionalLong connectionsOpened() {
    return OptionalLong.empty();
  }

  /**
   * The store's own count of its current client connections (every client's, not only this run's), or empty when
   * the server does not say. The engine samples it during the run; a slow answer only delays the sampler.
   */
  default OptionalLong serverConnections() {
    return OptionalLong.empty();
  }

  /** Closes the shared client. */
  @Override
  void close() throws BenchmarkException;
}
