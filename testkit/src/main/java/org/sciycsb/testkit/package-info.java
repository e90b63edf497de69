/**
 * What every module's tests share (test scope only): {@link org.sciycsb.testkit.InProcessRun} (a load or run through
 * the engine's {@code Benchmark.run}, in-process, as {@code bin/ycsb load|run} gives it), the contract suites
 * ({@link org.sciycsb.testkit.BindingConformance}, {@link org.sciycsb.testkit.StoreContract},
 * {@link org.sciycsb.testkit.SubjectTimelineContract}, {@link org.sciycsb.testkit.DocumentStoreContract}) and
 * {@link org.sciycsb.testkit.TestServers} (where the test servers are).
 */
package org.sciycsb.testkit;
