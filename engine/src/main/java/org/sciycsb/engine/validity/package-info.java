/**
 * Whether a run's numbers can be trusted: the validity verdict ({@code valid}, or {@code suspect} with every reason
 * and its evidence) judged from the run's own report, its client's CPU, the host's CPU taken by other processes
 * ({@link org.sciycsb.engine.validity.HostCpu}; the store server on this host, found from the client's connections by
 * {@code StoreProcesses}, is not another process), the operations behind its percentiles
 * ({@code Samples}) and the JVM's garbage collection pauses.
 */
package org.sciycsb.engine.validity;
