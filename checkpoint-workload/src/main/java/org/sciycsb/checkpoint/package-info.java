/**
 * The {@code checkpoint} workload: seed 000's HPC checkpoint test, where each client thread is a worker running a
 * task manager's tasks that compute for a while and write a status document after every interval; it measures
 * each write and each task's overhead, and declares its options in one place.
 */
package org.sciycsb.checkpoint;
