package org.sciycsb.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.sciycsb.api.Operation;

/**
 * Turns the recorders' counts into intervals. With aligned intervals (granularity > 0, the engine's) interval
 * {@code k} is [start + k g, start + (k + 1) g) from the measured start, and holds the operations that ended in it:
 * the client threads hand their counts over as they cross each boundary ({@link HandOverStripes}), and an interval is
 * finalized a tenth of a granularity after its end (a grace for the threads' hand-overs), when the recorders still
 * behind it are read ({@link RecorderDrain}). Without (granularity 0), each collection ends an interval and reads
 * every recorder.
 *
 * <p>Finalizing an interval sums its counts into one histogram per slot (exact, no averaging) and hands them on:
 * to the totals ({@link Summaries}), to the next status line's figures ({@link StatusPrinter}) and to the
 * {@code .hlog} ({@link IntervalLog}); with the interval's calls by status (the recorders' cumulative counters,
 * differenced) it appends an {@link IntervalPoint} to the time series.
 *
 * <p>Threads: the collector side only, under the {@link Collector}'s lock (the collector thread each interval, the
 * engine at the end; {@link #beginMeasurement} from whichever thread ends the warmup). Its internal stripes are
 * handed to the recorders, whose threads call {@link HandOverStripes#handOver} themselves.
 */
final class IntervalAggregator {
  private final OperationRegistry registry;
  private final RunningCounts counts;
  private final RecorderDrain drain;
  private final HandOverStripes stripes;
  private final Summaries totals;
  private final StatusPrinter status;
  private final IntervalLog log;
  private final int digits;
  private final long granularityNanos;
  /** One interval's counts per recorder slot, summed over every recorder before they go into the histograms. */
  private final SparseCounts[] sums;
  private final Histogram[] interval;
  /** The recorders' status counters at the end of the last interval, per (operation, status). */
  private final long[] lastStatus;
  private final List<IntervalPoint> series = new ArrayList<>();

  private long measureStartNanos;
  private long measureStartEpochMs;
  private long lastCollectNanos;
  private boolean measuring;
  private long finalizedUpTo = -1;

  /**
   * @param granularityNanos the length of the aligned intervals, or 0: each {@link #finalizeAll} or
   *                         {@link #finalizeEnded} call ends an interval
   * @param runStartNanos    the nanoTime the run started at (warmup included)
   */
  IntervalAggregator(OperationRegistry registry, List<ThreadRecorder> recorders, RunningCounts counts,
      Summaries totals, StatusPrinter status, IntervalLog log, int digits, long granularityNanos, long runStartNanos) {
    this.registry = registry;
    this.counts = counts;
    this.totals = totals;
    this.status = status;
    this.log = log;
    this.digits = digits;
    this.granularityNanos = granularityNanos;
    int recorderSlots = registry.size() * ThreadRecorder.SLOTS_PER_OP;
    SparseCounts.Layout layout = new SparseCounts.Layout(digits);
    this.drain = new RecorderDrain(recorders, recorderSlots);
    this.stripes = new HandOverStripes(recorders.size(), recorderSlots, layout);
    this.sums = SparseCounts.newSet(recorderSlots, layout);
    this.interval = registry.newSlotHistograms(digits);
    this.lastStatus = new long[registry.size() * StatusCodes.MAX];
    this.lastCollectNanos = runStartNanos;
  }

  /** Where the recorders' threads hand over their counts. */
  HandOverStripes stripes() {
    return stripes;
  }

  /** Starts the measured part at {@code nanos}: what was recorded before (warmup) is dropped. */
  void beginMeasurement(long nanos) {
    drain.drain(null, -1);
    measureStartNanos = nanos;
    measureStartEpochMs = System.currentTimeMillis() - (System.nanoTime() - nanos) / 1_000_000;
    lastCollectNanos = nanos;
    for (int op = 0; op < registry.size(); op++) {
      for (int s = 0; s < StatusCodes.MAX; s++) {
        lastStatus[op * StatusCodes.MAX + s] = counts.status(op, s);
      }
    }
    measuring = true;
  }

  boolean measuring() {
    return measuring;
  }

  long measureStartNanos() {
    return measureStartNanos;
  }

  long measureStartEpochMs() {
    return measureStartEpochMs;
  }

  long granularityNanos() {
    return granularityNanos;
  }

  /**
   * While threads run, at {@code nowNanos}: finalizes every aligned interval whose end and grace have passed, or,
   * without aligned intervals, one interval up to now. Before the measured part, drops what was recorded. Returns
   * whether it finalized anything; prints the status line when it is due either way.
   */
  boolean finalizeEnded(long nowNanos) {
    if (!measuring || granularityNanos <= 0) {
      return finalizeUnaligned(nowNanos, System.nanoTime());
    }
    long upTo = intervalOf(nowNanos - granularityNanos / 10) - 1;
    if (upTo <= finalizedUpTo) {
      status.maybePrint(nowNanos, false);
      return false;
    }
    finalizeBefore(upTo + 1);
    return true;
  }

  /**
   * Once every thread has ended: finalizes every interval still open, the last one ending at {@code nowNanos} (the
   * end of the last operation), and reads every recorder. Returns whether it finalized anything (not before the
   * measured part).
   */
  boolean finalizeAll(long nowNanos) {
    if (!measuring || granularityNanos <= 0) {
      return finalizeUnaligned(nowNanos, nowNanos);
    }
    long last = Math.max(intervalOf(nowNanos), finalizedUpTo + 1);
    finalizeBefore(last);
    finalizeInterval(last, boundary(last), Math.max(nowNanos, boundary(last)), true);
    return true;
  }

  /**
   * Before the measured part, drops what was recorded (and prints the status line at {@code nowNanos} when due);
   * without aligned intervals, finalizes one interval from the previous collection to {@code endNanos}.
   */
  private boolean finalizeUnaligned(long nowNanos, long endNanos) {
    if (!measuring) {
      drain.drain(null, -1);
      status.maybePrint(nowNanos, false);
      return false;
    }
    finalizeInterval(-1, lastCollectNanos, endNanos, true);
    return true;
  }

  /** Finalizes the aligned intervals not finalized yet before interval {@code end}, reading the recorders behind. */
  private void finalizeBefore(long end) {
    for (long k = finalizedUpTo + 1; k < end; k++) {
      finalizeInterval(k, boundary(k), boundary(k + 1), false);
    }
  }

  /** When the next collection is due: just after the next interval's end and grace, or one granularity (1 s) on. */
  long nextCollectionNanos(long nowNanos) {
    if (granularityNanos <= 0 || !measuring) {
      return nowNanos + (granularityNanos > 0 ? granularityNanos : 1_000_000_000L);
    }
    return boundary(intervalOf(nowNanos - granularityNanos / 10) + 1) + granularityNanos / 10;
  }

  /** The first interval boundary, for a recorder starting to hand over its counts (Long.MAX_VALUE: never). */
  long firstBoundaryNanos() {
    return granularityNanos > 0 && measuring ? boundary(1) : Long.MAX_VALUE;
  }

  /** The aligned interval a time falls in (0 before the measured start). */
  long intervalOf(long nanos) {
    return Math.max(0, (nanos - measureStartNanos) / granularityNanos);
  }

  /** The start of aligned interval {@code k}. */
  long boundary(long k) {
    return measureStartNanos + k * granularityNanos;
  }

  List<IntervalPoint> series() {
    return List.copyOf(series);
  }

  /** The last point of the series, or null. */
  IntervalPoint lastPoint() {
    return series.isEmpty() ? null : series.get(series.size() - 1);
  }

  /**
   * Finalizes one interval [startNanos, endNanos]: reads the recorders (those behind, or all of them when
   * {@code all}), takes the stripes' counts, and hands the interval's histograms on; appends its point to the series
   * (unless it is empty and has no length) and prints the status line when due.
   */
  private void finalizeInterval(long k, long startNanos, long endNanos, boolean all) {
    drain.drain(sums, all || k < 0 ? -1 : k);
    if (k >= 0) {
      stripes.takeUpTo(all ? Long.MAX_VALUE - 1 : k, sums);
      finalizedUpTo = k;
      status.finalized(k);
    }
    sumsIntoInterval();
    long startMs = (startNanos - measureStartNanos) / 1_000_000;
    long endMs = (endNanos - measureStartNanos) / 1_000_000;
    double seconds = Math.max(1e-9, (endNanos - startNanos) / 1e9);
    Map<String, IntervalPoint.IntervalOp> ops = operations(startMs, endMs, seconds);
    if (endMs > startMs || !ops.isEmpty()) {
      series.add(new IntervalPoint(startMs, endMs, ops));
    }
    lastCollectNanos = endNanos;
    status.maybePrint(Math.max(endNanos, System.nanoTime()), false);
  }

  /** Fills the interval histograms from {@link #sums} (one step per distinct bucket) and clears the sums. */
  private void sumsIntoInterval() {
    for (Histogram h : interval) {
      h.reset();
    }
    for (int i = 0; i < sums.length; i++) {
      SparseCounts sum = sums[i];
      if (sum.isEmpty()) {
        continue;
      }
      // recorder slot: op * 6 + (failed ? 3 : 0) + kind (0 both time kinds, 1 response only, 2 service only)
      int op = i / ThreadRecorder.SLOTS_PER_OP;
      int rest = i % ThreadRecorder.SLOTS_PER_OP;
      boolean failed = rest >= 3;
      int kind = rest % 3;
      sum.drainInto(kind == 2 ? null : interval[OperationRegistry.slot(op, failed, false)],
          kind == 1 ? null : interval[OperationRegistry.slot(op, failed, true)]);
    }
  }

  /**
   * The interval's figures per operation called in it, {@code OVERALL} first (the non-composite operations), after
   * handing every non-empty histogram on; in the log, each operation's lines in slot order, then {@code OVERALL}'s.
   */
  private Map<String, IntervalPoint.IntervalOp> operations(long startMs, long endMs, double seconds) {
    Map<String, IntervalPoint.IntervalOp> ops = new LinkedHashMap<>();
    Histogram ovR = new Histogram(digits);
    Histogram ovS = new Histogram(digits);
    long ovErrors = 0;
    for (Operation op : registry.all()) {
      int o = op.index();
      long errors = 0;
      long calls = 0;
      for (int s = 0; s < StatusCodes.MAX; s++) {
        long t = counts.status(o, s);
        long d = t - lastStatus[o * StatusCodes.MAX + s];
        lastStatus[o * StatusCodes.MAX + s] = t;
        calls += d;
        if (!StatusCodes.isOk(s)) {
          errors += d;
        }
      }
      handOn(op, startMs, endMs);
      Histogram r = interval[OperationRegistry.slot(o, false, false)];
      Histogram sv = interval[OperationRegistry.slot(o, false, true)];
      if (calls == 0 && r.getTotalCount() == 0) {
        continue;
      }
      if (!op.composite()) {
        ovR.add(r);
        ovS.add(sv);
        ovErrors += errors;
      }
      ops.put(op.name(), new IntervalPoint.IntervalOp(r.getTotalCount(), errors, r.getTotalCount() / seconds,
          LatencySummary.of(r), LatencySummary.of(sv)));
    }
    if (ovR.getTotalCount() == 0 && ovErrors == 0) {
      return ops;
    }
    totals.addOverall(ovR, ovS);
    log.write("OVERALL", false, false, ovR, startMs, endMs);
    log.write("OVERALL", false, true, ovS, startMs, endMs);
    Map<String, IntervalPoint.IntervalOp> withOverall = new LinkedHashMap<>();
    withOverall.put("OVERALL", new IntervalPoint.IntervalOp(ovR.getTotalCount(), ovErrors,
        ovR.getTotalCount() / seconds, LatencySummary.of(ovR), LatencySummary.of(ovS)));
    withOverall.putAll(ops);
    return withOverall;
  }

  /** An operation's non-empty interval histograms, in slot order, to the totals, the status line and the log. */
  private void handOn(Operation op, long startMs, long endMs) {
    for (int k = 0; k < 4; k++) {
      int slot = op.index() * 4 + k;
      if (interval[slot].getTotalCount() > 0) {
        totals.add(slot, interval[slot]);
        status.add(slot, interval[slot]);
        log.write(op.name(), (k & 2) != 0, (k & 1) != 0, interval[slot], startMs, endMs);
      }
    }
  }
}
