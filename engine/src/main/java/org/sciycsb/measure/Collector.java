package org.sciycsb.measure;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * The engine's one handle on the measurements: wires the pieces together, holds the lock of the collector side, and
 * times the collections. The pieces: {@link IntervalAggregator} (intervals from the recorders' counts),
 * {@link IntervalLog} (the {@code .hlog}), {@link StatusPrinter} (the lines on stderr), {@link Summaries} (totals and
 * {@link OpSummary} results).
 *
 * <p>Threads. The collector thread calls {@link #collectNow} each interval and the engine {@link #collect} once every
 * client thread has ended; {@link #beginMeasurement} runs in whichever thread ends the warmup. Every public method
 * that touches the pieces' state holds this object's monitor, so the pieces themselves need no lock on the collector
 * side (a collection, too, is one at a time under it; the separate lock collections took besides was for client
 * threads that collected themselves, which they no longer do). The client threads never take it while they run: at each interval boundary they hand over their counts into
 * the aggregator's {@link HandOverStripes} and may print a progress line through {@link StatusPrinter#progressIfBehind}
 * (a collector starved of CPU by a thousand client threads is then no reason for the status lines to stop); the
 * recorders get those two directly ({@link ThreadRecorder#attach}), not through this class. Only
 * {@link ThreadRecorder#beginIntervals} (once per thread) reads the intervals' origin here, under the monitor.
 */
public final class Collector {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  /** Tags in the interval log: {@code <OP>.response}, {@code <OP>.service}, {@code <OP>-FAILED.response}, ... */
  public static String tag(String op, boolean failed, boolean service) {
    return IntervalLog.tag(op, failed, service);
  }

  private final OperationRegistry registry;
  private final StatusCodes codes;
  private final RunningCounts counts;
  private final IntervalLog log;
  private final StatusPrinter status;
  private final Summaries summaries;
  private final IntervalAggregator intervals;
  private final List<ThreadRecorder> recorders;
  private long collections;
  private long collectNanos;
  private long maxCollectNanos;
  private long collectCpuNanos;

  /**
   * @param hlog          where to write the interval log, or null
   * @param status        where status lines go (stderr), or null for none
   * @param plannedOps    total workload operations planned (for progress and ETA), or -1 when unknown
   * @param deadlineNanos the nanoTime at which maxexecutiontime ends, or 0
   */
  public Collector(OperationRegistry registry, StatusCodes codes, List<ThreadRecorder> recorders, int digits,
      Path hlog, PrintStream status, LongSupplier plannedOps, long deadlineNanos) throws IOException {
    this(registry, codes, recorders, digits, hlog, status, plannedOps, deadlineNanos, 0);
  }

  /**
   * @param granularityNanos the length of the time series' intervals, aligned on the measured start, into which the
   *                         client threads hand over their counts as their operations cross a boundary; 0 = each
   *                         {@link #collect} call ends an interval
   */
  public Collector(OperationRegistry registry, StatusCodes codes, List<ThreadRecorder> recorders, int digits,
      Path hlog, PrintStream status, LongSupplier plannedOps, long deadlineNanos, long granularityNanos)
      throws IOException {
    List<ThreadRecorder> recs = List.copyOf(recorders);
    this.recorders = recs;
    long runStartNanos = System.nanoTime();
    this.registry = registry;
    this.codes = codes;
    this.counts = new RunningCounts(recs);
    this.status = new StatusPrinter(status, registry, counts, digits, plannedOps, deadlineNanos, runStartNanos);
    this.summaries = new Summaries(registry, codes, counts, digits);
    this.log = new IntervalLog(hlog);
    this.intervals = new IntervalAggregator(registry, recs, counts, summaries, this.status, log, digits,
        granularityNanos, runStartNanos);
    for (ThreadRecorder r : recs) {
      r.attach(this, intervals.stripes(), this.status);
    }
  }

  /** Starts the measured part: what was recorded before (warmup) is dropped. */
  public synchronized void beginMeasurement(long nanos) {
    beginMeasurement(nanos, 0);
  }

  /**
   * Starts the measured part: what was recorded before (warmup) is dropped.
   *
   * @param deadlineNanos the nanoTime at which maxexecutiontime ends it (for the status lines' ETA), or 0
   */
  public synchronized void beginMeasurement(long nanos, long deadlineNanos) {
    intervals.beginMeasurement(nanos);
    status.beginMeasurement(nanos, deadlineNanos);
    log.begin(intervals.measureStartEpochMs());
  }

  public boolean isMeasuring() {
    return intervals.measuring();
  }

  public synchronized long measureStartNanos() {
    return intervals.measureStartNanos();
  }

  public long measureStartEpochMs() {
    return intervals.measureStartEpochMs();
  }

  /** The granularity of the aligned intervals, 0 when intervals end at each {@link #collect} call. */
  public long granularityNanos() {
    return intervals.granularityNanos();
  }

  /** The first interval boundary, for a recorder starting to hand over its counts (Long.MAX_VALUE: never). */
  public synchronized long firstBoundaryNanos() {
    return intervals.firstBoundaryNanos();
  }

  /**
   * Ends the run's last interval at {@code nowNanos} (the end of the last operation), once every thread has ended:
   * every interval still open is finalized, and every recorder is read. Without aligned intervals (granularity 0),
   * each call is an interval from the previous call.
   */
  public synchronized void collect(long nowNanos) {
    long began = System.nanoTime();
    long cpuBegan = CPU.getCurrentThreadCpuTime();
    if (intervals.finalizeAll(nowNanos)) {
      note(began, cpuBegan);
    }
  }

  /**
   * While threads run, called by the collector thread each measurement interval: finalizes every interval that has
   * ended (client threads hand over their counts as their operations cross a boundary, so what an interval holds
   * is what ended in it, however late this thread gets the CPU; with a thousand busy threads on two cores that can
   * be seconds). Without aligned intervals, the interval ends when every recorder has been read.
   */
  public synchronized void collectNow() {
    long began = System.nanoTime();
    long cpuBegan = CPU.getCurrentThreadCpuTime();
    if (intervals.finalizeEnded(began)) {
      note(began, cpuBegan);
    }
  }

  /**
   * When the collector thread should next call {@link #collectNow}: just after the next interval's end and its
   * grace (aligned intervals), or one granularity from now.
   */
  public synchronized long nextCollectionNanos(long nowNanos) {
    return intervals.nextCollectionNanos(nowNanos);
  }

  private void note(long began, long cpuBegan) {
    long took = System.nanoTime() - began;
    collections++;
    collectNanos += took;
    maxCollectNanos = Math.max(maxCollectNanos, took);
    collectCpuNanos += CPU.getCurrentThreadCpuTime() - cpuBegan;
  }

  /**
   * How the collector kept up: collections, their mean and longest wall time and their total CPU time in ms
   * (reading the recorders, the intervals' summaries and log lines), and the progress lines client threads printed
   * because the collector was behind. A wall time far above the CPU time means the client threads starved it of CPU.
   */
  public synchronized Map<String, Object> stats() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("collections", collections);
    m.put("meanMs", collections == 0 ? 0.0 : Math.round(collectNanos / 1e3 / collections) / 1e3);
    m.put("maxMs", Math.round(maxCollectNanos / 1e3) / 1e3);
    m.put("cpuMs", Math.round(collectCpuNanos / 1e3) / 1e3);
    m.put("progressLines", status.progressLines());
    return m;
  }

  /** Failed calls so far, all operations (composite ones excluded, their parts are counted). */
  public synchronized long errorsSoFar() {
    return counts.errors(registry);
  }

  /** The status period (default 10 s); set before the client threads start. */
  public void setStatusInterval(long nanos) {
    status.setInterval(nanos);
  }

  /**
   * What the status lines' figures are (upstream's measurementtype and measurement.interval, the label), and stdout
   * for the lines that go there too ({@code measurementtype=timeseries}); set before the client threads start.
   */
  public void setStatusStyle(StatusStyle style, PrintStream stdout) {
    status.setStyle(style, stdout);
  }

  /** The final status line, then the totals: call after every thread has ended and {@link #collect} ran. */
  public synchronized List<OpSummary> summaries(double measuredSeconds) {
    status.maybePrint(System.nanoTime(), true);
    return summaries.build(measuredSeconds);
  }

  /** The total histograms of every operation called: after {@link #collect}, as {@link #summaries}. */
  public synchronized List<OpHistograms> histograms() {
    return summaries.histograms();
  }

  /**
   * Every measured data point, when the recorders kept them ({@link ThreadRecorder#keepRawPoints}); else null.
   * Once every client thread has ended.
   */
  public synchronized RawPoints rawPoints() {
    if (recorders.stream().noneMatch(r -> r.rawRecorder() != null)) {
      return null;
    }
    return new RawPoints(registry, recorders, intervals.measureStartNanos(), intervals.measureStartEpochMs());
  }

  /** The last finalized interval of the measured part, or null (live metrics). */
  public synchronized IntervalPoint lastInterval() {
    return intervals.lastPoint();
  }

  /**
   * Calls so far per operation and status name, warmup included: the recorders' cumulative counters, read without
   * a lock (any thread; each count only grows). Operations and statuses never called are left out.
   */
  public Map<String, Map<String, Long>> callsSoFar() {
    Map<String, Map<String, Long>> out = new LinkedHashMap<>();
    for (org.sciycsb.api.Operation op : registry.all()) {
      Map<String, Long> byStatus = new LinkedHashMap<>();
      for (int s = 0; s < StatusCodes.MAX; s++) {
        long n = counts.status(op.index(), s);
        if (n > 0) {
          byStatus.merge(codes.name(s), n, Long::sum);
        }
      }
      if (!byStatus.isEmpty()) {
        out.put(op.name(), byStatus);
      }
    }
    return out;
  }

  /** Workload-level operations done so far, warmup included (any thread). */
  public long opsDone() {
    return counts.opsDone();
  }

  public synchronized List<IntervalPoint> series() {
    return intervals.series();
  }

  /** The total histogram of a slot (for tests and merging). */
  public synchronized Histogram total(int opIndex, boolean failed, boolean service) {
    return summaries.total(opIndex, failed, service);
  }

  public synchronized void close() throws IOException {
    log.close();
  }
}
