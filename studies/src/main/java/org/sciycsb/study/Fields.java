package org.sciycsb.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * Field paths into a results document, as the study report names its sources: dot-separated names, and
 * {@code operations[READ]} for the element of an array whose {@code name} is READ. For example
 * {@code summary.throughput}, {@code operations[READ].response.p95}, {@code extra.fasta.docsPerSecond.mean}.
 */
final class Fields {
  private Fields() {}

  static JsonNode get(JsonNode root, String path) {
    JsonNode n = root;
    for (String seg : path.split("\\.(?![^\\[]*\\])")) {
      if (n == null || n.isMissingNode()) {
        return MissingNode.getInstance();
      }
      int b = seg.indexOf('[');
      if (b >= 0 && seg.endsWith("]")) {
        String key = seg.substring(b + 1, seg.length() - 1);
        JsonNode arr = n.path(seg.substring(0, b));
        JsonNode found = MissingNode.getInstance();
        for (JsonNode e : arr) {
          if (e.path("name").asText().equals(key)) {
            found = e;
            break;
          }
        }
        n = found;
      } else {
        n = n.path(seg);
      }
    }
    return n == null ? MissingNode.getInstance() : n;
  }

  /** The number at path, or NaN. */
  static double number(JsonNode root, String path) {
    JsonNode n = get(root, path);
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }
}
