package org.sciycsb.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A workload of ours. Any upstream {@code site.ycsb.Workload} runs too, through an adapter; this interface adds
 * typed options, named operations, access paths and a final step (verification, id files).
 *
 * <p>Register in {@code META-INF/services/org.sciycsb.api.BenchWorkload}; select with {@code -p workload=NAME}
 * (its {@link #name()}) or the class name.
 */
public interface BenchWorkload {
  /** The short name, for {@code -p workload=...} and help. */
  String name();

  /** Every option this workload reads, with owned key prefixes. */
  OptionSet options();

  /** The access paths the binding must serve; checked before any thread starts. */
  default List<Class<? extends AccessPath>> requiredAccessPaths() {
    return List.of();
  }

  /**
   * Checks the options (values, combinations, input files) before anything opens: no binding, no server, no
   * thread. A bad value fails here with one line and exit 2, before the binding connects or touches the store.
   * {@link #init} may repeat these checks; the default checks nothing beyond the declared option types.
   */
  default void validate(Config config, Phase phase) throws ConfigException {}

  /** Reads options, registers operations, prepares shared state. No thread has started yet. */
  void init(WorkloadContext context) throws BenchmarkException;

  /**
   * How many operations the phase has in all, when the workload decides it (for example "every input file");
   * empty to let the engine use {@code operationcount} / {@code insertcount}.
   */
  default OptionalLong plannedOperations(Phase phase) {
    return OptionalLong.empty();
  }

  /**
   * True when the threads of this phase take work from a pool they share (for example input files from a queue)
   * and each runs until its {@link WorkloadThread} says there is no more: {@link #plannedOperations} is then a
   * total used for progress and ETA only, not split into per-thread quotas, and a target rate has no operation
   * limit.
   */
  default boolean sharedWork(Phase phase) {
    return false;
  }

  /**
   * True when its threads implement {@link WorkloadThread#doInsertAsync} and {@link WorkloadThread#doTransactionAsync},
   * for runs with {@code -p inflight=N} on an asynchronous binding; false by default (such a run is refused).
   */
  default boolean supportsAsync() {
    return false;
  }

  /**
   * Whether the threads can send asynchronously on this binding: {@link #supportsAsync()} by default (the core
   * workloads, through the binding's {@link AsyncDb}); a workload on an access path asks the binding whether that
   * path's handles are asynchronous ({@link Binding#supportsAsync(Class)}).
   */
  default boolean supportsAsync(Binding binding) {
    return supportsAsync();
  }

  /**
   * True when the workload measures the store calls it makes itself, as named operations through the
   * {@link Meter}: its threads then get the binding's {@link site.ycsb.DB} unwrapped ({@link ThreadContext#db()}),
   * so a call is not counted twice (once as READ/UPDATE/INSERT, once under the workload's name). Such a workload
   * handles the exceptions a binding may throw. Default false: every CRUD call is measured by the engine.
   */
  default boolean measuresOwnOperations() {
    return false;
  }

  /**
   * True when the workload draws everything that decides its operations from {@link ThreadContext#random()} and
   * shares no timing-dependent state between threads under a seed, so that {@code -p seed=N} makes its operations
   * reproducible ({@link CommonOptions#SEED}); false by default: the engine then warns that the seed reaches the
   * schedule only.
   */
  default boolean honoursSeed() {
    return false;
  }

  /** A thread's share; called in the thread that will use it. */
  WorkloadThread newThread(ThreadContext context) throws BenchmarkException;

  /**
   * The table whose row count must reach this load's successful inserts after a load ({@code load.checkcount}),
   * when the binding can count; empty (the default) when the workload's records are not counted that way.
   */
  default Optional<String> countedTable(Config config) {
    return Optional.empty();
  }

  /** After all threads ended: verification, summaries. Extra result sections go into the returned map. */
  default java.util.Map<String, Object> finish(WorkloadContext context) throws BenchmarkException {
    return java.util.Map.of();
  }

  /**
   * Properties this workload asks of the binding, applied before the binding opens: the engine keeps only keys the
   * binding declares and the user did not set (for example {@code fhir.consistency=strong} asking for
   * {@code <binding>.consistency=strong}). Core stays store-agnostic: the workload names keys by the binding's
   * name, the binding's own declaration decides whether they exist.
   */
  default java.util.Map<String, String> bindingDefaults(Config config, String bindingName) throws ConfigException {
    return java.util.Map.of();
  }

  /**
   * The properties that give client {@code index} (0-based) of {@code clients} client processes its share of this
   * phase, when one benchmark runs as several processes ({@code bin/ycsb ... --yarn DIR --clients N}). Empty to
   * split the way YCSB users split by hand ({@code org.sciycsb.engine.ClientShares}: a load divides
   * [insertstart, insertstart + insertcount) of recordcount, a run divides operationcount). The engine divides
   * {@code target} (ClientShares does). Throw {@link ConfigException} (one line) when this phase cannot be divided.
   */
  default Optional<Map<String, String>> clientShare(Phase phase, Config config, int clients, int index)
      throws ConfigException {
    return Optional.empty();
  }
}
