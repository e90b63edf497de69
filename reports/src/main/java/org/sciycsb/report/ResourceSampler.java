package org.sciycsb.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Samples the host's resource use during a run, as seed 001 did with {@code sar}: CPU user/system/iowait
 * ({@code /proc/stat}), memory used/available ({@code /proc/meminfo}), read/write bytes and IOPS per whole disk
 * ({@code /proc/diskstats}; loop, ram and zram devices left out) and received/sent bytes per network interface
 * ({@code /proc/net/dev}). One daemon thread reads the files every interval; rates are per second over the
 * interval. Samples carry their time in milliseconds relative to the measured start (negative during warmup).
 * On a system without {@code /proc} it samples nothing.
 */
public final class ResourceSampler implements AutoCloseable {
  /** One sample: rates over the interval ending at tMs (epoch ms while sampling, relative once stopped). */
  public record Sample(long tMs, double cpuUser, double cpuSys, double cpuIowait, long memUsed, long memAvailable,
      Map<String, double[]> disks, Map<String, double[]> nets) {}

  private final long intervalMs;
  private final Path proc;
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stop;

  private long[] lastCpu;
  private Map<String, long[]> lastDisk;
  private Map<String, long[]> lastNet;
  private long lastNanos;

  public ResourceSampler(long intervalMs) {
    this(intervalMs, Path.of("/proc"));
  }

  ResourceSampler(long intervalMs, Path proc) {
    this.intervalMs = intervalMs;
    this.proc = proc;
    this.thread = new Thread(this::loop, "sciycsb-resources");
    this.thread.setDaemon(true);
  }

  public static boolean available() {
    return Files.isReadable(Path.of("/proc/stat"));
  }

  public void start() {
    snapshot(); // the baseline
    thread.start();
  }

  private void loop() {
    long next = System.currentTimeMillis() + intervalMs;
    while (!stop) {
      long wait = next - System.currentTimeMillis();
      if (wait > 0) {
        try {
          Thread.sleep(wait);
        } catch (InterruptedException e) {
          return;
        }
      }
      if (stop) {
        return;
      }
      Sample s = snapshot();
      if (s != null) {
        synchronized (samples) {
          samples.add(s);
        }
      }
      next += intervalMs;
      long now = System.currentTimeMillis();
      if (next < now) {
        next = now + intervalMs;
      }
    }
  }

  /** Takes one sample of the deltas since the previous call (null the first time or when /proc is missing). */
  synchronized Sample snapshot() {
    long now = System.nanoTime();
    long epoch = System.currentTimeMillis();
    long[] cpu = cpu();
    Map<String, long[]> disk = disks();
    Map<String, long[]> net = nets();
    long[] mem = mem();
    Sample s = null;
    if (lastCpu != null && cpu != null) {
      double secs = Math.max(1e-3, (now - lastNanos) / 1e9);
      long total = 0;
      for (int i = 0; i < cpu.length; i++) {
        total += cpu[i] - lastCpu[i];
      }
      double user = pct(cpu[0] + cpu[1] - lastCpu[0] - lastCpu[1], total);
      double sys = pct(cpu[2] + cpu[5] + cpu[6] - lastCpu[2] - lastCpu[5] - lastCpu[6], total);
      double iowait = pct(cpu[4] - lastCpu[4], total);
      Map<String, double[]> d = new TreeMap<>();
      disk.forEach((dev, v) -> {
        long[] o = lastDisk.get(dev);
        if (o != null) {
          d.put(dev, new double[] {(v[1] - o[1]) * 512 / secs, (v[3] - o[3]) * 512 / secs, (v[0] - o[0]) / secs,
              (v[2] - o[2]) / secs});
        }
      });
      Map<String, double[]> n = new TreeMap<>();
      net.forEach((ifc, v) -> {
        long[] o = lastNet.get(ifc);
        if (o != null) {
          n.put(ifc, new double[] {(v[0] - o[0]) / secs, (v[1] - o[1]) / secs});
        }
      });
      s = new Sample(epoch, user, sys, iowait, mem[0], mem[1], d, n);
    }
    lastCpu = cpu;
    lastDisk = disk;
    lastNet = net;
    lastNanos = now;
    return s;
  }

  private static double pct(long part, long total) {
    return total <= 0 ? 0 : Math.round(1000.0 * part / total) / 10.0;
  }

  /** user, nice, system, idle, iowait, irq, softirq, steal of the "cpu" line. */
  private long[] cpu() {
    try {
      for (String line : Files.readAllLines(proc.resolve("stat"))) {
        if (line.startsWith("cpu ")) {
          String[] f = line.trim().split("\\s+");
          long[] v = new long[8];
          for (int i = 0; i < 8 && i + 1 < f.length; i++) {
            v[i] = Long.parseLong(f[i + 1]);
          }
          return v;
        }
      }
    } catch (IOException | RuntimeException e) {
      // no /proc
    }
    return null;
  }

  /** {used, available} bytes. */
  private long[] mem() {
    long total = 0;
    long avail = 0;
    try {
      for (String line : Files.readAllLines(proc.resolve("meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          total = kib(line);
        } else if (line.startsWith("MemAvailable:")) {
          avail = kib(line);
        }
      }
    } catch (IOException | RuntimeException e) {
      // no /proc
    }
    return new long[] {Math.max(0, total - avail), avail};
  }

  private static long kib(String line) {
    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
  }

  /** Per whole disk: reads completed, sectors read, writes completed, sectors written. */
  private Map<String, long[]> disks() {
    Map<String, long[]> m = new TreeMap<>();
    try {
      for (String line : Files.readAllLines(proc.resolve("diskstats"))) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 10) {
          continue;
        }
        String dev = f[2];
        if (dev.startsWith("loop") || dev.startsWith("ram") || dev.startsWith("zram") || dev.startsWith("fd")
            || dev.startsWith("sr")) {
          continue;
        }
        if (!Files.exists(Path.of("/sys/block", dev)) && Files.exists(Path.of("/sys/block"))) {
          continue; // a partition: its disk is counted
        }
        m.put(dev, new long[] {Long.parseLong(f[3]), Long.parseLong(f[5]), Long.parseLong(f[7]),
            Long.parseLong(f[9])});
      }
    } catch (IOException | RuntimeException e) {
      // no /proc
    }
    return m;
  }

  /** Per interface: bytes received, bytes sent. */
  private Map<String, long[]> nets() {
    Map<String, long[]> m = new TreeMap<>();
    try {
      for (String line : Files.readAllLines(proc.resolve("net/dev"))) {
        int colon = line.indexOf(':');
        if (colon < 0) {
          continue;
        }
        String ifc = line.substring(0, colon).trim();
        String[] f = line.substring(colon + 1).trim().split("\\s+");
        if (f.length < 9) {
          continue;
        }
        m.put(ifc, new long[] {Long.parseLong(f[0]), Long.parseLong(f[8])});
      }
    } catch (IOException | RuntimeException e) {
      // no /proc
    }
    return m;
  }

  /** Stops sampling (taking one last sample) and returns every sample, timed relative to zeroEpochMs. */
  public List<Sample> stop(long zeroEpochMs) {
    stop = true;
    thread.interrupt();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Sample last = snapshot();
    synchronized (samples) {
      if (last != null && (samples.isEmpty() || last.tMs() - samples.get(samples.size() - 1).tMs() >= 50)) {
        samples.add(last);
      }
      List<Sample> out = new ArrayList<>();
      for (Sample x : samples) {
        out.add(new Sample(x.tMs() - zeroEpochMs, x.cpuUser(), x.cpuSys(), x.cpuIowait(), x.memUsed(),
            x.memAvailable(), x.disks(), x.nets()));
      }
      return out;
    }
  }

  @Override
  public void close() {
    stop = true;
    thread.interrupt();
  }

  /** The {@code resources} section of results.json. */
  public static Map<String, Object> section(long intervalMs, List<Sample> samples) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("source", "/proc (stat, meminfo, diskstats, net/dev)");
    m.put("intervalMs", intervalMs);
    Map<String, Object> units = new LinkedHashMap<>();
    units.put("tMs", "ms since the measured start (negative: before it, e.g. warmup)");
    units.put("cpu", "% of all CPUs");
    units.put("memory", "bytes");
    units.put("disks", "bytes/s and operations/s");
    units.put("network", "bytes/s");
    m.put("units", units);
    List<Object> list = new ArrayList<>();
    for (Sample s : samples) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("tMs", s.tMs());
      Map<String, Object> cpu = new LinkedHashMap<>();
      cpu.put("user", s.cpuUser());
      cpu.put("sys", s.cpuSys());
      cpu.put("iowait", s.cpuIowait());
      o.put("cpu", cpu);
      Map<String, Object> mem = new LinkedHashMap<>();
      mem.put("usedBytes", s.memUsed());
      mem.put("availableBytes", s.memAvailable());
      o.put("memory", mem);
      Map<String, Object> disks = new LinkedHashMap<>();
      s.disks().forEach((dev, v) -> {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("readBytesPerSec", round(v[0]));
        d.put("writeBytesPerSec", round(v[1]));
        d.put("readIops", round(v[2]));
        d.put("writeIops", round(v[3]));
        disks.put(dev, d);
      });
      o.put("disks", disks);
      Map<String, Object> nets = new LinkedHashMap<>();
      s.nets().forEach((ifc, v) -> {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("rxBytesPerSec", round(v[0]));
        d.put("txBytesPerSec", round(v[1]));
        nets.put(ifc, d);
      });
      o.put("network", nets);
      list.add(o);
    }
    m.put("samples", list);
    return m;
  }

  private static double round(double d) {
    return Math.round(d * 10) / 10.0;
  }

  /**
   * {@code resources.csv}: fixed columns first, then four columns per disk and two per network interface, named
   * after the device (the devices of one host are the same in every sample).
   */
  public static String csv(List<Sample> samples) {
    Set<String> disks = new LinkedHashSet<>();
    Set<String> nets = new LinkedHashSet<>();
    for (Sample s : samples) {
      disks.addAll(s.disks().keySet());
      nets.addAll(s.nets().keySet());
    }
    StringBuilder sb = new StringBuilder(
        "t_ms,cpu_user_pct,cpu_sys_pct,cpu_iowait_pct,mem_used_bytes,mem_available_bytes");
    for (String d : disks) {
      sb.append(',').append(d).append("_read_bytes_s,").append(d).append("_write_bytes_s,").append(d)
          .append("_read_iops,").append(d).append("_write_iops");
    }
    for (String n : nets) {
      sb.append(',').append(n).append("_rx_bytes_s,").append(n).append("_tx_bytes_s");
    }
    sb.append('\n');
    for (Sample s : samples) {
      sb.append(s.tMs()).append(',').append(Fmt.fixed(s.cpuUser(), 1)).append(',').append(Fmt.fixed(s.cpuSys(), 1))
          .append(',').append(Fmt.fixed(s.cpuIowait(), 1)).append(',').append(s.memUsed()).append(',')
          .append(s.memAvailable());
      for (String d : disks) {
        double[] v = s.disks().getOrDefault(d, new double[4]);
        for (double x : v) {
          sb.append(',').append(Fmt.fixed(x, 1));
        }
      }
      for (String n : nets) {
        double[] v = s.nets().getOrDefault(n, new double[2]);
        for (double x : v) {
          sb.append(',').append(Fmt.fixed(x, 1));
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
