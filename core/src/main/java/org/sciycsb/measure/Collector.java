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
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.sciycsb.api.Operation;

/**
 * Collects the thread recorders' histograms once per measurement interval: adds them into interval and total
 * histograms per slot (exact, no averaging), appends the interval to the time series and to the HdrHistogram
 * interval log, and prints the status line every status interval. One thread calls {@link #collect}.
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
  private AbstractHistogram[] spare;
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
  private final long runStartNanos;

  /**
   * @param hlog          where to write the interval log, or null
   * @param status        where status lines go (stderr), or null for none
   * @param plannedOps    total workload operations planned (for progress and ETA), or -1 when unknown
   * @param deadlineNanos the nanoTime at which maxexecutiontime ends, or 0
   */
  public Collector(OperationRegistry registry, StatusCodes codes, List<ThreadRecorder> recorders, int digits,
      Path hlog, PrintStream status, LongSupplier plannedOps, long deadlineNanos) throws IOException {
    this.registry = registry;
    this.codes = codes;
    this.recorders = List.copyOf(recorders);
    this.digits = digits;
    this.slots = registry.slotCount();
    this.spare = new AbstractHistogram[slots];
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
      this.log = new HistogramLogWriter(new PrintStream(logStream, false, "UTF-8"));
    } else {
      this.logStream = null;
      this.log = null;
    }
  }

  /** Starts the measured part: what was recorded before (warmup) is dropped. */
  public synchronized void beginMeasurement(long nanos) {
    drain(null);
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

  public long measureStartNanos() {
    return measureStartNanos;
  }

  public long measureStartEpochMs() {
    return measureStartEpochMs;
  }

  /**
   * Swaps every recorder and adds what they held into {@code into}; null just drops it. A recorder whose thread is
   * still inside the critical section it was in at the swap is read at a later call: no wait, no loss.
   */
  private void drain(Histogram[] into) {
    for (ThreadRecorder r : recorders) {
      // at most two rounds: a set left pending by an earlier call, then the set recorded since
      for (int round = 0; round < 2; round++) {
        boolean installed = r.beginSwap(spare != null ? spare : new AbstractHistogram[slots]);
        if (installed) {
          spare = null;
        }
        AbstractHistogram[] old = r.takeIfSafe();
        if (old == null) {
          break; // the writer is still inside: read it at the next call
        }
        for (int i = 0; i < slots; i++) {
          AbstractHistogram h = old[i];
          if (h != null && h.getTotalCount() > 0) {
            if (into != null) {
              into[i].add(h);
            }
            h.reset();
          }
        }
        spare = old;
        if (installed) {
          break;
        }
      }
    }
  }

  /** One interval: called by the collector thread each measurement interval and once at the end. */
  public synchronized void collect(long nowNanos) {
    if (!measuring) {
      drain(null);
      maybeStatus(nowNanos, false);
      return;
    }
    for (Histogram h : interval) {
      h.reset();
    }
    drain(interval);
    long startMs = (lastCollectNanos - measureStartNanos) / 1_000_000;
    long endMs = (nowNanos - measureStartNanos) / 1_000_000;
    double seconds = Math.max(1e-9, (nowNanos - lastCollectNanos) / 1e9);
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
      for (int k = 0; k < 4; k++) {
        int slot = o * 4 + k;
        if (interval[slot].getTotalCount() > 0) {
          total[slot].add(interval[slot]);
          sinceStatus[slot].add(interval[slot]);
          writeLog(op.name(), (k & 2) != 0, (k & 1) != 0, interval[slot], startMs, endMs);
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
    maybeStatus(nowNanos, false);
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
    if (status == null || (!force && nowNanos - lastStatusNanos < statusIntervalNanos)) {
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
