package org.sciycsb.engine.validity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.results.RunReport;

/**
 * A run's validity verdict ({@code results.json}'s {@code validity}): {@code valid}, or {@code suspect} with every
 * reason and the evidence behind it. Judged from the run's own report: its client's CPU, the target it was given,
 * the JVM's GC pauses, the trend of its per-interval throughput, the operations behind each printed percentile and
 * its failed operations. A binding that measures the client itself (no store) gets a note instead of the client
 * reason.
 */
public final class Validity {
  /** The most points the trend test takes (a longer series is averaged in bins first). */
  static final int TREND_POINTS = 200;

  /** The shortest measured time whose client CPU is judged. */
  static final long MIN_CPU_MS = 2000;

  /** The exit code of a suspect run with {@code validity.fail=true}. */
  public static final int EXIT_SUSPECT = 6;

  private Validity() {}

  /** What the engine knows beyond the report: the phase, the target, the pauses, the cores, the thresholds. */
  public record Inputs(boolean load, double target, GcWatch.Pauses gc, int cores, boolean clientOnly, Config config) {}

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
    target(r, in, reasons);
    gc(in, seconds, reasons);
    steady(r, in.config().get(ValidityOptions.TREND), reasons, notes);
    samples(r, in.config().get(ValidityOptions.SAMPLES), reasons);
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

  private static void gc(Inputs in, double seconds, List<Reason> reasons) throws ConfigException {
    double share = in.config().get(ValidityOptions.GC);
    if (seconds > 0 && in.gc().totalMs() / 1000.0 > share * seconds) {
      reasons.add(new Reason("GC pauses", String.format(Locale.ROOT, "%d pauses took %d ms of the measured %.1f s "
          + "(%.1f %%, the longest %d ms), above validity.gc %.1f %%", in.gc().count(), in.gc().totalMs(), seconds,
          100 * in.gc().totalMs() / 1000.0 / seconds, in.gc().maxMs(), 100 * share)));
    }
  }

  /** Mann-Kendall on the OVERALL throughput of the whole intervals; too few intervals are a note. */
  private static void steady(RunReport r, double trend, List<Reason> reasons, List<String> notes) {
    List<IntervalPoint> s = r.series();
    List<Double> tput = new ArrayList<>();
    long granularity = s.isEmpty() ? 0 : s.get(0).endMs() - s.get(0).startMs();
    for (IntervalPoint p : s) {
      var all = p.ops().get("OVERALL");
      if (all != null && p.endMs() - p.startMs() == granularity) {
        tput.add(all.throughput());
      }
    }
    if (tput.size() < 8) {
      notes.add("steadiness not tested: " + tput.size() + " whole intervals (the trend test needs 8)");
      return;
    }
    TrendTest.Result t = TrendTest.of(tput.stream().mapToDouble(Double::doubleValue).toArray(), TREND_POINTS);
    double mean = tput.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double change = mean == 0 ? 0 : t.senSlope() * (tput.size() - 1) / mean;
    if (t.p() < 0.01 && Math.abs(change) > trend) {
      reasons.add(new Reason("not steady", String.format(Locale.ROOT, "throughput %s by %.0f %% over the %d "
          + "intervals measured (Sen's slope %+.1f ops/s per interval, Mann-Kendall p = %.2g), more than "
          + "validity.trend %.0f %%: a longer warmup or run", change > 0 ? "rose" : "fell", 100 * Math.abs(change),
          tput.size(), t.senSlope(), t.p(), 100 * trend)));
    }
  }

  /** Each operation's count against the highest percentile printed. */
  private static void samples(RunReport r, int beyond, List<Reason> reasons) {
    double top = r.percentiles().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    if (top <= 0 || top >= 100) {
      return;
    }
    long needed = (long) Math.ceil(Math.round(beyond / (1 - top / 100) * 1e6) / 1e6);
    List<String> few = new ArrayList<>();
    for (OpSummary op : r.ops()) {
      long n = op.response().count();
      if (n > 0 && n < needed) {
        few.add(op.name() + " " + n);
      }
    }
    if (!few.isEmpty()) {
      reasons.add(new Reason("too few operations", String.format(Locale.ROOT, "p%s is printed, which needs %d "
          + "operations (%d beyond it, validity.samples): %s", fmt(top), needed, beyond, String.join(", ", few))));
    }
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

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  private static double round(double d) {
    return Math.round(d * 1e4) / 1e4;
  }

  /** The one-line summary for stderr: the verdict and its reasons' names. */
  public static String line(Map<String, Object> v) {
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rs = (List<Map<String, Object>>) v.get("reasons");
    return "validity: " + v.get("verdict") + (rs.isEmpty() ? "" : " (" + String.join("; ", rs.stream()
        .map(x -> x.get("reason") + ": " + x.get("evidence")).toList()) + ")");
  }
}
