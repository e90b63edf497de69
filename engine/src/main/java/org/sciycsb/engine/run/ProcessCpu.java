package org.sciycsb.engine.run;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The client process's CPU time (user + system, every thread of the JVM: client threads, the driver's I/O threads,
 * the collector, garbage collection, JIT), read at the start and at the end of the measured part, so that
 * {@code metadata.clientCpu} gives the CPU the client spent per measured operation. Linux: {@code /proc/self/stat}
 * (utime and stime, in clock ticks of 10 ms); elsewhere the JVM's own process CPU time.
 */
final class ProcessCpu {
  static final Path STAT = Path.of("/proc/self/stat");
  /** Linux's USER_HZ: clock ticks per second in /proc (100 on every Linux architecture the JVM runs on). */
  static final long TICK_NANOS = 10_000_000L;

  private ProcessCpu() {}

  /** One reading: CPU nanoseconds so far and where they came from. */
  record Reading(long nanos, String source) {}

  static Reading now() {
    try {
      return new Reading(fromStat(Files.readString(STAT)), "/proc/self/stat");
    } catch (IOException | RuntimeException e) {
      java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
      long n = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
      return new Reading(n, "OperatingSystemMXBean.getProcessCpuTime");
    }
  }

  /** utime + stime of a {@code /proc/<pid>/stat} line (fields 14 and 15, counted after the command's parenthesis). */
  static long fromStat(String stat) {
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    // f[0] is field 3 (state): utime is field 14, stime field 15
    return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * TICK_NANOS;
  }

  /**
   * {@code metadata.clientCpu}: the CPU time between two readings, per measured operation, and as cores busy over
   * the measured seconds; empty when a reading failed.
   */
  static Map<String, Object> between(Reading start, Reading end, long operations, double seconds) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (start == null || end == null || start.nanos() < 0 || end.nanos() < start.nanos()) {
      return m;
    }
    double cpuMs = (end.nanos() - start.nanos()) / 1e6;
    m.put("source", end.source());
    m.put("cpuMs", Math.round(cpuMs));
    m.put("cpuUsPerOp", operations == 0 ? null : Math.round(1e4 * cpuMs / operations) / 10.0);
    m.put("coresBusy", seconds <= 0 ? null : Math.round(100 * cpuMs / 1e3 / seconds) / 100.0);
    return m;
  }
}
