package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The run's tables: which exist (created once, by whichever session first needs one: WiredTiger serialises schema
 * changes, and creating an existing table is no error), and each collection's next record id (the largest id in the
 * collection plus one, read once per run, then counted here as mongod's record store counts them).
 */
final class Tables {
  private final Set<String> known = ConcurrentHashMap.newKeySet();
  private final Map<String, AtomicLong> nextIds = new ConcurrentHashMap<>();

  /** Creates the table when this run has not seen it yet. */
  void ensure(Session session, String uri, String config) {
    if (!known.contains(uri)) {
      session.create(uri, config);
      known.add(uri);
    }
  }

  /** True when the table exists (without creating it). */
  boolean exists(Session session, String uri) {
    if (known.contains(uri)) {
      return true;
    }
    try {
      session.open_cursor(uri, null, null).close();
      known.add(uri);
      return true;
    } catch (WiredTigerException e) {
      return false;
    }
  }

  /** The next record id of a collection's records table (which the cursor reads). */
  long nextRecordId(String recordsUri, Cursor records) {
    AtomicLong next = nextIds.get(recordsUri);
    if (next == null) {
      synchronized (this) {
        next = nextIds.get(recordsUri);
        if (next == null) {
          long last = 0;
          records.reset();
          if (records.prev() == 0) {
            last = records.getKeyLong();
          }
          records.reset();
          next = new AtomicLong(last + 1);
          nextIds.put(recordsUri, next);
        }
      }
    }
    return next.getAndIncrement();
  }
}
