package org.sciycsb.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A merged run's {@code extra.staleness} ({@code staleness=true} in several client processes): per judged
 * operation the processes' counts added, the stale share recomputed from the sums. Each process judged its reads
 * against its own writes only (a value another process stamped counts as other client), and the merged section
 * says so ({@code judgedAgainst}) and how many processes judged ({@code processes}).
 */
final class MergedStaleness {
  private static final String[] COUNTS = {"judged", "fresh", "stale", "neverWritten", "otherClient", "keysWritten"};

  private MergedStaleness() {}

  /** The merged section, or null when no input judged reads. */
  static Map<String, Object> of(List<Merge.Input> inputs) {
    Map<String, Map<String, Object>> byOp = new LinkedHashMap<>();
    Map<String, Integer> processes = new LinkedHashMap<>();
    for (Merge.Input in : inputs) {
      JsonNode st = in.json() == null ? null : in.json().path("extra").path("staleness");
      if (st == null || !st.isObject()) {
        continue;
      }
      var ops = st.fields();
      while (ops.hasNext()) {
        var e = ops.next();
        add(byOp.computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>()), e.getValue());
        processes.merge(e.getKey(), 1, Integer::sum);
      }
    }
    if (byOp.isEmpty()) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    byOp.forEach((op, m) -> {
      long judged = (Long) m.get("judged");
      m.put("staleRate", judged == 0 ? 0.0 : (double) (Long) m.get("stale") / judged);
      m.put("processes", processes.get(op));
      m.put("judgedAgainst", "each process's own writes (a value another process stamped counts as otherClient)");
      out.put(op, m);
    });
    return out;
  }

  @SuppressWarnings("unchecked")
  private static void add(Map<String, Object> into, JsonNode one) {
    for (String k : COUNTS) {
      into.merge(k, one.path(k).asLong(), (a, b) -> (Long) a + (Long) b);
    }
    Map<String, Long> behind = (Map<String, Long>) into.computeIfAbsent("behind", k -> new TreeMap<String, Long>(
        (a, b) -> Integer.compare(Integer.parseInt(a.replace("+", "")), Integer.parseInt(b.replace("+", "")))));
    var it = one.path("behind").fields();
    while (it.hasNext()) {
      var e = it.next();
      behind.merge(e.getKey(), e.getValue().asLong(), Long::sum);
    }
    into.putIfAbsent("history", one.path("history").asInt());
  }
}
