/**
 * The SPI for binding and workload authors, and nothing else: a {@link org.sciycsb.api.Binding} (found through
 * {@code META-INF/services}) declares its {@link org.sciycsb.api.OptionSet options} and opens one
 * {@link org.sciycsb.api.BindingRun} per run, which hands each client thread a {@code site.ycsb.DB} and serves the
 * access paths of {@code org.sciycsb.api.access}; a {@link org.sciycsb.api.BenchWorkload} declares its options,
 * operations and access paths and creates one {@link org.sciycsb.api.WorkloadThread} per client thread.
 * Configuration is an immutable {@link org.sciycsb.api.Config} read through typed {@link org.sciycsb.api.Option}s;
 * every failure is a {@link org.sciycsb.api.BenchmarkException} carrying its exit code. Bindings and workloads
 * depend on this package only (docs/writing-a-binding.md, docs/writing-a-workload.md).
 */
package org.sciycsb.api;
