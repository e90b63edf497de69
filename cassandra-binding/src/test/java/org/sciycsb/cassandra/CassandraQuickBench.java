package org.sciycsb.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingRun;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * A small benchmark until the engine lands: upstream YCSB's {@code CoreWorkload} (load, workload A, workload C)
 * driving the binding's {@link DB} directly from {@code THREADS} threads, latencies in HdrHistogram. Not part of
 * any test run (its name does not end in IT/Test); run it on purpose against the one-node test server:
 * {@code mvn -B -pl cassandra-binding -am verify -Dit.test=CassandraQuickBench -Dbench.records=100000}.
 */
class CassandraQuickBench {
  private static final int THREADS = Integer.getInteger("bench.threads", 8);
  private static final long RECORDS = Long.getLong("bench.records", 20_000);
  private static final long OPERATIONS = Long.getLong("bench.operations", 50_000);

  @Test
  void loadThenWorkloadsAandC() throws Exception {
    String table = "bench" + System.currentTimeMillis() % 100000;
    Map<String, String> props = ItSupport.props("cassandra.keyspace", "sciycsb_bench", "table", table,
        "recordcount", Long.toString(RECORDS), "operationcount", Long.toString(OPERATIONS));
    List<String> report = new ArrayList<>();
    try (BindingRun run = ItSupport.open(props)) {
      report.add("server: " + run.storeInfo().product() + " " + run.storeInfo().version() + ", " + THREADS
          + " threads, " + RECORDS + " records of 10 x 100 B, " + OPERATIONS + " operations per workload");
      phase(run, props, "load", Map.of(), true, report);
      assertThat(run.count(table)).hasValue(RECORDS);
      phase(run, props, "workload A (50/50 read/update, zipfian)", Map.of("readproportion", "0.5",
          "updateproportion", "0.5", "requestdistribution", "zipfian"), false, report);
      phase(run, props, "workload C (100% read, zipfian)", Map.of("readproportion", "1", "updateproportion", "0",
          "requestdistribution", "zipfian"), false, report);
    }
    report.forEach(System.out::println);
  }

  private static void phase(BindingRun run, Map<String, String> base, String name, Map<String, String> extra,
      boolean load, List<String> report) throws Exception {
    Properties p = new Properties();
    p.putAll(base);
    p.putAll(extra);
    Measurements.setProperties(p);
    CoreWorkload w = new CoreWorkload();
    w.init(p);
    Map<String, Histogram> hist = new ConcurrentHashMap<>();
    Map<String, AtomicLong> failed = new ConcurrentHashMap<>();
    long total = load ? RECORDS : OPERATIONS;
    AtomicLong next = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    long t0 = System.nanoTime();
    for (int t = 0; t < THREADS; t++) {
      DB db = new Timed(run.newDb(t), hist, failed);
      Thread th = new Thread(() -> {
        Object state;
        try {
          state = w.initThread(p, 0, THREADS);
        } catch (site.ycsb.WorkloadException e) {
          throw new IllegalStateException(e);
        }
        while (next.getAndIncrement() < total) {
          if (load) {
            w.doInsert(db, state);
          } else {
            w.doTransaction(db, state);
          }
        }
      });
      threads.add(th);
      th.start();
    }
    for (Thread th : threads) {
      th.join();
    }
    double secs = (System.nanoTime() - t0) / 1e9;
    w.cleanup();
    report.add(String.format("%s: %d ops in %.1f s = %.0f ops/s, failed %s", name, total, secs, total / secs,
        failed.isEmpty() ? "0" : failed.toString()));
    new TreeMap<>(hist).forEach((op, h) -> report.add(String.format(
        "  %-6s n=%d mean=%.0f us p50=%d p95=%d p99=%d p99.9=%d max=%d us", op, h.getTotalCount(), h.getMean(),
        h.getValueAtPercentile(50), h.getValueAtPercentile(95), h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9), h.getMaxValue())));
  }

  /** Times every call in microseconds. */
  private static final class Timed extends DB {
    private final DB db;
    private final Map<String, Histogram> hist;
    private final Map<String, AtomicLong> failed;

    Timed(DB db, Map<String, Histogram> hist, Map<String, AtomicLong> failed) {
      this.db = db;
      this.hist = hist;
      this.failed = failed;
    }

    private Status time(String op, long start, Status s) {
      long us = (System.nanoTime() - start) / 1000;
      Histogram h = hist.computeIfAbsent(op, k -> new Histogram(60_000_000L, 3));
      synchronized (h) {
        h.recordValue(Math.max(1, us));
      }
      if (!s.isOk()) {
        failed.computeIfAbsent(op + ":" + s.getName(), k -> new AtomicLong()).incrementAndGet();
      }
      return s;
    }

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return time("READ", System.nanoTime(), db.read(t, k, f, r));
    }

    @Override
    public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return time("SCAN", System.nanoTime(), db.scan(t, k, n, f, r));
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return time("UPDATE", System.nanoTime(), db.update(t, k, v));
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      return time("INSERT", System.nanoTime(), db.insert(t, k, v));
    }

    @Override
    public Status delete(String t, String k) {
      return time("DELETE", System.nanoTime(), db.delete(t, k));
    }
  }
}
