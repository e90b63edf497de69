package org.sciycsb.engine;

import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.measure.StatusCodes;
import org.sciycsb.measure.ThreadRecorder;
import site.ycsb.DB;

/** One client thread: init, optional warmup, the measured loop, then the workload's close and the DB's cleanup. */
final class ClientThread implements Runnable {
  private final Engine.Shared shared;
  private final int id;
  private final ThreadRecorder rec;
  private final long quota;
  private final long warmupQuota;

  private volatile Throwable initFailure;
  /** The thread's own binding client with connections=perthread, and what it reported when closed. */
  private BindingRun own;
  private volatile java.util.OptionalLong ownOpened = java.util.OptionalLong.empty();
  private volatile Throwable runFailure;
  private volatile long endNanos;
  private volatile long measureBase;
  private volatile boolean measuring;

  /**
   * @param quota       operations this thread runs when there is no global schedule; -1 for no limit
   * @param warmupQuota warmup operations of this thread
   */
  ClientThread(Engine.Shared shared, int id, ThreadRecorder rec, long quota, long warmupQuota) {
    this.shared = shared;
    this.id = id;
    this.rec = rec;
    this.quota = quota;
    this.warmupQuota = warmupQuota;
  }

  @Override
  public void run() {
    DB raw = null;
    WorkloadThread wt;
    BindingRun run = shared.run;
    BenchWorkload workload = shared.workload;
    StatusCodes codes = shared.codes;
    try {
      if (shared.threadClients) {
        own = run.openThreadClient(id);
        run = own;
      }
      raw = run.newDb(id);
      raw.setProperties(shared.properties);
      raw.init();
      DB db = workload.measuresOwnOperations() ? raw : new MeasuredDB(raw, rec, codes, shared.errors);
      wt = workload.newThread(new ThreadContext(id, shared.threads, db, rec, run));
    } catch (Throwable t) {
      initFailure = t;
      endNanos = System.nanoTime();
      shared.gate.arriveAndDeregister();
      cleanupQuietly(raw);
      closeOwn();
      return;
    }
    boolean load = shared.load;
    boolean pastMeasureGate = false;
    try {
      shared.gate.arriveAndAwaitAdvance(); // everyone initialised
      boolean alive = true;
      if (shared.warmup) {
        rec.setRecording(false);
        alive = loop(wt, load, shared.warmupSchedule, warmupQuota, shared.warmupEndNanos);
        rec.setRecording(true);
        rec.setIntendedStart(0);
      }
      pastMeasureGate = true;
      if (alive) {
        shared.gate.arriveAndAwaitAdvance(); // measurement begins in the gate's onAdvance
        measureBase = rec.opsDone();
        measuring = true;
        rec.beginIntervals();
        loop(wt, load, shared.schedule, quota, shared.deadlineNanos);
      } else {
        shared.gate.arriveAndDeregister();
      }
    } catch (Throwable t) {
      runFailure = t;
      shared.errors.note("thread " + id, t);
      if (!pastMeasureGate) {
        shared.gate.arriveAndDeregister();
      }
    }
    try {
      wt.close();
    } catch (Throwable t) {
      runFailure = runFailure == null ? t : runFailure;
      shared.errors.note("workload close, thread " + id, t);
    }
    try {
      raw.cleanup();
    } catch (Throwable t) {
      runFailure = runFailure == null ? t : runFailure;
      shared.errors.note("cleanup (flush), thread " + id, t);
    }
    endNanos = System.nanoTime();
    closeOwn();
  }

  /** Closes the thread's own client (connections=perthread), keeping the count of connections it opened. */
  private void closeOwn() {
    BindingRun o = own;
    if (o == null) {
      return;
    }
    own = null;
    try {
      ownOpened = o.connectionsOpened();
    } catch (RuntimeException e) {
      ownOpened = java.util.OptionalLong.empty();
    }
    try {
      o.close();
    } catch (Throwable t) {
      shared.errors.note("closing the client of thread " + id, t);
    }
  }

  /** Connections the thread's own client opened (connections=perthread); empty when unknown or shared. */
  java.util.OptionalLong ownConnectionsOpened() {
    return ownOpened;
  }

  /**
   * Runs operations until the quota, the schedule, the time limit, the workload or a stop ends it. The thread checks
   * the time limit itself (from the end time of its last recorded operation, or a clock read every 64 operations):
   * with a thousand busy threads, the collector thread gets too little CPU to be the one that stops them on time.
   */
  private boolean loop(WorkloadThread wt, boolean load, Schedule schedule, long limit, long untilNanos) {
    Stop stop = shared.stop;
    long done = 0;
    long lastSeenEnd = rec.lastEnd();
    while (!stop.requested()) {
      if (schedule != null) {
        long t = schedule.take();
        if (t < 0) {
          return true;
        }
        Schedule.waitUntil(t, stop);
        rec.setIntendedStart(t);
      } else if (limit >= 0 && done >= limit) {
        return true;
      }
      if (untilNanos != 0) {
        long end = rec.lastEnd();
        boolean fresh = end != lastSeenEnd;
        lastSeenEnd = end;
        if ((fresh ? end : (done & 63) == 0 ? System.nanoTime() : 0) >= untilNanos) {
          return true;
        }
      }
      boolean more = load ? wt.doInsert() : wt.doTransaction();
      rec.opDone();
      done++;
      if (!more) {
        return false;
      }
    }
    return true;
  }

  private static void cleanupQuietly(DB db) {
    if (db != null) {
      try {
        db.cleanup();
      } catch (Throwable ignored) {
        // the init failure is what gets reported
      }
    }
  }

  Throwable initFailure() {
    return initFailure;
  }

  Throwable runFailure() {
    return runFailure;
  }

  long endNanos() {
    return endNanos;
  }

  /** Workload operations run in the measured part (call after the thread ended). */
  long measuredOps() {
    return measuring ? rec.opsDone() - measureBase : 0;
  }
}
