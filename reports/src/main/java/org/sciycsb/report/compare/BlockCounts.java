package org.sciycsb.report.compare;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The counts of a run's blocks on the buckets any of them recorded, so that a percentile of a bootstrap resample
 * (blocks drawn with replacement) is a weighted sum over those buckets instead of a merge of the blocks' histograms:
 * a merge walks every histogram's whole counts array (tens of thousands of buckets at 3 digits), a resample here
 * only the buckets recorded. The rule is HdrHistogram's own {@code getValueAtPercentile}: the first bucket whose
 * cumulative count reaches {@code ceil(p / 100 * total)} (p one ulp lower), at least 1, reported as the bucket's
 * highest equivalent value; the tests hold it to the merged histogram's answer.
 */
final class BlockCounts {
  /** The recorded buckets, ascending, each as its highest equivalent value. */
  private final long[] values;
  /** counts[block][bucket]. */
  private final long[][] counts;
  private final long[] totals;

  BlockCounts(List<Histogram> blocks) {
    TreeSet<Long> all = new TreeSet<>();
    for (Histogram h : blocks) {
      for (HistogramIterationValue v : h.recordedValues()) {
        all.add(v.getValueIteratedTo());
      }
    }
    values = all.stream().mapToLong(Long::longValue).toArray();
    counts = new long[blocks.size()][values.length];
    totals = new long[blocks.size()];
    for (int b = 0; b < blocks.size(); b++) {
      for (HistogramIterationValue v : blocks.get(b).recordedValues()) {
        counts[b][Arrays.binarySearch(values, v.getValueIteratedTo())] += v.getCountAtValueIteratedTo();
      }
      totals[b] = blocks.get(b).getTotalCount();
    }
  }

  /** The percentile (0 < p <= 100) of the blocks taken {@code times[b]} times each, as a merge of them would give. */
  long valueAtPercentile(int[] times, double percentile) {
    long total = 0;
    for (int b = 0; b < times.length; b++) {
      total += times[b] * totals[b];
    }
    if (total == 0) {
      return 0;
    }
    double p = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
    long rank = Math.max(1, (long) Math.ceil(p * total / 100.0));
    long[] sum = new long[values.length];
    for (int b = 0; b < times.length; b++) {
      if (times[b] != 0) {
        long[] c = counts[b];
        long t = times[b];
        for (int i = 0; i < sum.length; i++) {
          sum[i] += t * c[i];
        }
      }
    }
    long cumulative = 0;
    for (int i = 0; i < sum.length; i++) {
      cumulative += sum[i];
      if (cumulative >= rank) {
        return values[i];
      }
    }
    return values[values.length - 1];
  }
}
