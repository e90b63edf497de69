package org.sciycsb.measure;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where the client threads hand over their counts at interval boundaries (aligned intervals), until the collector
 * takes them. Threads pick a stripe by id and take the next free one when it is busy, so they rarely wait and never
 * all on one lock; each stripe keeps the counts of the intervals not yet finalized.
 *
 * <p>Threads: {@link #handOver} is called by a client thread, once per interval it crosses, under its recorder's
 * {@link ThreadRecorder#crossing} lock; {@link #takeUpTo} by the collector side, under the {@link Collector}'s lock
 * and never while it holds a recorder's {@code crossing} lock (so the lock order is crossing, then stripe).
 */
final class HandOverStripes {
  private static final class Stripe {
    final ReentrantLock lock = new ReentrantLock();
    final Map<Long, SparseCounts[]> open = new HashMap<>();
    final ArrayDeque<SparseCounts[]> free = new ArrayDeque<>();
    /** Intervals up to this one have been finalized: later hand-overs go to the next one. */
    long closedUpTo = -1;
  }

  private final Stripe[] stripes;
  private final int slots;
  private final SparseCounts.Layout layout;

  /**
   * @param recorders the number of recorders (up to 16 stripes, one per recorder)
   * @param slots     the recorders' slots ({@link OperationRegistry#size()} times {@link ThreadRecorder#SLOTS_PER_OP})
   */
  HandOverStripes(int recorders, int slots, SparseCounts.Layout layout) {
    this.slots = slots;
    this.layout = layout;
    this.stripes = new Stripe[Math.max(1, Math.min(16, recorders))];
    for (int i = 0; i < stripes.length; i++) {
      stripes[i] = new Stripe();
    }
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
            acc = SparseCounts.newSet(slots, layout);
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

  /** Collector side: moves the counts of every interval up to {@code k} into {@code into} and closes them. */
  void takeUpTo(long k, SparseCounts[] into) {
    for (Stripe s : stripes) {
      s.lock.lock();
      try {
        s.closedUpTo = Math.max(s.closedUpTo, k);
        Iterator<Map.Entry<Long, SparseCounts[]>> it = s.open.entrySet().iterator();
        while (it.hasNext()) {
          Map.Entry<Long, SparseCounts[]> e = it.next();
          if (e.getKey() <= k) {
            SparseCounts.moveAll(e.getValue(), into);
            s.free.push(e.getValue());
            it.remove();
          }
        }
      } finally {
        s.lock.unlock();
      }
    }
  }
}
