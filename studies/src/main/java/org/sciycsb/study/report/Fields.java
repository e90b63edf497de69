package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Field paths into a results document, as the study report names its sources: dot-separated names,
 * {@code operations[READ]} for the element of an array whose {@code name} is READ, and {@code counters{a.b}} for
 * the member {@code a.b} of an object (a name with dots: the store's counters). For example
 * {@code summary.throughput}, {@code operations[READ].response.p95}, {@code extra.fasta.docsPerSecond.mean},
 * {@code extra.server.counters{threadpool.ReadStage.completed}.perSecond}.
 */
public final class Fields {
  private Fields() {}

  /** The path's segments: split at the dots outside brackets and braces. */
  static List<String> segments(String path) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      depth += c == '[' || c == '{' ? 1 : c == ']' || c == '}' ? -1 : 0;
      if (c == '.' && depth == 0) {
        out.add(path.substring(from, i));
        from = i + 1;
      }
    }
    out.add(path.substring(from));
    return out;
  }

  public static JsonNode get(JsonNode root, String path) {
    JsonNode n = root;
    for (String seg : segments(path)) {
      if (n == null || n.isMissingNode()) {
        return MissingNode.getInstance();
      }
      int b = seg.indexOf('[');
      int brace = seg.indexOf('{');
      if (brace >= 0 && seg.endsWith("}")) {
        n = n.path(seg.substring(0, brace)).path(seg.substring(brace + 1, seg.length() - 1));
      } else if (b >= 0 && seg.endsWith("]")) {
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
  public static double number(JsonNode root, String path) {
    JsonNode n = get(root, path);
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }
}
