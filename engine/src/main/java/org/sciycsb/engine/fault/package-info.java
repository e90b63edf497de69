/**
 * Faults injected while a run runs ({@code fault.*}): {@link org.sciycsb.engine.fault.FaultSchedule}, a shell
 * command of the user's or a kill of test-server nodes through {@link org.sciycsb.engine.servers.ServerControl},
 * and its restore, recorded in {@code metadata.faults}.
 */
package org.sciycsb.engine.fault;
