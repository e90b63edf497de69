package org.sciycsb.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class BlockCountsTest {
  /** Blocks of lognormal-ish latencies in microseconds, some sparse, one empty. */
  static List<Histogram> blocks(SplittableRandom r) {
    List<Histogram> out = new ArrayList<>();
    for (int b = 0; b < 12; b++) {
      Histogram h = new Histogram(3);
      int n = b == 5 ? 0 : b == 7 ? 3 : 200 + r.nextInt(2000);
      for (int i = 0; i < n; i++) {
        h.recordValue(Math.max(1, Math.round(Math.exp(5 + 2 * r.nextGaussian()))));
      }
      out.add(h);
    }
    return out;
  }

  @Test
  void aResamplesPercentileIsTheMergedHistogramsAnswer() {
    SplittableRandom r = new SplittableRandom(7);
    List<Histogram> blocks = blocks(r);
    BlockCounts counts = new BlockCounts(blocks);
    for (int trial = 0; trial < 300; trial++) {
      int[] times = new int[blocks.size()];
      Histogram merged = new Histogram(3);
      for (int i = 0; i < blocks.size(); i++) {
        int b = r.nextInt(blocks.size());
        times[b]++;
        merged.add(blocks.get(b));
      }
      for (double p : new double[] {0.001, 50, 95, 99, 99.9, 100}) {
        assertThat(counts.valueAtPercentile(times, p)).as("trial %d, p%s", trial, p)
            .isEqualTo(merged.getTotalCount() == 0 ? 0 : merged.getValueAtPercentile(p));
      }
    }
  }

  @Test
  void theBootstrapGivesWhatMergingTheDrawnBlocksGives() {
    SplittableRandom r = new SplittableRandom(3);
    List<Histogram> h = blocks(r).subList(0, 5);
    List<Histogram> intervals = new ArrayList<>();
    for (int i = 0; i < 49; i++) {
      intervals.add(h.get(i % h.size()));
    }
    long[] ms = new long[intervals.size()];
    java.util.Arrays.fill(ms, 100);
    Verdicts.Blocks blocks = new Verdicts.Blocks(new Verdicts.Side(intervals, ms));
    for (String metric : List.of("p50", "p95", "p99", "p99_9", "mean", "throughput")) {
      SplittableRandom a = new SplittableRandom(11);
      SplittableRandom b = new SplittableRandom(11);
      for (int k = 0; k < 50; k++) {
        assertThat(blocks.resampleStatistic(a, metric)).as(metric)
            .isEqualTo(Verdicts.statistic(blocks.resample(b), metric));
      }
    }
  }
}
