package org.sciycsb.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.sciycsb.api.Meter;
import org.sciycsb.api.Operation;
import site.ycsb.Status;

/**
 * One client thread's recorder: latency counts per (operation, outcome, time kind), in nanoseconds, written only
 * by its thread. As with HdrHistogram's {@code SingleWriterRecorder}, the collector swaps the whole set of counts
 * each interval without a lock on the writer's path. Unlike it: one critical section covers both time kinds of an
 * operation; the writer marks it with two epoch counters (a volatile store on entry, a release store on exit: no
 * atomic read-modify-write); and the collector never waits for a writer. If the thread was preempted inside a
 * critical section when the set was swapped (common with 1000 threads on 2 cores), the old set is read at a later
 * collection, once the writer has left it.
 *
 * <p>The counts are {@link SparseCounts} (HdrHistogram's layout, paged, with the list of buckets touched since the
 * last drain), allocated on first use, so an operation a thread never runs costs nothing and a drain costs what was
 * recorded. An operation whose response time equals its service time (always, without {@code -target}) is counted
 * once, in a "both" slot that the collector adds to both time kinds: one count per operation instead of two.
 * Per operation and outcome the set has three slots: both, response only, service only ({@link #SLOTS_PER_OP}).
 */
public final class ThreadRecorder implements Meter {
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle OPS;
  private static final VarHandle ENTER;
  private static final VarHandle EXIT;
  private static final VarHandle CROSSED;

  static {
    try {
      OPS = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "opsDone", long.class);
      ENTER = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "enterEpoch", long.class);
      EXIT = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "exitEpoch", long.class);
      CROSSED = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "crossedUpTo", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Slots per operation: ok {both, response, service}, failed {both, response, service}. */
  public static final int SLOTS_PER_OP = 6;

  private volatile SparseCounts[] active;
  /** Critical sections entered and left by the writer; only the writer changes them. */
  @SuppressWarnings("unused") // accessed through ENTER
  private long enterEpoch;
  @SuppressWarnings("unused") // accessed through EXIT
  private long exitEpoch;
  /** Collector side: the set swapped out, not yet safe to read, and the entry epoch it waits for. */
  private SparseCounts[] pending;
  private long pendingEpoch;
  private final long[] statusCounts;
  private final StatusCodes codes;
  private final SparseCounts.Layout layout;
  private final int threadId;

  /** False during warmup: operations run but are not recorded. Owner thread only. */
  private boolean recording = true;
  /** Intended start of the operation in progress (0: none, response time = service time). Owner thread only. */
  private long intendedStart;
  /** Recorded operations that had an intended start, and those that began later than {@link #LATE_NANOS} after it. */
  private long scheduled;
  private long late;
  /** An operation that began more than this after its slot waited for its thread (or in-flight slot). */
  public static final long LATE_NANOS = 1_000_000L;
  /** End of the last recorded operation, so the run loop needs no extra clock read. */
  private long lastEnd;
  /** The collector of the run, whose intervals this recorder follows (set before threads start). */
  private Collector collector;
  /** Where this recorder's thread hands its counts over at interval boundaries, and prints a progress line. */
  private HandOverStripes handOver;
  private StatusPrinter progress;
  /** Owner only: the next interval boundary (Long.MAX_VALUE: none), the intervals' origin and length. */
  private long nextBoundary = Long.MAX_VALUE;
  private long intervalOrigin;
  private long intervalLength;
  /** The owner's operations all end after this interval (it crossed the boundary after it); read by the collector. */
  @SuppressWarnings("unused") // accessed through CROSSED
  private long crossedUpTo = -1;
  /** Every data point, when the run keeps them ({@link #keepRawPoints}); null otherwise. Owner thread writes. */
  private RawRecorder raw;
  /** Workload-level operations done, warmup included; written by the owner, read by the collector. */
  @SuppressWarnings("unused") // accessed through OPS
  private long opsDone;

  /**
   * @param operations the number of registered operations ({@link OperationRegistry#size()})
   * @param layout     the counts layout (significant digits), shared by every recorder of a run
   */
  public ThreadRecorder(int threadId, int operations, StatusCodes codes, SparseCounts.Layout layout) {
    this.threadId = threadId;
    this.active = new SparseCounts[operations * SLOTS_PER_OP];
    this.statusCounts = new long[operations * StatusCodes.MAX];
    this.codes = codes;
    this.layout = layout;
  }

  /** The slot of an operation's counts: {@code kind} 0 = both time kinds, 1 = response only, 2 = service only. */
  public static int slot(int opIndex, boolean failed, int kind) {
    return opIndex * SLOTS_PER_OP + (failed ? 3 : 0) + kind;
  }

  public int threadId() {
    return threadId;
  }

  void attach(Collector c, HandOverStripes handOver, StatusPrinter progress) {
    this.collector = c;
    this.handOver = handOver;
    this.progress = progress;
  }

  /**
   * Owner side, once the measured part has begun: from now on, the first operation to end past an interval boundary
   * first hands the thread's counts (all of operations that ended before it) over to the collector. With a thousand
   * busy threads the collector alone could not read them all in time; this way each thread moves its own, once per
   * interval, and each interval holds exactly the operations that ended in it.
   */
  public void beginIntervals() {
    Collector c = collector;
    if (c == null || c.granularityNanos() <= 0) {
      return;
    }
    intervalOrigin = c.measureStartNanos();
    intervalLength = c.granularityNanos();
    nextBoundary = c.firstBoundaryNanos();
  }

  /**
   * The first operation past a boundary: hands over the counts of the intervals before it, under {@link #crossing},
   * which the collector also holds while it reads a recorder whose thread has not crossed yet. So the collector
   * never reads an operation of a later interval into an earlier one: an operation is counted in the interval its
   * end time falls in, or (recorded late: the thread was preempted between the end and the record) a later one.
   */
  private void crossBoundary(long end) {
    long k = (nextBoundary - intervalOrigin) / intervalLength - 1; // the interval of the counts held
    long now = (end - intervalOrigin) / intervalLength; // the interval of this operation, k + 1 or later
    crossing.lock();
    try {
      handOver.handOver(this, k);
      CROSSED.setRelease(this, now - 1); // every later operation ends in interval 'now' or after
    } finally {
      crossing.unlock();
    }
    nextBoundary = intervalOrigin + (now + 1) * intervalLength;
    progress.progressIfBehind(now);
  }

  /** Held by the owner while it crosses a boundary, and by the collector while it reads a recorder behind. */
  final java.util.concurrent.locks.ReentrantLock crossing = new java.util.concurrent.locks.ReentrantLock();

  /** Collector side: the last interval boundary this recorder's thread has crossed (-1: none). */
  long crossedUpTo() {
    return (long) CROSSED.getAcquire(this);
  }

  /** Owner side (from {@link HandOverStripes#handOver}): moves the counts of the set in use into {@code into}. */
  void moveActiveInto(SparseCounts[] into) {
    long epoch = (long) ENTER.getOpaque(this) + 1;
    ENTER.setVolatile(this, epoch);
    try {
      SparseCounts[] h = active;
      for (int i = 0; i < h.length; i++) {
        SparseCounts x = h[i];
        if (x != null && !x.isEmpty()) {
          x.moveInto(into[i]);
        }
      }
    } finally {
      EXIT.setRelease(this, epoch);
    }
  }

  /** Keeps every measured data point besides the counts ({@code measurementtype=raw}); before the thread starts. */
  public void keepRawPoints() {
    raw = new RawRecorder();
  }

  RawRecorder rawRecorder() {
    return raw;
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

  /**
   * Recorded operations with an intended start (a schedule), and of them those that began more than
   * {@link #LATE_NANOS} after it; read once the owner thread has ended.
   */
  public long[] scheduledAndLate() {
    return new long[] {scheduled, late};
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

  @Override
  public void recordSpan(Operation op, long endNanos, long spanNanos, Status status) {
    long intended = intendedStart;
    intendedStart = 0;
    try {
      record(op, endNanos - spanNanos, endNanos, status);
    } finally {
      intendedStart = intended;
    }
  }

  /** Records one operation: service time from {@code start}, response time from the intended start. */
  public void record(int opIndex, long start, long end, int statusIndex) {
    lastEnd = end;
    if (!recording) {
      return;
    }
    if (end >= nextBoundary) {
      crossBoundary(end);
    }
    int ci = opIndex * StatusCodes.MAX + statusIndex;
    LONGS.setOpaque(statusCounts, ci, (long) LONGS.getOpaque(statusCounts, ci) + 1);
    long intended = intendedStart;
    long service = end - start;
    long response = intended == 0 || intended > start ? service : end - intended;
    if (intended != 0) {
      scheduled++;
      late += start - intended > LATE_NANOS ? 1 : 0;
    }
    int base = opIndex * SLOTS_PER_OP + (StatusCodes.isOk(statusIndex) ? 0 : 3);
    if (service < 0) {
      service = 0;
    }
    if (response < 0) {
      response = 0;
    }
    RawRecorder points = raw;
    if (points != null) {
      points.add(opIndex, base % SLOTS_PER_OP != 0, end, service, response);
    }
    long epoch = (long) ENTER.getOpaque(this) + 1;
    // volatile store, then volatile load of the set: with the collector's store of the set and load of this epoch,
    // one of the two sees the other (the writer uses the new set, or the collector waits for this epoch to end)
    ENTER.setVolatile(this, epoch);
    try {
      SparseCounts[] h = active;
      if (response == service) {
        counts(h, base).record(service);
      } else {
        counts(h, base + 1).record(response);
        counts(h, base + 2).record(service);
      }
    } finally {
      EXIT.setRelease(this, epoch);
    }
  }

  private SparseCounts counts(SparseCounts[] h, int slot) {
    SparseCounts x = h[slot];
    if (x == null) {
      x = new SparseCounts(layout);
      h[slot] = x;
    }
    return x;
  }

  /**
   * Collector side: unless a set is still pending, installs {@code fresh} (counts all empty, or null) and makes
   * the set recorded so far pending. Returns true when {@code fresh} was installed. Never blocks.
   */
  public boolean beginSwap(SparseCounts[] fresh) {
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
  public SparseCounts[] takeIfSafe() {
    if (pending == null || (long) EXIT.getAcquire(this) < pendingEpoch) {
      return null;
    }
    SparseCounts[] out = pending;
    pending = null;
    return out;
  }

  /** Collector side: the cumulative count of one (operation, status) pair. */
  public long statusCount(int opIndex, int statusIndex) {
    return (long) LONGS.getOpaque(statusCounts, opIndex * StatusCodes.MAX + statusIndex);
  }
}
