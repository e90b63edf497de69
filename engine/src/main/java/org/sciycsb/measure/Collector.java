package org.sciycsb.measure;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.sciycsb.api.Operation;

/**
 * Collects the thread recorders' counts once per measurement interval: adds them into interval and total
 * histograms per slot (exact, no averaging), appends the interval to the time series and to the HdrHistogram
 * interval log, and prints the status line every status interval. The collector thread calls {@link #collectNow}
 * each interval and {@link #collect} at the end; with aligned intervals (the engine's), the client threads hand
 * their counts over themselves at each boundary ({@link #handOver}) and may print a progress line when the collector
 * is behind ({@link #progressIfBehind}).
 */
public final class Collector {
  /** Tags in the interval log: {@code <OP>.response}, {@code <OP>.service}, {@code <OP>-FAILED.response}, ... */
  public static String tag(String op, boolean failed, boolean service) {
    return op + (failed ? "-FAILED" : "") + (service ? ".service" : ".response");
  }

  private final OperationRegistry registry;
  private final StatusCodes codes;
  private final List<ThreadRecorder> recorders;
  private final int digits;
  private final int slots;
  private final int recorderSlots;
  private SparseCounts[] spare;
  /** One interval's counts per recorder slot, summed over every recorder before they go into the histograms. */
  private final SparseCounts[] sums;
  private final SparseCounts.Layout layout;
  private final Stripe[] stripes;
  private final long granularityNanos;
  private final Histogram[] interval;
  private final Histogram[] total;
  private final Histogram[] sinceStatus;
  private final Histogram overallResponse;
  private final Histogram overallService;
  private final long[] lastStatus;
  private final List<IntervalPoint> series = new ArrayList<>();
  private final HistogramLogWriter log;
  private final OutputStream logStream;
  private final PrintStream status;
  private final LongSupplier plannedOps;
  private final long deadlineNanos;

  private long measureStartNanos;
  private long measureStartEpochMs;
  private long lastCollectNanos;
  private long lastStatusNanos;
  private long lastStatusOps;
  private boolean measuring;
  private long collections;
  private long collectNanos;
  private long maxCollectNanos;
  private long collectCpuNanos;
  private long finalizedUpTo = -1;
  /** The last interval finalized, for the client threads' check; progress lines they printed. */
  private volatile long finalizedVolatile = -1;
  private final java.util.concurrent.locks.ReentrantLock progressLock = new java.util.concurrent.locks.ReentrantLock();
  /** When the last status or progress line was printed, and the progress lines' own rate base. */
  private volatile long lastLineNanos = System.nanoTime();
  private long progressNanos = System.nanoTime();
  private long progressOps;
  private volatile long progressLines;
  /** Held while collecting (periodic and final collections). */
  private final java.util.concurrent.locks.ReentrantLock collecting = new java.util.concurrent.locks.ReentrantLock();
  private final long runStartNanos;

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
    this.registry = registry;
    this.granularityNanos = granularityNanos;
    this.codes = codes;
    this.recorders = List.copyOf(recorders);
    this.digits = digits;
    this.slots = registry.slotCount();
    this.recorderSlots = registry.size() * ThreadRecorder.SLOTS_PER_OP;
    this.spare = new SparseCounts[recorderSlots];
    this.layout = new SparseCounts.Layout(digits);
    this.sums = newSet();
    this.stripes = new Stripe[Math.max(1, Math.min(16, recorders.size()))];
    for (int i = 0; i < stripes.length; i++) {
      stripes[i] = new Stripe();
    }
    for (ThreadRecorder r : this.recorders) {
      r.attach(this);
    }
    this.interval = new Histogram[slots];
    this.total = new Histogram[slots];
    this.sinceStatus = new Histogram[slots];
    for (int i = 0; i < slots; i++) {
      interval[i] = new Histogram(digits);
      total[i] = new Histogram(digits);
      sinceStatus[i] = new Histogram(digits);
    }
    this.overallResponse = new Histogram(digits);
    this.overallService = new Histogram(digits);
    this.lastStatus = new long[registry.size() * StatusCodes.MAX];
    this.status = status;
    this.plannedOps = plannedOps;
    this.deadlineNanos = deadlineNanos;
    this.runStartNanos = System.nanoTime();
    this.lastCollectNanos = runStartNanos;
    this.lastStatusNanos = runStartNanos;
    if (hlog != null) {
      this.logStream = Files.newOutputStream(hlog);
      this.log = new FastLogWriter(new PrintStream(logStream, false, "UTF-8"));
    } else {
      this.logStream = null;
      this.log = null;
    }
  }

  /** Starts the measured part: what was recorded before (warmup) is dropped. */
  public synchronized void beginMeasurement(long nanos) {
    drain(false, -1);
    measureStartNanos = nanos;
    measureStartEpochMs = System.currentTimeMillis() - (System.nanoTime() - nanos) / 1_000_000;
    lastCollectNanos = nanos;
    for (int op = 0; op < registry.size(); op++) {
      for (int s = 0; s < StatusCodes.MAX; s++) {
        lastStatus[op * StatusCodes.MAX + s] = statusTotal(op, s);
      }
    }
    for (Histogram h : sinceStatus) {
      h.reset();
    }
    measuring = true;
    if (log != null) {
      log.outputLogFormatVersion();
      log.outputComment("sciycsb interval log: values in nanoseconds; tags are <OPERATION>.response|service");
      log.outputStartTime(measureStartEpochMs);
      log.setBaseTime(measureStartEpochMs);
      log.outputLegend();
    }
  }

  public boolean isMeasuring() {
    return measuring;
  }

  public synchronized long measureStartNanos() {
    return measureStartNanos;
  }

  public long measureStartEpochMs() {
    return measureStartEpochMs;
  }

  /**
   * Swaps recorders and moves what they held into {@link #sums}, or drops it when {@code keep} is false. With
   * {@code onlyBehind} >= 0, only recorders whose thread has not crossed that interval's end itself (blocked in a
   * long operation, idle, or not scheduled since the boundary): their counts all belong to it or to earlier ones. A
   * recorder whose thread is still inside the critical section it was in at the swap is read at a later call: no
   * wait, no loss.
   */
  private void drain(boolean keep, long onlyBehind) {
    SparseCounts[] into = keep ? sums : null;
    for (ThreadRecorder r : recorders) {
      // a set left pending by an earlier call (its writer was inside then): read it once the writer has left it
      SparseCounts[] old = r.takeIfSafe();
      if (old != null) {
        moveAll(old, into);
        spare = old;
      }
      if (onlyBehind < 0) {
        swapAndRead(r, into);
      } else if (r.crossedUpTo() < onlyBehind) {
        r.crossing.lock(); // the owner cannot cross meanwhile: what this reads ended before the boundary
        try {
          if (r.crossedUpTo() < onlyBehind) {
            swapAndRead(r, into);
          }
        } finally {
          r.crossing.unlock();
        }
      }
    }
  }

  private void swapAndRead(ThreadRecorder r, SparseCounts[] into) {
    if (r.beginSwap(spare != null ? spare : new SparseCounts[recorderSlots])) {
      spare = null;
      SparseCounts[] old = r.takeIfSafe();
      if (old != null) {
        moveAll(old, into);
        spare = old;
      } // else the writer is inside: read at a later call
    }
  }

  /** Moves every count of a set into {@code into} (same slots), or clears them when {@code into} is null. */
  private static void moveAll(SparseCounts[] from, SparseCounts[] into) {
    for (int i = 0; i < from.length; i++) {
      SparseCounts h = from[i];
      if (h != null && !h.isEmpty()) {
        if (into == null) {
          h.drainInto(null, null);
        } else {
          h.moveInto(into[i]); // plain additions; the histograms are filled once per bucket
        }
      }
    }
  }

  /** Fills the interval histograms from {@link #sums} (one step per distinct bucket) and clears the sums. */
  private void sumsIntoInterval() {
    for (Histogram h : interval) {
      h.reset();
    }
    for (int i = 0; i < recorderSlots; i++) {
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

  // ------------------------------------------------------------------ counts handed over by the client threads

  /**
   * Where client threads hand over their counts at interval boundaries. Threads pick a stripe by id and take the
   * next free one when it is busy, so they rarely wait and never all on one lock; each stripe keeps the counts of
   * the intervals not yet finalized.
   */
  private static final class Stripe {
    final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
    final Map<Long, SparseCounts[]> open = new java.util.HashMap<>();
    final java.util.ArrayDeque<SparseCounts[]> free = new java.util.ArrayDeque<>();
    /** Intervals up to this one have been finalized: later hand-overs go to the next one. */
    long closedUpTo = -1;
  }

  /**
   * Client side (the recorder's own thread, between operations): moves the thread's counts, all of operations that
   * ended in interval {@code k} or before, into a stripe for interval {@code k} (or the first one still open). Tries
   * every stripe without waiting, then waits for the thread's own.
   */
  boolean handOver(ThreadRecorder r, long k) {
    Stripe[] ss = stripes;
    int n = ss.length;
    int first = r.threadId() % n;
    for (int t = 0; t <= n; t++) {
      Stripe s = ss[(first + t) % n];
      if (t < n ? !s.lock.tryLock() : lockHome(s)) {
        continue;
      }
      try {
        long target = Math.max(k, s.closedUpTo + 1);
        SparseCounts[] acc = s.open.get(target);
        if (acc == null) {
          acc = s.free.poll();
          if (acc == null) {
            acc = newSet();
          }
          s.open.put(target, acc);
        }
        r.moveActiveInto(acc);
        return true;
      } finally {
        s.lock.unlock();
      }
    }
    return false;
  }

  /** Every stripe was busy: wait for the thread's own. Returns false (locked). */
  private static boolean lockHome(Stripe s) {
    s.lock.lock();
    return false;
  }

  private SparseCounts[] newSet() {
    SparseCounts[] set = new SparseCounts[recorderSlots];
    for (int i = 0; i < recorderSlots; i++) {
      set[i] = new SparseCounts(layout);
    }
    return set;
  }

  /** Takes the stripes' counts of every interval up to {@code k} into {@link #sums} and closes them. */
  private void takeStripes(long k) {
    for (Stripe s : stripes) {
      s.lock.lock();
      try {
        s.closedUpTo = Math.max(s.closedUpTo, k);
        java.util.Iterator<Map.Entry<Long, SparseCounts[]>> it = s.open.entrySet().iterator();
        while (it.hasNext()) {
          Map.Entry<Long, SparseCounts[]> e = it.next();
          if (e.getKey() <= k) {
            moveAll(e.getValue(), sums);
            s.free.push(e.getValue());
            it.remove();
          }
        }
      } finally {
        s.lock.unlock();
      }
    }
  }

  /** The granularity of the aligned intervals, 0 when intervals end at each {@link #collect} call. */
  public long granularityNanos() {
    return granularityNanos;
  }

  // ------------------------------------------------------------------ collections

  /**
   * Ends the run's last interval at {@code nowNanos} (the end of the last operation), once every thread has ended:
   * every interval still open is finalized, and every recorder is read. Without aligned intervals (granularity 0),
   * each call is an interval from the previous call.
   */
  public void collect(long nowNanos) {
    collecting.lock();
    try {
      synchronized (this) {
        collectLocked(nowNanos);
      }
    } finally {
      collecting.unlock();
    }
  }

  private void collectLocked(long nowNanos) {
    long began = System.nanoTime();
    long cpuBegan = CPU.getCurrentThreadCpuTime();
    if (!measuring) {
      drain(false, -1);
      maybeStatus(nowNanos, false);
      return;
    }
    if (granularityNanos > 0) {
      long last = Math.max(intervalOf(nowNanos), finalizedUpTo + 1);
      for (long k = finalizedUpTo + 1; k < last; k++) {
        finalizeInterval(k, boundary(k), boundary(k + 1), false);
      }
      finalizeInterval(last, boundary(last), Math.max(nowNanos, boundary(last)), true);
    } else {
      finalizeInterval(-1, lastCollectNanos, nowNanos, true);
    }
    note(began, cpuBegan);
  }

  /**
   * While threads run, called by the collector thread each measurement interval: finalizes every interval that has
   * ended (client threads hand over their counts as their operations cross a boundary, so what an interval holds
   * is what ended in it, however late this thread gets the CPU; with a thousand busy threads on two cores that can
   * be seconds). Without aligned intervals, the interval ends when every recorder has been read.
   */
  public void collectNow() {
    collecting.lock();
    try {
      synchronized (this) {
        collectNowLocked();
      }
    } finally {
      collecting.unlock();
    }
  }

  /**
   * Client side, after a thread crossed into interval {@code current}: when the collector is more than an interval
   * behind and no status line came for a status period, prints a progress line (operations, current rate, ETA) in
   * its stead. With a thousand busy client threads on two cores, every thread gets a share in a thousand of the CPU:
   * a collection (a few ms of CPU) then takes the collector tens of seconds, whichever thread runs it, and the status
   * lines would stop. The progress line costs microseconds of a thread that is running anyway; the per-operation
   * figures follow when the collector catches up (the time series stays exact: the threads hand over their counts).
   */
  void progressIfBehind(long current) {
    if (finalizedVolatile >= current - 2 || status == null) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastLineNanos < statusIntervalNanos || !progressLock.tryLock()) {
      return;
    }
    try {
      if (now - lastLineNanos < statusIntervalNanos) {
        return;
      }
      long done = opsDone();
      double secs = Math.max(1e-9, (now - progressNanos) / 1e9);
      double rate = (done - progressOps) / secs;
      long planned = plannedOps.getAsLong();
      StringBuilder sb = new StringBuilder();
      sb.append(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date()));
      sb.append(' ').append((now - runStartNanos) / 1_000_000_000L).append(" sec: ");
      sb.append(done).append(" operations; ");
      sb.append(String.format(java.util.Locale.ROOT, "%.1f current ops/sec", rate));
      if (planned > 0) {
        sb.append(String.format(java.util.Locale.ROOT, "; %.1f%% done", 100.0 * done / planned));
      }
      String eta = eta(now, done, planned, rate);
      if (eta != null) {
        sb.append("; est completion in ").append(eta);
      }
      sb.append("; [collector ").append(current - 1 - finalizedVolatile)
          .append(" interval(s) behind: the client threads leave it little CPU]");
      status.println(sb);
      progressNanos = now;
      progressOps = done;
      lastLineNanos = now;
      progressLines++;
    } finally {
      progressLock.unlock();
    }
  }

  private void collectNowLocked() {
    long began = System.nanoTime();
    long cpuBegan = CPU.getCurrentThreadCpuTime();
    if (!measuring) {
      drain(false, -1);
      maybeStatus(began, false);
      return;
    }
    if (granularityNanos > 0) {
      // a short grace after each boundary, for the threads to hand over their own counts
      long upTo = intervalOf(began - granularityNanos / 10) - 1;
      if (upTo <= finalizedUpTo) {
        maybeStatus(began, false);
        return;
      }
      finalizeUpTo(upTo);
    } else {
      finalizeInterval(-1, lastCollectNanos, System.nanoTime(), true);
    }
    note(began, cpuBegan);
  }

  /**
   * When the collector thread should next call {@link #collectNow}: just after the next interval's end and its
   * grace (aligned intervals), or one granularity from now.
   */
  public synchronized long nextCollectionNanos(long nowNanos) {
    if (granularityNanos <= 0 || !measuring) {
      return nowNanos + (granularityNanos > 0 ? granularityNanos : 1_000_000_000L);
    }
    return boundary(intervalOf(nowNanos - granularityNanos / 10) + 1) + granularityNanos / 10;
  }

  private void finalizeUpTo(long upTo) {
    for (long k = finalizedUpTo + 1; k <= upTo; k++) {
      finalizeInterval(k, boundary(k), boundary(k + 1), false);
    }
  }

  private long intervalOf(long nanos) {
    return Math.max(0, (nanos - measureStartNanos) / granularityNanos);
  }

  private long boundary(long k) {
    return measureStartNanos + k * granularityNanos;
  }

  /** The first interval boundary, for a recorder starting to hand over its counts (Long.MAX_VALUE: never). */
  public synchronized long firstBoundaryNanos() {
    return granularityNanos > 0 && measuring ? boundary(1) : Long.MAX_VALUE;
  }

  private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

  /**
   * Finalizes one interval [startNanos, endNanos]: reads the recorders (those behind, or all of them when
   * {@code all}), takes the stripes' counts, and writes the interval's point, log lines and totals.
   */
  private void finalizeInterval(long k, long startNanos, long endNanos, boolean all) {
    drain(true, all || k < 0 ? -1 : k);
    if (k >= 0) {
      takeStripes(all ? Long.MAX_VALUE - 1 : k);
      finalizedUpTo = k;
      finalizedVolatile = k;
    }
    sumsIntoInterval();
    long nowNanos = endNanos;
    long startMs = (startNanos - measureStartNanos) / 1_000_000;
    long endMs = (endNanos - measureStartNanos) / 1_000_000;
    double seconds = Math.max(1e-9, (endNanos - startNanos) / 1e9);
    Map<String, IntervalPoint.IntervalOp> ops = new LinkedHashMap<>();
    Histogram ovR = new Histogram(digits);
    Histogram ovS = new Histogram(digits);
    long ovErrors = 0;
    for (Operation op : registry.all()) {
      int o = op.index();
      long errors = 0;
      long calls = 0;
      for (int s = 0; s < StatusCodes.MAX; s++) {
        long t = statusTotal(o, s);
        long d = t - lastStatus[o * StatusCodes.MAX + s];
        lastStatus[o * StatusCodes.MAX + s] = t;
        calls += d;
        if (!StatusCodes.isOk(s)) {
          errors += d;
        }
      }
      Histogram r = interval[OperationRegistry.slot(o, false, false)];
      Histogram sv = interval[OperationRegistry.slot(o, false, true)];
      for (int k2 = 0; k2 < 4; k2++) {
        int slot = o * 4 + k2;
        if (interval[slot].getTotalCount() > 0) {
          total[slot].add(interval[slot]);
          sinceStatus[slot].add(interval[slot]);
          writeLog(op.name(), (k2 & 2) != 0, (k2 & 1) != 0, interval[slot], startMs, endMs);
        }
      }
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
    if (ovR.getTotalCount() > 0 || ovErrors > 0) {
      overallResponse.add(ovR);
      overallService.add(ovS);
      writeLog("OVERALL", false, false, ovR, startMs, endMs);
      writeLog("OVERALL", false, true, ovS, startMs, endMs);
      Map<String, IntervalPoint.IntervalOp> withOverall = new LinkedHashMap<>();
      withOverall.put("OVERALL", new IntervalPoint.IntervalOp(ovR.getTotalCount(), ovErrors,
          ovR.getTotalCount() / seconds, LatencySummary.of(ovR), LatencySummary.of(ovS)));
      withOverall.putAll(ops);
      ops = withOverall;
    }
    if (endMs > startMs || !ops.isEmpty()) {
      series.add(new IntervalPoint(startMs, endMs, ops));
    }
    lastCollectNanos = nowNanos;
    maybeStatus(Math.max(nowNanos, System.nanoTime()), false);
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
    m.put("progressLines", progressLines);
    return m;
  }

  private void writeLog(String op, boolean failed, boolean service, Histogram h, long startMs, long endMs) {
    if (log == null || h.getTotalCount() == 0) {
      return;
    }
    h.setTag(tag(op, failed, service));
    h.setStartTimeStamp(measureStartEpochMs + startMs);
    h.setEndTimeStamp(measureStartEpochMs + endMs);
    log.outputIntervalHistogram(h);
  }

  /** Failed calls so far, all operations (composite ones excluded, their parts are counted). */
  public synchronized long errorsSoFar() {
    long e = 0;
    for (Operation op : registry.all()) {
      if (op.composite()) {
        continue;
      }
      for (int s = 0; s < StatusCodes.MAX; s++) {
        if (!StatusCodes.isOk(s)) {
          e += statusTotal(op.index(), s);
        }
      }
    }
    return e;
  }

  private long statusTotal(int op, int s) {
    long t = 0;
    for (ThreadRecorder r : recorders) {
      t += r.statusCount(op, s);
    }
    return t;
  }

  private long opsDone() {
    long t = 0;
    for (ThreadRecorder r : recorders) {
      t += r.opsDone();
    }
    return t;
  }

  private long statusIntervalNanos = 10_000_000_000L;

  public void setStatusInterval(long nanos) {
    this.statusIntervalNanos = nanos;
  }

  private void maybeStatus(long nowNanos, boolean force) {
    // a tenth of tolerance: collections come once per interval, a few ms either side of the status period
    if (status == null || (!force && nowNanos - lastStatusNanos < statusIntervalNanos - statusIntervalNanos / 10)) {
      return;
    }
    long done = opsDone();
    double secs = Math.max(1e-9, (nowNanos - lastStatusNanos) / 1e9);
    double rate = (done - lastStatusOps) / secs;
    StringBuilder sb = new StringBuilder();
    sb.append(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date()));
    sb.append(' ').append((nowNanos - runStartNanos) / 1_000_000_000L).append(" sec: ");
    sb.append(done).append(" operations; ");
    sb.append(String.format(java.util.Locale.ROOT, "%.1f current ops/sec", rate));
    long planned = plannedOps.getAsLong();
    if (planned > 0) {
      sb.append(String.format(java.util.Locale.ROOT, "; %.1f%% done", 100.0 * done / planned));
    }
    String eta = eta(nowNanos, done, planned, rate);
    if (eta != null) {
      sb.append("; est completion in ").append(eta);
    }
    if (!measuring) {
      sb.append("; warming up");
    } else {
      for (Operation op : registry.all()) {
        Histogram r = sinceStatus[OperationRegistry.slot(op.index(), false, false)];
        Histogram f = sinceStatus[OperationRegistry.slot(op.index(), true, false)];
        if (r.getTotalCount() == 0 && f.getTotalCount() == 0) {
          continue;
        }
        sb.append(String.format(java.util.Locale.ROOT, " [%s: Count=%d, Errors=%d, Avg(us)=%.1f, p95(us)=%.1f, Max(us)=%.1f]",
            op.name(), r.getTotalCount(), f.getTotalCount(), r.getMean() / 1000.0,
            r.getValueAtPercentile(95) / 1000.0, r.getMaxValue() / 1000.0));
      }
    }
    for (Histogram h : sinceStatus) {
      h.reset();
    }
    status.println(sb);
    lastLineNanos = System.nanoTime();
    lastStatusNanos = nowNanos;
    lastStatusOps = done;
  }

  private String eta(long nowNanos, long done, long planned, double rate) {
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
    return String.format(java.util.Locale.ROOT, "%.1f hours", s / 3600.0);
  }

  /** The final status line, then the totals: call after every thread has ended and {@link #collect} ran. */
  public synchronized List<OpSummary> summaries(double measuredSeconds) {
    maybeStatus(System.nanoTime(), true);
    List<OpSummary> out = new ArrayList<>();
    long ovCalls = 0;
    Map<String, Long> ovStatuses = new LinkedHashMap<>();
    List<OpSummary> ops = new ArrayList<>();
    for (Operation op : registry.all()) {
      int o = op.index();
      Map<String, Long> statuses = new LinkedHashMap<>();
      long calls = 0;
      for (int s = 0; s < StatusCodes.MAX; s++) {
        long n = statusTotal(o, s);
        if (n > 0) {
          statuses.put(codes.name(s), n);
          calls += n;
          if (!op.composite()) {
            ovStatuses.merge(codes.name(s), n, Long::sum);
          }
        }
      }
      Histogram r = total[OperationRegistry.slot(o, false, false)];
      if (calls == 0 && r.getTotalCount() == 0) {
        continue;
      }
      if (!op.composite()) {
        ovCalls += calls;
      }
      ops.add(new OpSummary(op.name(), r.getTotalCount(), statuses, r.getTotalCount() / measuredSeconds,
          LatencySummary.of(r), LatencySummary.of(total[OperationRegistry.slot(o, false, true)]),
          LatencySummary.of(total[OperationRegistry.slot(o, true, false)])));
    }
    if (ovCalls > 0) {
      out.add(new OpSummary("OVERALL", overallResponse.getTotalCount(), ovStatuses,
          overallResponse.getTotalCount() / measuredSeconds, LatencySummary.of(overallResponse),
          LatencySummary.of(overallService), LatencySummary.EMPTY));
    }
    out.addAll(ops);
    return out;
  }

  public synchronized List<IntervalPoint> series() {
    return List.copyOf(series);
  }

  /** The total histogram of a slot (for tests and merging). */
  public synchronized Histogram total(int opIndex, boolean failed, boolean service) {
    return total[OperationRegistry.slot(opIndex, failed, service)].copy();
  }

  public synchronized void close() throws IOException {
    if (logStream != null) {
      logStream.flush();
      logStream.close();
    }
  }
}
