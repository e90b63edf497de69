package org.sciycsb.engine.run;

import java.util.concurrent.Phaser;
import org.sciycsb.engine.schedule.ArrivalProcess;
import org.sciycsb.engine.schedule.Schedule;
import org.sciycsb.measure.Collector;

/**
 * The start gate: phase 0 ends when every thread has initialised (the warmup begins), phase 1 when every thread
 * has warmed up (measuring begins: the schedule, the deadline and the collector start at the same instant).
 */
final class StartGate extends Phaser {
  private final SharedState shared;
  private final Settings s;
  private final MeasurementTiming timing;
  private final Collector collector;
  private final long scheduledOps;
  private final LiveState live;

  /** @param scheduledOps the measured schedule's operations, -1 for no limit */
  StartGate(SharedState shared, Settings s, MeasurementTiming timing, Collector collector, long scheduledOps,
      LiveState live) {
    super(s.threads() + 1);
    this.shared = shared;
    this.s = s;
    this.timing = timing;
    this.collector = collector;
    this.scheduledOps = scheduledOps;
    this.live = live;
  }

  @Override
  protected boolean onAdvance(int phase, int parties) {
    long now = System.nanoTime();
    if (phase == 0) {
      live.phase(shared.warmup ? "warmup" : "measured");
      if (!s.warmupTime().isZero()) {
        shared.warmupEndNanos = now + s.warmupTime().toNanos();
      }
      if (s.arrival() != null && shared.warmup) {
        shared.warmupSchedule = schedule(shared, now, ArrivalProcess.constant(s.arrival().initialRate(),
            s.arrival().poisson()), s.warmupOps() > 0 ? s.warmupOps() : -1);
      }
      shared.replayWarmupSchedules = replaySchedules(shared, s.threads(), now, true);
    } else if (phase == 1) {
      timing.measureStart = now;
      timing.cpuStart = ProcessCpu.now();
      timing.startGc();
      if (s.maxSeconds() > 0) {
        timing.deadline = now + s.maxSeconds() * 1_000_000_000L;
        shared.deadlineNanos = timing.deadline;
      }
      if (s.arrival() != null) {
        shared.schedule = schedule(shared, now, s.arrival(), scheduledOps);
      }
      shared.replaySchedules = replaySchedules(shared, s.threads(), now, false);
      collector.beginMeasurement(now, timing.deadline);
      live.phase("measured");
    }
    return parties == 0;
  }

  /** A replayed trace's per-thread schedules from {@code now} (trace.speed=recorded), or null. */
  private static Schedule[] replaySchedules(SharedState shared, int threads, long now, boolean warmup) {
    if (shared.replay == null) {
      return null;
    }
    Schedule[] out = new Schedule[threads];
    for (int i = 0; i < threads; i++) {
      long[] offsets = shared.replay.offsets(i, warmup);
      out[i] = offsets == null ? null : Schedule.ofOffsets(now, offsets);
    }
    return out;
  }

  /** One global schedule, or under a seed one split into a lane per thread (reproducible intended starts). */
  private static Schedule schedule(SharedState shared, long now, ArrivalProcess process, long limit) {
    return shared.seed == null ? new Schedule(now, process, limit)
        : Schedule.perThread(now, process, limit, shared.threads);
  }
}
