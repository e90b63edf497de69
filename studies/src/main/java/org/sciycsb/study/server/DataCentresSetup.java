package org.sciycsb.study.server;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.config.ProjectBindings;
import org.sciycsb.report.Fmt;
import org.sciycsb.study.plan.DataCentres;
import org.sciycsb.study.plan.Step;

/**
 * A study on a multi-data-centre test cluster of this host ({@code --dcs D [--nodes N]}): the layout checked against
 * the binding, the node count and the host's available memory before anything runs; the cluster started before the
 * first step ({@code bin/servers start <server> --nodes N --dcs D} on its own loopback addresses), or used as it
 * runs when it already has that layout, and stopped after the last step when the study started it; every engine
 * step pointed at the first data centre's nodes.
 */
public final class DataCentresSetup implements StoreSetup {
  /** What a node takes (its heap, 512 MiB past three nodes, and the JVM's own, about 750 MiB), with a margin. */
  static final long NODE_BYTES = 1L << 30;
  /** What the study's own process and its client threads take beside the nodes. */
  static final long CLIENT_BYTES = 2L << 30;
  /** Nodes of one data centre when --nodes is not given: the paper's three. */
  static final int PER_DC = 3;
  /** The most nodes bin/servers starts. */
  static final int MAX_NODES = 9;

  private final BinServers servers;
  private final DataCentres layout;
  private final List<String> notes = new ArrayList<>();
  private final Map<String, String> engineProps = new LinkedHashMap<>();
  private boolean started;

  private DataCentresSetup(BinServers servers, DataCentres layout) {
    this.servers = servers;
    this.layout = layout;
    engineProps.put("cassandra.hosts", String.join(",", layout.hosts(1)));
    engineProps.put("cassandra.localdc", DataCentres.dcName(1));
    engineProps.put("resources.pids", "servers:" + layout.server());
    notes.add(layout.describe());
  }

  /**
   * The setup of {@code binding}'s study across {@code dcs} data centres of {@code nodes} nodes (null: three a data
   * centre, fewer when the host's memory, {@code meminfo}'s MemAvailable, cannot hold them); every problem one line,
   * before anything starts. The steps name their keyspaces and replication themselves.
   */
  public static DataCentresSetup of(Path home, String binding, int dcs, Integer nodes, Path meminfo, int offset)
      throws ConfigException {
    return new DataCentresSetup(new BinServers(home), layout(binding, dcs, nodes, available(meminfo), offset));
  }

  /** The layout, checked: the binding's multi-data-centre server, D dividing N, N nodes fitting the memory. */
  static DataCentres layout(String binding, int dcs, Integer nodes, long available, int offset) throws ConfigException {
    List<String> able = ProjectBindings.list("datacentres");
    if (!able.contains(binding)) {
      throw new ConfigException("--dcs: binding " + binding + " has no multi-data-centre test server in this "
          + "checkout (" + ProjectBindings.and(able) + " has)");
    }
    if (dcs < 1 || dcs > MAX_NODES) {
      throw new ConfigException("--dcs must be 1.." + MAX_NODES + ", got " + dcs);
    }
    int n = nodes != null ? nodes : Math.min(PER_DC * dcs, MAX_NODES / dcs * dcs);
    if (n < 1 || n > MAX_NODES || n % dcs != 0) {
      throw new ConfigException("--dcs must divide --nodes " + n + " (each data centre the same number of nodes, at "
          + "most " + MAX_NODES + " nodes), got " + dcs);
    }
    String reason = null;
    if (need(n) > available) {
      String why = n + " nodes need about " + Fmt.bytes(need(n)) + " of memory (" + Fmt.bytes(NODE_BYTES)
          + " a node and " + Fmt.bytes(CLIENT_BYTES) + " for the client), and this host has " + Fmt.bytes(available)
          + " available";
      if (nodes != null || need(dcs) > available) {
        throw new ConfigException("--nodes " + n + ": " + why + (need(dcs) <= available ? " (--nodes " + dcs
            + ", one a data centre, fits)" : ""));
      }
      reason = why + ": " + dcs + " nodes, one a data centre, instead of " + n;
      n = dcs;
    }
    return new DataCentres(binding + "@sei", n, dcs, "127.0.0", offset, reason);
  }

  static long need(int nodes) {
    return nodes * NODE_BYTES + CLIENT_BYTES;
  }

  /** MemAvailable of {@code meminfo} (/proc/meminfo), in bytes. */
  static long available(Path meminfo) throws ConfigException {
    try {
      for (String line : Files.readAllLines(meminfo)) {
        if (line.startsWith("MemAvailable:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      throw new ConfigException("--dcs: cannot read the host's available memory from " + meminfo + ": " + e);
    }
    throw new ConfigException("--dcs: " + meminfo + " has no MemAvailable line");
  }

  /** The cluster. */
  public DataCentres layout() {
    return layout;
  }

  @Override
  public Map<String, String> engineProps() {
    return engineProps;
  }

  @Override
  public List<String> notes() {
    return notes;
  }

  @Override
  public String describe() {
    return layout.describe();
  }

  @Override
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("server", layout.server());
    m.put("command", "bin/servers start " + layout.server() + " " + String.join(" ", startArgs()));
    m.put("environment", "SCIYCSB_CASSANDRA_NODE_OFFSET=" + layout.offset());
    m.put("dataCentres", layout.toMap());
    m.put("startedByStudy", started);
    m.put("notes", notes);
    return m;
  }

  private List<String> startArgs() {
    return List.of("--nodes", Integer.toString(layout.nodes()), "--dcs", Integer.toString(layout.dcs()));
  }

  /** Every node of the layout running, in its data centre, as bin/servers topology says. */
  boolean running(List<String> topology) {
    if (topology.size() != layout.nodes()) {
      return false;
    }
    for (int i = 1; i <= layout.nodes(); i++) {
      String want = i + " " + layout.host(i) + " " + DataCentres.dcName((i - 1) / layout.perDc() + 1) + " ";
      String line = topology.get(i - 1);
      if (!line.startsWith(want) || !line.endsWith(" running")) {
        return false;
      }
    }
    return true;
  }

  /** Uses the cluster when it runs with this layout; else starts it (its data removed when the layout changed). */
  @Override
  public void start(PrintStream log, List<Step> steps) throws BenchmarkException {
    if (running(servers.topology(layout.server()))) {
      log.println("study: using the running " + layout.describe());
      return;
    }
    log.println("study: starting " + layout.describe());
    servers.stop(layout.server(), log);
    servers.start(layout.server(), startArgs(), Map.of("SCIYCSB_CASSANDRA_NODE_OFFSET",
        Integer.toString(layout.offset())), log);
    started = true;
  }

  @Override
  public void beforeStep(Step s, PrintStream log) {}

  /** Stops the cluster when the study started it (one it found running stays). */
  @Override
  public void stop(PrintStream log) {
    if (started) {
      log.println("study: stopping " + layout.server() + " (its data stays; bin/servers start " + layout.server()
          + " " + String.join(" ", startArgs()) + " starts it again)");
      servers.stop(layout.server(), log);
    }
  }
}
