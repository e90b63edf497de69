package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Recorders written by busy threads while the collector swaps them as fast as it can: nothing is lost. */
class CollectorConcurrencyTest {
  @Test
  void everyRecordedValueReachesTheTotalsAndTheSeries() throws Exception {
    OperationRegistry registry = new OperationRegistry();
    registry.freeze();
    StatusCodes codes = new StatusCodes();
    int threads = 6;
    int perThread = 300_000;
    List<ThreadRecorder> recorders = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      recorders.add(new ThreadRecorder(i, registry.size(), codes, new SparseCounts.Layout(2)));
    }
    Collector c = new Collector(registry, codes, recorders, 2, null, null, () -> -1, 0);
    c.beginMeasurement(System.nanoTime());
    List<Thread> writers = new ArrayList<>();
    for (ThreadRecorder r : recorders) {
      Thread t = new Thread(() -> {
        for (int i = 0; i < perThread; i++) {
          long now = System.nanoTime();
          r.record(i % 2 == 0 ? 0 : 1, now - 1000 - (i % 5000), now, i % 100 == 0 ? 1 : 0);
        }
      });
      writers.add(t);
      t.start();
    }
    int collections = 0;
    while (writers.stream().anyMatch(Thread::isAlive)) {
      c.collect(System.nanoTime());
      collections++;
    }
    c.collect(System.nanoTime());
    long ok = 0;
    long failed = 0;
    for (int op = 0; op < 2; op++) {
      ok += c.total(op, false, false).getTotalCount();
      failed += c.total(op, true, false).getTotalCount();
      assertThat(c.total(op, false, true).getTotalCount()).isEqualTo(c.total(op, false, false).getTotalCount());
    }
    assertThat(ok + failed).as("after %d collections", collections).isEqualTo((long) threads * perThread);
    assertThat(failed).isEqualTo((long) threads * (perThread / 100));
    long inSeries = c.series().stream().mapToLong(p -> p.ops().containsKey("OVERALL") ? p.ops().get("OVERALL").count() : 0).sum();
    assertThat(inSeries).isEqualTo(ok);
  }

  /** A set left pending (its writer was inside when it was swapped) and the set recorded since are both read. */
  @Test
  void aPendingSetAndTheNewerOneAreBothRead() throws Exception {
    OperationRegistry registry = new OperationRegistry();
    registry.freeze();
    StatusCodes codes = new StatusCodes();
    ThreadRecorder r = new ThreadRecorder(0, registry.size(), codes, new SparseCounts.Layout(3));
    Collector c = new Collector(registry, codes, List.of(r), 3, null, null, () -> -1, 0);
    c.beginMeasurement(System.nanoTime());
    r.record(0, 0, 1000, 0);
    assertThat(r.beginSwap(new SparseCounts[registry.size() * ThreadRecorder.SLOTS_PER_OP])).isTrue();
    r.record(0, 0, 2000, 0); // into the new set, while the first one is still pending
    c.collect(System.nanoTime());
    assertThat(c.total(0, false, false).getTotalCount()).isEqualTo(2);
    assertThat(c.total(0, false, false).getMaxValue()).isGreaterThanOrEqualTo(1999);
  }

  /**
   * Aligned intervals: the writers hand their counts over as their operations cross a boundary, the collector
   * finalizes intervals as they end. Nothing is lost, and each operation lands in the interval its end time falls in
   * (up to the rare race documented in Collector: a recorder read by the collector while its thread is crossing the
   * boundary; allowed here for at most 1% of the operations, each at most one interval off).
   */
  @Test
  void alignedIntervalsHoldTheOperationsThatEndedInThem() throws Exception {
    OperationRegistry registry = new OperationRegistry();
    registry.freeze();
    StatusCodes codes = new StatusCodes();
    int threads = 8;
    long g = 2_000_000L; // 2 ms
    List<ThreadRecorder> recorders = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      recorders.add(new ThreadRecorder(i, registry.size(), codes, new SparseCounts.Layout(3)));
    }
    Collector c = new Collector(registry, codes, recorders, 3, null, null, () -> -1, 0, g);
    long t0 = System.nanoTime();
    c.beginMeasurement(t0);
    java.util.concurrent.ConcurrentHashMap<Long, java.util.concurrent.atomic.LongAdder> expected =
        new java.util.concurrent.ConcurrentHashMap<>();
    long[] lastEnd = new long[threads];
    List<Thread> writers = new ArrayList<>();
    for (ThreadRecorder r : recorders) {
      Thread t = new Thread(() -> {
        r.beginIntervals();
        long end = 0;
        for (int i = 0; i < 200_000; i++) {
          end = System.nanoTime();
          r.record(i % 3 == 0 ? 1 : 0, end - 500 - (i % 7000), end, 0);
          expected.computeIfAbsent((end - t0) / g, k -> new java.util.concurrent.atomic.LongAdder()).increment();
          if (i % 5000 == 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(3_000_000L); // idle past a boundary now and then
          }
        }
        lastEnd[r.threadId()] = end;
      });
      writers.add(t);
      t.start();
    }
    while (writers.stream().anyMatch(Thread::isAlive)) {
      c.collectNow();
      Thread.onSpinWait();
    }
    for (Thread t : writers) {
      t.join();
    }
    long end = 0;
    for (long e : lastEnd) {
      end = Math.max(end, e);
    }
    c.collect(end);
    long total = (long) threads * 200_000;
    long ok = c.total(0, false, false).getTotalCount() + c.total(1, false, false).getTotalCount();
    assertThat(ok).isEqualTo(total);
    assertThat(c.total(0, false, true).getTotalCount() + c.total(1, false, true).getTotalCount()).isEqualTo(total);
    List<IntervalPoint> series = c.series();
    long inSeries = 0;
    long expectedSoFar = 0;
    long misplaced = 0;
    long lastK = -1;
    for (IntervalPoint p : series) {
      assertThat(p.startMs() % 2).as("aligned on the 2 ms grid").isZero();
      long k = p.startMs() / 2;
      for (long j = lastK + 1; j <= k; j++) {
        java.util.concurrent.atomic.LongAdder want = expected.get(j);
        expectedSoFar += want == null ? 0 : want.sum();
      }
      lastK = k;
      long got = p.ops().containsKey("OVERALL") ? p.ops().get("OVERALL").count() : 0;
      inSeries += got;
      // never earlier: up to each interval, no more operations than ended by its end (late ones go later)
      assertThat(inSeries).as("operations counted up to interval %d", k).isLessThanOrEqualTo(expectedSoFar);
      misplaced += expectedSoFar - inSeries;
    }
    assertThat(inSeries).isEqualTo(total);
    System.out.printf("aligned intervals: %d intervals, %.2f%% operation-intervals late%n", series.size(),
        100.0 * misplaced / total);
  }
}
