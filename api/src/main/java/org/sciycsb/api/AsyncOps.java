package org.sciycsb.api;

/**
 * What one asynchronous workload operation ({@link WorkloadThread#doTransactionAsync}) gets from the engine: the
 * thread's store operations, measured (each recorded as READ, UPDATE, ... when its stage completes), and a meter for
 * the workload's own named operations. Both may be called from any thread, in the callbacks of earlier stages too,
 * and share the operation's intended start on the schedule, so that a composite operation's parts (a
 * read-modify-write's update, sent when its read completes) count their response time from the same slot.
 */
public interface AsyncOps extends AsyncDb, Meter {}
