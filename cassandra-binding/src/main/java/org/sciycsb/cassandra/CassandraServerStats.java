package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ServerStats;

/**
 * Cassandra's own figures from its virtual tables (Cassandra 4.0 and later), read from every node: virtual tables
 * are node-local, so each query is sent to one node ({@code setNode}) and the nodes' figures are added up.
 * <ul>
 *   <li>{@code system_views.thread_pools}: every stage's completed tasks as counters ({@code threadpool.ReadStage
 *   .completed}, {@code MutationStage}, {@code Native-Transport-Requests}, ...), its active, pending and blocked
 *   tasks as gauges (summed over the nodes);</li>
 *   <li>the latency tables of the run's keyspace ({@code coordinator_read_latency}, {@code coordinator_write_latency},
 *   {@code coordinator_scan_latency}, {@code local_read_latency}, {@code local_write_latency},
 *   {@code local_scan_latency}): their operation counts as counters ({@code coordinator_read.count}, summed over
 *   the keyspace's tables and the nodes), their recent p50, p99 and max (ms) as gauges (the worst of the tables and
 *   nodes).</li>
 * </ul>
 * The trouble signals ({@link ServerStats#trouble}): the pending tasks of the compaction and memtable flush pools
 * and of the hints dispatcher, the backlog a node builds when writes outrun it; their rise over a run makes it
 * suspect (results.json's {@code validity}).
 * The nodes are the ones up at the first sample; a later sample in which one of them does not answer (a node
 * killed mid-run) fails and is not used, so that every used sample sums the same nodes. A node restarted between
 * two samples counts again from zero: its counters' differences across the restart are too low.
 */
final class CassandraServerStats {
  static final String POOLS =
      "SELECT name, active_tasks, pending_tasks, blocked_tasks, completed_tasks FROM system_views.thread_pools";
  /** The gauges that are trouble signals: backlogs that rise while the node falls behind the writes. */
  static final java.util.Set<String> TROUBLE = java.util.Set.of("threadpool.CompactionExecutor.pending",
      "threadpool.MemtableFlushWriter.pending", "threadpool.HintsDispatcher.pending");
  static final List<String> LATENCY_TABLES = List.of("coordinator_read", "coordinator_write", "coordinator_scan",
      "local_read", "local_write", "local_scan");

  private final CqlSession session;
  private final String keyspace;
  private List<Node> nodes;

  CassandraServerStats(CqlSession session, String keyspace) {
    this.session = session;
    this.keyspace = keyspace;
  }

  /** A numeric column of any type (the versions differ: int or bigint, double); 0 when absent. */
  private static double number(Row r, String column) {
    if (!r.getColumnDefinitions().contains(column)) {
      return 0;
    }
    Object v = r.getObject(column);
    return v instanceof Number n ? n.doubleValue() : 0;
  }

  /** One sample: every node's figures, added up. */
  synchronized Optional<ServerStats> read() throws BindingException {
    if (nodes == null) {
      nodes = new ArrayList<>();
      session.getMetadata().getNodes().values().stream().filter(n -> n.getState() == NodeState.UP)
          .forEach(nodes::add);
    }
    Map<String, Double> counters = new TreeMap<>();
    Map<String, Double> gauges = new TreeMap<>();
    for (Node n : nodes) {
      pools(query(n, POOLS), counters, gauges);
      for (String t : LATENCY_TABLES) {
        latency(t, query(n, "SELECT * FROM system_views." + t + "_latency"), counters, gauges); // columns differ
      }
    }
    if (counters.isEmpty()) {
      return Optional.empty();
    }
    gauges.put("nodes", (double) nodes.size());
    return Optional.of(new ServerStats(source(), counters, gauges,
        TROUBLE.stream().filter(gauges::containsKey).collect(java.util.stream.Collectors.toSet())));
  }

  private String source() {
    List<String> names = nodes.stream().map(n -> String.valueOf(n.getEndPoint())).toList();
    return "system_views (thread_pools; latency tables of keyspace " + keyspace + ") of " + nodes.size()
        + " node(s): " + String.join(", ", names);
  }

  private ResultSet query(Node node, String cql) throws BindingException {
    try {
      return session.execute(SimpleStatement.newInstance(cql).setNode(node));
    } catch (DriverException e) {
      throw new BindingException("system_views on node " + node.getEndPoint() + ": " + e.getMessage(), e);
    }
  }

  private static void pools(ResultSet rs, Map<String, Double> counters, Map<String, Double> gauges) {
    for (Row r : rs) {
      String pool = "threadpool." + r.getString("name");
      counters.merge(pool + ".completed", number(r, "completed_tasks"), Double::sum);
      gauges.merge(pool + ".active", number(r, "active_tasks"), Double::sum);
      gauges.merge(pool + ".pending", number(r, "pending_tasks"), Double::sum);
      gauges.merge(pool + ".blocked", number(r, "blocked_tasks"), Double::sum);
    }
  }

  /** The rows of the run's keyspace: counts added up, percentiles the worst. */
  private void latency(String table, ResultSet rs, Map<String, Double> counters, Map<String, Double> gauges) {
    counters.putIfAbsent(table + ".count", 0.0);
    for (Row r : rs) {
      if (!keyspace.equals(r.getString("keyspace_name"))) {
        continue;
      }
      counters.merge(table + ".count", number(r, "count"), Double::sum);
      gauges.merge(table + ".p50_ms", Math.max(number(r, "p50th_ms"), number(r, "median_ms")), Math::max);
      gauges.merge(table + ".p99_ms", number(r, "p99th_ms"), Math::max);
      gauges.merge(table + ".max_ms", number(r, "max_ms"), Math::max);
    }
  }
}
