package org.sciycsb.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;
import org.sciycsb.api.Meter;
import org.sciycsb.api.Operation;
import site.ycsb.Status;

/**
 * One client thread's recorder: a histogram per (operation, outcome, time kind) slot, in nanoseconds, written
 * only by its thread. As with HdrHistogram's {@code SingleWriterRecorder}, the collector swaps the whole set of
 * histograms each interval without a lock on the writer's path. Unlike it: one critical section covers both time
 * kinds of an operation; the writer marks it with two epoch counters (a volatile store on entry, a release store
 * on exit: no atomic read-modify-write); and the collector never waits for a writer. If the thread was preempted
 * inside a critical section when the set was swapped (common with 1000 threads on 2 cores), the old set is read at a
 * later collection, once the writer has left it. Histograms are allocated on first use and auto-resize, so an
 * operation a thread never runs costs nothing.
 */
public final class ThreadRecorder implements Meter {
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle OPS;
  private static final VarHandle ENTER;
  private static final VarHandle EXIT;

  static {
    try {
      OPS = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "opsDone", long.class);
      ENTER = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "enterEpoch", long.class);
      EXIT = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "exitEpoch", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private volatile AbstractHistogram[] active;
  /** Critical sections entered and left by the writer; only the writer changes them. */
  @SuppressWarnings("unused") // accessed through ENTER
  private long enterEpoch;
  @SuppressWarnings("unused") // accessed through EXIT
  private long exitEpoch;
  /** Collector side: the set swapped out, not yet safe to read, and the entry epoch it waits for. */
  private AbstractHistogram[] pending;
  private long pendingEpoch;
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
    long epoch = (long) ENTER.getOpaque(this) + 1;
    // volatile store, then volatile load of the set: with the collector's store of the set and load of this epoch,
    // one of the two sees the other (the writer uses the new set, or the collector waits for this epoch to end)
    ENTER.setVolatile(this, epoch);
    try {
      AbstractHistogram[] h = active;
      histogram(h, base).recordValue(response < 0 ? 0 : response);
      histogram(h, base + 1).recordValue(service < 0 ? 0 : service);
    } finally {
      EXIT.setRelease(this, epoch);
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
   * Collector side: unless a set is still pending, installs {@code fresh} (histograms all empty, or null) and makes
   * the set recorded so far pending. Returns true when {@code fresh} was installed. Never blocks.
   */
  public boolean beginSwap(AbstractHistogram[] fresh) {
    if (pending != null) {
      return false;
    }
    pending = active;
    active = fresh;
    pendingEpoch = (long) ENTER.getVolatile(this);
    return true;
  }

  /**
   * Collector side: the pending set once the writer has left it (the collector may then read and reset it), or
   * null while the writer is still inside the critical section it was in at the swap. Never blocks.
   */
  public AbstractHistogram[] takeIfSafe() {
    if (pending == null || (long) EXIT.getAcquire(this) < pendingEpoch) {
      return null;
    }
    AbstractHistogram[] out = pending;
    pending = null;
    return out;
  }

  /** Collector side: the cumulative count of one (operation, status) pair. */
  public long statusCount(int opIndex, int statusIndex) {
    return (long) LONGS.getOpaque(statusCounts, opIndex * StatusCodes.MAX + statusIndex);
  }
}
