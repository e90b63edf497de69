package org.sciycsb.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.WriterReaderPhaser;
import org.sciycsb.api.Meter;
import org.sciycsb.api.Operation;
import site.ycsb.Status;

/**
 * One client thread's recorder: a histogram per (operation, outcome, time kind) slot, in nanoseconds, written
 * only by its thread. Like HdrHistogram's {@code SingleWriterRecorder}, a {@link WriterReaderPhaser} lets the
 * collector swap the whole set of histograms each interval without a lock on the writer's path; unlike it, one
 * critical section covers both time kinds of an operation, and the collector recycles one spare set across all
 * threads, so memory is one set per thread plus one. Histograms are allocated on first use and auto-resize, so an
 * operation a thread never runs costs nothing.
 */
public final class ThreadRecorder implements Meter {
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle OPS;

  static {
    try {
      OPS = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "opsDone", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile AbstractHistogram[] active;
  private final long[] statusCounts;
  private final StatusCodes codes;
  private final int digits;
  private final int threadId;

  /** False during warmup: operations run but are not recorded. Owner thread only. */
  private boolean recording = true;
  /** Intended start of the operation in progress (0: none, response time = service time). Owner thread only. */
  private long intendedStart;
  /** End of the last recorded operation, so the run loop needs no extra clock read. */
  private long lastEnd;
  /** Workload-level operations done, warmup included; written by the owner, read by the collector. */
  @SuppressWarnings("unused") // accessed through OPS
  private long opsDone;

  public ThreadRecorder(int threadId, int slots, StatusCodes codes, int significantDigits) {
    this.threadId = threadId;
    this.active = new AbstractHistogram[slots];
    this.statusCounts = new long[(slots / 4) * StatusCodes.MAX];
    this.codes = codes;
    this.digits = significantDigits;
  }

  public int threadId() {
    return threadId;
  }

  public void setRecording(boolean on) {
    this.recording = on;
  }

  public boolean isRecording() {
    return recording;
  }

  public void setIntendedStart(long nanos) {
    this.intendedStart = nanos;
  }

  @Override
  public long intendedStartNanos() {
    return intendedStart;
  }

  public long lastEnd() {
    return lastEnd;
  }

  public void opDone() {
    // single writer: an opaque store is enough for the collector's progress reads, and costs no fence
    OPS.setOpaque(this, (long) OPS.getOpaque(this) + 1);
  }

  public long opsDone() {
    return (long) OPS.getOpaque(this);
  }

  @Override
  public void record(Operation op, long startNanos, long endNanos, Status status) {
    record(op.index(), startNanos, endNanos, codes.index(status));
  }

  /** Records one operation: service time from {@code start}, response time from the intended start. */
  public void record(int opIndex, long start, long end, int statusIndex) {
    lastEnd = end;
    if (!recording) {
      return;
    }
    int ci = opIndex * StatusCodes.MAX + statusIndex;
    LONGS.setOpaque(statusCounts, ci, (long) LONGS.getOpaque(statusCounts, ci) + 1);
    long intended = intendedStart;
    long service = end - start;
    long response = intended == 0 || intended > start ? service : end - intended;
    int base = opIndex * 4 + (StatusCodes.isOk(statusIndex) ? 0 : 2);
    long cv = phaser.writerCriticalSectionEnter();
    try {
      AbstractHistogram[] h = active;
      histogram(h, base).recordValue(response < 0 ? 0 : response);
      histogram(h, base + 1).recordValue(service < 0 ? 0 : service);
    } finally {
      phaser.writerCriticalSectionExit(cv);
    }
  }

  private AbstractHistogram histogram(AbstractHistogram[] h, int slot) {
    AbstractHistogram x = h[slot];
    if (x == null) {
      x = new IntCountsHistogram(digits);
      h[slot] = x;
    }
    return x;
  }

  /**
   * Collector side: installs {@code fresh} (histograms all empty, or null) and returns the set recorded since the
   * last swap. Once this returns, the owner thread no longer writes into the returned set.
   */
  public AbstractHistogram[] swap(AbstractHistogram[] fresh) {
    phaser.readerLock();
    try {
      AbstractHistogram[] old = active;
      active = fresh;
      phaser.flipPhase();
      return old;
    } finally {
      phaser.readerUnlock();
    }
  }

  /** Collector side: the cumulative count of one (operation, status) pair. */
  public long statusCount(int opIndex, int statusIndex) {
    return (long) LONGS.getOpaque(statusCounts, opIndex * StatusCodes.MAX + statusIndex);
  }
}
