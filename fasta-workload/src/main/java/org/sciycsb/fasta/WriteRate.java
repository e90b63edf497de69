package org.sciycsb.fasta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The documents a load wrote in each whole second since the first file was taken, and its mean rate: each load
 * thread counts its own ({@link PerThread}) and adds them at its end.
 */
final class WriteRate {
  private final AtomicLong firstNanos = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong lastNanos = new AtomicLong(Long.MIN_VALUE);
  private final List<long[]> perSecond = new CopyOnWriteArrayList<>();
  private final AtomicLong epoch = new AtomicLong(Long.MIN_VALUE);

  /** One load thread's counts: the time of its first file, of its last write and its writes per second. */
  final class PerThread {
    private long[] seconds = new long[64];
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    /** A file is taken: the first one starts the thread's (and, first of all, the load's) seconds. */
    void start(long now) {
      if (first == Long.MAX_VALUE) {
        first = now;
        epoch.compareAndSet(Long.MIN_VALUE, now);
      }
    }

    /** A write ended at {@code now}. */
    void tick(long now) {
      last = now;
      long sec = (now - epoch.get()) / 1_000_000_000L;
      if (sec < 0) {
        sec = 0;
      }
      if (sec >= seconds.length) {
        seconds = Arrays.copyOf(seconds, (int) Math.max(sec + 1, seconds.length * 2L));
      }
      seconds[(int) sec]++;
    }

    /** Adds the thread's counts to the load's. */
    void addTo() {
      if (first != Long.MAX_VALUE) {
        firstNanos.accumulateAndGet(first, Math::min);
        lastNanos.accumulateAndGet(Math.max(last, first), Math::max);
      }
      perSecond.add(seconds);
    }
  }

  /** {@code extra.fasta.docsPerSecond}: the mean over {@code total} documents, the peak and the series. */
  Map<String, Object> summary(long total) {
    Map<String, Object> m = new LinkedHashMap<>();
    long first = firstNanos.get();
    long last = lastNanos.get();
    double secs = first == Long.MAX_VALUE ? 0 : Math.max(1e-9, (last - first) / 1e9);
    m.put("mean", secs == 0 ? 0 : Math.round(total / secs * 10) / 10.0);
    int len = 0;
    for (long[] s : perSecond) {
      for (int i = s.length - 1; i >= 0; i--) {
        if (s[i] != 0) {
          len = Math.max(len, i + 1);
          break;
        }
      }
    }
    long[] sum = new long[len];
    for (long[] s : perSecond) {
      for (int i = 0; i < Math.min(len, s.length); i++) {
        sum[i] += s[i];
      }
    }
    long peak = 0;
    List<Long> series = new ArrayList<>(len);
    for (long v : sum) {
      peak = Math.max(peak, v);
      series.add(v);
    }
    m.put("peak", peak);
    m.put("note", "documents written in each whole second since the first file was taken (the last second is"
        + " partial); the engine's time series (timeseries.csv, timeseries.granularity=1000) has the same per"
        + " interval and operation");
    m.put("perSecond", series);
    return m;
  }
}
