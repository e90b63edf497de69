package org.sciycsb.api;

/** What the engine gives a workload at {@link BenchWorkload#init}. */
public interface WorkloadContext {
  RunContext run();

  /** The binding's shared client, to check access paths or read the store's info. */
  BindingRun binding();

  /** Registers (or returns the already registered) measured operation with this name; only during init. */
  Operation operation(String name, boolean composite);
}
