package org.sciycsb.engine.run;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JVM's garbage collectors' counts and times, by collector, as YCSB reads them for its
 * {@code [TOTAL_GCS_<collector>]} lines: from the collector beans, named with {@code _} for spaces, in the order of
 * upstream's {@link HashMap} of them; here over the measured time (a reading at its start, one at its end).
 */
final class GcCollectors {
  private GcCollectors() {}

  /** Every valid collector's {collections, time in ms} now, in upstream's order. */
  static Map<String, long[]> now() {
    List<GarbageCollectorMXBean> beans = ManagementFactory.getGarbageCollectorMXBeans();
    Map<String, long[]> byName = new HashMap<>(beans.size());
    for (GarbageCollectorMXBean b : beans) {
      if (!b.isValid() || b.getCollectionCount() < 0 || b.getCollectionTime() < 0) {
        continue;
      }
      byName.put(b.getName().replace(" ", "_"), new long[] {b.getCollectionCount(), b.getCollectionTime()});
    }
    return new LinkedHashMap<>(byName);
  }

  /** What each collector did between two readings ({@code start} may miss a collector: then from 0). */
  static Map<String, long[]> between(Map<String, long[]> start, Map<String, long[]> end) {
    Map<String, long[]> out = new LinkedHashMap<>();
    end.forEach((name, e) -> {
      long[] s = start.getOrDefault(name, new long[2]);
      out.put(name, new long[] {Math.max(0, e[0] - s[0]), Math.max(0, e[1] - s[1])});
    });
    return out;
  }
}
