package org.sciycsb.api;

/**
 * Marker for a store-agnostic access path a domain workload needs beyond key-value CRUD
 * (for example "observations by subject, newest first"). The types live in core so that
 * workloads and bindings each depend on core alone; a binding maps each one to its native model.
 */
public interface AccessPath extends AutoCloseable {
  /** Releases per-thread resources; the shared client belongs to the {@link BindingRun}. */
  @Override
  default void close() {}
}
