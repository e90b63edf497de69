package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.ServerConfiguration;

/**
 * Cassandra's configuration from {@code system_views.settings} (Cassandra 4.0 and later) of every node up: a setting
 * all nodes agree on is kept under its name; one they differ in under {@code name [node]} for each node. Values of
 * settings named for a password are masked.
 */
final class CassandraServerConfiguration {
  private CassandraServerConfiguration() {}

  static Optional<ServerConfiguration> read(CqlSession session) throws BindingException {
    List<Node> nodes = session.getMetadata().getNodes().values().stream()
        .filter(n -> n.getState() == NodeState.UP).toList();
    Map<Node, Map<String, String>> byNode = new java.util.LinkedHashMap<>();
    for (Node n : nodes) {
      Map<String, String> m = new TreeMap<>();
      try {
        for (Row r : session.execute(SimpleStatement.newInstance("SELECT name, value FROM system_views.settings")
            .setNode(n))) {
          String name = r.getString("name");
          String v = r.getString("value");
          m.put(name, name.toLowerCase(Locale.ROOT).contains("password") ? Secrets.MASK : v == null ? "" : v);
        }
      } catch (DriverException e) {
        throw new BindingException("system_views.settings on node " + n.getEndPoint() + ": " + e.getMessage(), e);
      }
      byNode.put(n, m);
    }
    if (byNode.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new ServerConfiguration("system_views.settings of " + nodes.size() + " node(s)",
        merged(byNode)));
  }

  private static Map<String, String> merged(Map<Node, Map<String, String>> byNode) {
    java.util.Set<String> names = new java.util.TreeSet<>();
    byNode.values().forEach(m -> names.addAll(m.keySet()));
    Map<String, String> out = new TreeMap<>();
    for (String name : names) {
      java.util.Set<String> values = new java.util.HashSet<>();
      byNode.values().forEach(m -> values.add(m.getOrDefault(name, "-")));
      if (values.size() == 1) {
        out.put(name, values.iterator().next());
      } else {
        byNode.forEach((n, m) -> out.put(name + " [" + n.getEndPoint() + "]", m.getOrDefault(name, "-")));
      }
    }
    return out;
  }
}
