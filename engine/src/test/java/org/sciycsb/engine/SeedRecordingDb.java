package org.sciycsb.engine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A store that keeps nothing and records, per client thread (by its name), every call it gets: operation, table,
 * key, fields and a checksum of every value's bytes. For {@link SeedTest}; one run at a time.
 */
public class SeedRecordingDb extends DB {
  static final Map<String, List<String>> CALLS = new ConcurrentHashMap<>();

  /** What the last run's threads asked, by thread name, and forgets it. */
  static Map<String, List<String>> take() {
    Map<String, List<String>> out = new TreeMap<>(CALLS);
    CALLS.clear();
    return out;
  }

  private List<String> mine() {
    return CALLS.computeIfAbsent(Thread.currentThread().getName(), k -> Collections.synchronizedList(new ArrayList<>()));
  }

  private static String fields(Set<String> f) {
    return f == null ? "*" : new TreeSet<>(f).toString();
  }

  private static String values(Map<String, ByteIterator> v) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, ByteIterator> e : new TreeMap<>(v).entrySet()) {
      CRC32 c = new CRC32();
      c.update(e.getValue().toString().getBytes(StandardCharsets.ISO_8859_1));
      sb.append(e.getKey()).append('=').append(Long.toHexString(c.getValue())).append(' ');
    }
    return sb.toString();
  }

  @Override
  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
    mine().add("READ " + t + " " + k + " " + fields(f));
    return Status.OK;
  }

  @Override
  public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
    mine().add("SCAN " + t + " " + k + " " + n + " " + fields(f));
    return Status.OK;
  }

  @Override
  public Status update(String t, String k, Map<String, ByteIterator> v) {
    mine().add("UPDATE " + t + " " + k + " " + values(v));
    return Status.OK;
  }

  @Override
  public Status insert(String t, String k, Map<String, ByteIterator> v) {
    mine().add("INSERT " + t + " " + k + " " + values(v));
    return Status.OK;
  }

  @Override
  public Status delete(String t, String k) {
    mine().add("DELETE " + t + " " + k);
    return Status.OK;
  }
}
