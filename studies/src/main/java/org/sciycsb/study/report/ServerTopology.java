package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a run's results.json says of its server's size ({@code metadata.store.details}: {@code nodes} from the
 * Cassandra and Riak bindings, {@code topology} from the MongoDB binding), and whether a cluster-only setting had an
 * effect there; "not known from the server" where the details say neither.
 */
final class ServerTopology {
  private ServerTopology() {}

  static String describe(JsonNode details) {
    StringBuilder sb = new StringBuilder();
    if (details.path("nodes").isValueNode()) {
      sb.append(details.path("nodes").asText()).append(" node(s)");
    }
    if (details.path("topology").isTextual()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(details.path("topology").asText());
    }
    return sb.length() == 0 ? "no node count or topology in results.json" : sb.toString();
  }

  /** "no effect: ...", "has an effect: ..." or "not known from the server: ...". */
  static String judge(JsonNode setting, JsonNode details) {
    String needs = setting.path("needs").asText();
    String topology = details.path("topology").asText("");
    int nodes = details.path("nodes").isValueNode() ? details.path("nodes").asInt(-1) : -1;
    if (nodes < 0 && topology.equals("standalone")) {
      nodes = 1;
    }
    switch (needs) {
      case "nodes":
        int min = setting.path("nodes").asInt(2);
        if (nodes < 0) {
          return "not known from the server: results.json names no node count";
        }
        return nodes >= min ? "has an effect: " + nodes + " nodes (>= " + min + ")"
            : "no effect: " + nodes + " node(s), fewer than " + min;
      case "sharded":
        if (topology.isEmpty()) {
          return "not known from the server: results.json names no MongoDB topology";
        }
        return topology.startsWith("sharded") ? "has an effect: " + topology : "no effect: " + topology
            + ", not sharded";
      default: // replicas
        if (topology.isEmpty()) {
          return nodes < 0 ? "not known from the server: results.json names no topology or node count"
              : nodes > 1 ? "has an effect: " + nodes + " nodes" : "no effect: 1 node";
        }
        return topology.equals("standalone") ? "no effect: standalone, no replicas" : "has an effect: " + topology;
    }
  }
}
