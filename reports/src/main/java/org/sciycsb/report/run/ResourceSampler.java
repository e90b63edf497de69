package org.sciycsb.report.run;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.LoggerFactory;
import oshi.hardware.CentralProcessor.TickType;
import oshi.hardware.GlobalMemory;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.hardware.NetworkIF;

/**
 * Samples resource use during a run, as seed 001 did with {@code sar}, through OSHI: the host's CPU
 * user/system/iowait, memory used/available, read/write bytes and IOPS per whole disk (loop, ram, zram, sr and fd
 * devices left out) and received/sent bytes per network interface, and the CPU (user, system) and resident memory
 * of chosen processes: the client's own JVM by default, any other by PID (a store server on this host). One daemon
 * thread samples every interval; rates are per second over the interval. Samples carry their time in milliseconds
 * relative to the measured start (negative during warmup). The block devices under a store's data
 * ({@link SampledDevice}, loop and device-mapper devices included) are sampled from {@code /proc/diskstats}
 * ({@link DiskStats}: operations, MB/s, mean service time, queue depth and utilisation). Where OSHI cannot read the system,
 * {@link #available()} is false and nothing is sampled. {@link ResourceWriter} writes the samples out.
 */
public final class ResourceSampler implements AutoCloseable {
  /** The name of the client's own JVM among the sampled processes; others are {@code pid<N>}. */
  public static final String CLIENT = "client";

  /** One sample: rates over the interval ending at tMs (epoch ms while sampling, relative once stopped). */
  public record Sample(long tMs, double cpuUser, double cpuSys, double cpuIowait, long memUsed, long memAvailable,
      Map<String, double[]> disks, Map<String, double[]> nets, Map<String, ProcessSample> processes,
      Map<String, DiskStats.Figures> storage) {
    /** A sample without storage devices. */
    public Sample(long tMs, double cpuUser, double cpuSys, double cpuIowait, long memUsed, long memAvailable,
        Map<String, double[]> disks, Map<String, double[]> nets, Map<String, ProcessSample> processes) {
      this(tMs, cpuUser, cpuSys, cpuIowait, memUsed, memAvailable, disks, nets, processes, Map.of());
    }

    Sample at(long t) {
      return new Sample(t, cpuUser, cpuSys, cpuIowait, memUsed, memAvailable, disks, nets, processes, storage);
    }
  }

  /** A process over one interval: CPU user and system in % of all CPUs (as the host's), resident memory. */
  public record ProcessSample(long pid, double cpuUser, double cpuSys, long rssBytes) {}

  /**
   * A sampled process: its name in the results, PID, command (null when it was not found) and, when it could not
   * be sampled for the whole run, why (no such process, or it ended during the run), else null.
   */
  public record Watched(String name, long pid, String command, String problem) {}

  private final long intervalMs;
  private final OshiHost host;
  private final List<SampledProcess> procs = new ArrayList<>();
  private final List<SampledDevice> devices;
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stop;

  private long[] lastCpu;
  private Map<String, long[]> lastDisk;
  private Map<String, long[]> lastNet;
  private Map<String, DiskStats.Counters> lastStats;
  private long lastNanos;

  /** Samples the host and the client's own JVM. */
  public ResourceSampler(long intervalMs) {
    this(intervalMs, List.of(ProcessHandle.current().pid()));
  }

  /**
   * Samples the host and the processes {@code pids} (the client's own is {@link #CLIENT}, the others {@code server},
   * {@code server2}, ... in order: the store server processes of {@code resources.pids}). A PID without a process is
   * not an error: it is reported by {@link #processes()}.
   */
  public ResourceSampler(long intervalMs, List<Long> pids) {
    this(intervalMs, pids, List.of());
  }

  /** Samples as {@link #ResourceSampler(long, List)} and the block devices {@code devices} too. */
  public ResourceSampler(long intervalMs, List<Long> pids, List<SampledDevice> devices) {
    this.intervalMs = intervalMs;
    this.devices = List.copyOf(devices);
    this.host = OshiHost.get();
    long self = ProcessHandle.current().pid();
    int servers = 0;
    for (long pid : new LinkedHashSet<>(pids)) {
      procs.add(pid == self ? new SampledProcess(CLIENT, pid, false)
          : new SampledProcess(++servers == 1 ? "server" : "server" + servers, pid, true));
    }
    this.thread = new Thread(this::loop, "sciycsb-resources");
    this.thread.setDaemon(true);
  }

  /** Whether OSHI can read this system's CPU and memory (false: sampling is off). */
  public static boolean available() {
    return OshiHost.get() != null;
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

  /** Takes one sample of the deltas since the previous call (null the first time or when nothing can be read). */
  synchronized Sample snapshot() {
    if (host == null) {
      return null;
    }
    long now = System.nanoTime();
    long epoch = System.currentTimeMillis();
    long[] cpu;
    long[] mem;
    Map<String, long[]> disk;
    Map<String, long[]> net;
    try {
      cpu = host.cpu.getSystemCpuLoadTicks();
      GlobalMemory gm = host.hal.getMemory();
      long avail = gm.getAvailable();
      mem = new long[] {Math.max(0, gm.getTotal() - avail), avail};
      disk = disks(host.hal);
      net = nets(host.hal);
    } catch (RuntimeException | LinkageError e) {
      return null; // OSHI could not read the system this time: no sample for this interval
    }
    Map<String, DiskStats.Counters> stats = devices.isEmpty() ? Map.of() : DiskStats.read();
    double secs = Math.max(1e-3, (now - lastNanos) / 1e9);
    Map<String, ProcessSample> ps = new TreeMap<>();
    for (SampledProcess p : procs) {
      ProcessSample x = p.sample(host, secs, lastCpu != null);
      if (x != null) {
        ps.put(p.name, x);
      }
    }
    Sample s = null;
    if (lastCpu != null) {
      long total = 0;
      for (int i = 0; i < cpu.length; i++) {
        total += cpu[i] - lastCpu[i];
      }
      double user = pct(delta(cpu, TickType.USER) + delta(cpu, TickType.NICE), total);
      double sys = pct(delta(cpu, TickType.SYSTEM) + delta(cpu, TickType.IRQ) + delta(cpu, TickType.SOFTIRQ), total);
      double iowait = pct(delta(cpu, TickType.IOWAIT), total);
      Map<String, double[]> d = new TreeMap<>();
      disk.forEach((dev, v) -> {
        long[] o = lastDisk.get(dev);
        if (o != null) {
          d.put(dev, new double[] {(v[1] - o[1]) / secs, (v[3] - o[3]) / secs, (v[0] - o[0]) / secs,
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
      s = new Sample(epoch, user, sys, iowait, mem[0], mem[1], d, n, ps, storage(stats, secs * 1000));
    }
    lastCpu = cpu;
    lastDisk = disk;
    lastNet = net;
    lastStats = stats;
    lastNanos = now;
    return s;
  }

  /** The sampled devices' figures since the last reading, by device name (a device not read is left out). */
  private Map<String, DiskStats.Figures> storage(Map<String, DiskStats.Counters> stats, double ms) {
    Map<String, DiskStats.Figures> out = new TreeMap<>();
    for (SampledDevice dev : devices) {
      DiskStats.Counters now = stats.get(dev.majorMinor());
      DiskStats.Counters before = lastStats.get(dev.majorMinor());
      if (now != null && before != null) {
        out.put(dev.name(), DiskStats.figures(before, now, ms));
      }
    }
    return out;
  }

  /** The block devices sampled from {@code /proc/diskstats}. */
  public List<SampledDevice> devices() {
    return devices;
  }

  private long delta(long[] cpu, TickType t) {
    return cpu[t.getIndex()] - lastCpu[t.getIndex()];
  }

  private static double pct(long part, long total) {
    return total <= 0 ? 0 : Math.round(1000.0 * part / total) / 10.0;
  }

  /** Per whole disk: reads, bytes read, writes, bytes written (OSHI lists disks, their partitions apart). */
  private static Map<String, long[]> disks(HardwareAbstractionLayer hal) {
    Map<String, long[]> m = new TreeMap<>();
    for (HWDiskStore d : hal.getDiskStores()) {
      String dev = d.getName().startsWith("/dev/") ? d.getName().substring(5) : d.getName();
      if (dev.startsWith("loop") || dev.startsWith("ram") || dev.startsWith("zram") || dev.startsWith("fd")
          || dev.startsWith("sr")) {
        continue;
      }
      m.put(dev, new long[] {d.getReads(), d.getReadBytes(), d.getWrites(), d.getWriteBytes()});
    }
    return m;
  }

  /** Per interface (loopback included): bytes received, bytes sent. */
  private static Map<String, long[]> nets(HardwareAbstractionLayer hal) {
    Map<String, long[]> m = new TreeMap<>();
    for (NetworkIF n : hal.getNetworkIFs(true)) {
      m.put(n.getName(), new long[] {n.getBytesRecv(), n.getBytesSent()});
    }
    return m;
  }

  /** The sampled processes, with what went wrong for each (a PID without a process, one that ended). */
  public List<Watched> processes() {
    synchronized (this) {
      List<Watched> out = new ArrayList<>();
      for (SampledProcess p : procs) {
        out.add(new Watched(p.name, p.pid, p.command, p.problem));
      }
      return out;
    }
  }

  /**
   * Initialises SLF4J (OSHI logs through it) without its notice on stderr when no binding is on the classpath:
   * SLF4J then drops every line, as the {@code slf4j-nop} binding would. A binding that wants log lines brings its
   * own binding (cassandra: slf4j-simple, riak: slf4j-nop, hdfs: reload4j), which is then used as before.
   */
  public static void quietSlf4j() {
    synchronized (LoggerFactory.class) {
      if (LoggerFactory.class.getClassLoader().getResource("org/slf4j/impl/StaticLoggerBinder.class") != null) {
        return;
      }
      PrintStream err = System.err;
      System.setErr(new PrintStream(OutputStream.nullOutputStream()));
      try {
        LoggerFactory.getILoggerFactory();
      } finally {
        System.setErr(err);
      }
    }
  }

  /** How many samples were taken so far (for tests that wait for the sample after an event). */
  int sampleCount() {
    synchronized (samples) {
      return samples.size();
    }
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
        out.add(x.at(x.tMs() - zeroEpochMs));
      }
      return out;
    }
  }

  @Override
  public void close() {
    stop = true;
    thread.interrupt();
  }
}
