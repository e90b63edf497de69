package org.sciycsb.api;

import java.util.Map;
import java.util.Set;

/**
 * The store's own figures at one instant, as its server reports them ({@link BindingRun#serverStats}): cumulative
 * counters (operations, tuples, tasks completed since the server started; the engine reports their differences
 * and rates over the measured run) and gauges (connections, cache bytes, pending tasks: their mean and maximum).
 *
 * @param source what was read, for people (for example "MongoDB serverStatus", "pg_stat_database of ycsb")
 * @param counters cumulative counters by name
 * @param gauges current values by name
 * @param trouble the names of the gauges that are trouble signals: a backlog the store builds when it falls behind
 *     (Cassandra's pending compactions), whose rise over a run makes its numbers suspect (results.json's
 *     {@code validity}: the throughput measured is not one the store can keep)
 */
public record ServerStats(String source, Map<String, Double> counters, Map<String, Double> gauges,
    Set<String> trouble) {
  public ServerStats {
    counters = Map.copyOf(counters);
    gauges = Map.copyOf(gauges);
    trouble = Set.copyOf(trouble);
  }

  /** Figures without trouble signals. */
  public ServerStats(String source, Map<String, Double> counters, Map<String, Double> gauges) {
    this(source, counters, gauges, Set.of());
  }
}
