package org.sciycsb.measure;

import java.util.Arrays;
import org.HdrHistogram.AbstractHistogram;

/**
 * One writer's latency counts, in nanoseconds, in exactly HdrHistogram's bucket layout (the same significant digits,
 * a lowest discernible value of 1): value {@code v} goes to the index an {@code org.HdrHistogram.Histogram} of the
 * same digits would count it at, so moving the counts into a Histogram with {@link #drainInto} gives the same
 * histogram as recording the values there directly (same counts per bucket, same min, max, mean and percentiles).
 *
 * <p>What it saves over a per-thread {@code IntCountsHistogram}: the counts live in small pages allocated when a value
 * first lands in them (a thread's latencies fill a few pages densely and touch a few more with outliers, instead of one
 * array spanning the whole range up to the largest outlier), and the indices that went from zero to non-zero since the
 * last drain are listed, so a drain reads and clears only what was recorded, not the whole range. With a thousand
 * client threads that is what keeps both the memory and the collector's work per interval small.
 *
 * <p>Single writer. The collector calls {@link #drainInto} only once the writer has left the set holding this object
 * (see {@link ThreadRecorder}).
 */
public final class SparseCounts {
  /** Counts per page: 2^7. A page is 1 KiB of longs. */
  static final int PAGE_SHIFT = 7;
  private static final int PAGE_MASK = (1 << PAGE_SHIFT) - 1;

  private final Layout layout;
  private long[][] pages;
  private int[] touched = new int[16];
  private int touchedCount;

  public SparseCounts(Layout layout) {
    this.layout = layout;
    this.pages = new long[Math.max(1, (layout.index(1L << 20) >>> PAGE_SHIFT) + 1)][];
  }

  /** Counts one value; negative values count as 0. */
  public void record(long value) {
    int i = layout.index(value < 0 ? 0 : value);
    int p = i >>> PAGE_SHIFT;
    long[][] ps = pages;
    long[] page;
    if (p >= ps.length || (page = ps[p]) == null) {
      page = newPage(p);
    }
    int j = i & PAGE_MASK;
    if (page[j]++ == 0) {
      int n = touchedCount;
      if (n == touched.length) {
        touched = Arrays.copyOf(touched, n * 2);
      }
      touched[n] = i;
      touchedCount = n + 1;
    }
  }

  private long[] newPage(int p) {
    if (p >= pages.length) {
      pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
    }
    long[] page = new long[1 << PAGE_SHIFT];
    pages[p] = page;
    return page;
  }

  /** Adds {@code count} at a counts index (as {@link Layout#index} gives it). */
  void add(int index, long count) {
    int p = index >>> PAGE_SHIFT;
    long[][] ps = pages;
    long[] page;
    if (p >= ps.length || (page = ps[p]) == null) {
      page = newPage(p);
    }
    int j = index & PAGE_MASK;
    long before = page[j];
    page[j] = before + count;
    if (before == 0) {
      int n = touchedCount;
      if (n == touched.length) {
        touched = Arrays.copyOf(touched, n * 2);
      }
      touched[n] = index;
      touchedCount = n + 1;
    }
  }

  /** Moves every count recorded since the last drain into {@code target} (same layout), then clears them. */
  public void moveInto(SparseCounts target) {
    int[] t = touched;
    long[][] ps = pages;
    for (int k = 0, n = touchedCount; k < n; k++) {
      int i = t[k];
      long[] page = ps[i >>> PAGE_SHIFT];
      target.add(i, page[i & PAGE_MASK]);
      page[i & PAGE_MASK] = 0;
    }
    touchedCount = 0;
  }

  /** True when nothing was recorded since the last drain. */
  public boolean isEmpty() {
    return touchedCount == 0;
  }

  /**
   * Adds every count recorded since the last drain into {@code a} and {@code b} (either may be null: the counts are
   * then only cleared), then clears them. Costs what was recorded: one step per distinct bucket.
   */
  public void drainInto(AbstractHistogram a, AbstractHistogram b) {
    int[] t = touched;
    long[][] ps = pages;
    for (int k = 0, n = touchedCount; k < n; k++) {
      int i = t[k];
      long[] page = ps[i >>> PAGE_SHIFT];
      long c = page[i & PAGE_MASK];
      page[i & PAGE_MASK] = 0;
      long v = layout.valueFromIndex(i);
      if (a != null) {
        a.recordValueWithCount(v, c);
      }
      if (b != null) {
        b.recordValueWithCount(v, c);
      }
    }
    touchedCount = 0;
  }

  /** A set of {@code size} empty counts of one layout (one per recorder slot). */
  static SparseCounts[] newSet(int size, Layout layout) {
    SparseCounts[] set = new SparseCounts[size];
    for (int i = 0; i < size; i++) {
      set[i] = new SparseCounts(layout);
    }
    return set;
  }

  /**
   * Moves every count of a set into {@code into} (same slots: plain additions, the histograms are filled once per
   * bucket later), or clears them when {@code into} is null. A set's slots may be null (never recorded).
   */
  static void moveAll(SparseCounts[] from, SparseCounts[] into) {
    for (int i = 0; i < from.length; i++) {
      SparseCounts h = from[i];
      if (h != null && !h.isEmpty()) {
        if (into == null) {
          h.drainInto(null, null);
        } else {
          h.moveInto(into[i]);
        }
      }
    }
  }

  /** Bytes held by the count pages and the index list (for the memory benchmark and tests). */
  public long footprintBytes() {
    long b = 16L + pages.length * 4L + touched.length * 4L;
    for (long[] p : pages) {
      if (p != null) {
        b += 16L + p.length * 8L;
      }
    }
    return b;
  }

  /**
   * HdrHistogram's index arithmetic for a given number of significant digits and a unit of 1 (AbstractHistogram's
   * {@code countsArrayIndex} and {@code valueFromIndex}); {@code SparseCountsTest} checks it against the library's own
   * {@code lowestEquivalentValue} over the whole value range.
   */
  public static final class Layout {
    private final int subBucketHalfCountMagnitude;
    private final int subBucketHalfCount;
    private final long subBucketMask;
    private final int leadingZeroCountBase;

    public Layout(int significantDigits) {
      if (significantDigits < 0 || significantDigits > 5) {
        throw new IllegalArgumentException("significant digits must be 0 to 5");
      }
      long largestValueWithSingleUnitResolution = 2 * (long) Math.pow(10, significantDigits);
      int subBucketCountMagnitude = (int) Math.ceil(Math.log(largestValueWithSingleUnitResolution) / Math.log(2));
      this.subBucketHalfCountMagnitude = Math.max(subBucketCountMagnitude, 1) - 1;
      int subBucketCount = 1 << (subBucketHalfCountMagnitude + 1);
      this.subBucketHalfCount = subBucketCount / 2;
      this.subBucketMask = subBucketCount - 1L;
      this.leadingZeroCountBase = 64 - (subBucketHalfCountMagnitude + 1);
    }

    /** The counts index of a value (not negative). */
    public int index(long value) {
      int bucketIndex = leadingZeroCountBase - Long.numberOfLeadingZeros(value | subBucketMask);
      int subBucketIndex = (int) (value >>> bucketIndex);
      return ((bucketIndex + 1) << subBucketHalfCountMagnitude) + (subBucketIndex - subBucketHalfCount);
    }

    /** The lowest value counted at an index. */
    public long valueFromIndex(int index) {
      int bucketIndex = (index >> subBucketHalfCountMagnitude) - 1;
      int subBucketIndex = (index & (subBucketHalfCount - 1)) + subBucketHalfCount;
      if (bucketIndex < 0) {
        subBucketIndex -= subBucketHalfCount;
        bucketIndex = 0;
      }
      return ((long) subBucketIndex) << bucketIndex;
    }
  }
}
