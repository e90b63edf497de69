package org.sciycsb.engine.run;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.sciycsb.measure.ThreadRecorder;

/**
 * One client thread's window of operations in flight ({@code -p inflight=N}): at most {@code capacity} workload
 * operations pending at once. Their parts complete on the driver's threads, which only append what they measured
 * (end time included) to a lock-free queue and wake the owner if it sleeps; the owner thread alone records them into
 * its {@link ThreadRecorder}, which stays single-writer. So the hot path takes no lock, and both time kinds stay
 * exact: the service time from each part's send to its completion, the response time from the operation's intended
 * start on the schedule.
 */
final class AsyncWindow {
  /** A finished part: the operation slot, its times and outcome. Or, with {@code opIndex} -1, a finished operation. */
  private record Done(int opIndex, long intended, long start, long end, int statusIndex) {}

  private static final Done OPERATION_DONE = new Done(-1, 0, 0, 0, 0);
  private static final VarHandle ISSUED;

  static {
    try {
      ISSUED = MethodHandles.lookup().findVarHandle(AsyncWindow.class, "issued", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ThreadRecorder rec;
  private final int capacity;
  private final ConcurrentLinkedQueue<Done> done = new ConcurrentLinkedQueue<>();
  private final Thread owner;
  private volatile boolean sleeping;
  /** Operations completed, counted by the threads that complete them. */
  private final AtomicLong completedOps = new AtomicLong();
  /** While the owner sleeps: the {@link #completedOps} count that wakes it. */
  private volatile long wakeAt;
  /** Owner only. */
  private long freedOps;
  private int pending;
  private long fullWaits;
  private long fullWaitNanos;
  /** Written by the owner only (opaque: no fence), read by live metrics. */
  private long issued;

  AsyncWindow(ThreadRecorder rec, int capacity, Thread owner) {
    this.rec = rec;
    this.capacity = capacity;
    this.owner = owner;
  }

  /** Any thread: one part of an operation has completed. */
  void completed(int opIndex, long intended, long start, long end, int statusIndex) {
    offer(new Done(opIndex, intended, start, end, statusIndex));
  }

  /** Owner: an operation was sent; its stage completing frees its place in the window. */
  void issued(CompletionStage<?> stage, ErrorLog errors) {
    pending++;
    ISSUED.setOpaque(this, (long) ISSUED.getOpaque(this) + 1);
    stage.whenComplete((r, e) -> {
      if (e != null) {
        errors.note("asynchronous operation", e);
      }
      done.offer(OPERATION_DONE);
      if (completedOps.incrementAndGet() >= wakeAt && sleeping) {
        LockSupport.unpark(owner);
      }
    });
  }

  /** A part's record waits in the queue for the owner, who wakes for the operation's completion, which follows. */
  private void offer(Done d) {
    done.offer(d);
  }

  /** Owner: records every completed part and frees the places of completed operations. */
  void drain() {
    Done d;
    while ((d = done.poll()) != null) {
      if (d.opIndex() < 0) {
        pending--;
        freedOps++;
      } else {
        rec.setIntendedStart(d.intended());
        rec.record(d.opIndex(), d.start(), d.end(), d.statusIndex());
      }
    }
  }

  /** Any thread: operations sent and not completed yet. */
  long inFlight() {
    return Math.max(0, (long) ISSUED.getOpaque(this) - completedOps.get());
  }

  boolean full() {
    return pending >= capacity;
  }

  int pending() {
    return pending;
  }

  /** Owner: sleeps until an operation completes or until {@code untilNanos} (0: no limit but 100 ms). */
  void await(long untilNanos) {
    await(untilNanos, 1);
  }

  /**
   * Owner: sleeps until {@code operations} more operations have completed than it has drained, or until
   * {@code untilNanos} (0: no limit but 100 ms).
   */
  private void await(long untilNanos, int operations) {
    wakeAt = freedOps + operations;
    sleeping = true;
    try {
      if (completedOps.get() >= wakeAt) {
        return;
      }
      long now = System.nanoTime();
      long wait = untilNanos == 0 ? 100_000_000L : Math.min(untilNanos - now, 100_000_000L);
      if (wait > 0) {
        LockSupport.parkNanos(this, wait);
      }
    } finally {
      sleeping = false;
    }
  }

  /**
   * Owner: an operation was due but the window was full; waits for a free place, and counts the wait. With
   * {@code refill} above 1 (a closed loop: nothing is scheduled, every operation is due at once) the thread sleeps
   * until that many places are free and then sends that many operations, instead of waking for every completion:
   * a wake-up per operation costs more CPU than the operation's own work in the client, and the window still never
   * holds more than its capacity.
   */
  void awaitPlace(Stop stop, int refill) {
    long t0 = System.nanoTime();
    fullWaits++;
    int free = Math.max(1, Math.min(refill, pending));
    while (pending > capacity - free && !stop.requested()) {
      await(0, pending - (capacity - free));
      drain();
    }
    fullWaitNanos += System.nanoTime() - t0;
  }

  /** The places a closed loop refills at once: an eighth of the window, at least 1, at most 64. */
  int closedLoopRefill() {
    return Math.max(1, Math.min(64, capacity / 8));
  }

  /** Owner: waits until every operation sent has completed and been recorded (at most {@code maxNanos}). */
  boolean awaitAll(long maxNanos) {
    long end = System.nanoTime() + maxNanos;
    drain();
    while (pending > 0 && System.nanoTime() < end) {
      await(end);
      drain();
    }
    return pending == 0;
  }

  long issuedOps() {
    return issued;
  }

  long fullWaits() {
    return fullWaits;
  }

  long fullWaitNanos() {
    return fullWaitNanos;
  }
}
