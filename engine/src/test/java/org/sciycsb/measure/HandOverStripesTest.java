package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Counts handed over for an interval are taken with it; a late hand-over for a closed interval goes to the next. */
class HandOverStripesTest {
  private final OperationRegistry registry = frozen();
  private final SparseCounts.Layout layout = new SparseCounts.Layout(3);
  private final int slots = registry.size() * ThreadRecorder.SLOTS_PER_OP;
  private final ThreadRecorder recorder = new ThreadRecorder(5, registry.size(), new StatusCodes(), layout);
  private final HandOverStripes stripes = new HandOverStripes(3, slots, layout);

  private static OperationRegistry frozen() {
    OperationRegistry r = new OperationRegistry();
    r.freeze();
    return r;
  }

  /** Takes the counts of the intervals up to {@code k}; returns how many there were. */
  private long take(long k) {
    SparseCounts[] into = SparseCounts.newSet(slots, layout);
    stripes.takeUpTo(k, into);
    long n = 0;
    for (SparseCounts s : into) {
      org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
      s.drainInto(h, null);
      n += h.getTotalCount();
    }
    return n;
  }

  @Test
  void countsStayUntilTheirIntervalIsTaken() {
    recorder.record(0, 0, 1000, 0);
    recorder.record(1, 0, 2000, 1);
    assertThat(stripes.handOver(recorder, 3)).isTrue();
    assertThat(take(2)).isZero();
    assertThat(take(3)).isEqualTo(2);
    assertThat(take(3)).as("taken once").isZero();
  }

  @Test
  void aHandOverForAClosedIntervalGoesToTheNextOne() {
    take(3); // intervals up to 3 are finalized
    recorder.record(0, 0, 1000, 0);
    stripes.handOver(recorder, 3);
    assertThat(take(3)).isZero();
    assertThat(take(4)).isEqualTo(1);
  }
}
