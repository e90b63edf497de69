package org.sciycsb.api;

/**
 * A store binding, found through {@link java.util.ServiceLoader}. A binding module registers exactly one
 * implementation in {@code META-INF/services/org.sciycsb.api.Binding}; that file is the only registration.
 *
 * <p>A binding holds everything about one store: its options, its client, its mapping of access paths.
 * {@link #open} creates the one shared client of a run (no static state); each client thread then gets its
 * own {@link site.ycsb.DB} from {@link BindingRun#newDb(int)}.
 */
public interface Binding {
  /** The name used on the command line: {@code bin/ycsb run <name>}. */
  String name();

  /** One line for {@code bin/ycsb help}. */
  String summary();

  /** Every option this binding reads, with its owned key prefixes. */
  OptionSet options();

  /**
   * Why this configuration reaches a store that only this host can use (an embedded database in the local work
   * folder, for example), so that client processes on other hosts would each get a private, throw-away store; null
   * when several hosts can share it. Checked before clients are started elsewhere (for example on YARN).
   */
  default String hostLocalStore(Config config) throws ConfigException {
    return null;
  }

  /**
   * Where this configuration's store is: the hosts and ports its clients connect to, or the folder of an embedded
   * store's data ({@code workDir} is the project's work folder, where embedded stores live by default). A run
   * without {@code storage.path} finds the data's block device from it (a remote store is not sampled).
   * {@link StoreLocation#UNKNOWN} by default; only reads the configuration, never connects.
   */
  default StoreLocation location(Config config, java.nio.file.Path workDir) throws ConfigException {
    return StoreLocation.UNKNOWN;
  }

  /**
   * True when the {@link site.ycsb.DB} of every client thread also implements {@link AsyncDb}, so that a few threads
   * can keep many operations in flight ({@code -p inflight=N}); false by default.
   */
  default boolean supportsAsync() {
    return false;
  }

  /**
   * True when every client thread's handle of the access path {@code path} also implements its non-blocking
   * interface (for {@link org.sciycsb.api.access.SubjectTimeline}:
   * {@link org.sciycsb.api.access.AsyncSubjectTimeline}; for {@link org.sciycsb.api.access.DocumentStore}:
   * {@link org.sciycsb.api.access.AsyncDocumentStore}), so that a domain workload can keep many of its operations
   * in flight; false by default.
   */
  default boolean supportsAsync(Class<? extends AccessPath> path) {
    return false;
  }

  /** Creates the run's shared client; validates options and reaches the server before any thread starts. */
  /**
   * Whether this binding's runs open clients of their own ({@link BindingRun#openThreadClient}): a client per thread
   * ({@code connections=perthread}) or per write (the checkpoint workload's {@code checkpoint.connect=checkpoint});
   * declared here so that plans can be checked before anything is opened. False by default.
   */
  default boolean supportsThreadClients() {
    return false;
  }

  BindingRun open(RunContext context) throws BenchmarkException;
}
