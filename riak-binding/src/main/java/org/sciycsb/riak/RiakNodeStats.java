package org.sciycsb.riak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ServerStats;

/**
 * A Riak node's {@code GET /stats} (JSON on its HTTP port; Riak answers from a cache it refreshes at most once a
 * second): the ring's membership for the store's details ({@link #ring}), and the node's own figures
 * ({@link #serverStats}): every cumulative {@code *_total} count as a counter (gets and puts coordinated by the
 * node, vnode gets and puts, index reads and writes, read repairs, coordinator redirects, protocol buffers
 * connections, ...), and the current load as gauges (active get/put/index FSMs and protocol buffers connections,
 * the one-minute get and put FSM times in microseconds, the vnode queues, Erlang memory and processes). A counter
 * is the node's own: with several nodes, the first node of {@code riak.hosts} only.
 */
final class RiakNodeStats {
  static final Duration TIMEOUT = Duration.ofSeconds(5);
  /** {@code *_total} figures that are no counts since the start: Erlang memory, the machine's, the vnode queues. */
  static final List<String> TOTALS_NOT_COUNTERS = List.of("memory_total", "mem_total", "riak_kv_vnodeq_total",
      "riak_pipe_vnodeq_total");
  static final List<String> GAUGES = List.of("pbc_active", "node_get_fsm_active", "node_put_fsm_active",
      "index_fsm_active", "list_fsm_active", "node_get_fsm_time_mean", "node_get_fsm_time_95",
      "node_get_fsm_time_99", "node_put_fsm_time_mean", "node_put_fsm_time_95", "node_put_fsm_time_99",
      "riak_kv_vnodeq_total", "riak_kv_vnodeq_max", "memory_total", "memory_processes", "sys_process_count",
      "cpu_avg1");

  private final URI uri;
  private final HttpClient http;
  private final ObjectMapper mapper = new ObjectMapper();

  RiakNodeStats(URI uri, Duration connectTimeout) {
    this.uri = uri;
    // HTTP/1.1: no upgrade offer to a server that speaks only that
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout).build();
  }

  URI uri() {
    return uri;
  }

  /** The node's stats now. */
  JsonNode fetch() throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException("HTTP " + r.statusCode() + " from " + uri);
    }
    return mapper.readTree(r.body());
  }

  /** One sample of the node's figures; fails when /stats cannot be read. */
  Optional<ServerStats> read() throws BindingException {
    try {
      return Optional.of(serverStats(fetch()));
    } catch (IOException e) {
      throw new BindingException("riak: " + uri + " cannot be read (" + e + "); riak.http_port names the HTTP port"
          + " of the first node of riak.hosts", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("riak: interrupted while reading " + uri, e);
    }
  }

  /** The node's counters and gauges, its name the source. */
  static ServerStats serverStats(JsonNode stats) {
    Map<String, Double> counters = new TreeMap<>();
    Map<String, Double> gauges = new TreeMap<>();
    stats.fields().forEachRemaining(e -> {
      String k = e.getKey();
      if (!e.getValue().isNumber()) {
        return;
      }
      if (k.endsWith("_total") && !TOTALS_NOT_COUNTERS.contains(k)) {
        counters.put(k, e.getValue().doubleValue());
      } else if (GAUGES.contains(k)) {
        gauges.put(k, e.getValue().doubleValue());
      }
    });
    return new ServerStats("/stats of " + stats.path("nodename").asText("?"), counters, gauges);
  }

  /**
   * The ring as the node sees it: {@code nodes} (its members), {@code ring_members}, {@code connected_nodes} (the
   * other members it is connected to), {@code ring_size} (partitions), {@code storage_backend}.
   */
  static void ring(JsonNode stats, Map<String, String> details) {
    JsonNode members = stats.path("ring_members");
    if (members.isArray()) {
      details.put("nodes", Integer.toString(members.size()));
      details.put("ring_members", join(members));
    }
    if (stats.path("connected_nodes").isArray()) {
      details.put("connected_nodes", Integer.toString(stats.path("connected_nodes").size()));
    }
    if (stats.path("ring_num_partitions").isNumber()) {
      details.put("ring_size", stats.path("ring_num_partitions").asText());
    }
    if (stats.path("storage_backend").isTextual()) {
      details.put("storage_backend", stats.path("storage_backend").asText());
    }
  }

  private static String join(JsonNode array) {
    StringBuilder b = new StringBuilder();
    array.forEach(n -> b.append(b.length() == 0 ? "" : ",").append(n.asText()));
    return b.toString();
  }
}
