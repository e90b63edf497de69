package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.engine.validity.GcWatch;

/**
 * Each reason of the validity verdict provoked by a real in-process run on the test store {@code test-stall} (a store,
 * unlike the no-op {@code basic}, so a busy client is suspect), and a sound run that stays valid. Every run takes a
 * few seconds at most; the sound one sleeps per operation, so that a loaded machine does not make it suspect.
 */
class ValidityRunsTest {
  @TempDir
  Path tmp;

  /**
   * A run of test-stall on workloadc (reads) with these settings, its results in {@code dir}; the host's other
   * processes are not judged (validity.host=1000 cores): the shared CI machine's load is not these tests' subject.
   */
  private LocalRun run(String dir, String... more) {
    List<String> argv = new ArrayList<>(List.of("-p", "validity.host=1000"));
    argv.addAll(Arrays.asList(more));
    return runJudgingTheHost(dir, argv.toArray(String[]::new));
  }

  /** As {@link #run}, judging the host's other processes with the default validity.host. */
  private LocalRun runJudgingTheHost(String dir, String... more) {
    List<String> argv = new ArrayList<>(List.of("run", "test-stall", "-P", "../workloads/workloadc", "-p",
        "stall.ms=0", "-p", "hdrhistogram.percentiles=50,95", "-p", "timeseries.granularity=250", "-p",
        "results.dir=" + tmp.resolve(dir)));
    argv.addAll(Arrays.asList(more));
    return LocalRun.run(argv.toArray(String[]::new));
  }

  /**
   * Busy loops, one per core of the host, started for the length of a run that sleeps per operation: the host is
   * busy with other processes, and the verdict says so with the evidence. (Whether a run without them is free of
   * the reason depends on the machine: not asserted.)
   */
  @Test
  void otherProcessesBusyOnTheHostMakeTheRunSuspect() throws Exception {
    int cores = Runtime.getRuntime().availableProcessors();
    List<Process> loops = new ArrayList<>();
    try {
      for (int i = 0; i < cores; i++) {
        loops.add(new ProcessBuilder("sh", "-c", "while :; do :; done").redirectErrorStream(true).start());
      }
      for (Process p : loops) { // each has begun to spin: it has CPU time of its own
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (p.info().totalCpuDuration().orElse(java.time.Duration.ZERO).isZero() && System.nanoTime() < deadline) {
          Thread.onSpinWait();
        }
        assertThat(p.isAlive()).isTrue();
      }
      LocalRun r = runJudgingTheHost("host", "-threads", "1", "-p", "stall.service=2ms", "-p",
          "operationcount=100000000", "-p", "maxexecutiontime=3");
      assertThat(r.exit).as(r.toString()).isZero();
      JsonNode results = LocalRun.results(tmp.resolve("host"));
      JsonNode v = results.path("validity");
      JsonNode host = results.path("metadata").path("hostCpu");
      assertThat(reasons(v)).as(v.toString()).contains("host busy");
      assertThat(host.path("othersCoresMean").asDouble()).as(host.toString()).isGreaterThan(0.5);
      assertThat(host.path("othersCoresMax").asDouble()).isGreaterThanOrEqualTo(host.path("othersCoresMean")
          .asDouble() - 0.01);
      assertThat(host.path("busiest").size()).as(host.toString()).isBetween(1, 3);
      assertThat(v.toString()).contains("other processes kept ", "cores busy on average over the measured",
          "above validity.host 0.5", "the busiest: ");
      assertThat(r.err).contains("validity: suspect (").contains("host busy: other processes kept");
    } finally {
      loops.forEach(Process::destroyForcibly);
      for (Process p : loops) {
        p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
      }
    }
  }

  private JsonNode validity(String dir) throws Exception {
    return LocalRun.results(tmp.resolve(dir)).path("validity");
  }

  private static List<String> reasons(JsonNode v) {
    List<String> out = new ArrayList<>();
    v.path("reasons").forEach(r -> out.add(r.path("reason").asText()));
    return out;
  }

  @Test
  void aRunThatSleepsPerOperationIsValidAndPrintsItsGcPausesBesideThePercentiles() throws Exception {
    LocalRun r = run("sound", "-threads", "2", "-p", "stall.service=1ms", "-p", "operationcount=100000000", "-p",
        "maxexecutiontime=3");
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode v = validity("sound");
    assertThat(v.path("verdict").asText()).as(v.toString()).isEqualTo("valid");
    assertThat(v.path("notes").toString()).as("every reason was judged").doesNotContain("not judged", "not tested");
    assertThat(r.text("TOTAL_GCs", "Count")).isEqualTo(v.path("gc").path("pauses").asText());
    assertThat(r.text("MAX_GC_PAUSE", "Time(ms)")).isEqualTo(v.path("gc").path("maxMs").asText());
    List<String> lines = r.resultsText().lines().toList();
    assertThat(lines.indexOf("[TOTAL_GC_TIME], Time(ms), " + v.path("gc").path("totalMs").asText()))
        .as("the GC lines precede the percentiles").isBetween(0, lines.indexOf("[OVERALL], Operations, "
            + r.text("OVERALL", "Operations")));
  }

  @Test
  void aClientThatBurnsItsCpuIsTheBottleneck() throws Exception {
    // four threads spinning: on the shared CI machine (load averages of 12 on 2 cores seen) they get a fraction of a
    // core only, so the threshold is a twentieth of the cores: a client that sleeps per operation stays below it
    LocalRun r = run("busy", "-threads", "4", "-p", "stall.burn=2ms", "-p", "operationcount=100000000", "-p",
        "maxexecutiontime=3", "-p", "validity.cpu=0.05");
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode v = validity("busy");
    assertThat(reasons(v)).as(v.toString()).contains("client bottleneck");
    assertThat(v.toString()).contains("cores busy (its CPU time over the measured");
    assertThat(r.err).contains("validity: suspect (client bottleneck: the client process kept");
  }

  @Test
  void aTargetFarAboveTheStoresCapacityIsNotReachedAndItsLagGrows() throws Exception {
    // two threads of 2 ms operations serve at most 1,000 ops/s: a target of 20,000 leaves them ever later
    LocalRun r = run("target", "-threads", "2", "-target", "20000", "-p", "stall.service=2ms", "-p",
        "operationcount=100000000", "-p", "maxexecutiontime=3");
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode v = validity("target");
    assertThat(reasons(v)).as(v.toString()).contains("client bottleneck", "target not reached",
        "schedule lag grew");
    assertThat(v.toString()).contains("scheduled operations began more than 1 ms after their slot",
        "of the target 20000.0", "the mean lag went from");
    JsonNode late = LocalRun.results(tmp.resolve("target")).path("metadata").path("lateStarts");
    assertThat(late.path("share").asDouble()).as(late.toString()).isGreaterThan(0.5);
  }

  @Test
  void aScheduleAboveWhatTheInFlightWindowServesWaitsForItsSlots() throws Exception {
    // four operations of 2 ms in flight serve at most 2,000 ops/s: most of 10,000 ops/s wait for a free slot
    LocalRun r = run("window", "-threads", "1", "-target", "10000", "-p", "inflight=4", "-p", "stall.service=2ms",
        "-p", "operationcount=100000000", "-p", "maxexecutiontime=2");
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode v = validity("window");
    assertThat(reasons(v)).as(v.toString()).contains("client bottleneck", "target not reached");
    assertThat(v.toString()).contains("operations waited for a free in-flight slot", "inflight 4");
  }

  @Test
  void aClosedLoopAlwaysFillsItsWindowAndIsNotSuspectForIt() throws Exception {
    LocalRun r = run("closed", "-threads", "1", "-p", "inflight=4", "-p", "stall.service=1ms", "-p",
        "operationcount=2000");
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode meta = LocalRun.results(tmp.resolve("closed")).path("metadata").path("inflight");
    assertThat(meta.path("windowFullFraction").asDouble()).as("above validity.waits: %s", meta).isGreaterThan(0.05);
    assertThat(validity("closed").toString()).doesNotContain("in-flight slot");
  }

  @Test
  void aWarmingStoreMakesTheWarmupTooShort() throws Exception {
    // operations take 5 ms at first, 1 ms after 2 s: the throughput rises over the first half, then holds
    LocalRun r = run("warming", "-threads", "2", "-p", "stall.service=1ms", "-p", "stall.warming=2s", "-p",
        "operationcount=100000000", "-p", "maxexecutiontime=4");
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode v = validity("warming");
    assertThat(reasons(v)).as(v.toString()).contains("warmup too short").doesNotContain("not steady");
    assertThat(v.toString()).contains("throughput rose by", "steady over its second half", "warmup: none");
  }

  @Test
  void aStoreWhoseTroubleSignalRisesIsSuspect() throws Exception {
    LocalRun r = run("backlog", "-threads", "2", "-p", "stall.service=1ms", "-p", "stall.backlog=true", "-p",
        "serverstats.interval=100ms", "-p", "operationcount=100000000", "-p", "maxexecutiontime=2");
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode results = LocalRun.results(tmp.resolve("backlog"));
    assertThat(results.path("extra").path("server").path("trouble").toString()).isEqualTo("[\"backlog\"]");
    JsonNode v = results.path("validity");
    assertThat(reasons(v)).as(v.toString()).containsExactly("store trouble");
    assertThat(v.toString()).contains("the store's backlog rose from", "test-stall backlog");
  }

  @Test
  void aBindingThatFailsOneOperationInTwentyHasTooManyErrors() throws Exception {
    LocalRun r = run("errors", "-threads", "2", "-p", "stall.failevery=20", "-p", "operationcount=2000");
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode v = validity("errors");
    assertThat(reasons(v)).as(v.toString()).containsExactly("errors");
    assertThat(v.toString()).contains("100 of 2000 operations failed (5.00 %), above validity.errors 1%");
  }

  @Test
  void aRunEndedByAnErrorAfterMeasuringLeavesNoGcListener() {
    int before = GcWatch.listening();
    // the store's figures answer at the start, then throw an Error at the closing sample: measuring had begun
    Throwable t = catchThrowable(() -> run("ended", "-p", "stall.statserror=true", "-p", "serverstats.interval=60s",
        "-p", "operationcount=200"));
    assertThat(t).as("the run ended by the binding's Error").isNotNull().hasMessageContaining("figures exploded");
    assertThat(GcWatch.listening()).as("GC watches still listening").isEqualTo(before);
    assertThat(Stream.of(tmp.toFile().list()).toList()).as("the run measured: its results folder was kept")
        .isNotEmpty();
  }
}
