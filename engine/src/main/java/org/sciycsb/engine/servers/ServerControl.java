package org.sciycsb.engine.servers;

import java.util.List;
import java.util.Optional;
import org.sciycsb.api.ConfigException;

/**
 * What a run asks of the test servers it acts on, by their {@code bin/servers} names ({@code <name>[@instance]}):
 * which of them can have nodes killed or paused, how many nodes a running one has, the PIDs of its processes, its
 * data folders, and the commands that kill and restore, pause and resume nodes. How a node of a given store is
 * killed and brought back is that server's business (its script's {@code kill-node} and {@code restore-node},
 * {@code pause-node} and {@code resume-node}): the engine names no server. {@link #local()} answers through
 * this checkout's {@code bin/servers}.
 *
 * <p>The {@code asker} of a question is the setting that asks (e.g. {@code fault.server=cassandra@cluster3}): every
 * failure is a {@link ConfigException} whose one line starts with it.
 */
public interface ServerControl {
  /**
   * The server names (without instance) whose scripts have the node verb {@code verb} ({@code kill-node},
   * {@code pause-node}); empty when this control cannot tell (no {@code bin/servers}: a release), in which case the
   * run's own questions say so.
   */
  Optional<List<String>> nodeFaultServers(String verb);

  /** The node count of a running server; a server that is not running is one line. */
  int nodeCount(String server, String asker) throws ConfigException;

  /** The PIDs of a running server's processes; a server that is not running is one line. */
  List<Long> pids(String server, String asker) throws ConfigException;

  /**
   * The folders a server keeps its data in (every node's, one for a single server), whether it runs or not: where
   * the run samples the block devices under the store's data ({@code storage.path=servers:<name>}). A server without
   * data folders here (one no registry ships, or not set up) is one line.
   */
  List<java.nio.file.Path> dataDirs(String server, String asker) throws ConfigException;

  /**
   * The address ({@code bin/servers url <name>}) of each test server of this checkout that keeps data folders
   * ({@code bin/servers list datadir}), by name, in that order: which of them a store's endpoint is. Servers whose
   * {@code url} fails are left out; empty when there is no {@code bin/servers} (a release).
   */
  default java.util.Map<String, String> urls() {
    return java.util.Map.of();
  }

  /**
   * The command line that runs node verb {@code verb} on nodes {@code nodes} (numbered from 1) of a server at once:
   * {@code kill-node} and {@code restore-node} (which returns once they serve again), {@code pause-node} and
   * {@code resume-node}.
   */
  List<String> nodeCommand(String verb, String server, List<String> nodes);

  /** This checkout's test servers, through {@code bin/servers} under {@code sciycsb.home}. */
  static ServerControl local() {
    return ServersScript.INSTANCE;
  }
}
