package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.Session;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.ServerStats;

/**
 * WiredTiger's own connection statistics ({@code statistics:} cursor, {@code statistics=(fast)}), the ones that say
 * what the engine did with the device and the memory: named as mongod's {@code serverStatus().wiredTiger} names them
 * ({@code "cache.bytes currently in the cache"}: the section, a dot, WiredTiger's description).
 */
final class WiredTigerStats {
  static final String SOURCE = "WiredTiger statistics: cursor (statistics=(fast))";

  /** Values now: the cache's bytes, a checkpoint running and the last one's time. */
  static final Set<String> GAUGES = Set.of(
      "cache: bytes currently in the cache",
      "cache: tracked dirty bytes in the cache",
      "cache: maximum bytes configured",
      "transaction: transaction checkpoint currently running",
      "transaction: transaction checkpoint most recent time (msecs)",
      "session: open session count");

  /** Counts since the open. */
  static final Set<String> COUNTERS = Set.of(
      "cache: bytes read into cache",
      "cache: bytes written from cache",
      "cache: pages read into cache",
      "cache: pages written from cache",
      "cache: modified pages evicted",
      "cache: unmodified pages evicted",
      "cache: pages evicted by application threads",
      "block-manager: bytes read",
      "block-manager: bytes written",
      "transaction: transaction checkpoints",
      "transaction: transaction checkpoint total time (msecs)",
      "transaction: transactions committed",
      "transaction: transactions rolled back",
      "log: log sync operations",
      "log: log sync time duration (usecs)",
      "log: log flush operations",
      "log: log bytes written");

  private WiredTigerStats() {}

  /** One reading, on the caller's session. */
  static ServerStats read(Session session) {
    Map<String, Double> counters = new HashMap<>();
    Map<String, Double> gauges = new HashMap<>();
    Cursor c = session.open_cursor("statistics:", null, null);
    try {
      while (c.next() == 0) {
        c.getKeyInt();
        String desc = c.getValueString();
        c.getValueString(); // the value as text
        long value = c.getValueLong();
        if (GAUGES.contains(desc)) {
          gauges.put(name(desc), (double) value);
        } else if (COUNTERS.contains(desc)) {
          counters.put(name(desc), (double) value);
        }
      }
    } finally {
      c.close();
    }
    return new ServerStats(SOURCE, counters, gauges);
  }

  /** "cache: bytes read into cache" is "cache.bytes read into cache". */
  static String name(String description) {
    return description.replaceFirst(": ", ".");
  }
}
