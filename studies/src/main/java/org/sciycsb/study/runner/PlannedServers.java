package org.sciycsb.study.runner;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.servers.ServerControl;

/**
 * This checkout's test servers as a study's engine steps see them: a server the study starts itself (the
 * {@code --dcs} cluster) has its planned node count before it runs, so that a step's fault schedule
 * ({@code fault.action=pause-node:N}) is checked against the layout before anything starts; everything else, and
 * every action, is {@code bin/servers}'.
 */
final class PlannedServers implements ServerControl {
  private final ServerControl local;
  private final Map<String, Integer> planned = new LinkedHashMap<>();

  PlannedServers(ServerControl local) {
    this.local = local;
  }

  /** {@code server} will run {@code nodes} nodes, started by the study. */
  void plan(String server, int nodes) {
    planned.put(server, nodes);
  }

  @Override
  public Optional<List<String>> nodeFaultServers(String verb) {
    return local.nodeFaultServers(verb);
  }

  @Override
  public int nodeCount(String server, String asker) throws ConfigException {
    Integer n = planned.get(server);
    return n != null ? n : local.nodeCount(server, asker);
  }

  @Override
  public List<Long> pids(String server, String asker) throws ConfigException {
    return local.pids(server, asker);
  }

  @Override
  public List<Path> dataDirs(String server, String asker) throws ConfigException {
    return local.dataDirs(server, asker);
  }

  @Override
  public Map<String, String> urls() {
    return local.urls();
  }

  @Override
  public List<String> nodeCommand(String verb, String server, List<String> nodes) {
    return local.nodeCommand(verb, server, nodes);
  }
}
