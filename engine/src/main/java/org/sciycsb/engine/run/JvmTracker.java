package org.sciycsb.engine.run;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.results.JvmStats;

/**
 * {@code measurement.trackjvm}: the client JVM sampled as YCSB's status thread does (live threads, heap in use in
 * MB, the system load average, the collections and their time since the last sample), by the collector thread at
 * the start of the measured part, every {@code status.interval} and at its end. Nothing on the operations' path.
 */
final class JvmTracker {
  private final long periodNanos;
  private long next;
  private long maxMem;
  private long minMem = Long.MAX_VALUE;
  private int maxThreads;
  private int minThreads = Integer.MAX_VALUE;
  private double maxLoad;
  private double minLoad = Double.MAX_VALUE;
  private long lastGcs;
  private long lastGcTime;
  private final Map<String, List<long[]>> samples = new LinkedHashMap<>();

  JvmTracker(long periodNanos) {
    this.periodNanos = periodNanos;
    long[] gc = gcTotals();
    lastGcs = gc[0];
    lastGcTime = gc[1];
    for (String n : List.of("THREAD_COUNT", "USED_MEM_MB", "SYS_LOAD_AVG", "GCS", "GCS_TIME")) {
      samples.put(n, new ArrayList<>());
    }
  }

  /** Samples when a period has passed since the last sample (or always, {@code force}). */
  void maybeSample(long nowNanos, boolean force) {
    if (!force && nowNanos < next) {
      return;
    }
    next = nowNanos + periodNanos;
    long now = System.currentTimeMillis();
    int threads = Thread.activeCount();
    minThreads = Math.min(minThreads, threads);
    maxThreads = Math.max(maxThreads, threads);
    add("THREAD_COUNT", now, threads);
    Runtime rt = Runtime.getRuntime();
    int usedMb = (int) ((rt.totalMemory() - rt.freeMemory()) / 1024 / 1024);
    minMem = Math.min(minMem, usedMb);
    maxMem = Math.max(maxMem, usedMb);
    add("USED_MEM_MB", now, usedMb);
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    if (load >= 0) {
      add("SYS_LOAD_AVG", now, (int) load);
      maxLoad = Math.max(maxLoad, load);
      minLoad = Math.min(minLoad, load);
    }
    long[] gc = gcTotals();
    add("GCS", now, (int) (gc[0] - lastGcs));
    add("GCS_TIME", now, (int) (gc[1] - lastGcTime));
    lastGcs = gc[0];
    lastGcTime = gc[1];
  }

  private void add(String name, long epochMs, long value) {
    samples.get(name).add(new long[] {epochMs, value});
  }

  private static long[] gcTotals() {
    long count = 0;
    long time = 0;
    for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
      count += Math.max(0, b.getCollectionCount());
      time += Math.max(0, b.getCollectionTime());
    }
    return new long[] {count, time};
  }

  JvmStats stats() {
    Map<String, long[][]> out = new LinkedHashMap<>();
    samples.forEach((n, l) -> {
      if (!l.isEmpty()) {
        out.put(n, l.toArray(long[][]::new));
      }
    });
    return new JvmStats(maxMem, minMem, maxThreads, minThreads, maxLoad, minLoad, out);
  }
}
