package org.sciycsb.report.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.run.ResourceSampler.ProcessSample;
import org.sciycsb.report.run.ResourceSampler.Sample;
import org.sciycsb.report.run.ResourceSampler.Watched;

/**
 * What {@link ResourceSampler} sampled, written out: the {@code resources} section of results.json (samples,
 * sampled processes and the measured part's means) and {@code resources.csv}.
 */
public final class ResourceWriter {
  /** The {@code source} of the results' {@code resources} section. */
  static final String SOURCE = "OSHI (host CPU, memory, disks, network; processes by PID)";

  /** The CSV column suffixes of a sampled storage device's figures, in {@link DiskStats#NAMES}' order. */
  private static final String[] CSV_STORAGE = {"reads_s", "writes_s", "read_mb_s", "write_mb_s", "service_ms",
      "queue_depth", "util_pct"};

  private ResourceWriter() {}

  /**
   * The {@code resources} section of results.json, with the sampled processes
   * ({@link ResourceSampler#processes()}).
   */
  public static Map<String, Object> section(long intervalMs, List<Sample> samples, List<Watched> processes) {
    return section(intervalMs, samples, processes, List.of());
  }

  /**
   * The {@code resources} section with the block devices under the store's data too: each sample's
   * {@code storage} figures and, per device, {@code storageDevices} with the measured part's mean and max of each
   * figure (both left out when no device was sampled).
   */
  public static Map<String, Object> section(long intervalMs, List<Sample> samples, List<Watched> processes,
      List<SampledDevice> devices) {
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
    if (!devices.isEmpty()) {
      units.put("storage", "from /proc/diskstats: operations/s, MB/s (10^6 bytes), serviceMs: ms per operation,"
          + " queueDepth: requests in flight, utilPct: % of the interval with I/O in flight");
    }
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
      list.add(sample(s));
    }
    m.put("samples", list);
    m.put("summary", summary(samples));
    if (!devices.isEmpty()) {
      m.put("storageDevices", StorageSummary.devices(devices, samples));
    }
    return m;
  }

  /** One sample of the {@code samples} list. */
  private static Map<String, Object> sample(Sample s) {
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
    if (!s.storage().isEmpty()) {
      Map<String, Object> st = new LinkedHashMap<>();
      s.storage().forEach((dev, f) -> st.put(dev, figures(f.values())));
      o.put("storage", st);
    }
    return o;
  }

  /** The figures of one device in one sample, by name. */
  static Map<String, Object> figures(double[] v) {
    Map<String, Object> d = new LinkedHashMap<>();
    for (int i = 0; i < v.length; i++) {
      d.put(DiskStats.NAMES[i], round2(v[i]));
    }
    return d;
  }

  static double round2(double d) {
    return Math.round(d * 100) / 100.0;
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
   * ({@code client} for the client's JVM, {@code pid<N>} for another), empty where the process was not sampled,
   * then seven per block device under the store's data ({@code storage_<device>_reads_s}, ...).
   */
  public static String csv(List<Sample> samples) {
    Set<String> disks = new LinkedHashSet<>();
    Set<String> nets = new LinkedHashSet<>();
    Set<String> procs = new LinkedHashSet<>();
    Set<String> storage = new LinkedHashSet<>();
    for (Sample s : samples) {
      storage.addAll(s.storage().keySet());
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
    for (String d : storage) {
      for (String c : CSV_STORAGE) {
        sb.append(",storage_").append(d).append('_').append(c);
      }
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
      for (String d : storage) {
        DiskStats.Figures f = s.storage().get(d);
        for (int i = 0; i < CSV_STORAGE.length; i++) {
          sb.append(',').append(f == null ? "" : Fmt.fixed(f.values()[i], 2));
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
