package org.sciycsb.api;

import java.util.Map;

/**
 * The store's own figures at one instant, as its server reports them ({@link BindingRun#serverStats}): cumulative
 * counters (operations, tuples, tasks completed since the server started; the engine reports their differences
 * and rates over the measured run) and gauges (connections, cache bytes, pending tasks: their mean and maximum).
 *
 * @param source what was read, for people (for example "MongoDB serverStatus", "pg_stat_database of ycsb")
 * @param counters cumulative counters by name
 * @param gauges current values by name
 */
public record ServerStats(String source, Map<String, Double> counters, Map<String, Double> gauges) {
  public ServerStats {
    counters = Map.copyOf(counters);
    gauges = Map.copyOf(gauges);
  }
}
