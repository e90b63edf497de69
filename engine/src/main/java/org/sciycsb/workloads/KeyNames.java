package org.sciycsb.workloads;

import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import site.ycsb.Utils;

/**
 * The key of a record number: {@code "user"} + its FNV hash (or the number itself for ordered inserts), zero
 * padded, as upstream builds it, after the record numbers of a run's inserts are interleaved among the clients that
 * share it ({@code coreworkload.clients/client/clientbase}; identity for one client). Keys of the first
 * {@code coreworkload.keycache} records are kept once built (a benign race: two threads may build the same string),
 * which removes most of the client's per-operation cost of formatting a 64-bit number. The cache never holds more
 * than an eighth of the JVM's maximum heap ({@link #KEY_BYTES} a key): a client given a small heap (a study's
 * embedded store, {@code -jvm-args -Xmx64m}) keeps fewer keys instead of running out of memory as it loads.
 */
final class KeyNames {
  /** What a cached key costs in the heap at most: the String, its byte array ("user" + 19 digits), its slot. */
  static final int KEY_BYTES = 72;
  private final boolean orderedInserts;
  private final int zeroPadding;
  private final String[] keyCache;
  /** Clients sharing a run's inserts, this one's index and where their keys interleave (identity for one client). */
  private final int clients;
  private final int client;
  private final long clientBase;

  private KeyNames(boolean orderedInserts, int zeroPadding, int cacheSize, int clients, int client, long clientBase) {
    this.orderedInserts = orderedInserts;
    this.zeroPadding = zeroPadding;
    this.keyCache = new String[cacheSize];
    this.clients = clients;
    this.client = client;
    this.clientBase = clientBase;
  }

  /** The key names of a run whose records end at {@code recordEnd} (insertstart + insertcount). */
  static KeyNames of(Config p, long recordEnd) throws ConfigException {
    return of(p, recordEnd, Runtime.getRuntime().maxMemory());
  }

  /** As {@link #of(Config, long)} in a JVM whose heap may grow to {@code maxHeapBytes}. */
  static KeyNames of(Config p, long recordEnd, long maxHeapBytes) throws ConfigException {
    int zeroPadding = p.get(CoreWorkloadOptions.ZERO_PADDING);
    boolean ordered = p.get(CoreWorkloadOptions.INSERT_ORDER).equals("ordered");
    int cacheMax = p.get(CoreWorkloadOptions.KEY_CACHE);
    int clients = p.get(CoreWorkloadOptions.CLIENTS);
    int client = p.get(CoreWorkloadOptions.CLIENT);
    Long base = p.get(CoreWorkloadOptions.CLIENT_BASE);
    long clientBase = base != null ? base : p.get(CommonOptions.RECORD_COUNT);
    long fits = maxHeapBytes / 8 / KEY_BYTES;
    return new KeyNames(ordered, zeroPadding, (int) Math.min(Math.min(cacheMax, recordEnd), fits), clients, client,
        clientBase);
  }

  /** How many keys the cache may hold. */
  int cacheSize() {
    return keyCache.length;
  }

  /** The clients sharing a run's inserts ({@code coreworkload.clients}). */
  int clients() {
    return clients;
  }

  /** This client's index among them ({@code coreworkload.client}). */
  int client() {
    return client;
  }

  /** The key of record {@code n} of this client. */
  String buildKeyName(long n) {
    return buildKeyName(n, clients, client);
  }

  /** As {@link #buildKeyName(long)} for client {@code offset} of {@code stride} (a thread's virtual client). */
  String buildKeyName(long n, int stride, int offset) {
    long keynum = keynum(n, stride, offset);
    if (keynum >= 0 && keynum < keyCache.length) {
      String k = keyCache[(int) keynum];
      if (k == null) {
        k = formatKey(keynum);
        keyCache[(int) keynum] = k;
      }
      return k;
    }
    return formatKey(keynum);
  }

  /** The key number of record {@code n} of client {@code offset} of {@code stride} (before hashing). */
  long keynum(long n, int stride, int offset) {
    return stride == 1 || n < clientBase ? n : clientBase + (n - clientBase) * stride + offset;
  }

  private String formatKey(long keynum) {
    if (!orderedInserts) {
      keynum = Utils.hash(keynum);
    }
    String value = Long.toString(keynum);
    int fill = zeroPadding - value.length();
    if (fill <= 0) {
      return "user".concat(value);
    }
    StringBuilder sb = new StringBuilder(4 + zeroPadding).append("user");
    for (int i = 0; i < fill; i++) {
      sb.append('0');
    }
    return sb.append(value).toString();
  }
}
