package org.sciycsb.measure;

import java.io.PrintStream;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.sciycsb.api.Operation;

/**
 * The periodic lines on stderr, in YCSB 0.17's format ({@link StatusLine}): a status line every status interval
 * (operations so far, current rate, ETA, then per operation its figures since the previous status line, as
 * {@link StatusStyle} says), then this project's extras after it (% done, "warming up"); and, when the collector is
 * starved of CPU, a progress line printed by a client thread in its stead (no figures, a note that the collector is
 * behind). Without a stream (null) it prints nothing; with {@code measurementtype=timeseries} the lines go to stdout
 * as well, as upstream's.
 *
 * <p>Threads: {@link #beginMeasurement}, {@link #add}, {@link #finalized} and {@link #maybePrint} are called by the
 * collector side under the {@link Collector}'s lock; {@link #setInterval} and {@link #setStyle} before the client
 * threads start.
 * {@link #progressIfBehind} is called by client threads (after crossing an interval boundary, holding no lock): it
 * reads {@link #finalized}'s volatile, and at most one of them at a time prints ({@code progressLock}, tried, never
 * waited for). Status and progress lines share {@code lastLineNanos} (volatile), so neither comes sooner than a status
 * interval after the other; {@link PrintStream#println} keeps each line whole.
 */
final class StatusPrinter {
  private final PrintStream out;
  private final OperationRegistry registry;
  private final RunningCounts counts;
  private final LongSupplier plannedOps;
  /** Written under the collector's lock, read by client threads' progress lines too. */
  private volatile long deadlineNanos;
  private final long runStartNanos;
  private volatile long measureStartNanos;
  /** Per slot, the histograms of the intervals finalized since the last status line. */
  private final Histogram[] sinceStatus;
  /** Per slot, whether it had calls since the measured part began: then it is in every line, as upstream's. */
  private final boolean[] seen;
  private StatusStyle style = StatusStyle.defaults();
  /** Where the lines go as well (stdout), or null. */
  private PrintStream copy;
  private long intervalNanos = 10_000_000_000L;
  private boolean measuring;
  private long lastStatusNanos;
  private long lastStatusOps;
  /** The last interval finalized, for the client threads' check. */
  private volatile long finalizedUpTo = -1;
  private final ReentrantLock progressLock = new ReentrantLock();
  /** When the last status or progress line was printed, and the progress lines' own rate base. */
  private volatile long lastLineNanos;
  private long progressNanos;
  private long progressOps;
  private volatile long progressLines;

  /**
   * @param out           where the lines go (stderr), or null for none
   * @param plannedOps    total workload operations planned (for % done and ETA), or -1 when unknown
   * @param deadlineNanos the nanoTime at which maxexecutiontime ends (for the ETA), or 0
   * @param runStartNanos the nanoTime the run started at: the lines' elapsed seconds count from it
   */
  StatusPrinter(PrintStream out, OperationRegistry registry, RunningCounts counts, int digits, LongSupplier plannedOps,
      long deadlineNanos, long runStartNanos) {
    this.out = out;
    this.registry = registry;
    this.counts = counts;
    this.plannedOps = plannedOps;
    this.deadlineNanos = deadlineNanos;
    this.runStartNanos = runStartNanos;
    this.measureStartNanos = runStartNanos;
    this.sinceStatus = registry.newSlotHistograms(digits);
    this.seen = new boolean[sinceStatus.length];
    this.lastStatusNanos = runStartNanos;
    this.lastLineNanos = runStartNanos;
    this.progressNanos = runStartNanos;
  }

  /** The status period (default 10 s); a status line comes at the first collection a tenth before it ends or later. */
  void setInterval(long nanos) {
    this.intervalNanos = nanos;
  }

  /**
   * The figures' style, and a second stream for the lines (stdout, when the style asks for it; else ignored); set
   * before the client threads start.
   */
  void setStyle(StatusStyle style, PrintStream stdout) {
    this.style = style;
    this.copy = style.stdout() && out != null ? stdout : null;
  }

  /**
   * The measured part begins at {@code nowNanos}: what came before (warmup) leaves the per-operation figures, and the
   * status period starts again, so that each line comes once the measured intervals it covers are finalized.
   *
   * @param deadlineNanos when maxexecutiontime ends it (the ETA and % done), or 0 to keep the one given before
   */
  void beginMeasurement(long nowNanos, long deadlineNanos) {
    for (Histogram h : sinceStatus) {
      h.reset();
    }
    java.util.Arrays.fill(seen, false);
    measureStartNanos = nowNanos;
    lastStatusNanos = nowNanos;
    lastStatusOps = counts.opsDone();
    if (deadlineNanos != 0) {
      this.deadlineNanos = deadlineNanos;
    }
    measuring = true;
  }

  /** Adds one finalized interval's histogram of a slot ({@link OperationRegistry#slot}) to the next line's figures. */
  void add(int slot, Histogram interval) {
    sinceStatus[slot].add(interval);
    seen[slot] |= interval.getTotalCount() > 0;
  }

  /** The collector has finalized every interval up to {@code k}. */
  void finalized(long k) {
    finalizedUpTo = k;
  }

  /** Progress lines printed by client threads, for the collector's stats. */
  long progressLines() {
    return progressLines;
  }

  /** Prints the status line when a status period has passed since the last one at {@code nowNanos}, or when forced. */
  void maybePrint(long nowNanos, boolean force) {
    // a tenth of tolerance: collections come once per interval, a few ms either side of the status period
    if (out == null || (!force && nowNanos - lastStatusNanos < intervalNanos - intervalNanos / 10)) {
      return;
    }
    long done = counts.opsDone();
    Estimate est = estimate(nowNanos, done);
    StringBuilder sb = head(nowNanos, done, rate(done - lastStatusOps, nowNanos - lastStatusNanos), est);
    if (measuring) {
      StatusLine.appendFigures(sb, style.kind(), figures());
    }
    List<String> extras = new ArrayList<>();
    est.percentText().ifPresent(extras::add);
    if (!measuring) {
      extras.add("warming up");
    }
    StatusLine.appendExtras(sb, extras);
    for (Histogram h : sinceStatus) {
      h.reset();
    }
    print(sb);
    lastLineNanos = System.nanoTime();
    lastStatusNanos = nowNanos;
    lastStatusOps = done;
  }

  private void print(CharSequence line) {
    out.println(line);
    if (copy != null) {
      copy.println(line);
    }
  }

  /** Operations per second over a span, as upstream: infinite over no time at all. */
  private static double rate(long ops, long nanos) {
    if (nanos <= 0) {
      return ops > 0 ? Double.POSITIVE_INFINITY : 0;
    }
    return ops / (nanos / 1e9);
  }

  /**
   * The operations' figures of the line, upstream's way: an operation once it has had calls (since the measured
   * part began) then in every line, its failed calls as {@code <OP>-FAILED}; with {@code measurement.interval=both}
   * the response times after all of them as {@code Intended-<OP>}. The order is upstream's: that of a
   * ConcurrentHashMap holding the names (site.ycsb.measurements.Measurements keeps them in one), so the same
   * operations come in the same order as upstream prints them.
   */
  private List<StatusLine.Figures> figures() {
    StatusStyle.Source src = style.source();
    boolean service = src == StatusStyle.Source.SERVICE || src == StatusStyle.Source.BOTH;
    Map<String, Histogram> plain = new ConcurrentHashMap<>();
    Map<String, Histogram> intended = new ConcurrentHashMap<>();
    for (Operation op : registry.all()) {
      for (boolean failed : new boolean[] {false, true}) {
        String name = failed ? op.name() + "-FAILED" : op.name();
        int slot = OperationRegistry.slot(op.index(), failed, service);
        if (seen[slot]) {
          plain.put(name, sinceStatus[slot]);
        }
        int response = OperationRegistry.slot(op.index(), failed, false);
        if (src == StatusStyle.Source.BOTH && seen[response]) {
          intended.put(name, sinceStatus[response]);
        }
      }
    }
    List<StatusLine.Figures> figures = new ArrayList<>();
    plain.forEach((name, h) -> figures.add(new StatusLine.Figures(name, h)));
    intended.forEach((name, h) -> figures.add(new StatusLine.Figures("Intended-" + name, h)));
    return figures;
  }

  /**
   * Client side, after a thread crossed into interval {@code current}: when the collector is more than an interval
   * behind and no line came for a status period, prints a progress line (operations, current rate, ETA) in its
   * stead. With a thousand busy client threads on two cores, every thread gets a share in a thousand of the CPU: a
   * collection (a few ms of CPU) then takes the collector tens of seconds, whichever thread runs it, and the status
   * lines would stop. The progress line costs microseconds of a thread that is running anyway; the per-operation
   * figures follow when the collector catches up (the time series stays exact: the threads hand over their counts).
   */
  void progressIfBehind(long current) {
    if (finalizedUpTo >= current - 2 || out == null) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastLineNanos < intervalNanos || !progressLock.tryLock()) {
      return;
    }
    try {
      if (now - lastLineNanos < intervalNanos) {
        return;
      }
      long done = counts.opsDone();
      Estimate est = estimate(now, done);
      StringBuilder sb = head(now, done, rate(done - progressOps, now - progressNanos), est);
      List<String> extras = new ArrayList<>();
      est.percentText().ifPresent(extras::add);
      extras.add("collector " + (current - 1 - finalizedUpTo)
          + " interval(s) behind: the client threads leave it little CPU");
      StatusLine.appendExtras(sb, extras);
      print(sb);
      progressNanos = now;
      progressOps = done;
      lastLineNanos = now;
      progressLines++;
    } finally {
      progressLock.unlock();
    }
  }

  /** Upstream's beginning of status and progress lines: label, date, elapsed seconds, operations, rate, ETA. */
  private StringBuilder head(long nowNanos, long done, double rate, Estimate est) {
    String date = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date());
    return StatusLine.head(style.label(), date, (nowNanos - runStartNanos) / 1_000_000_000L, done, rate,
        est.etaSeconds());
  }

  /**
   * How far the run is and the time it has left.
   *
   * @param etaSeconds     whole seconds left (rounded up, as upstream), or -1: none to tell (nothing left to do, or
   *                       no rate and no deadline yet)
   * @param percentDone    the share done, or -1 when unknown
   */
  record Estimate(long etaSeconds, double percentDone) {
    Optional<String> percentText() {
      return percentDone < 0 ? Optional.empty()
          : Optional.of(String.format(Locale.ROOT, "%.1f%% done", percentDone));
    }
  }

  /**
   * Time left: the operations left at the run's rate so far (upstream's estimate), or the deadline of
   * {@code maxexecutiontime}, whichever is sooner. The share done follows the same: elapsed over total measured time
   * when the deadline decides, operations done over planned otherwise.
   */
  Estimate estimate(long nowNanos, long done) {
    long planned = plannedOps.getAsLong();
    if (planned > 0 && done >= planned) {
      return new Estimate(-1, 100.0 * done / planned);
    }
    double overall = rate(done, nowNanos - runStartNanos);
    double byOps = planned > 0 && overall > 0 && !Double.isInfinite(overall) ? (planned - done) / overall : -1;
    double byTime = deadlineNanos > 0 ? Math.max(0, (deadlineNanos - nowNanos) / 1e9) : -1;
    boolean deadlineDecides = byTime >= 0 && (byOps < 0 || byTime < byOps);
    double left = deadlineDecides ? byTime : byOps;
    double percent = -1;
    if (deadlineDecides && deadlineNanos > measureStartNanos) {
      double share = (double) (nowNanos - measureStartNanos) / (deadlineNanos - measureStartNanos);
      percent = Math.min(100, Math.max(0, 100.0 * share));
    } else if (planned > 0) {
      percent = 100.0 * done / planned;
    }
    return new Estimate(left < 0 ? -1 : (long) Math.ceil(left), percent);
  }
}
