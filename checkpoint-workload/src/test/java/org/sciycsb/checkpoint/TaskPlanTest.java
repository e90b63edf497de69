package org.sciycsb.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The task schedule and the overhead arithmetic. */
class TaskPlanTest {
  private static final long S = 1_000_000_000L;

  @Test
  void theSeedsTaskHasSixtyCheckpointsOfTenSeconds() {
    TaskPlan p = new TaskPlan(600 * S, 10 * S);
    assertThat(p.slices()).isEqualTo(60);
    assertThat(p.checkpoints()).isEqualTo(60);
    long sum = 0;
    for (int k = 0; k < p.slices(); k++) {
      assertThat(p.sliceNanos(k)).isEqualTo(10 * S);
      sum += p.sliceNanos(k);
    }
    assertThat(sum).isEqualTo(600 * S);
  }

  @Test
  void anIntervalThatDoesNotDivideTheDurationLeavesAShorterLastSlice() {
    TaskPlan p = new TaskPlan(25 * S, 10 * S);
    assertThat(p.slices()).isEqualTo(3);
    assertThat(p.sliceNanos(0)).isEqualTo(10 * S);
    assertThat(p.sliceNanos(1)).isEqualTo(10 * S);
    assertThat(p.sliceNanos(2)).isEqualTo(5 * S);
    assertThatThrownBy(() -> p.sliceNanos(3)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void withoutAnIntervalATaskComputesOnceAndWritesNothing() {
    TaskPlan p = new TaskPlan(600 * S, 0);
    assertThat(p.slices()).isEqualTo(1);
    assertThat(p.checkpoints()).isZero();
    assertThat(p.sliceNanos(0)).isEqualTo(600 * S);
  }

  @Test
  void anIntervalLongerThanTheTaskGivesOneCheckpointAtTheEnd() {
    TaskPlan p = new TaskPlan(3 * S, 10 * S);
    assertThat(p.slices()).isEqualTo(1);
    assertThat(p.checkpoints()).isEqualTo(1);
    assertThat(p.sliceNanos(0)).isEqualTo(3 * S);
  }

  @Test
  void overheadIsWallTimeMinusTheDuration() {
    TaskPlan p = new TaskPlan(600 * S, 5 * S);
    assertThat(p.overheadNanos(1_000, 1_000 + 600 * S)).isZero();
    assertThat(p.overheadNanos(1_000, 1_000 + 625 * S)).isEqualTo(25 * S);
  }

  @Test
  void theJobsOverheadCountsWavesWhenTasksOutnumberThreads() {
    assertThat(TaskPlan.waves(768, 768)).isEqualTo(1);
    assertThat(TaskPlan.waves(768, 192)).isEqualTo(4);
    assertThat(TaskPlan.waves(769, 192)).isEqualTo(5);
    TaskPlan p = new TaskPlan(600 * S, 10 * S);
    // 768 tasks at once: application time 11 min -> 1 min of overhead (seed 000, figure 2's measure)
    assertThat(p.jobOverheadNanos(0, 660 * S, 1)).isEqualTo(60 * S);
    // four waves of 10 minutes on 192 workers, 41 minutes in all -> 1 minute
    assertThat(p.jobOverheadNanos(0, 2460 * S, 4)).isEqualTo(60 * S);
  }

  @Test
  void badPlansAreRefused() {
    assertThatThrownBy(() -> new TaskPlan(0, S)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TaskPlan(S, -1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void sleepingNeverEndsEarly() {
    long due = System.nanoTime() + 20_000_000L;
    long woke = CheckpointWorkload.sleepUntil(due);
    assertThat(woke).isGreaterThanOrEqualTo(due);
  }

  @Test
  void percentilesAreNearestRank() {
    long[] v = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    assertThat(CheckpointWorkload.rank(v, 50)).isEqualTo(5);
    assertThat(CheckpointWorkload.rank(v, 95)).isEqualTo(10);
    assertThat(CheckpointWorkload.rank(v, 10)).isEqualTo(1);
    assertThat(CheckpointWorkload.rank(new long[] {7}, 95)).isEqualTo(7);
  }

  @Test
  void thePayloadIsPrintableAndDeterministic() {
    byte[] a = CheckpointWorkload.payload(1, 65_536);
    byte[] b = CheckpointWorkload.payload(1, 65_536);
    assertThat(a).hasSize(65_536).isEqualTo(b);
    assertThat(CheckpointWorkload.payload(2, 65_536)).isNotEqualTo(a);
    for (byte x : a) {
      assertThat((int) x).isBetween(33, 126);
    }
  }
}
