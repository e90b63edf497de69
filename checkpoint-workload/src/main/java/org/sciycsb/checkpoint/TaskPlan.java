package org.sciycsb.checkpoint;

/**
 * One task's schedule: {@code D} of simulated compute cut into slices of {@code I}, a checkpoint after each slice
 * (the last slice is shorter when {@code I} does not divide {@code D}; with {@code I = 0} there is one slice and no
 * checkpoint). A slice starts when the write before it has ended, so a slow write stretches the task: its wall time
 * is {@code D} plus its writes plus how late the compute slices woke up, and its overhead is that wall time minus
 * {@code D}, as seed 000 measures it.
 *
 * @param durationNanos D
 * @param intervalNanos I, 0 for no checkpoint
 */
public record TaskPlan(long durationNanos, long intervalNanos) {

  public TaskPlan {
    if (durationNanos <= 0) {
      throw new IllegalArgumentException("the task duration must be positive");
    }
    if (intervalNanos < 0) {
      throw new IllegalArgumentException("the checkpoint interval must not be negative");
    }
  }

  /** Compute slices of a task. */
  public int slices() {
    if (intervalNanos == 0 || intervalNanos >= durationNanos) {
      return 1;
    }
    long n = (durationNanos + intervalNanos - 1) / intervalNanos;
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many checkpoints per task: " + n);
    }
    return (int) n;
  }

  /** Checkpoints a task writes: one after each slice, none without an interval. */
  public int checkpoints() {
    return intervalNanos == 0 ? 0 : slices();
  }

  /** The length of slice {@code k} (0-based): I, except the last one, which ends the task's D. */
  public long sliceNanos(int k) {
    int n = slices();
    if (k < 0 || k >= n) {
      throw new IndexOutOfBoundsException("slice " + k + " of " + n);
    }
    if (n == 1) {
      return durationNanos;
    }
    return k < n - 1 ? intervalNanos : durationNanos - (long) (n - 1) * intervalNanos;
  }

  /** A task's overhead: its wall time minus D. */
  public long overheadNanos(long startNanos, long endNanos) {
    return endNanos - startNanos - durationNanos;
  }

  /**
   * Waves of a job: with more tasks than threads, each thread runs its tasks one after another, so the job can end
   * no sooner than {@code waves x D} after it started.
   */
  public static int waves(int tasks, int threads) {
    return (tasks + threads - 1) / threads;
  }

  /**
   * The job's overhead as seed 000 reports it: the application time (first task start to last task end) minus the
   * time the tasks would take with no checkpoint cost, {@code waves x D}.
   */
  public long jobOverheadNanos(long firstStartNanos, long lastEndNanos, int waves) {
    return lastEndNanos - firstStartNanos - (long) waves * durationNanos;
  }
}
