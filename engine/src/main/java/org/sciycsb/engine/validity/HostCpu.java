package org.sciycsb.engine.validity;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CPU that other processes took from the host while a run measured ({@code metadata.hostCpu}): the host's busy
 * time from {@code /proc/stat} (user, nice, system, irq, softirq and steal, over all its cores) less the run's own
 * processes', read every {@value #INTERVAL_MS} ms by a daemon thread, and the processes that took most (their
 * {@code /proc/<pid>/stat} as the thread starts and at the end). The run's own: this process ({@code /proc/self/stat}:
 * the client JVM, an embedded store included), the processes named to be excluded ({@code resources.pids}) and the
 * store server this process is connected to on this host ({@link StoreProcesses}, found again at every reading: once
 * found, a process stays the store's), whose CPU is in the evidence apart. Each process's ticks count from the
 * previous reading (from the start for one found late). Where {@code /proc} cannot be read (not Linux) nothing is
 * sampled and the map is empty.
 */
public final class HostCpu {
  /** How often the host is read. */
  public static final long INTERVAL_MS = 500;
  static final Path PROC = Path.of("/proc");
  /** Processes that took at least this many cores are named in the evidence (at most {@value #BUSIEST}). */
  static final double NAMED_CORES = 0.05;
  static final int BUSIEST = 3;
  /** The store's processes named in the evidence, at most. */
  static final int STORE_NAMED = 10;

  /**
   * One reading: when (nanoTime), the host's busy and total ticks over all cores, and the run's own ticks (the store's
   * included) and the store's, each summed from the first reading.
   */
  record Reading(long nanos, long busy, long total, long own, long store) {
    Reading(long nanos, long busy, long total, long own) {
      this(nanos, busy, total, own, 0);
    }
  }

  /** A process's CPU ticks so far and its command. */
  record Proc(long ticks, String command) {}

  private final Set<Long> own;
  private final int cores;
  /** Finds the store on this host (made by the sampling thread: listing the host's addresses takes milliseconds). */
  private StoreProcesses finder;
  /** Every process found to be the store's, and those of them still read (an ended one is not). */
  private final Set<Long> store = new java.util.HashSet<>();
  private final Set<Long> storeLive = new java.util.HashSet<>();
  /** The ticks of each process of the run's own at the last reading, and the sums so far. */
  private final Map<Long, Long> last = new HashMap<>();
  private long ownSum;
  private long storeSum;
  /** Each store process's ticks as its counting began and at its last reading, and its command. */
  private final Map<Long, Proc> storeFirst = new HashMap<>();
  private final Map<Long, Proc> storeLast = new HashMap<>();
  /** The longest refresh of the store's processes, nanoseconds. */
  private long refreshMaxNanos;
  /** The processes' ticks near the start (read by the sampling thread, off the run's start: null until then). */
  private volatile Map<Long, Proc> startProcs;
  private final List<Reading> readings = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stop;

  private HostCpu(Set<Long> own, int cores) {
    this.own = own;
    this.cores = cores;
    readings.add(read());
    thread = new Thread(this::loop, "sciycsb-host-cpu");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Starts sampling the host, this process and the processes {@code excluded} counting as the run's own; null when
   * {@code /proc/stat} cannot be read.
   */
  public static HostCpu start(Set<Long> excluded) {
    Set<Long> own = new java.util.HashSet<>(excluded);
    own.add(ProcessHandle.current().pid());
    try {
      int cores = (int) Files.readAllLines(PROC.resolve("stat")).stream().filter(l -> l.matches("cpu\\d+ .*"))
          .count();
      HostCpu h = cores > 0 ? new HostCpu(own, cores) : null;
      return h == null || h.readings.get(0) == null ? null : h;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The processes {@code resources.pids} names (PIDs, pid files whose first line is one, {@code servers:<name>}: a
   * test server of this checkout), whose CPU is the store's, not another process's; what cannot be resolved is left
   * out here (the resource sampler reports a bad value).
   */
  public static Set<Long> ownPids(org.sciycsb.api.Config cfg) {
    String v = cfg.raw("resources.pids");
    Set<Long> out = new java.util.HashSet<>();
    if (v == null) {
      return out;
    }
    for (String p : v.split(",")) {
      String t = p.trim();
      try {
        if (t.startsWith("servers:")) {
          out.addAll(org.sciycsb.engine.servers.ServerControl.local().pids(t.substring("servers:".length()),
              "resources.pids=" + t));
        } else if (t.matches("\\d+")) {
          out.add(Long.parseLong(t));
        } else if (!t.isEmpty()) {
          out.add(Long.parseLong(Files.readAllLines(Path.of(t)).get(0).trim()));
        }
      } catch (IOException | RuntimeException | org.sciycsb.api.ConfigException e) {
        // left out: not this check's to report
      }
    }
    return out;
  }

  private void loop() {
    startProcs = processes(); // here, not at the start gate: a scan of /proc takes milliseconds
    finder = StoreProcesses.here();
    findStore();
    while (!stop) {
      try {
        Thread.sleep(INTERVAL_MS);
      } catch (InterruptedException e) {
        return;
      }
      findStore();
      Reading r = read();
      synchronized (readings) {
        if (r != null && !stop) {
          readings.add(r);
        }
      }
    }
  }

  /** Adds the store's processes found now to those found before. */
  private void findStore() {
    long t = System.nanoTime();
    Set<Long> now;
    try {
      now = finder.refresh();
    } catch (RuntimeException e) {
      return; // not found this time: the sampling goes on
    }
    synchronized (this) {
      refreshMaxNanos = Math.max(refreshMaxNanos, System.nanoTime() - t);
      for (long pid : now) {
        if (!own.contains(pid) && store.add(pid)) {
          storeLive.add(pid);
        }
      }
    }
  }

  /** The readings so far (the first included). */
  int readings() {
    synchronized (readings) {
      return readings.size();
    }
  }

  /** The processes found to be the store's so far. */
  synchronized Set<Long> store() {
    return Set.copyOf(store);
  }

  /** Stops sampling: {@code metadata.hostCpu} (see {@link #summary}). */
  public Map<String, Object> stop() {
    stop = true;
    thread.interrupt();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    List<Reading> all;
    synchronized (readings) {
      Reading last = read();
      if (last != null) {
        readings.add(last);
      }
      all = new ArrayList<>(readings);
    }
    Map<Long, Proc> first = startProcs;
    Set<Long> notOthers;
    List<Map<String, Object>> storeUsed;
    synchronized (this) {
      notOthers = new java.util.HashSet<>(own);
      notOthers.addAll(store);
      // from the sampler's own readings: a process that ended before the end (a backend) is still named
      storeUsed = used(storeFirst, storeLast, pid -> true, all, cores, 0, STORE_NAMED);
    }
    Map<String, Object> m = summary(all, cores, first == null ? List.of() : busiest(first, processes(), notOthers,
        all, cores), storeUsed);
    if (!m.isEmpty()) {
      m.put("storeLookupMaxMs", round(refreshMaxNanos / 1e6));
    }
    return m;
  }

  /**
   * {@code metadata.hostCpu}: the host's cores, the other processes' cores busy on average (from the first reading
   * to the last) and in the busiest interval, with the busiest other processes; empty with fewer than two readings.
   */
  static Map<String, Object> summary(List<Reading> r, int cores, List<Map<String, Object>> busiest) {
    return summary(r, cores, busiest, List.of());
  }

  /** As above, with the store's processes on this host ({pid, command, cores}) and the cores they kept busy. */
  static Map<String, Object> summary(List<Reading> r, int cores, List<Map<String, Object>> busiest,
      List<Map<String, Object>> store) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (r.size() < 2 || r.get(r.size() - 1).total() <= r.get(0).total()) {
      return m;
    }
    double max = 0;
    for (int i = 1; i < r.size(); i++) {
      if (r.get(i).total() > r.get(i - 1).total()) {
        max = Math.max(max, others(r.get(i - 1), r.get(i), cores));
      }
    }
    m.put("source", "/proc/stat less the client's, the store's and resources.pids' processes");
    m.put("hostCores", cores);
    m.put("seconds", round((r.get(r.size() - 1).nanos() - r.get(0).nanos()) / 1e9));
    m.put("intervalMs", INTERVAL_MS);
    m.put("samples", r.size() - 1);
    m.put("othersCoresMean", round(others(r.get(0), r.get(r.size() - 1), cores)));
    m.put("othersCoresMax", round(max));
    m.put("busiest", busiest);
    Reading a = r.get(0);
    Reading b = r.get(r.size() - 1);
    m.put("storeCoresMean", round((b.store() - a.store()) / ((b.total() - a.total()) / (double) cores)));
    m.put("store", store);
    return m;
  }

  /** The cores other processes kept busy between two readings: their busy ticks over the elapsed ticks a core. */
  static double others(Reading a, Reading b, int cores) {
    double elapsed = (b.total() - a.total()) / (double) cores;
    return elapsed <= 0 ? 0 : Math.max(0, (b.busy() - a.busy() - (b.own() - a.own())) / elapsed);
  }

  /** The other processes that took most CPU between the start and the end, as cores: {pid, command, cores}. */
  static List<Map<String, Object>> busiest(Map<Long, Proc> start, Map<Long, Proc> end, Set<Long> own,
      List<Reading> r, int cores) {
    return used(start, end, pid -> !own.contains(pid), r, cores, NAMED_CORES, BUSIEST);
  }

  /**
   * The processes {@code which} selects that took at least {@code least} cores between the start and the end, the
   * {@code most} busiest: {pid, command, cores}.
   */
  static List<Map<String, Object>> used(Map<Long, Proc> start, Map<Long, Proc> end,
      java.util.function.LongPredicate which, List<Reading> r, int cores, double least, int most) {
    List<Map<String, Object>> out = new ArrayList<>();
    if (r.size() < 2) {
      return out;
    }
    double elapsed = (r.get(r.size() - 1).total() - r.get(0).total()) / (double) Math.max(1, cores);
    Map<Long, Double> used = new HashMap<>();
    end.forEach((pid, p) -> {
      Proc s = start.get(pid);
      long d = s == null ? p.ticks() : p.ticks() - s.ticks(); // one that began during the run: all of its ticks
      if (which.test(pid) && (d > 0 || least == 0) && elapsed > 0) {
        used.put(pid, d / elapsed);
      }
    });
    used.entrySet().stream().sorted(Map.Entry.<Long, Double>comparingByValue(Comparator.reverseOrder()))
        .filter(e -> e.getValue() >= least).limit(most).forEach(e -> {
          Map<String, Object> p = new LinkedHashMap<>();
          p.put("pid", e.getKey());
          p.put("command", end.get(e.getKey()).command());
          p.put("cores", round(e.getValue()));
          out.add(p);
        });
    return out;
  }

  /**
   * The host's ticks and the run's own, now; null when they cannot be read. A process's ticks count from its last
   * reading; one not read before from the start ({@link #startProcs}: found late), else from now at the first
   * reading, else from its own start (it began during the run).
   */
  private synchronized Reading read() {
    try {
      String first = Files.readAllLines(PROC.resolve("stat")).get(0);
      long[] t = hostTicks(first);
      Map<Long, Proc> start = startProcs;
      List<Long> pids = new ArrayList<>(own);
      pids.addAll(storeLive);
      for (long pid : pids) {
        long now;
        String stat;
        try {
          stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
          now = ticks(stat);
        } catch (IOException | RuntimeException e) {
          storeLive.remove(pid); // it has ended (or never was): it takes nothing from now on
          continue;
        }
        Long before = last.get(pid);
        if (before == null) {
          before = start != null && start.containsKey(pid) ? start.get(pid).ticks() : start == null ? now : 0;
        }
        long d = Math.max(0, now - before);
        ownSum += d;
        if (storeLive.contains(pid)) {
          storeSum += d;
          String command = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          storeFirst.putIfAbsent(pid, new Proc(before, command));
          storeLast.put(pid, new Proc(now, command));
        }
        last.put(pid, now);
      }
      return new Reading(System.nanoTime(), t[0], t[1], ownSum, storeSum);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** {busy, total} ticks of /proc/stat's first line (cpu user nice system idle iowait irq softirq steal ...). */
  static long[] hostTicks(String line) {
    String[] f = line.trim().split("\\s+");
    long[] v = new long[9];
    for (int i = 1; i < Math.min(f.length, 9); i++) {
      v[i] = Long.parseLong(f[i]);
    }
    long busy = v[1] + v[2] + v[3] + v[6] + v[7] + v[8]; // guest time is already in user
    return new long[] {busy, busy + v[4] + v[5]};
  }

  /** utime + stime of a {@code /proc/<pid>/stat} line (fields 14 and 15, counted after the command's parenthesis). */
  static long ticks(String stat) {
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /** Every process's ticks and command, by pid (those that cannot be read are left out). */
  static Map<Long, Proc> processes() {
    Map<Long, Proc> out = new HashMap<>();
    try (DirectoryStream<Path> d = Files.newDirectoryStream(PROC, "[0-9]*")) {
      for (Path p : d) {
        try {
          String s = Files.readString(p.resolve("stat"));
          out.put(Long.parseLong(p.getFileName().toString()), new Proc(ticks(s),
              s.substring(s.indexOf('(') + 1, s.lastIndexOf(')'))));
        } catch (IOException | RuntimeException e) {
          // it ended meanwhile, or is not ours to read
        }
      }
    } catch (IOException e) {
      return out;
    }
    return out;
  }

  private static double round(double d) {
    return Math.round(d * 100) / 100.0;
  }
}
