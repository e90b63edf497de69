package org.sciycsb.engine.schedule;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;
import org.sciycsb.api.Shares;

/**
 * One global schedule for a run with an {@link ArrivalProcess} ({@code -target}, {@code -p arrival=...}): operation
 * k of the run is intended to start at the time the process gives it, whichever thread takes it. A thread that
 * stalls leaves its later slots to the others or, when none is free, to itself late: either way the response time
 * counts from the slot, so a stall shows in the response-time percentiles instead of being omitted.
 *
 * <p>With {@code -p seed=N} the schedule is split into one lane per thread instead ({@link #perThread}), so that
 * every operation's intended start depends on its thread and its place in the thread's sequence alone: with even
 * gaps thread t of T takes the slots t, t + T, t + 2T, ... of the global schedule (together exactly its slots);
 * with Poisson arrivals each thread is a Poisson process of its own at 1/T of the rate, its gaps drawn from its own
 * seeded stream (together a Poisson process at the full rate). The price: a stalled thread's slots wait for it
 * instead of going to a free thread (their response times still count from the slots).
 */
public final class Schedule {
  private final long startNanos;
  /** Nanoseconds between slots of a constant rate with even gaps (the fast path), or 0. */
  private final double periodNanos;
  private final ArrivalProcess process;
  private final long limit;
  private final AtomicLong next = new AtomicLong();
  /** Poisson arrivals: the integral of the rate reached so far (the bits of a double), advanced by each take. */
  private final AtomicLong arrivals = new AtomicLong(Double.doubleToRawLongBits(0.0));
  /** A replayed trace's intended starts (nanoseconds from the start), or null. */
  private final long[] fixed;
  /** With lanes per thread: the number of threads; 0 for one global schedule. */
  private final int lanes;

  /** A constant rate with even gaps. @param limit tickets to hand out, or -1 for no limit */
  public Schedule(long startNanos, double opsPerSecond, long limit) {
    this(startNanos, ArrivalProcess.constant(opsPerSecond, false), limit);
  }

  /** @param limit tickets to hand out, or -1 for no limit */
  public Schedule(long startNanos, ArrivalProcess process, long limit) {
    this(startNanos, process, limit, 0);
  }

  /**
   * A schedule split into a lane per thread (see the class comment), for reproducible runs.
   *
   * @param limit   tickets to hand out in all lanes together, or -1 for no limit
   * @param threads the threads, each taking from its own {@link #lane}
   */
  public static Schedule perThread(long startNanos, ArrivalProcess process, long limit, int threads) {
    return new Schedule(startNanos, process, limit, threads);
  }

  private Schedule(long startNanos, ArrivalProcess process, long limit, int lanes) {
    this.fixed = null;
    this.startNanos = startNanos;
    this.process = process;
    this.limit = limit;
    this.lanes = lanes;
    ArrivalProcess.Segment first = process.segments().get(0);
    boolean constant = process.segments().size() == 1 && Double.isInfinite(first.seconds()) && !process.poisson();
    this.periodNanos = constant ? 1e9 / first.fromRate() : 0;
  }

  private Schedule(long startNanos, long[] offsets) {
    this.startNanos = startNanos;
    this.fixed = offsets;
    this.limit = offsets.length;
    this.process = ArrivalProcess.constant(1, false);
    this.periodNanos = 0;
    this.lanes = 0;
  }

  /** One thread's schedule of given intended starts (a replayed trace): nanoseconds from {@code startNanos}. */
  public static Schedule ofOffsets(long startNanos, long[] offsets) {
    return new Schedule(startNanos, offsets.clone());
  }

  /** The time the schedule's offsets count from (nanoTime). */
  public long startNanos() {
    return startNanos;
  }

  /**
   * Where thread {@code thread} takes its slots: the global schedule, or with {@link #perThread} its own lane, whose
   * Poisson gaps come from {@code random} (the thread's schedule stream; unused for even gaps). Call once per thread.
   */
  public Lane lane(int thread, RandomGenerator random) {
    return new Lane(thread, random);
  }

  /** One thread's slots. Used by its thread only. */
  public final class Lane {
    private final int thread;
    private final RandomGenerator random;
    private final long quota;
    private long taken;
    private double arrival;

    private Lane(int thread, RandomGenerator random) {
      this.thread = thread;
      this.random = random;
      this.quota = lanes == 0 || limit < 0 ? -1 : Shares.share(limit, lanes, thread);
    }

    /** The time the slots count from (nanoTime): the schedule's start. */
    public long startNanos() {
      return startNanos;
    }

    /** The next slot's intended start, or -1 when this thread's operations are all handed out or the process ended. */
    public long take() {
      if (lanes == 0) {
        return Schedule.this.take();
      }
      if (quota >= 0 && taken >= quota) {
        return -1;
      }
      long k = thread + taken * lanes; // the global slot, for even gaps
      taken++;
      if (periodNanos > 0) {
        return startNanos + (long) (k * periodNanos);
      }
      double u = k;
      if (process.poisson()) {
        arrival += lanes * -Math.log(1.0 - random.nextDouble()); // a Poisson process at 1/lanes of the rate
        u = arrival;
      }
      double seconds = process.timeOf(u);
      return Double.isNaN(seconds) ? -1 : startNanos + (long) (seconds * 1e9);
    }
  }

  /** The next slot's intended start, or -1 when the run's operations are all handed out or the process has ended. */
  public long take() {
    long k = next.getAndIncrement();
    if (limit >= 0 && k >= limit) {
      return -1;
    }
    if (fixed != null) {
      return startNanos + fixed[(int) k];
    }
    if (periodNanos > 0) {
      return startNanos + (long) (k * periodNanos);
    }
    double seconds = process.timeOf(process.poisson() ? nextPoissonArrival() : k);
    return Double.isNaN(seconds) ? -1 : startNanos + (long) (seconds * 1e9);
  }

  /** Adds an exponential gap of mean 1 to the arrivals so far and returns the new total (lock-free). */
  private double nextPoissonArrival() {
    double gap = -Math.log(1.0 - ThreadLocalRandom.current().nextDouble());
    while (true) {
      long bits = arrivals.get();
      double next = Double.longBitsToDouble(bits) + gap;
      if (arrivals.compareAndSet(bits, Double.doubleToRawLongBits(next))) {
        return next;
      }
    }
  }

  /**
   * The offered rate of an interval: the process's expected arrivals per second between two times in milliseconds
   * from the schedule's start (no more than the run's operation count in all).
   */
  public double offeredPerSecond(long fromMs, long toMs) {
    if (toMs <= fromMs) {
      return 0;
    }
    double a = process.arrivalsBy(fromMs / 1e3);
    double b = process.arrivalsBy(toMs / 1e3);
    if (limit >= 0) {
      a = Math.min(a, limit);
      b = Math.min(b, limit);
    }
    return (b - a) / ((toMs - fromMs) / 1e3);
  }

  public ArrivalProcess process() {
    return process;
  }

  /** Waits until the given time (or until {@code stopped} says the run is to stop). */
  public static void waitUntil(long when, BooleanSupplier stopped) {
    long now;
    while ((now = System.nanoTime()) < when && !stopped.getAsBoolean()) {
      long left = when - now;
      if (left > 20_000) {
        LockSupport.parkNanos(Math.min(left - 10_000, 100_000_000L));
      } else {
        Thread.onSpinWait();
      }
    }
  }
}
