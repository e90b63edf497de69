package org.sciycsb.measure;

import java.io.PrintStream;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.sciycsb.api.Operation;

/**
 * The periodic lines on stderr, as YCSB prints them: a status line every status interval (operations so far, current
 * rate, % done and ETA, then per operation the count, errors, mean, p95 and max since the previous status line, or
 * "warming up"), and, when the collector is starved of CPU, a shorter progress line printed by a client thread in its
 * stead. Without a stream (null) it prints nothing.
 *
 * <p>Threads: {@link #beginMeasurement}, {@link #add}, {@link #finalized} and {@link #maybePrint} are called by the
 * collector side under the {@link Collector}'s lock; {@link #setInterval} before the client threads start.
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
  private final long deadlineNanos;
  private final long runStartNanos;
  /** Per slot, the histograms of the intervals finalized since the last status line. */
  private final Histogram[] sinceStatus;
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
    this.sinceStatus = registry.newSlotHistograms(digits);
    this.lastStatusNanos = runStartNanos;
    this.lastLineNanos = runStartNanos;
    this.progressNanos = runStartNanos;
  }

  /** The status period (default 10 s); a status line comes at the first collection a tenth before it ends or later. */
  void setInterval(long nanos) {
    this.intervalNanos = nanos;
  }

  /** The measured part begins: what came before (warmup) leaves the per-operation figures. */
  void beginMeasurement() {
    for (Histogram h : sinceStatus) {
      h.reset();
    }
    measuring = true;
  }

  /** Adds one finalized interval's histogram of a slot ({@link OperationRegistry#slot}) to the next line's figures. */
  void add(int slot, Histogram interval) {
    sinceStatus[slot].add(interval);
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
    double secs = Math.max(1e-9, (nowNanos - lastStatusNanos) / 1e9);
    StringBuilder sb = head(nowNanos, done, (done - lastStatusOps) / secs);
    if (!measuring) {
      sb.append("; warming up");
    } else {
      appendOperations(sb);
    }
    for (Histogram h : sinceStatus) {
      h.reset();
    }
    out.println(sb);
    lastLineNanos = System.nanoTime();
    lastStatusNanos = nowNanos;
    lastStatusOps = done;
  }

  private void appendOperations(StringBuilder sb) {
    for (Operation op : registry.all()) {
      Histogram r = sinceStatus[OperationRegistry.slot(op.index(), false, false)];
      Histogram f = sinceStatus[OperationRegistry.slot(op.index(), true, false)];
      if (r.getTotalCount() == 0 && f.getTotalCount() == 0) {
        continue;
      }
      sb.append(String.format(Locale.ROOT, " [%s: Count=%d, Errors=%d, Avg(us)=%.1f, p95(us)=%.1f, Max(us)=%.1f]",
          op.name(), r.getTotalCount(), f.getTotalCount(), r.getMean() / 1000.0,
          r.getValueAtPercentile(95) / 1000.0, r.getMaxValue() / 1000.0));
    }
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
      double secs = Math.max(1e-9, (now - progressNanos) / 1e9);
      StringBuilder sb = head(now, done, (done - progressOps) / secs);
      sb.append("; [collector ").append(current - 1 - finalizedUpTo)
          .append(" interval(s) behind: the client threads leave it little CPU]");
      out.println(sb);
      progressNanos = now;
      progressOps = done;
      lastLineNanos = now;
      progressLines++;
    } finally {
      progressLock.unlock();
    }
  }

  /** What status and progress lines begin with: date, elapsed seconds, operations, rate, % done, ETA. */
  private StringBuilder head(long nowNanos, long done, double rate) {
    long planned = plannedOps.getAsLong();
    StringBuilder sb = new StringBuilder();
    sb.append(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date()));
    sb.append(' ').append((nowNanos - runStartNanos) / 1_000_000_000L).append(" sec: ");
    sb.append(done).append(" operations; ");
    sb.append(String.format(Locale.ROOT, "%.1f current ops/sec", rate));
    if (planned > 0) {
      sb.append(String.format(Locale.ROOT, "; %.1f%% done", 100.0 * done / planned));
    }
    String eta = eta(nowNanos, done, planned, rate);
    if (eta != null) {
      sb.append("; est completion in ").append(eta);
    }
    return sb;
  }

  /** Time left: by the planned operations at the current rate, or the deadline, whichever is sooner; or null. */
  String eta(long nowNanos, long done, long planned, double rate) {
    double left = -1;
    if (planned > 0 && rate > 0) {
      left = Math.max(0, planned - done) / rate;
    }
    if (deadlineNanos > 0) {
      double byTime = Math.max(0, (deadlineNanos - nowNanos) / 1e9);
      left = left < 0 ? byTime : Math.min(left, byTime);
    }
    if (left < 0) {
      return null;
    }
    long s = Math.round(left);
    if (s < 60) {
      return s + " second" + (s == 1 ? "" : "s");
    }
    if (s < 3600) {
      return s / 60 + " minute" + (s / 60 == 1 ? "" : "s");
    }
    return String.format(Locale.ROOT, "%.1f hours", s / 3600.0);
  }
}
