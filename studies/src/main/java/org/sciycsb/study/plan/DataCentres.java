package org.sciycsb.study.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The multi-data-centre test cluster a study runs on ({@code bin/ycsb study sei cassandra --dcs D [--nodes N]}):
 * the {@code bin/servers} server it starts ({@code server}, e.g. {@code cassandra@sei}), {@code nodes} nodes in
 * {@code dcs} data centres on the loopback addresses {@code net.(offset+1)} to {@code net.(offset+nodes)}, node
 * {@code i} in data centre {@code (i-1) / (nodes/dcs) + 1} (as {@code bin/servers start --dcs} places them), one copy
 * of every record in each data centre (seed 003 §3.3: "partitioned across three nodes, and replicated to two
 * additional groups of three nodes each"), the clients connected to the nodes of the first. {@code reason} says why
 * the layout is smaller than asked (null: as asked).
 */
public record DataCentres(String server, int nodes, int dcs, String net, int offset, String reason) {
  /** The nodes of each data centre. */
  public int perDc() {
    return nodes / dcs;
  }

  /** The data centre's name ({@code datacenter1}, ...), as the snitch of bin/servers names it. */
  public static String dcName(int dc) {
    return "datacenter" + dc;
  }

  /** Node {@code i}'s address (1-based). */
  public String host(int node) {
    return net + "." + (offset + node);
  }

  /** The addresses of data centre {@code dc}'s nodes (1-based). */
  public List<String> hosts(int dc) {
    List<String> out = new ArrayList<>();
    for (int i = (dc - 1) * perDc() + 1; i <= dc * perDc(); i++) {
      out.add(host(i));
    }
    return out;
  }

  /** Replicas per data centre, one copy in each: {@code datacenter1:1,datacenter2:1,...}. */
  public String replication() {
    return replication(1);
  }

  /** {@code copies} replicas in each data centre ({@code datacenter1:3,...}). */
  public String replication(int copies) {
    List<String> out = new ArrayList<>();
    for (int dc = 1; dc <= dcs; dc++) {
      out.add(dcName(dc) + ":" + copies);
    }
    return String.join(",", out);
  }

  /**
   * The node a staleness step pauses: the second of the clients' data centre (it holds the local copy of some of the
   * keys, and the clients' other nodes coordinate around it); with one node a data centre, the second data centre's
   * node (the client's own node holds every key's local copy: the pause can then show no stale read, see
   * {@link #pauseSeesLocalCopies}).
   */
  public int pausedNode() {
    return 2;
  }

  /** Whether the paused node holds local copies the clients read at ONE (two or more nodes a data centre). */
  public boolean pauseSeesLocalCopies() {
    return perDc() >= 2;
  }

  /** {@code study.json}'s {@code server.dataCentres}. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("server", server);
    m.put("nodes", nodes);
    m.put("dcs", dcs);
    List<Object> each = new ArrayList<>();
    for (int dc = 1; dc <= dcs; dc++) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("name", dcName(dc));
      d.put("hosts", hosts(dc));
      each.add(d);
    }
    m.put("dataCentres", each);
    m.put("replication", replication());
    m.put("clientsIn", dcName(1));
    m.put("pausedNode", pausedNode());
    m.put("pausedNodeIn", dcName((pausedNode() - 1) / perDc() + 1));
    m.put("latencyBetweenDataCentres", "none added: this kernel has no netem, the data centres share one host's "
        + "loopback");
    if (reason != null) {
      m.put("smallerThanAsked", reason);
    }
    return m;
  }

  /** One line for notes and dry runs. */
  public String describe() {
    return server + ": " + nodes + " Cassandra nodes in " + dcs + " data centres (" + perDc() + " each, " + host(1)
        + "-" + host(nodes) + "), one copy per data centre (" + replication() + "), clients in " + dcName(1)
        + "; no added latency between data centres (no netem on this kernel)" + (reason == null ? "" : "; " + reason);
  }
}
