package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ServerStats;

/**
 * Cassandra's own figures from {@code system_views.thread_pools} (Cassandra 4.0 and later): every stage's completed
 * tasks as counters (ReadStage, MutationStage, Native-Transport-Requests, ...), its active, pending and blocked tasks
 * as gauges. Virtual tables are the answering node's own: the source names that node (with several nodes, one of
 * them, not the cluster's sum).
 */
final class CassandraServerStats {
  static final String QUERY =
      "SELECT name, active_tasks, pending_tasks, blocked_tasks, completed_tasks FROM system_views.thread_pools";

  private CassandraServerStats() {}

  /** A numeric column of any integer type (the versions differ: int or bigint). */
  private static double number(Row r, String column) {
    Object v = r.getObject(column);
    return v instanceof Number n ? n.doubleValue() : 0;
  }

  static Optional<ServerStats> read(CqlSession session) throws BindingException {
    ResultSet rs;
    try {
      rs = session.execute(SimpleStatement.newInstance(QUERY));
    } catch (DriverException e) {
      throw new BindingException("system_views.thread_pools: " + e.getMessage(), e);
    }
    Map<String, Double> counters = new TreeMap<>();
    Map<String, Double> gauges = new TreeMap<>();
    for (Row r : rs) {
      String pool = "threadpool." + r.getString("name");
      counters.put(pool + ".completed", number(r, "completed_tasks"));
      gauges.put(pool + ".active", number(r, "active_tasks"));
      gauges.put(pool + ".pending", number(r, "pending_tasks"));
      gauges.put(pool + ".blocked", number(r, "blocked_tasks"));
    }
    if (counters.isEmpty()) {
      return Optional.empty();
    }
    Object node = rs.getExecutionInfo().getCoordinator() == null ? "?"
        : rs.getExecutionInfo().getCoordinator().getEndPoint();
    return Optional.of(new ServerStats("system_views.thread_pools of node " + node, counters, gauges));
  }
}
