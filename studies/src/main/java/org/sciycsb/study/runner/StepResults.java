package org.sciycsb.study.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the runner takes from a finished step's {@code results.json}: its failed operations, the summary figures
 * {@code study.json} keeps, the headline of the progress line.
 */
final class StepResults {
  private StepResults() {}

  /**
   * Counts the step's failed operations (calls that ended in neither OK nor BATCHED_OK) into its record
   * ({@code failedOperations}, and {@code failedByOperation}: per operation, per status); returns the one-line
   * account ("500 failed operations: INSERT ERROR 500"), or null when none failed.
   */
  static String failedOperations(JsonNode res, Map<String, Object> rec) {
    if (res == null) {
      return null;
    }
    long total = 0;
    Map<String, Map<String, Long>> by = new LinkedHashMap<>();
    for (JsonNode op : res.path("operations")) {
      String name = op.path("name").asText();
      if (name.equals("OVERALL")) {
        continue;
      }
      op.path("statuses").fields().forEachRemaining(e -> {
        if (!e.getKey().equals("OK") && !e.getKey().equals("BATCHED_OK") && e.getValue().asLong() > 0) {
          by.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(e.getKey(), e.getValue().asLong());
        }
      });
    }
    StringBuilder what = new StringBuilder();
    for (Map.Entry<String, Map<String, Long>> op : by.entrySet()) {
      for (Map.Entry<String, Long> st : op.getValue().entrySet()) {
        total += st.getValue();
        what.append(what.length() == 0 ? "" : ", ").append(op.getKey()).append(' ').append(st.getKey()).append(' ')
            .append(st.getValue());
      }
    }
    rec.put("failedOperations", total);
    if (total == 0) {
      return null;
    }
    rec.put("failedByOperation", by);
    return total + " failed operations: " + what;
  }

  /** The summary figures a step's record keeps. */
  static Map<String, Object> summary(JsonNode res) {
    Map<String, Object> m = new LinkedHashMap<>();
    JsonNode s = res.path("summary");
    for (String k : new String[] {"operations", "throughput", "runtimeMs", "recordsRead", "recordsWritten",
        "totalMs", "recordsPerMinute"}) {
      if (s.path(k).isNumber()) {
        m.put(k, s.path(k).numberValue());
      }
    }
    return m;
  }

  /** ", 1234 records/min" or ", 1000 ops, 512.3 ops/s" for the progress line; empty without results. */
  static String headline(JsonNode res) {
    if (res == null) {
      return "";
    }
    JsonNode s = res.path("summary");
    if (s.path("recordsPerMinute").isNumber()) {
      return ", " + org.sciycsb.report.Fmt.num(s.path("recordsPerMinute").asDouble(), 0) + " records/min";
    }
    if (s.path("throughput").isNumber()) {
      return ", " + s.path("operations").asLong() + " ops, "
          + org.sciycsb.report.Fmt.num(s.path("throughput").asDouble(), 1) + " ops/s";
    }
    return "";
  }
}
