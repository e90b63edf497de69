package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -p inflight=N}: a few threads keep many operations in flight on an asynchronous binding. */
class InflightRunTest {
  @TempDir
  Path tmp;

  private String dir(String name) {
    return tmp.resolve(name).toString();
  }

  private static long n(LocalRun c, String op, String metric) {
    String v = c.text(op, metric);
    return v == null ? 0 : Long.parseLong(v);
  }

  @Test
  void asynchronousAndSynchronousRunsCountTheSame() throws Exception {
    LocalRun load = LocalRun.run("load", "basic", "-P", "../workloads/workloada", "-p", "recordcount=5000",
        "-threads", "2",
        "-p", "inflight=32", "-p", "basicdb.simulatedelay=1", "-p", "results.dir=" + dir("load"));
    assertThat(load.exit).as(load.toString()).isZero();
    assertThat(n(load, "INSERT", "Operations")).isEqualTo(5000);
    assertThat(n(load, "INSERT", "Return=OK")).isEqualTo(5000);
    for (String inflight : new String[] {"2", "64"}) {
      LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloadf", "-p", "operationcount=6000",
          "-threads", "2",
          "-p", "inflight=" + inflight, "-p", "basicdb.simulatedelay=1", "-p", "results.dir=" + dir("run" + inflight));
      assertThat(c.exit).as(c.toString()).isZero();
      long reads = n(c, "READ", "Operations");
      long rmw = n(c, "READ-MODIFY-WRITE", "Operations");
      assertThat(reads).as("every transaction reads, RMW ones too").isEqualTo(6000);
      assertThat(n(c, "UPDATE", "Operations")).as("one update per read-modify-write").isEqualTo(rmw).isPositive();
      assertThat(n(c, "READ", "Return=OK")).isEqualTo(6000);
      JsonNode meta = LocalRun.results(tmp.resolve("run" + inflight)).path("metadata").path("inflight");
      assertThat(meta.path("limit").asInt()).isEqualTo(Integer.parseInt(inflight));
      assertThat(meta.path("mode").asText()).isEqualTo(inflight.equals("2") ? "one per thread" : "asynchronous");
      if (inflight.equals("64")) {
        assertThat(meta.path("operationsSent").asLong()).isEqualTo(6000);
      }
    }
  }

  /** 2 threads, operations of 2 ms: one at a time per thread that is 1,000/s; with 200 in flight, far more. */
  @Test
  void twoThreadsKeepHundredsInFlight() {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=20000",
        "-threads", "2",
        "-p", "inflight=200", "-p", "basicdb.simulatedelay=2", "-p", "basicdb.randomizedelay=false",
        "-p", "results.dir=" + dir("many"), "-p", "hdrhistogram.percentiles=50,99");
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(n(c, "OVERALL", "Operations")).isEqualTo(20000);
    // synchronously: 10 s; 200 in flight allow 100 ops per ms, the timer thread and 2 cores allow less
    assertThat(Double.parseDouble(c.text("OVERALL", "Throughput(ops/sec)"))).isGreaterThan(10_000);
    // each operation's service time is its 2 ms (and what the timer thread adds under load), not 200 x that
    // (without a target the response time is the service time: [READ] is both, no -SERVICE section)
    assertThat(Double.parseDouble(c.text("READ", "50thPercentileLatency(us)"))).isBetween(1_900.0, 20_000.0);
  }

  /**
   * The coordinated-omission test with operations in flight: a 1 s stall at 1,000/s with 16 in flight. The 16 sent
   * during the stall wait for the server (service time); the ~1,000 due during it find the window full and wait for a
   * place, from their slots: the response-time p99 shows the stall, the service-time p99 does not.
   */
  @Test
  void aStallUnderTargetShowsInResponseTimeNotServiceTime() throws Exception {
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=5000",
        "-target", "1000", "-threads", "2", "-p", "inflight=16", "-p", "stall.ms=1000", "-p", "stall.at=1000",
        "-p", "results.dir=" + dir("co"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(n(c, "OVERALL", "Operations")).isEqualTo(5000);
    assertThat(Double.parseDouble(c.text("READ", "99thPercentileLatency(us)"))).as("READ response p99 (us)")
        .isGreaterThanOrEqualTo(500_000);
    assertThat(Double.parseDouble(c.text("READ-SERVICE", "99thPercentileLatency(us)"))).as("READ service p99 (us)")
        .isLessThan(10_000);
    JsonNode meta = LocalRun.results(tmp.resolve("co")).path("metadata").path("inflight");
    assertThat(meta.path("windowFullWaits").asLong()).isGreaterThan(0);
    assertThat(meta.path("windowFullWaitMs").asLong()).isGreaterThan(500);
  }

  @Test
  void badInflightSettingsAreRefusedBeforeAnythingStarts() {
    bad("bad value for inflight: '0' must be at least 1", "run", "basic", "-p", "inflight=0");
    bad("inflight=1 is less than threadcount (4)", "run", "basic", "-threads", "4", "-p", "inflight=1");
    bad("is synchronous: inflight=64 needs -threads 64, or an asynchronous binding (basic, cassandra, mongodb, riak; bin/ycsb help",
        "run",
        "-db", "site.ycsb.BasicDB", "-p", "inflight=64");
    bad("workload test-pool has no asynchronous operations", "run", "basic", "-p",
        "workload=" + SharedWorkTest.PoolWorkload.class.getName(), "-p", "inflight=8");
  }

  private void bad(String line, String... argv) {
    String[] withDir = java.util.Arrays.copyOf(argv, argv.length + 2);
    withDir[argv.length] = "-p";
    withDir[argv.length + 1] = "results.dir=" + dir("bad");
    LocalRun c = LocalRun.run(withDir);
    assertThat(c.exit).as(c.toString()).isEqualTo(2);
    assertThat(c.err).contains(line).doesNotContain("\tat ");
    assertThat(c.err.lines().filter(l -> l.startsWith("error:")).count()).isEqualTo(1);
    assertThat(tmp.resolve("bad")).doesNotExist();
  }
}
