package org.sciycsb.api;

import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
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

  /** The record operations of {@link DB}, for {@link #unsupportedOperations}. */
  enum DbOperation { INSERT, READ, UPDATE, DELETE, SCAN }

  /**
   * The {@link DB} operations this run does not perform: its {@code DB}s answer each of them with
   * {@link site.ycsb.Status#NOT_IMPLEMENTED} and leave the store as it was (the hdfs binding: {@code UPDATE} and
   * {@code DELETE}, its files being append-only, and {@code READ} and {@code SCAN} too with
   * {@code hdfs.index=false}; riak: {@code SCAN} without a secondary index to scan). It may depend on the run's
   * settings, and may grow during a run when the store reveals a missing feature (riak: a backend without 2i).
   * Empty by default: every operation is supported.
   *
   * <p>The testkit's conformance suite holds a binding to it both ways: an operation declared here must answer
   * {@code NOT_IMPLEMENTED} (the test report names it as not supported), and every other operation must pass the
   * CRUD contract.
   */
  default Set<DbOperation> unsupportedOperations() {
    return Set.of();
  }

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
   * Removes every record of a table, keeping the table, its indexes and settings, before a load that must start
   * from nothing ({@code load.empty=true}, which {@code -p repeats=N} on a load sets for every repeat). Called after
   * the workload's init and before any client thread starts. Returns false when this binding cannot empty a table
   * (the run is then refused: bad input, exit 2); false by default.
   */
  default boolean empty(String table) throws BenchmarkException {
    return false;
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

  /**
   * The store's own counters and gauges now ({@link ServerStats}), or empty when the binding cannot read them. The
   * engine samples them during the run ({@code serverstats.*}) into {@code extra.server} of the results, in a thread
   * of its own; an answer that fails or is slow only thins the samples.
   */
  default java.util.Optional<ServerStats> serverStats() throws BenchmarkException {
    return java.util.Optional.empty();
  }

  /**
   * The server's configuration ({@link ServerConfiguration}), or empty when the binding cannot read it. Read once,
   * when the run's measurement has ended, into {@code metadata.manifest.server}; a failure is recorded there as the
   * reason, never fails the run.
   */
  default java.util.Optional<ServerConfiguration> serverConfiguration() throws BenchmarkException {
    return java.util.Optional.empty();
  }

  /** Closes the shared client. */
  @Override
  void close() throws BenchmarkException;
}
