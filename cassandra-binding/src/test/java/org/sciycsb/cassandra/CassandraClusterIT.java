package org.sciycsb.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.sciycsb.api.BindingRun;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The fault test on a 3-node loopback cluster (127.0.0.1..3, started by {@code cluster-test.sh}), keyspace
 * RF 3: a loop of reads and updates through the binding while {@code cassandra.sh stop-node 3} kills a node
 * (SIGKILL) mid-run. At QUORUM no operation may fail; at ALL failures are observed and counted, and the loop
 * completes. Each second's operations, failures and slowest operation are printed: the blip shows there.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraClusterIT {
  private static final int RECORDS = 500;
  private static final int THREADS = 4;
  private static final int SECONDS = 30;
  private static final int KILL_AT = 8;
  private static final int VICTIM = 3;

  @Test
  @Order(1)
  void quorumLosesNoOperationWhenANodeDies() throws Exception {
    Result r = loop("QUORUM");
    assertThat(r.opsAfterKill).as("operations after the kill").isGreaterThan(0);
    assertThat(r.failures).as("failed operations at QUORUM with one node of three down: %s", r.byStatus)
        .isZero();
  }

  @Test
  @Order(2)
  void allCountsFailuresAndCompletes() throws Exception {
    Result r = loop("ALL");
    assertThat(r.failuresBeforeKill).as("failures before the kill").isZero();
    assertThat(r.failures).as("failed operations at ALL with one node down").isGreaterThan(0);
    assertThat(r.ops).as("every operation returned").isEqualTo(r.failures + r.successes);
    assertThat(r.byStatus.keySet()).allMatch(s -> s.equals("OK") || s.equals("SERVICE_UNAVAILABLE")
        || s.equals("ERROR"));
    // counted per operation, by the test and by the binding's own error counter alike
    assertThat(r.failedByOp.get("READ")).as("failed reads").isPositive();
    assertThat(r.failedByOp.get("UPDATE")).as("failed updates").isPositive();
    assertThat(r.bindingFailedByOp).isEqualTo(r.failedByOp);
  }

  /** What one loop saw. */
  private static final class Result {
    long ops;
    long successes;
    long failures;
    long failuresBeforeKill;
    long opsAfterKill;
    final Map<String, Long> byStatus = new java.util.TreeMap<>();
    final Map<String, Long> failedByOp = new java.util.TreeMap<>();
    final Map<String, Long> bindingFailedByOp = new java.util.TreeMap<>();
  }

  private Result loop(String level) throws Exception {
    String table = "fault_" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    Map<String, String> props = ItSupport.props("cassandra.keyspace", "sciycsb_cluster",
        "cassandra.replication.factor", "3", "cassandra.readconsistency", level,
        "cassandra.writeconsistency", level, "table", table, "fieldcount", "2", "cassandra.requesttimeout", "12s");
    assertThat(props.get("cassandra.hosts").split(",")).as("the three cluster nodes").hasSize(3);
    try (BindingRun run = ItSupport.open(props)) {
      DB loader = run.newDb(0);
      for (int i = 0; i < RECORDS; i++) {
        assertThat(loader.insert(table, "user" + i, rec("field0", "a" + i, "field1", "b" + i)))
            .as("preload at %s", level).isEqualTo(Status.OK);
      }
      AtomicLongArray ops = new AtomicLongArray(SECONDS + 1);
      AtomicLongArray fails = new AtomicLongArray(SECONDS + 1);
      AtomicLongArray maxMicros = new AtomicLongArray(SECONDS + 1);
      Map<String, Long> byStatus = new java.util.concurrent.ConcurrentHashMap<>();
      Map<String, Long> failedByOp = new java.util.concurrent.ConcurrentHashMap<>();
      long t0 = System.nanoTime();
      long end = t0 + TimeUnit.SECONDS.toNanos(SECONDS);
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        DB db = run.newDb(t);
        futures.add(pool.submit(() -> {
          ThreadLocalRandom rnd = ThreadLocalRandom.current();
          while (System.nanoTime() < end) {
            String key = "user" + rnd.nextInt(RECORDS);
            long s = System.nanoTime();
            boolean read = rnd.nextBoolean();
            Status st = read ? db.read(table, key, null, new HashMap<>())
                : db.update(table, key, rec("field1", "u" + s));
            long e = System.nanoTime();
            int sec = (int) Math.min(SECONDS, (s - t0) / 1_000_000_000L);
            ops.incrementAndGet(sec);
            if (!st.isOk()) {
              fails.incrementAndGet(sec);
              failedByOp.merge(read ? "READ" : "UPDATE", 1L, Long::sum);
            }
            byStatus.merge(st.getName(), 1L, Long::sum);
            long us = (e - s) / 1000;
            maxMicros.accumulateAndGet(sec, us, Math::max);
          }
          return null;
        }));
      }
      Thread.sleep(TimeUnit.SECONDS.toMillis(KILL_AT));
      script("stop-node", Integer.toString(VICTIM));
      try {
        for (Future<?> f : futures) {
          f.get(SECONDS + 120, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      Result r = new Result();
      System.out.printf("%s: second, operations, failures, slowest (ms); node %d killed at second %d%n", level,
          VICTIM, KILL_AT);
      for (int s = 0; s <= SECONDS; s++) {
        System.out.printf("%s %3d %7d %6d %9.1f%n", level, s, ops.get(s), fails.get(s), maxMicros.get(s) / 1000.0);
        r.ops += ops.get(s);
        r.failures += fails.get(s);
        if (s < KILL_AT) {
          r.failuresBeforeKill += fails.get(s);
        } else {
          r.opsAfterKill += ops.get(s);
        }
      }
      r.byStatus.putAll(byStatus);
      r.failedByOp.putAll(failedByOp);
      ((CassandraRun) run).errorCounts().forEach((kind, n) ->
          r.bindingFailedByOp.merge(kind.substring(0, kind.indexOf(':')).toUpperCase(java.util.Locale.ROOT), n,
              Long::sum));
      r.successes = byStatus.getOrDefault("OK", 0L);
      System.out.printf("%s: %d operations, %d failed, by status %s, failed by operation %s, binding's count %s%n",
          level, r.ops, r.failures, r.byStatus, r.failedByOp, ((CassandraRun) run).errorCounts());
      return r;
    } finally {
      script("start-node", Integer.toString(VICTIM));
    }
  }

  private static Map<String, ByteIterator> rec(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  private static void script(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("bash", ItSupport.script().toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("%s finished", cmd).isTrue();
    assertThat(p.exitValue()).as("%s exit code", cmd).isZero();
  }
}
