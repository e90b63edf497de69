package org.sciycsb.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bson.Document;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ServerStats;

/**
 * The server's own figures from {@code serverStatus}: the operation counters ({@code opcounters},
 * {@code metrics.document} and every command's total and failed calls, {@code metrics.commands}, where the server
 * keeps them: FerretDB 2 has only the last) as counters; current connections, resident memory and the
 * WiredTiger cache's bytes as gauges. Whatever a server leaves out (FerretDB answers with fewer sections) is
 * simply absent; a server that reports none of them has no figures.
 */
final class MongoDbServerStats {
  private MongoDbServerStats() {}

  static Optional<ServerStats> read(MongoClient client, String product) throws BindingException {
    Document s;
    try {
      s = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    } catch (MongoException e) {
      throw new BindingException("serverStatus: " + e.getMessage(), e);
    }
    Map<String, Double> counters = new TreeMap<>();
    Map<String, Double> gauges = new TreeMap<>();
    numbers(s.get("opcounters"), "opcounters.", counters);
    numbers(path(s, "metrics", "document"), "metrics.document.", counters);
    if (path(s, "metrics", "commands") instanceof Document commands) { // MongoDB and FerretDB: per command
      commands.forEach((name, v) -> numbers(v, "commands." + name + ".", counters));
    }
    number(path(s, "connections"), "current", "connections.current", gauges);
    number(path(s, "mem"), "resident", "mem.residentMiB", gauges);
    number(path(s, "wiredTiger", "cache"), "bytes currently in the cache", "wiredTiger.cache.bytes", gauges);
    if (counters.isEmpty() && gauges.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new ServerStats("serverStatus of " + product, counters, gauges));
  }

  private static Object path(Document d, String... keys) {
    Object o = d;
    for (String k : keys) {
      o = o instanceof Document x ? x.get(k) : null;
    }
    return o;
  }

  private static void numbers(Object section, String prefix, Map<String, Double> out) {
    if (section instanceof Document d) {
      d.forEach((k, v) -> {
        if (v instanceof Number n) {
          out.put(prefix + k, n.doubleValue());
        }
      });
    }
  }

  private static void number(Object section, String key, String name, Map<String, Double> out) {
    if (section instanceof Document d && d.get(key) instanceof Number n) {
      out.put(name, n.doubleValue());
    }
  }
}
