package org.sciycsb.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every data point of the measured part ({@code measurementtype=raw}), all threads, by operation and outcome: the
 * epoch millisecond at which each ended and its latency in whole microseconds, ordered by end time.
 */
public final class RawPoints {
  private final List<String> names;
  /** Per slot (operation index * 2 + failed): {end nanos, service, response} triples, growing. */
  private final List<long[]> bySlot = new ArrayList<>();
  private final int[] counts;
  private final long originNanos;
  private final long originEpochMs;

  RawPoints(OperationRegistry registry, List<ThreadRecorder> recorders, long originNanos, long originEpochMs) {
    this.names = new ArrayList<>();
    for (org.sciycsb.api.Operation op : registry.all()) {
      names.add(op.name());
    }
    this.originNanos = originNanos;
    this.originEpochMs = originEpochMs;
    this.counts = new int[names.size() * 2];
    for (int i = 0; i < counts.length; i++) {
      bySlot.add(new long[0]);
    }
    for (ThreadRecorder r : recorders) {
      RawRecorder raw = r.rawRecorder();
      if (raw != null) {
        raw.forEach(this::add);
      }
    }
  }

  private void add(long[] p) {
    int slot = (int) p[0];
    long[] a = bySlot.get(slot);
    int n = counts[slot];
    if (n * 3 == a.length) {
      a = Arrays.copyOf(a, Math.max(48, a.length * 2));
      bySlot.set(slot, a);
    }
    a[n * 3] = p[1];
    a[n * 3 + 1] = p[2];
    a[n * 3 + 2] = p[3];
    counts[slot] = n + 1;
  }

  /**
   * The points of one operation and outcome as {epoch ms, latency us} pairs ordered by end time; service time
   * ({@code response} false) or response time.
   */
  public long[][] points(String op, boolean failed, boolean response) {
    int i = names.indexOf(op);
    if (i < 0) {
      return new long[0][];
    }
    int slot = i * 2 + (failed ? 1 : 0);
    long[] a = bySlot.get(slot);
    long[][] out = new long[counts[slot]][];
    for (int k = 0; k < out.length; k++) {
      long end = a[k * 3];
      long latency = a[k * 3 + (response ? 2 : 1)];
      out[k] = new long[] {originEpochMs + Math.floorDiv(end - originNanos, 1_000_000L), latency / 1000};
    }
    Arrays.sort(out, (x, y) -> Long.compare(x[0], y[0]));
    return out;
  }

  /** The epoch millisecond of a nanoTime reading, on this run's clock. */
  public long epochMs(long nanos) {
    return originEpochMs + Math.floorDiv(nanos - originNanos, 1_000_000L);
  }
}
