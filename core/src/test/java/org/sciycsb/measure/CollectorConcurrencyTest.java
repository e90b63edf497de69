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
      recorders.add(new ThreadRecorder(i, registry.slotCount(), codes, 2));
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
    ThreadRecorder r = new ThreadRecorder(0, registry.slotCount(), codes, 3);
    Collector c = new Collector(registry, codes, List.of(r), 3, null, null, () -> -1, 0);
    c.beginMeasurement(System.nanoTime());
    r.record(0, 0, 1000, 0);
    assertThat(r.beginSwap(new org.HdrHistogram.AbstractHistogram[registry.slotCount()])).isTrue();
    r.record(0, 0, 2000, 0); // into the new set, while the first one is still pending
    c.collect(System.nanoTime());
    assertThat(c.total(0, false, false).getTotalCount()).isEqualTo(2);
    assertThat(c.total(0, false, false).getMaxValue()).isGreaterThanOrEqualTo(1999);
  }
}
