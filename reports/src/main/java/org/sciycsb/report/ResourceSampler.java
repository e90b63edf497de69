package org.sciycsb.report;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.LoggerFactory;
import oshi.PlatformEnum;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.hardware.GlobalMemory;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.hardware.NetworkIF;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;
import oshi.util.GlobalConfig;

/**
 * Samples resource use during a run, as seed 001 did with {@code sar}, through OSHI: the host's CPU
 * user/system/iowait, memory used/available, read/write bytes and IOPS per whole disk (loop, ram, zram, sr and fd
 * devices left out) and received/sent bytes per network interface, and the CPU (user, system) and resident memory
 * of chosen processes: the client's own JVM by default, any other by PID (a store server on this host). One daemon
 * thread samples every interval; rates are per second over the interval. Samples carry their time in milliseconds
 * relative to the measured start (negative during warmup). Where OSHI cannot read the system,
 * {@link #available()} is false and nothing is sampled.
 */
public final class ResourceSampler implements AutoCloseable {
  /** The {@code source} of the results' {@code resources} section. */
  static final String SOURCE = "OSHI (host CPU, memory, disks, network; processes by PID)";
  /** The name of the client's own JVM among the sampled processes; others are {@code pid<N>}. */
  public static final String CLIENT = "client";

  /** One sample: rates over the interval ending at tMs (epoch ms while sampling, relative once stopped). */
  public record Sample(long tMs, double cpuUser, double cpuSys, double cpuIowait, long memUsed, long memAvailable,
      Map<String, double[]> disks, Map<String, double[]> nets, Map<String, ProcessSample> processes) {
    Sample at(long t) {
      return new Sample(t, cpuUser, cpuSys, cpuIowait, memUsed, memAvailable, disks, nets, processes);
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
  private final Host host;
  private final List<Proc> procs = new ArrayList<>();
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stop;

  private long[] lastCpu;
  private Map<String, long[]> lastDisk;
  private Map<String, long[]> lastNet;
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
    this.intervalMs = intervalMs;
    this.host = Host.get();
    long self = ProcessHandle.current().pid();
    int servers = 0;
    for (long pid : new LinkedHashSet<>(pids)) {
      procs.add(pid == self ? new Proc(CLIENT, pid, false)
          : new Proc(++servers == 1 ? "server" : "server" + servers, pid, true));
    }
    this.thread = new Thread(this::loop, "sciycsb-resources");
    this.thread.setDaemon(true);
  }

  /** Whether OSHI can read this system's CPU and memory (false: sampling is off). */
  public static boolean available() {
    return Host.get() != null;
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
    double secs = Math.max(1e-3, (now - lastNanos) / 1e9);
    Map<String, ProcessSample> ps = new TreeMap<>();
    for (Proc p : procs) {
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
      s = new Sample(epoch, user, sys, iowait, mem[0], mem[1], d, n, ps);
    }
    lastCpu = cpu;
    lastDisk = disk;
    lastNet = net;
    lastNanos = now;
    return s;
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
      for (Proc p : procs) {
        out.add(new Watched(p.name, p.pid, p.command, p.problem));
      }
      return out;
    }
  }

  /** One sampled process: the CPU times of the previous sample, and its start time (a reused PID is another). */
  private static final class Proc {
    final String name;
    final long pid;
    /** A server's figures include its descendants' (PostgreSQL's backends, a wrapper's children). */
    final boolean tree;
    /** Each descendant's start time, user and kernel ms at the last reading. */
    final Map<Long, long[]> children = new java.util.HashMap<>();
    String command;
    String problem;
    long startTime = -1;
    long lastUser;
    long lastKernel;
    boolean gone;

    Proc(String name, long pid, boolean tree) {
      this.name = name;
      this.pid = pid;
      this.tree = tree;
    }

    /**
     * The descendants' user and kernel ms since the last reading (a descendant that started since counts whole;
     * one that ended since is lost for its last interval) and their resident memory.
     */
    long[] descendants(Host host, boolean baseline) {
      long[] sum = new long[3];
      java.util.Set<Long> seen = new java.util.HashSet<>();
      ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> {
        OSProcess c = d.pid() <= Integer.MAX_VALUE ? host.os.getProcess((int) d.pid()) : null;
        if (c == null) {
          return;
        }
        seen.add(d.pid());
        long[] last = children.get(d.pid());
        boolean same = last != null && last[0] == c.getStartTime();
        if (!baseline) {
          sum[0] += c.getUserTime() - (same ? last[1] : 0);
          sum[1] += c.getKernelTime() - (same ? last[2] : 0);
        }
        sum[2] += c.getResidentSetSize();
        children.put(d.pid(), new long[] {c.getStartTime(), c.getUserTime(), c.getKernelTime()});
      }));
      children.keySet().retainAll(seen);
      return sum;
    }

    /** Reads the process; its figures when there is a previous reading to take the CPU from, else null. */
    ProcessSample sample(Host host, double secs, boolean rate) {
      if (gone) {
        return null;
      }
      OSProcess p = null;
      try {
        p = pid > 0 && pid <= Integer.MAX_VALUE ? host.os.getProcess((int) pid) : null;
      } catch (RuntimeException | LinkageError e) {
        // unreadable: as gone
      }
      if (p == null || (startTime >= 0 && p.getStartTime() != startTime)) {
        gone = true;
        problem = startTime < 0 ? "no process with pid " + pid
            : "process " + pid + " ended during the run (its last figures are in the last sample that has it)";
        return null;
      }
      ProcessSample out = null;
      long[] kids = tree ? descendants(host, startTime < 0) : new long[3];
      if (startTime >= 0 && rate) {
        double ms = secs * 1000 * host.cpus / 100.0; // 1% of all CPUs over the interval, in CPU ms
        out = new ProcessSample(pid, Math.round(10 * (p.getUserTime() - lastUser + kids[0]) / ms) / 10.0,
            Math.round(10 * (p.getKernelTime() - lastKernel + kids[1]) / ms) / 10.0,
            p.getResidentSetSize() + kids[2]);
      }
      startTime = p.getStartTime();
      command = p.getName();
      lastUser = p.getUserTime();
      lastKernel = p.getKernelTime();
      return out;
    }
  }

  /** OSHI's view of this system, made once per JVM; null where OSHI cannot read CPU and memory. */
  private static final class Host {
    private static final Object LOCK = new Object();
    private static boolean tried;
    private static Host instance;

    final HardwareAbstractionLayer hal;
    final OperatingSystem os;
    final CentralProcessor cpu;
    final int cpus;

    private Host(SystemInfo si) {
      hal = si.getHardware();
      os = si.getOperatingSystem();
      cpu = hal.getProcessor();
      cpus = Math.max(1, cpu.getLogicalProcessorCount());
    }

    static Host get() {
      synchronized (LOCK) {
        if (!tried) {
          tried = true;
          instance = open();
        }
        return instance;
      }
    }

    private static Host open() {
      try {
        if (SystemInfo.getCurrentPlatform() == PlatformEnum.UNKNOWN) {
          return null;
        }
        quietSlf4j();
        // OSHI caches what it reads for 300 ms: sampling every 100 ms or more needs fresh values each time
        GlobalConfig.set(GlobalConfig.OSHI_UTIL_MEMOIZER_EXPIRATION, 10);
        Host h = new Host(new SystemInfo());
        long[] ticks = h.cpu.getSystemCpuLoadTicks();
        long sum = 0;
        for (long t : ticks) {
          sum += t;
        }
        return sum > 0 && h.hal.getMemory().getTotal() > 0 ? h : null;
      } catch (RuntimeException | LinkageError e) {
        return null; // no native access (JNA), or a system OSHI does not read
      }
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

  /** The {@code resources} section of results.json, with the sampled processes ({@link #processes()}). */
  public static Map<String, Object> section(long intervalMs, List<Sample> samples, List<Watched> processes) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("source", SOURCE);
    m.put("intervalMs", intervalMs);
    Map<String, Object> units = new LinkedHashMap<>();
    units.put("tMs", "ms since the measured start (negative: before it, e.g. warmup)");
    units.put("cpu", "% of all CPUs");
    units.put("memory", "bytes");
    units.put("disks", "bytes/s and operations/s");
    units.put("network", "bytes/s");
    units.put("processes", "cpuUser, cpuSys: % of all CPUs; rssBytes: resident memory, bytes");
    m.put("units", units);
    List<Object> watched = new ArrayList<>();
    for (Watched w : processes) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("name", w.name());
      o.put("pid", w.pid());
      o.put("command", w.command());
      o.put("problem", w.problem());
      watched.add(o);
    }
    m.put("processes", watched);
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
      Map<String, Object> procs = new LinkedHashMap<>();
      s.processes().forEach((name, p) -> {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("pid", p.pid());
        d.put("cpuUser", p.cpuUser());
        d.put("cpuSys", p.cpuSys());
        d.put("rssBytes", p.rssBytes());
        procs.put(name, d);
      });
      o.put("processes", procs);
      list.add(o);
    }
    m.put("samples", list);
    m.put("summary", summary(samples));
    return m;
  }

  /**
   * The means over the measured part (samples at or after the measured start): the host's busy CPU (user, system
   * and iowait, % of all CPUs), each process's CPU (user and system) and largest resident memory, and the store's
   * server processes' CPU together ({@code serverProcessesCpu}); the figures a study's tables cite.
   */
  static Map<String, Object> summary(List<Sample> samples) {
    List<Sample> measured = samples.stream().filter(x -> x.tMs() >= 0).toList();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("samples", measured.size());
    if (measured.isEmpty()) {
      return m;
    }
    m.put("hostCpuBusy", round(measured.stream().mapToDouble(x -> x.cpuUser() + x.cpuSys() + x.cpuIowait())
        .average().orElse(0)));
    Map<String, Object> procs = new LinkedHashMap<>();
    Set<String> names = new LinkedHashSet<>();
    measured.forEach(x -> names.addAll(x.processes().keySet()));
    for (String n : names) {
      List<ProcessSample> ps = measured.stream().map(x -> x.processes().get(n)).filter(Objects::nonNull).toList();
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("cpu", round(ps.stream().mapToDouble(x -> x.cpuUser() + x.cpuSys()).average().orElse(0)));
      p.put("rssMaxBytes", ps.stream().mapToLong(ProcessSample::rssBytes).max().orElse(0));
      p.put("samples", ps.size());
      procs.put(n, p);
    }
    m.put("processes", procs);
    // the store's processes together (FerretDB and its PostgreSQL, a ring's nodes)
    double[] servers = names.stream().filter(n -> n.startsWith("server")).mapToDouble(n -> measured.stream()
        .map(x -> x.processes().get(n)).filter(Objects::nonNull).mapToDouble(x -> x.cpuUser() + x.cpuSys())
        .average().orElse(0)).toArray();
    if (servers.length > 0) {
      m.put("serverProcessesCpu", round(java.util.Arrays.stream(servers).sum()));
    }
    return m;
  }

  private static double round(double d) {
    return Math.round(d * 10) / 10.0;
  }

  /**
   * {@code resources.csv}: fixed columns first, then four columns per disk and two per network interface, named
   * after the device (the devices of one host are the same in every sample), then three per sampled process
   * ({@code client} for the client's JVM, {@code pid<N>} for another), empty where the process was not sampled.
   */
  public static String csv(List<Sample> samples) {
    Set<String> disks = new LinkedHashSet<>();
    Set<String> nets = new LinkedHashSet<>();
    Set<String> procs = new LinkedHashSet<>();
    for (Sample s : samples) {
      disks.addAll(s.disks().keySet());
      nets.addAll(s.nets().keySet());
      procs.addAll(s.processes().keySet());
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
    for (String p : procs) {
      sb.append(',').append(p).append("_cpu_user_pct,").append(p).append("_cpu_sys_pct,").append(p)
          .append("_rss_bytes");
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
      for (String p : procs) {
        ProcessSample x = s.processes().get(p);
        if (x == null) {
          sb.append(",,,");
        } else {
          sb.append(',').append(Fmt.fixed(x.cpuUser(), 1)).append(',').append(Fmt.fixed(x.cpuSys(), 1)).append(',')
              .append(x.rssBytes());
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
