package org.sciycsb.engine.run;

import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.draw.SeededRandom;
import org.sciycsb.measure.StatusCodes;
import org.sciycsb.measure.ThreadRecorder;
import site.ycsb.DB;
import org.sciycsb.engine.schedule.Schedule;
import org.sciycsb.engine.trace.ThreadTrace;
import org.sciycsb.engine.trace.TracingDB;

/**
 * One client thread: init, optional warmup, the measured loop, then the workload's close and the DB's cleanup.
 *
 * <p>With {@code -p seed=N} the thread draws from streams of its own ({@link SeededRandom#of}: the seed, the client
 * process's {@code client.index}, the phase, the thread id and the part): its workload's draws from one for the warmup
 * and another for the measured part (so that the warmup's length does not shift the measured draws), the Poisson gaps
 * of its lane of the schedule from two more.
 */
final class ClientThread implements Runnable {
  /** The parts of a thread's streams under a seed. */
  static final int WARMUP = 0;
  static final int MEASURED = 1;
  static final int WARMUP_SCHEDULE = 2;
  static final int MEASURED_SCHEDULE = 3;

  private final SharedState shared;
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
  /** How long this thread's DB.cleanup() took (YCSB's [CLEANUP]), or -1 when it did not run or failed. */
  private volatile long cleanupNanos = -1;
  private volatile long measureBase;
  private volatile boolean measuring;
  /** With -p inflight=N on an asynchronous binding: the thread's window and its DB's non-blocking calls. */
  private volatile AsyncWindow window;
  private org.sciycsb.api.AsyncDb asyncDb;
  private final int inflight;
  /** With trace.out: this thread's part of the trace, or null. */
  private final ThreadTrace trace;
  /** The thread's workload stream under a seed, switched to the measured part's after the warmup; else null. */
  private SeededRandom seeded;

  /**
   * @param quota       operations this thread runs when there is no global schedule; -1 for no limit
   * @param warmupQuota warmup operations of this thread
   * @param inflight    operations this thread keeps in flight (asynchronous), or 0 for one at a time
   */
  ClientThread(SharedState shared, int id, ThreadRecorder rec, long quota, long warmupQuota, int inflight) {
    this.shared = shared;
    this.inflight = inflight;
    this.id = id;
    this.rec = rec;
    this.quota = quota;
    this.warmupQuota = warmupQuota;
    this.trace = shared.traceOut == null ? null : shared.traceOut.thread(id);
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
      DB traced = trace == null ? raw : new TracingDB(raw, trace); // under the measurement: every call is traced
      DB db = workload.measuresOwnOperations() ? traced : new MeasuredDB(traced, rec, codes, shared.errors);
      if (inflight > 0) {
        asyncDb = (org.sciycsb.api.AsyncDb) raw; // checked before the run: the binding supports it
        window = new AsyncWindow(rec, inflight, Thread.currentThread());
      }
      seeded = shared.seed == null ? null : new SeededRandom(streamKey(shared.warmup ? WARMUP : MEASURED));
      RandomGenerator random = seeded != null ? seeded : ThreadLocalRandom.current();
      wt = workload.newThread(new ThreadContext(id, shared.threads, db, rec, run, random));
    } catch (Throwable t) {
      initFailure = t;
      endNanos = System.nanoTime();
      shared.gate.arriveAndDeregister();
      cleanupQuietly(raw);
      closeOwn();
      closeTrace();
      return;
    }
    boolean load = shared.load;
    boolean pastMeasureGate = false;
    try {
      shared.gate.arriveAndAwaitAdvance(); // everyone initialised
      boolean alive = true;
      if (shared.warmup) {
        alive = warmup(wt, load);
      }
      pastMeasureGate = true;
      if (alive) {
        shared.gate.arriveAndAwaitAdvance(); // measurement begins in the gate's onAdvance
        measureBase = rec.opsDone();
        measuring = true;
        rec.beginIntervals();
        run(wt, load, lane(schedule(shared.replaySchedules, shared.schedule), MEASURED_SCHEDULE), quota,
            shared.deadlineNanos);
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
    long cleanupBegan = System.nanoTime();
    try {
      raw.cleanup();
      cleanupNanos = System.nanoTime() - cleanupBegan;
    } catch (Throwable t) {
      runFailure = runFailure == null ? t : runFailure;
      shared.errors.note("cleanup (flush), thread " + id, t);
    }
    endNanos = System.nanoTime();
    closeOwn();
    closeTrace();
  }

  /**
   * The warmup: operations not recorded (traced as warmup), from the warmup's own stream under a seed; then the
   * measured stream. False when the workload ended during it.
   */
  private boolean warmup(WorkloadThread wt, boolean load) {
    rec.setRecording(false);
    markWarmup(true);
    boolean alive = run(wt, load, lane(schedule(shared.replayWarmupSchedules, shared.warmupSchedule),
        WARMUP_SCHEDULE), warmupQuota, shared.warmupEndNanos);
    rec.setRecording(true);
    rec.setIntendedStart(0);
    markWarmup(false);
    if (seeded != null) {
      seeded.reseed(streamKey(MEASURED));
    }
    return alive;
  }

  /** This thread's schedule: its own when a trace is replayed at its recorded speed, else the run's (or none). */
  private Schedule schedule(Schedule[] perThread, Schedule shared) {
    return perThread != null ? perThread[id] : shared;
  }

  private void markWarmup(boolean w) {
    if (trace != null) {
      trace.warmup(w);
    }
  }

  private void closeTrace() {
    if (trace != null) {
      trace.close();
    }
  }

  /** The traced calls of one asynchronous workload operation, with its intended start on the schedule. */
  private ThreadTrace.Pending traceAsync(Schedule.Lane schedule, long intended) {
    trace.intended(schedule == null ? -1 : intended - schedule.startNanos());
    return trace.async(asyncDb);
  }

  /** The start of one of this thread's streams under the seed. */
  private long streamKey(int part) {
    return SeededRandom.key(shared.seed, shared.clientIndex, shared.load ? 0 : 1, id, part);
  }

  /** This thread's slots of a schedule (its own lane under a seed), or null without a schedule. */
  private Schedule.Lane lane(Schedule schedule, int part) {
    if (schedule == null) {
      return null;
    }
    return schedule.lane(id, shared.seed == null ? ThreadLocalRandom.current() : new SeededRandom(streamKey(part)));
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

  private boolean run(WorkloadThread wt, boolean load, Schedule.Lane schedule, long limit, long untilNanos) {
    return window == null ? loop(wt, load, schedule, limit, untilNanos)
        : loopAsync(wt, load, schedule, limit, untilNanos);
  }

  /**
   * The asynchronous loop: sends operations while the window has room, each at its slot on the schedule (or at once),
   * records completions as they come, and waits for them all at the end, so that none is lost or counted in a later
   * phase. An operation due while the window is full waits for a place: the wait counts in its response time, from
   * its slot, and in the window's count of full waits.
   */
  private boolean loopAsync(WorkloadThread wt, boolean load, Schedule.Lane schedule, long limit, long untilNanos) {
    Stop stop = shared.stop;
    AsyncWindow w = window;
    long done = 0;
    long slot = -1;
    boolean more = true;
    try {
      while (!stop.requested()) {
        w.drain();
        if (trace != null) {
          trace.flushDone();
        }
        if (untilNanos != 0 && System.nanoTime() >= untilNanos) {
          break;
        }
        long intended = 0;
        if (schedule != null) {
          slot = slot < 0 ? schedule.take() : slot;
          if (slot < 0) {
            break;
          }
          if (System.nanoTime() < slot) {
            w.await(slot); // a completion or the slot, whichever comes first
            continue;
          }
          intended = slot;
          slot = -1;
        } else if (limit >= 0 && done >= limit) {
          break;
        }
        if (w.full()) {
          w.awaitPlace(stop, schedule == null ? w.closedLoopRefill() : 1);
          if (stop.requested()) {
            break;
          }
        }
        ThreadTrace.Pending traced = trace == null ? null : traceAsync(schedule, intended);
        MeasuredAsyncOps ops = new MeasuredAsyncOps(traced == null ? asyncDb : traced, w, shared.codes,
            shared.errors, intended);
        java.util.concurrent.CompletionStage<?> stage = load ? wt.doInsertAsync(ops) : wt.doTransactionAsync(ops);
        if (traced != null) {
          if (stage == null) {
            traced.done();
          } else {
            stage.whenComplete((x, e) -> traced.done());
          }
        }
        rec.opDone();
        done++;
        if (stage == null) {
          more = false;
          break;
        }
        w.issued(stage, shared.errors);
      }
    } finally {
      if (!w.awaitAll(ASYNC_DRAIN_NANOS)) {
        shared.errors.note("thread " + id, new IllegalStateException(w.pending()
            + " asynchronous operations did not complete within 60 s of the end; they are not counted"));
      }
      if (trace != null) {
        trace.flushAll();
      }
    }
    return more;
  }

  private static final long ASYNC_DRAIN_NANOS = 60_000_000_000L;

  /** The thread's asynchronous window, or null when it ran one operation at a time. */
  AsyncWindow window() {
    return window;
  }

  /**
   * Runs operations until the quota, the schedule, the time limit, the workload or a stop ends it. The thread checks
   * the time limit itself (from the end time of its last recorded operation, or a clock read every 64 operations):
   * with a thousand busy threads, the collector thread gets too little CPU to be the one that stops them on time.
   */
  private boolean loop(WorkloadThread wt, boolean load, Schedule.Lane schedule, long limit, long untilNanos) {
    Stop stop = shared.stop;
    long done = 0;
    long lastSeenEnd = rec.lastEnd();
    if (trace != null && schedule == null) {
      trace.intended(-1);
    }
    while (!stop.requested()) {
      if (schedule != null) {
        long t = schedule.take();
        if (t < 0) {
          return true;
        }
        Schedule.waitUntil(t, stop::requested);
        rec.setIntendedStart(t);
        if (trace != null) {
          trace.intended(t - schedule.startNanos());
        }
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

  long cleanupNanos() {
    return cleanupNanos;
  }

  /** Workload operations run in the measured part (call after the thread ended). */
  long measuredOps() {
    return measuring ? rec.opsDone() - measureBase : 0;
  }
}
