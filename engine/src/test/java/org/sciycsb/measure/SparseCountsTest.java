package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** SparseCounts counts exactly as HdrHistogram does: same buckets, so draining into a Histogram changes nothing. */
class SparseCountsTest {

  /** The index arithmetic agrees with the library's own lowestEquivalentValue over the whole value range. */
  @Test
  void everyValueLandsInHdrHistogramsBucket() {
    SplittableRandom rnd = new SplittableRandom(42);
    for (int digits = 1; digits <= 5; digits++) {
      SparseCounts.Layout layout = new SparseCounts.Layout(digits);
      Histogram h = new Histogram(Long.MAX_VALUE / 2, digits);
      for (int k = 0; k < 200_000; k++) {
        // log-uniform over 1 ns .. 2^62 ns, plus small values densely
        long v = k % 4 == 0 ? rnd.nextLong(5000) : (long) Math.pow(2, rnd.nextDouble() * 62);
        int i = layout.index(v);
        assertThat(layout.valueFromIndex(i)).as("digits %d value %d", digits, v).isEqualTo(h.lowestEquivalentValue(v));
        assertThat(layout.index(h.lowestEquivalentValue(v))).isEqualTo(i);
        if (v > 0) {
          // the next index starts exactly where this bucket ends
          assertThat(layout.valueFromIndex(i + 1)).isEqualTo(h.nextNonEquivalentValue(v));
        }
      }
    }
  }

  @Test
  void drainingGivesTheHistogramThatRecordingDirectlyGives() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int digits = 1; digits <= 4; digits++) {
      SparseCounts.Layout layout = new SparseCounts.Layout(digits);
      SparseCounts counts = new SparseCounts(layout);
      Histogram direct = new Histogram(digits);
      Histogram viaA = new Histogram(digits);
      Histogram viaB = new Histogram(digits);
      // several drains, as the collector does each interval
      for (int round = 0; round < 5; round++) {
        for (int k = 0; k < 50_000; k++) {
          long v = k % 1000 == 0 ? rnd.nextLong(1L << 40) : 200 + (long) Math.abs(rnd.nextGaussian() * 3000);
          counts.record(v);
          direct.recordValue(v);
        }
        counts.record(-5); // a clock step backwards counts as 0, as before
        direct.recordValue(0);
        assertThat(counts.isEmpty()).isFalse();
        counts.drainInto(viaA, viaB);
        assertThat(counts.isEmpty()).isTrue();
      }
      for (Histogram via : new Histogram[] {viaA, viaB}) {
        assertThat(via.getTotalCount()).isEqualTo(direct.getTotalCount());
        assertThat(via.getMaxValue()).isEqualTo(direct.getMaxValue());
        assertThat(via.getMinNonZeroValue()).isEqualTo(direct.getMinNonZeroValue());
        assertThat(via.getMean()).isEqualTo(direct.getMean());
        for (double p : new double[] {1, 50, 90, 95, 99, 99.9, 99.99, 100}) {
          assertThat(via.getValueAtPercentile(p)).as("p%s digits %d", p, digits)
              .isEqualTo(direct.getValueAtPercentile(p));
        }
        direct.recordedValues().forEach(x -> assertThat(via.getCountAtValue(x.getValueIteratedTo()))
            .isEqualTo(x.getCountAtValueIteratedTo()));
      }
    }
  }

  @Test
  void aDrainWithoutTargetsOnlyClears() {
    SparseCounts counts = new SparseCounts(new SparseCounts.Layout(3));
    counts.record(1234);
    counts.drainInto(null, null);
    Histogram h = new Histogram(3);
    counts.record(99);
    counts.drainInto(h, null);
    assertThat(h.getTotalCount()).isEqualTo(1);
    assertThat(h.getMaxValue()).isEqualTo(99);
  }

  /** Pages are allocated where values land: a tight cluster plus a few outliers stays small. */
  @Test
  void memoryFollowsWhatWasRecordedNotTheRange() {
    SparseCounts counts = new SparseCounts(new SparseCounts.Layout(3));
    long empty = counts.footprintBytes();
    for (int k = 0; k < 100_000; k++) {
      counts.record(300 + k % 500); // 300..799 ns
    }
    counts.record(1_000_000_000L); // one 1 s outlier
    counts.record(3_000_000_000L);
    long used = counts.footprintBytes() - empty;
    // 500 dense values (4 pages of 128) and 2 outlier pages, plus the grown directory and index list
    assertThat(used).isLessThan(16 * 1024);
    // an IntCountsHistogram reaching 3 s at 3 digits holds 22 x 1024 int counts (88 KiB)
  }
}
