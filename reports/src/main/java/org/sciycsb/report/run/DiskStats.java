package org.sciycsb.report.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The kernel's per-device I/O counters ({@code /proc/diskstats}, documented in the kernel's
 * {@code Documentation/admin-guide/iostats.rst}) and the figures of one interval between two readings:
 * <ul>
 *   <li>reads/s and writes/s: completed requests (after merging) over the interval;</li>
 *   <li>read and write MB/s: sectors of 512 bytes, MB = 1,000,000 bytes;</li>
 *   <li>mean service time per operation (ms): the change of the time spent reading plus writing over the change of
 *       reads plus writes, as iostat's {@code await}: from the request's issue to its completion, time in the
 *       device's queue included (0 when no request completed);</li>
 *   <li>mean queue depth: the change of the weighted time spent doing I/O (each ms counted once per request in
 *       flight) over the interval in ms, iostat's {@code aqu-sz};</li>
 *   <li>utilisation (%): the change of the time the device had at least one request in flight ({@code io_ticks})
 *       over the interval, at most 100 (a device serving requests in parallel may be busy at 100 % and still have
 *       room).</li>
 * </ul>
 * Loop and device-mapper devices have these counters too (a loop device's are those of the requests it was
 * given, not of its backing file's disk).
 */
public final class DiskStats {
  private DiskStats() {}

  /**
   * One device's cumulative counters: reads and writes completed, sectors read and written, ms spent reading and
   * writing, ms with I/O in flight ({@code io_ticks}) and weighted ms.
   */
  public record Counters(String name, long reads, long readSectors, long readMs, long writes, long writeSectors,
      long writeMs, long ioTicksMs, long weightedMs) {}

  /** The figures of one device over one interval (rates per second; see the class comment). */
  public record Figures(double readsPerSec, double writesPerSec, double readMBps, double writeMBps,
      double serviceMs, double queueDepth, double utilPct) {
    /** The figures in the order of {@link #NAMES}. */
    public double[] values() {
      return new double[] {readsPerSec, writesPerSec, readMBps, writeMBps, serviceMs, queueDepth, utilPct};
    }
  }

  /** The figures' names, as results.json and resources.csv name them. */
  public static final String[] NAMES = {"readsPerSec", "writesPerSec", "readMBps", "writeMBps", "serviceMs",
      "queueDepth", "utilPct"};

  /** The counters of every device of {@code /proc/diskstats}, by major:minor (an empty map when unreadable). */
  public static Map<String, Counters> read() {
    try {
      return parse(Files.readString(Path.of("/proc/diskstats")));
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
  }

  /** The counters of {@code /proc/diskstats}'s text, by major:minor; lines it cannot read are left out. */
  public static Map<String, Counters> parse(String text) {
    Map<String, Counters> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 14) {
        continue;
      }
      try {
        out.put(f[0] + ":" + f[1], new Counters(f[2], num(f[3]), num(f[5]), num(f[6]), num(f[7]), num(f[9]),
            num(f[10]), num(f[12]), num(f[13])));
      } catch (NumberFormatException e) {
        // not a diskstats line
      }
    }
    return out;
  }

  private static long num(String s) {
    return Long.parseUnsignedLong(s);
  }

  /** The figures between two readings {@code intervalMs} apart. */
  public static Figures figures(Counters before, Counters after, double intervalMs) {
    double ms = Math.max(1e-3, intervalMs);
    double secs = ms / 1000;
    long reads = after.reads() - before.reads();
    long writes = after.writes() - before.writes();
    long ops = reads + writes;
    double service = ops <= 0 ? 0 : (double) (after.readMs() - before.readMs() + after.writeMs() - before.writeMs())
        / ops;
    return new Figures(reads / secs, writes / secs,
        (after.readSectors() - before.readSectors()) * 512.0 / 1e6 / secs,
        (after.writeSectors() - before.writeSectors()) * 512.0 / 1e6 / secs,
        service, (after.weightedMs() - before.weightedMs()) / ms,
        Math.min(100, 100.0 * (after.ioTicksMs() - before.ioTicksMs()) / ms));
  }
}
