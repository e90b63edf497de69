package org.sciycsb.engine.validity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.results.RunReport;

/**
 * A run's validity verdict ({@code results.json}'s {@code validity}): {@code valid}, or {@code suspect} with every
 * reason and the evidence behind it. Judged from the run's own report: its client's CPU and the operations that
 * waited in the client (for an in-flight slot, or late for their slot), the target it was given and the trend of the
 * schedule's lag, the JVM's GC pauses, the trend of its per-interval throughput (a warmup too short when it settles in
 * the first half), the store's trouble signals ({@code extra.server.trouble}), the CPU other processes took from
 * the host ({@code metadata.hostCpu}), the operations behind each printed percentile and its failed operations. A
 * binding that measures the client itself (no store) gets a note instead of the client reason; a percentile printed by
 * default with too few operations behind it gets a note ({@link #FEW}) instead of a reason.
 */
public final class Validity {
  /** The most points the trend test takes (a longer series is averaged in bins first). */
  static final int TREND_POINTS = 200;

  /** The shortest measured time whose client CPU is judged. */
  static final long MIN_CPU_MS = 2000;

  /** The shortest measured time whose GC pauses are judged. */
  static final long MIN_GC_MS = 1000;

  /** The shortest measured time whose host CPU is judged. */
  static final long MIN_HOST_MS = 1000;

  /** How a note on a percentile printed from too few operations begins (stderr prints these notes). */
  public static final String FEW = "few operations: ";

  /** The exit code of a suspect run with {@code validity.fail=true}. */
  public static final int EXIT_SUSPECT = 6;

  private Validity() {}

  /** The smallest rise of the schedule lag over a run that makes it suspect, in microseconds. */
  static final double LAG_RISE_US = 1000;

  /** The fewest points (intervals, samples) a trend is tested on. */
  static final int TREND_MIN = 8;

  /**
   * What the engine knows beyond the report: the phase, the target, the pauses, the cores, the thresholds, whether
   * operations had a schedule (-target or an arrival process) and the warmup asked for, in words.
   */
  public record Inputs(boolean load, double target, GcWatch.Pauses gc, int cores, boolean clientOnly, Config config,
      boolean scheduled, String warmup) {
    /** Scheduled when there is a target, without a warmup. */
    public Inputs(boolean load, double target, GcWatch.Pauses gc, int cores, boolean clientOnly, Config config) {
      this(load, target, gc, cores, clientOnly, config, target > 0, "none");
    }
  }

  /** One reason a run is suspect: a short name and its evidence in one line. */
  record Reason(String reason, String evidence) {
    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("reason", reason);
      m.put("evidence", evidence);
      return m;
    }
  }

  /** The verdict of a run, as results.json's {@code validity}. */
  public static Map<String, Object> judge(RunReport r, Inputs in) throws ConfigException {
    List<Reason> reasons = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    double seconds = r.runtimeMs() / 1000.0;
    client(r, in, reasons, notes);
    waits(r, in, reasons, notes);
    target(r, in, reasons);
    lag(r, in, reasons, notes);
    gc(in, seconds, reasons, notes);
    steady(r, in, reasons, notes);
    server(r, reasons, notes);
    host(r, in, reasons, notes);
    Samples.judge(r, in.config(), in.config().get(ValidityOptions.SAMPLES), reasons, notes);
    errors(r, in, reasons);
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("verdict", reasons.isEmpty() ? "valid" : "suspect");
    v.put("reasons", reasons.stream().map(Reason::toMap).toList());
    Map<String, Object> gc = new LinkedHashMap<>();
    gc.put("pauses", in.gc().count());
    gc.put("totalMs", in.gc().totalMs());
    gc.put("maxMs", in.gc().maxMs());
    gc.put("share", seconds <= 0 ? null : round(in.gc().totalMs() / 1000.0 / seconds));
    v.put("gc", gc);
    v.put("notes", notes);
    return v;
  }

  private static void client(RunReport r, Inputs in, List<Reason> reasons, List<String> notes)
      throws ConfigException {
    Object cpu = r.metadata().get("clientCpu");
    Object busy = cpu instanceof Map<?, ?> m ? m.get("coresBusy") : null;
    if (!(busy instanceof Number b)) {
      notes.add("client CPU not measured: the client bottleneck not judged");
      return;
    }
    if (r.runtimeMs() < MIN_CPU_MS) {
      notes.add(String.format(Locale.ROOT, "client bottleneck not judged: %.1f s measured, under %d s (the JVM's "
          + "start, JIT included, would decide it)", r.runtimeMs() / 1000.0, MIN_CPU_MS / 1000));
      return;
    }
    double limit = in.config().get(ValidityOptions.CPU) * in.cores();
    if (b.doubleValue() <= limit) {
      return;
    }
    String evidence = String.format(Locale.ROOT, "the client process kept %.2f of its %d cores busy (its CPU time "
        + "over the measured %.1f s), above validity.cpu %.2f x %d", b.doubleValue(), in.cores(),
        r.runtimeMs() / 1000.0, in.config().get(ValidityOptions.CPU), in.cores());
    if (in.clientOnly()) {
      notes.add("the binding measures the client itself (no store): " + evidence);
    } else {
      reasons.add(new Reason("client bottleneck", evidence));
    }
  }

  private static void target(RunReport r, Inputs in, List<Reason> reasons) throws ConfigException {
    double share = in.config().get(ValidityOptions.TARGET);
    if (in.target() > 0 && r.throughput() < share * in.target()) {
      reasons.add(new Reason("target not reached", String.format(Locale.ROOT, "%.1f ops/s of the target %.1f "
          + "(%.0f %%), below validity.target %.0f %%", r.throughput(), in.target(), 100 * r.throughput()
          / in.target(), 100 * share)));
    }
  }

  private static void gc(Inputs in, double seconds, List<Reason> reasons, List<String> notes)
      throws ConfigException {
    double share = in.config().get(ValidityOptions.GC);
    if (seconds < MIN_GC_MS / 1000.0) {
      if (in.gc().count() > 0) {
        notes.add(String.format(Locale.ROOT, "GC pauses not judged: %.2f s measured, under %d s (one pause of "
            + "%d ms would decide it)", seconds, MIN_GC_MS / 1000, in.gc().maxMs()));
      }
      return;
    }
    if (seconds > 0 && in.gc().totalMs() / 1000.0 > share * seconds) {
      reasons.add(new Reason("GC pauses", String.format(Locale.ROOT, "%d pauses took %d ms of the measured %.1f s "
          + "(%.1f %%, the longest %d ms), above validity.gc %.1f %%", in.gc().count(), in.gc().totalMs(), seconds,
          100 * in.gc().totalMs() / 1000.0 / seconds, in.gc().maxMs(), 100 * share)));
    }
  }

  /**
   * Mann-Kendall on the OVERALL throughput of the whole intervals; too few intervals are a note. A trend over the run
   * whose second half is steady is a warmup too short (the run settled while measured), else the run is not steady.
   */
  private static void steady(RunReport r, Inputs in, List<Reason> reasons, List<String> notes)
      throws ConfigException {
    double trend = in.config().get(ValidityOptions.TREND);
    boolean offered = r.series().stream().anyMatch(p -> p.offered() != null && p.offered() > 0);
    // an arrival process varies the rate on purpose: then what must be steady is the share of it achieved
    double[] tput = wholeIntervals(r, false, (p, o) -> offered && p.offered() != null && p.offered() > 0
        ? o.throughput() / p.offered() : o.throughput());
    if (tput.length < TREND_MIN) {
      notes.add("steadiness not tested: " + tput.length + " whole intervals (the trend test needs " + TREND_MIN + ")");
      return;
    }
    TrendTest.Result t = TrendTest.of(tput, TREND_POINTS);
    double change = relativeChange(tput, t);
    if (t.p() >= 0.01 || Math.abs(change) <= trend) {
      return;
    }
    double[] late = Arrays.copyOfRange(tput, tput.length / 2, tput.length);
    String what = String.format(Locale.ROOT, "throughput%s %s by %.0f %% over the %d intervals measured (Sen's slope "
        + "%+.3g per interval, Mann-Kendall p = %.2g), more than validity.trend %.0f %%",
        offered ? " (as a share of the offered rate)" : "", change > 0 ? "rose" : "fell", 100 * Math.abs(change),
        tput.length, t.senSlope(), t.p(), 100 * trend);
    if (late.length >= TREND_MIN) {
      TrendTest.Result l = TrendTest.of(late, TREND_POINTS);
      if (l.p() >= 0.01 || Math.abs(relativeChange(late, l)) <= trend) {
        reasons.add(new Reason("warmup too short", what + ", and steady over its second half: it settled while "
            + "measured (warmup: " + in.warmup() + "); warm up for as long as the first half at least, "
            + String.format(Locale.ROOT, "%.1f s", r.runtimeMs() / 2000.0)));
        return;
      }
    }
    reasons.add(new Reason("not steady", what + ": a longer warmup or run"));
  }

  /** Sen's slope over the whole series as a share of its mean. */
  private static double relativeChange(double[] x, TrendTest.Result t) {
    double mean = Arrays.stream(x).average().orElse(0);
    return mean == 0 ? 0 : t.senSlope() * (x.length - 1) / mean;
  }

  /** A figure of OVERALL in each whole interval (not the last, shorter one); with {@code busy}, those with operations. */
  private static double[] wholeIntervals(RunReport r, boolean busy,
      ToDoubleBiFunction<IntervalPoint, IntervalPoint.IntervalOp> f) {
    List<IntervalPoint> s = r.series();
    long granularity = s.isEmpty() ? 0 : s.get(0).endMs() - s.get(0).startMs();
    List<Double> out = new ArrayList<>();
    for (IntervalPoint p : s) {
      var all = p.ops().get("OVERALL");
      if (all != null && p.endMs() - p.startMs() == granularity && (!busy || all.count() > 0)) {
        out.add(f.applyAsDouble(p, all));
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /**
   * With a schedule, a rising lag between the operations' scheduled and actual starts (per interval, the mean
   * response time less the mean service time): the client fell further behind as the run went on.
   */
  private static void lag(RunReport r, Inputs in, List<Reason> reasons, List<String> notes) {
    if (!in.scheduled()) {
      return;
    }
    double[] lag = wholeIntervals(r, true, (p, o) -> o.response().meanUs() - o.service().meanUs());
    if (lag.length < TREND_MIN) {
      notes.add("schedule lag trend not tested: " + lag.length + " whole intervals (the trend test needs "
          + TREND_MIN + ")");
      return;
    }
    TrendTest.Result t = TrendTest.of(lag, TREND_POINTS);
    double rise = t.senSlope() * (lag.length - 1);
    if (t.p() < 0.01 && rise > LAG_RISE_US) {
      reasons.add(new Reason("schedule lag grew", String.format(Locale.ROOT, "the operations began later and later "
          + "after their scheduled starts: the mean lag went from %.2f ms to %.2f ms over the %d intervals measured "
          + "(Sen's slope %+.3f ms per interval, Mann-Kendall p = %.2g), more than %.0f ms: the client or the store "
          + "could not keep the schedule", lag[0] / 1000, lag[lag.length - 1] / 1000, lag.length,
          t.senSlope() / 1000, t.p(), LAG_RISE_US / 1000)));
    }
  }

  /**
   * With a schedule, operations that waited in the client: for an in-flight slot, or (late for their slot) for their
   * thread. Without one the loop is closed: its window or threads are always full, by design, and nothing is due. A
   * binding that measures the client itself gets notes instead (its waits are the client's own, what it measures).
   */
  private static void waits(RunReport r, Inputs in, List<Reason> reasons, List<String> notes)
      throws ConfigException {
    double share = in.config().get(ValidityOptions.WAITS);
    if (!in.scheduled()) {
      return;
    }
    List<String> found = new ArrayList<>();
    if (r.metadata().get("inflight") instanceof Map<?, ?> m && m.get("windowFullWaits") instanceof Number w
        && m.get("operationsSent") instanceof Number n && n.longValue() > 0
        && w.doubleValue() / n.doubleValue() > share) {
      found.add(String.format(Locale.ROOT, "%d of %d operations waited for a free in-flight slot (%.1f %%, inflight "
          + "%s), above validity.waits %.0f %%: a larger window", w.longValue(), n.longValue(),
          100 * w.doubleValue() / n.doubleValue(), m.get("limit"), 100 * share));
    }
    if (r.metadata().get("lateStarts") instanceof Map<?, ?> m && m.get("late") instanceof Number late
        && m.get("operations") instanceof Number n && n.longValue() > 0
        && late.doubleValue() / n.doubleValue() > share) {
      found.add(String.format(Locale.ROOT, "%d of %d scheduled operations began more than %s ms after their slot "
          + "(%.1f %%), above validity.waits %.0f %%: they waited for a free thread (more threads, or a lower target)",
          late.longValue(), n.longValue(), fmt(((Number) m.get("lateAfterMs")).doubleValue()),
          100 * late.doubleValue() / n.doubleValue(), 100 * share));
    }
    for (String evidence : found) {
      if (in.clientOnly()) {
        notes.add("the binding measures the client itself (no store): " + evidence);
      } else {
        reasons.add(new Reason("client bottleneck", evidence));
      }
    }
  }

  /**
   * The store's trouble signals (the gauges its binding names in {@code extra.server.trouble}, such as Cassandra's
   * pending compactions): one that rises over the run (Mann-Kendall p below 0.01 over its samples) is a reason.
   */
  private static void server(RunReport r, List<Reason> reasons, List<String> notes) {
    if (!(r.extra().get("server") instanceof Map<?, ?> server) || !(server.get("trouble") instanceof Collection<?> tr)
        || tr.isEmpty()) {
      return;
    }
    List<?> series = server.get("series") instanceof List<?> l ? l : List.of();
    for (Object name : tr) {
      double[] x = series.stream().map(p -> p instanceof Map<?, ?> pm && pm.get("gauges") instanceof Map<?, ?> g
          ? g.get(name) : null).filter(Number.class::isInstance).mapToDouble(v -> ((Number) v).doubleValue())
          .toArray();
      if (x.length < TREND_MIN) {
        notes.add("the store's " + name + " not tested: " + x.length + " samples (the trend test needs " + TREND_MIN
            + "; serverstats.interval)");
        continue;
      }
      TrendTest.Result t = TrendTest.of(x, TREND_POINTS);
      if (t.p() < 0.01 && t.senSlope() > 0 && x[x.length - 1] > x[0]) {
        reasons.add(new Reason("store trouble", String.format(Locale.ROOT, "the store's %s rose from %s to %s over "
            + "%d samples (Sen's slope %+.2f per sample, Mann-Kendall p = %.2g; %s): it fell behind the load, "
            + "which it could not keep", name, fmt(x[0]), fmt(x[x.length - 1]), x.length, t.senSlope(), t.p(),
            server.get("source"))));
      }
    }
  }

  /**
   * Host busy: the cores other processes kept busy on average over the measured seconds ({@code metadata.hostCpu}),
   * above {@code validity.host}; the busiest interval and the busiest processes are the evidence, with the store's
   * processes on this host (not counted) when it found them.
   */
  private static void host(RunReport r, Inputs in, List<Reason> reasons, List<String> notes)
      throws ConfigException {
    if (!(r.metadata().get("hostCpu") instanceof Map<?, ?> h) || !(h.get("othersCoresMean") instanceof Number mean)) {
      notes.add("host CPU not measured (no /proc/stat): other processes' load not judged");
      return;
    }
    double seconds = h.get("seconds") instanceof Number n ? n.doubleValue() : r.runtimeMs() / 1000.0;
    if (seconds * 1000 < MIN_HOST_MS) {
      notes.add(String.format(Locale.ROOT, "host busy not judged: %.2f s measured, under %d s", seconds,
          MIN_HOST_MS / 1000));
      return;
    }
    double limit = in.config().get(ValidityOptions.HOST);
    if (mean.doubleValue() <= limit) {
      return;
    }
    int cores = h.get("hostCores") instanceof Number c ? c.intValue() : in.cores();
    List<String> busiest = processes(h.get("busiest"), 0);
    List<String> store = processes(h.get("store"), 0.01);
    int idle = h.get("store") instanceof Collection<?> all ? all.size() - store.size() : 0;
    if (idle > 0) {
      store.add(idle + " idle");
    }
    reasons.add(new Reason("host busy", String.format(Locale.ROOT, "other processes kept %.2f of the host's %d cores "
        + "busy on average over the measured %.1f s (%.0f %%; the busiest %s ms interval %.2f), above validity.host "
        + "%s: they competed with the client and the store for the CPU%s", mean.doubleValue(), cores, seconds,
        100 * mean.doubleValue() / Math.max(1, cores), h.get("intervalMs"),
        ((Number) h.get("othersCoresMax")).doubleValue(), fmt(limit),
        busiest.isEmpty() ? "" : "; the busiest: " + String.join(", ", busiest))
        + (store.isEmpty() ? " (not counted: a store server on this host that the client is connected to over TCP, "
            + "and the processes -p resources.pids names)" : String.format(Locale.ROOT, " (not counted: the store "
            + "on this host, %.2f cores: %s)", ((Number) h.get("storeCoresMean")).doubleValue(),
            String.join(", ", store)))));
  }

  /**
   * The processes of {@code metadata.hostCpu}'s {@code busiest} or {@code store} that took at least {@code least}
   * cores: command (pid n) cores.
   */
  private static List<String> processes(Object list, double least) {
    List<String> out = new ArrayList<>();
    if (list instanceof Collection<?> b) {
      for (Object o : b) {
        if (o instanceof Map<?, ?> p && p.get("cores") instanceof Number c && c.doubleValue() >= least) {
          out.add(p.get("command") + " (pid " + p.get("pid") + ") " + fmt(c.doubleValue()));
        }
      }
    }
    return out;
  }

  private static void errors(RunReport r, Inputs in, List<Reason> reasons) throws ConfigException {
    String v = in.config().get(ValidityOptions.ERRORS).trim();
    double limit;
    if (v.equals("auto")) {
      limit = in.load() ? 0 : 0.01;
    } else {
      try {
        limit = Double.parseDouble(v.endsWith("%") ? v.substring(0, v.length() - 1) : v) / 100;
      } catch (NumberFormatException e) {
        throw new ConfigException("bad value for validity.errors: '" + v + "' (a percentage such as 0.5%, or auto)");
      }
    }
    OpSummary all = r.ops().isEmpty() ? null : r.ops().get(0);
    if (all == null) {
      return;
    }
    long failed = all.errors();
    long total = all.operations() + failed;
    if (total > 0 && (double) failed / total > limit) {
      reasons.add(new Reason("errors", String.format(Locale.ROOT, "%d of %d operations failed (%.2f %%), above "
          + "validity.errors %s%%", failed, total, 100.0 * failed / total, fmt(100 * limit))));
    }
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  private static double round(double d) {
    return Math.round(d * 1e4) / 1e4;
  }

  /** The notes stderr prints beside the run's other lines: those on percentiles printed from too few operations. */
  @SuppressWarnings("unchecked")
  public static List<String> printedNotes(Map<String, Object> v) {
    return v.get("notes") instanceof List<?> l ? ((List<String>) l).stream().filter(n -> n.startsWith(FEW))
        .map(n -> "note: " + n).toList() : List.of();
  }

  /** The one-line summary for stderr: the verdict and its reasons' names. */
  public static String line(Map<String, Object> v) {
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rs = (List<Map<String, Object>>) v.get("reasons");
    return "validity: " + v.get("verdict") + (rs.isEmpty() ? "" : " (" + String.join("; ", rs.stream()
        .map(x -> x.get("reason") + ": " + x.get("evidence")).toList()) + ")");
  }
}
