package org.sciycsb.wiredtiger;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ServerStats;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Every session and cursor is closed on the connection's own thread ({@link ConnectionThread}: WiredTiger 3.2.1's
 * Java binding calls back into the JVM with the JNI environment of the connection's opener when one closes). Four
 * rounds of: the run opened on the test's thread, 32 client threads each inserting 500-2,050 records on a session
 * of its own and closing it as it ends (at staggered times, as a load's threads finish), the store's statistics read
 * every 10 ms from another thread, and the test's thread meanwhile running Java code with safepoints. Before the
 * closes moved to the connection's thread, 2 runs in 7 of this test at 1,000-4,100 records a thread aborted the JVM (the opener's thread left marked
 * as in native code: "Illegal threadstate encountered: 4" or a SIGSEGV in compiled code), with or without the
 * statistics reads, as a 32-thread load of seed 002 did on the emulated HDD (exit 134); a crash of this JVM fails
 * the test. After: 7 runs, 28 rounds, none.
 */
class WiredTigerThreadsTest {
  @TempDir
  Path tmp;

  @Test
  void clientThreadsClosingTheirSessionsAndStatisticsReadElsewhereLeaveTheOpenersThreadIntact() throws Exception {
    for (int round = 0; round < 4; round++) {
      oneRound(tmp.resolve("wt" + round));
    }
  }

  private void oneRound(Path dir) throws Exception {
    WiredTigerRun run = Runs.open(tmp, Map.of("wiredtiger.dir", dir.toString()));
    AtomicReference<Throwable> failed = new AtomicReference<>();
    AtomicInteger readings = new AtomicInteger();
    Thread sampler = new Thread(() -> {
      try {
        for (int i = 0; i < 150; i++) {
          ServerStats s = run.serverStats().orElseThrow();
          assertThat(s.gauges()).isNotEmpty();
          readings.incrementAndGet();
          Thread.sleep(10);
        }
      } catch (Throwable t) {
        failed.set(t);
      }
    }, "test-sampler");
    Thread[] writers = new Thread[32];
    for (int w = 0; w < writers.length; w++) {
      int id = w;
      writers[w] = new Thread(() -> {
        DB db = run.newDb(id);
        try {
          db.init();
          for (int i = 0; i < 500 + 50 * id; i++) {
            Map<String, ByteIterator> v = new HashMap<>();
            v.put("field0", new StringByteIterator("value " + i));
            assertThat(db.insert("usertable", "user" + id + "-" + i, v)).isEqualTo(Status.OK);
          }
          db.cleanup();
        } catch (Throwable t) {
          failed.set(t);
        }
      }, "test-writer-" + w);
    }
    sampler.start();
    for (Thread t : writers) {
      t.start();
    }
    // the opener's thread meanwhile: Java code with safepoint polls, and safepoints (a collection) now and then
    long spins = 0;
    while (sampler.isAlive() || java.util.Arrays.stream(writers).anyMatch(Thread::isAlive)) {
      Histogram h = new Histogram(3);
      for (int i = 1; i < 20_000; i++) {
        h.recordValue(i);
      }
      spins += (long) h.getMean();
      if (spins % 7 == 0) {
        System.gc();
      }
    }
    sampler.join();
    for (Thread t : writers) {
      t.join();
    }
    assertThat(failed.get()).isNull();
    assertThat(readings.get()).isEqualTo(150);
    assertThat(run.count("usertable").orElseThrow()).isEqualTo(32 * 500 + 50 * (31 * 32 / 2));
    run.close();
  }
}
