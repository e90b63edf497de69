package org.sciycsb.measure;

import java.util.Map;

/**
 * The results of one operation over the measured part of a run.
 *
 * @param name        operation name; {@code OVERALL} aggregates every non-composite operation
 * @param operations  successful operations (the {@code [OP], Operations} line)
 * @param statuses    every outcome by status name, failures included ({@code Return=...} lines)
 * @param throughput  successful operations per second of measured time
 * @param response    response time: from the intended start (schedule) when a target rate is set
 * @param service     service time: from the actual start
 * @param failedResponse latency of failed calls ({@code [OP-FAILED]}), {@link LatencySummary#EMPTY} if none
 */
public record OpSummary(String name, long operations, Map<String, Long> statuses, double throughput,
    LatencySummary response, LatencySummary service, LatencySummary failedResponse) {

  public OpSummary {
    statuses = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(statuses));
  }

  /** Calls that did not end in OK or BATCHED_OK. */
  public long errors() {
    long e = 0;
    for (Map.Entry<String, Long> s : statuses.entrySet()) {
      if (!s.getKey().equals("OK") && !s.getKey().equals("BATCHED_OK")) {
        e += s.getValue();
      }
    }
    return e;
  }
}
