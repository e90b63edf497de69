package org.sciycsb.bindings;

import java.io.PrintStream;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.ByteIterator;

/**
 * {@code basicdb.count=true}, as upstream's BasicDB: per operation kind, the number of distinct requests the run
 * sent (a request is its table, key and the sorted field names, or fields and values for a write, hashed to an
 * int as upstream does), printed when the last of the run's DBs is cleaned up (when its threads end, before the
 * results are printed, as upstream) as {@code [READS], Uniques, N} ... {@code [DELETES], Uniques, N} on stdout.
 * Shared by every thread of the run (upstream shares static maps between its DB instances).
 */
final class BasicUniques {
  private final java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger();
  private final Set<Integer> reads = ConcurrentHashMap.newKeySet();
  private final Set<Integer> scans = ConcurrentHashMap.newKeySet();
  private final Set<Integer> updates = ConcurrentHashMap.newKeySet();
  private final Set<Integer> inserts = ConcurrentHashMap.newKeySet();
  private final Set<Integer> deletes = ConcurrentHashMap.newKeySet();

  void read(String table, String key, Set<String> fields) {
    reads.add(hash(table, key, fields));
  }

  void scan(String table, String startKey, Set<String> fields) {
    scans.add(hash(table, startKey, fields));
  }

  void update(String table, String key, Map<String, ByteIterator> values) {
    updates.add(hash(table, key, values));
  }

  void insert(String table, String key, Map<String, ByteIterator> values) {
    inserts.add(hash(table, key, values));
  }

  void delete(String table, String key) {
    deletes.add((table + key).hashCode());
  }

  /** A DB of the run starts. */
  void opened() {
    open.incrementAndGet();
  }

  /** A DB of the run is cleaned up: the last one prints the counts on {@code out}. */
  void closed(PrintStream out) {
    if (open.decrementAndGet() == 0) {
      print(out);
    }
  }

  /** Upstream's five lines. */
  void print(PrintStream out) {
    out.println("[READS], Uniques, " + reads.size());
    out.println("[SCANS], Uniques, " + scans.size());
    out.println("[UPDATES], Uniques, " + updates.size());
    out.println("[INSERTS], Uniques, " + inserts.size());
    out.println("[DELETES], Uniques, " + deletes.size());
  }

  private static int hash(String table, String key, Set<String> fields) {
    if (fields == null) {
      return (table + key).hashCode();
    }
    StringBuilder b = new StringBuilder(table).append(key);
    for (String f : new TreeSet<>(fields)) {
      b.append(f);
    }
    return b.toString().hashCode();
  }

  /** A value is read from its start (reset when the iterator can be; else what is left of it). */
  private static int hash(String table, String key, Map<String, ByteIterator> values) {
    if (values == null) {
      return (table + key).hashCode();
    }
    StringBuilder b = new StringBuilder(table).append(key);
    for (Map.Entry<String, ByteIterator> e : new TreeMap<>(values).entrySet()) {
      ByteIterator v = e.getValue();
      try {
        v.reset();
      } catch (UnsupportedOperationException cannot) {
        // hashed from where it stands
      }
      b.append(e.getKey()).append(v.toString());
    }
    return b.toString().hashCode();
  }
}
