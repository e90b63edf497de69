/**
 * The test servers a run acts on: {@link org.sciycsb.engine.servers.ServerControl}, what the engine and the reports
 * ask of them (which can have nodes killed, node counts, PIDs, data folders, the commands that kill and restore nodes), answered
 * through this checkout's {@code bin/servers}. Which server does what, and how, is in each server's script.
 */
package org.sciycsb.engine.servers;
