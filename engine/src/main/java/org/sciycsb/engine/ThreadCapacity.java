package org.sciycsb.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sciycsb.api.ConfigException;

/**
 * Whether a thread count can run in this JVM on this host, checked before anything starts: a count the kernel
 * cannot give one process, or whose recorders cannot fit in the heap, is refused with one line instead of failing
 * half-way with {@link OutOfMemoryError} ("unable to create native thread", "Java heap space").
 */
final class ThreadCapacity {
  /**
   * Heap each client thread needs at the least: its latency recorders (two sparse histograms per operation, about
   * 1.3 KB each when empty, growing with the values seen), its workload thread and its driver client.
   */
  static final long MIN_HEAP_PER_THREAD = 64 * 1024;

  private ThreadCapacity() {}

  static void check(int threads) throws ConfigException {
    checkHeap(threads, Runtime.getRuntime().maxMemory());
    checkKernel(threads, kernelLimits());
  }

  static void checkHeap(int threads, long maxHeap) throws ConfigException {
    long needed = threads * MIN_HEAP_PER_THREAD;
    if (needed > maxHeap) {
      throw new ConfigException("threadcount " + threads + " needs at least " + needed / (1024 * 1024)
          + " MB of heap (" + MIN_HEAP_PER_THREAD / 1024 + " KB per thread), more than this JVM's maximum of "
          + maxHeap / (1024 * 1024) + " MB: use fewer threads, several client processes (--clients), or a larger"
          + " heap (bin/ycsb -jvm-args -Xmx...)");
    }
  }

  /**
   * Refuses more threads than the tightest kernel limit on one process's threads (each thread also counts against
   * the process limit, the system's thread and pid limits, and takes two memory maps for its stack).
   */
  static void checkKernel(int threads, Map<String, Long> limits) throws ConfigException {
    String tightest = null;
    long max = Long.MAX_VALUE;
    for (Map.Entry<String, Long> e : limits.entrySet()) {
      if (e.getValue() > 0 && e.getValue() < max) {
        max = e.getValue();
        tightest = e.getKey();
      }
    }
    if (tightest != null && threads > max) {
      throw new ConfigException("threadcount " + threads + " is more threads than this host gives one process"
          + " (at most " + max + ", from " + tightest + "): use fewer threads or several client processes"
          + " (--clients)");
    }
  }

  /** The kernel's limits on threads, as thread counts (Linux; empty elsewhere). */
  static Map<String, Long> kernelLimits() {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("ulimit -u (max user processes)", processLimit());
    m.put("kernel.threads-max", number("/proc/sys/kernel/threads-max"));
    m.put("kernel.pid_max", number("/proc/sys/kernel/pid_max"));
    long maps = number("/proc/sys/vm/max_map_count");
    m.put("vm.max_map_count / 2 (two maps per thread stack)", maps > 0 ? maps / 2 : -1);
    return m;
  }

  private static long processLimit() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
        if (line.startsWith("Max processes")) {
          String soft = line.substring("Max processes".length()).trim().split("\\s+")[0];
          return soft.equals("unlimited") ? -1 : Long.parseLong(soft);
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or unreadable: no limit known
    }
    return -1;
  }

  private static long number(String file) {
    try {
      return Long.parseLong(Files.readAllLines(Path.of(file)).get(0).trim()); // procfs: size 0, read by lines
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
