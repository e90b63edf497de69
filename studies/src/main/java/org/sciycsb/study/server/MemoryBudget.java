package org.sciycsb.study.server;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sciycsb.report.Fmt;

/**
 * How a memory cap is shared by a client process that holds an embedded store, as mongod shares a machine's memory:
 * mongod gives WiredTiger 50 % of (RAM - 1 GiB), the 1 GiB for the rest of the machine, and leaves what remains to
 * the file system cache. Here the cap is the machine and the JVM is "the rest": its heap ({@link #HEAP}, -Xmx, plus
 * the cache when the store keeps it in the heap) and what it needs outside the heap ({@link #JVM_NATIVE}: metaspace,
 * code cache, 32 threads' stacks, GC structures), measured; the store's cache gets half of what is left (at least
 * {@link #MIN_CACHE}), the page cache the other half.
 */
public record MemoryBudget(long capBytes, long heapBytes, long jvmNativeBytes, long cacheBytes, boolean cacheInHeap) {
  /**
   * The client's heap without the store's cache: the engine, 32 threads' measurements, the driver and the core
   * workload's key cache (an eighth of the heap at most); a 32-thread load of 885,837 records at this heap kept
   * about 30 MB live.
   */
  static final long HEAP = 64L << 20;
  /** The JVM's memory outside the heap under a 32-thread run (metaspace, code cache, stacks, GC). */
  static final long JVM_NATIVE = 96L << 20;
  /** The smallest cache given (WiredTiger's own minimum is 1 MiB). */
  static final long MIN_CACHE = 1L << 20;

  /** The budget of a cap. */
  public static MemoryBudget of(long capBytes, boolean cacheInHeap) {
    long rest = capBytes - HEAP - JVM_NATIVE;
    long cache = Math.max(MIN_CACHE, rest / 2 / (1L << 20) * (1L << 20));
    return new MemoryBudget(capBytes, HEAP + (cacheInHeap ? cache : 0), JVM_NATIVE, cache, cacheInHeap);
  }

  /** The JVM's -Xmx: the client's heap, with the store's cache when it lives there. */
  public String xmx() {
    return "-Xmx" + heapBytes / (1L << 20) + "m";
  }

  /** What the cap leaves to the page cache of the store's files. */
  public long pageCacheBytes() {
    return Math.max(0, capBytes - heapBytes - jvmNativeBytes - (cacheInHeap ? 0 : cacheBytes));
  }

  /** One line: the shares. */
  public String describe() {
    return "of the " + Fmt.bytes(capBytes) + " cap: JVM heap " + Fmt.bytes(heapBytes) + " (" + xmx() + (cacheInHeap
        ? ", the store's cache in it" : "") + "), JVM native " + Fmt.bytes(jvmNativeBytes) + " (reserved), the store's "
        + "cache " + Fmt.bytes(cacheBytes) + ", page cache " + Fmt.bytes(pageCacheBytes()) + " (the cache: 50 % of the "
        + "cap minus the JVM's needs, as mongod gives WiredTiger 50 % of RAM minus 1 GiB)";
  }

  /** study.json's {@code server.memory}. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("capBytes", capBytes);
    m.put("jvmHeapBytes", heapBytes);
    m.put("jvmArgs", xmx());
    m.put("jvmNativeBytes", jvmNativeBytes);
    m.put("cacheBytes", cacheBytes);
    m.put("cacheInHeap", cacheInHeap);
    m.put("pageCacheBytes", pageCacheBytes());
    m.put("rule", "cache = 50 % of (cap - JVM heap " + Fmt.bytes(HEAP) + " - JVM native " + Fmt.bytes(JVM_NATIVE)
        + "), at least " + Fmt.bytes(MIN_CACHE) + "; the rest is page cache (mongod: 50 % of (RAM - 1 GiB), at "
        + "least 256 MiB)");
    return m;
  }
}
