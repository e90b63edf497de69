package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One fault test against a real server: a run phase of the real engine through {@code bin/ycsb}, the server killed
 * with SIGKILL while the run measures, then restarted (or left dead), and the results checked.
 */
abstract class FaultScenario {
  /** Starts the dedicated instance. */
  abstract void startServer() throws Exception;

  /** Kills the server at once (SIGKILL). */
  abstract void killServer() throws Exception;

  /** Starts it again; returns once it answers. */
  abstract void restartServer() throws Exception;

  abstract void stopServer();

  /** Kills the server for good (the errors.max scenario); a cluster kills every node. */
  void killServerForGood() throws Exception {
    killServer();
  }

  /** The binding name and its connection properties (-p key=value each). */
  abstract List<String> binding();

  /** The statuses a failed operation may have against this store while it is down. */
  List<String> failureStatuses() {
    return List.of("SERVICE_UNAVAILABLE", "ERROR");
  }

  /** The workload file of the run phase. */
  String workload() {
    return "workloads/workloada";
  }

  /** The operations of the run phase that must show failures (per operation and status). */
  List<String> operations() {
    return List.of("READ", "UPDATE");
  }

  static final int RECORDS = 500;

  List<String> args(String phase, Path results, String... more) {
    List<String> a = new ArrayList<>(List.of(phase));
    a.addAll(binding());
    a.addAll(List.of("-P", workload(), "-p", "recordcount=" + RECORDS, "-p", "results.dir=" + results,
        "-s", "-p", "status.interval=1"));
    a.addAll(List.of(more));
    return a;
  }

  void load(Path tmp) throws Exception {
    Launcher.Result r = Launcher.ycsb(tmp, args("load", tmp.resolve("load"), "-threads", "2").toArray(String[]::new));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(Launcher.json(tmp.resolve("load/results.json")).path("extra").path("countCheck").asText())
        .isEqualTo("ok");
  }

  /** Waits until the run prints its first status line with operations: it is measuring. */
  static void awaitMeasuring(Launcher.Running run, Duration timeout) throws Exception {
    long end = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < end) {
      if (!run.process.isAlive()) {
        throw new AssertionError("the run ended before the fault:\n" + run.errSoFar());
      }
      if (run.errSoFar().lines().anyMatch(l -> l.matches(".* sec: [1-9][0-9]* operations;.*"))) {
        return;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("the run did not start measuring within " + timeout + ":\n" + run.errSoFar());
  }

  /**
   * Killed and restarted mid-run: the run goes on to its end (exit 0, outcome completed), the failed operations are
   * counted per operation and status, and the time series shows successes again after the failures.
   */
  void continuesThroughAKillAndRestart(Path tmp, int seconds, Duration downFor) throws Exception {
    Path dir = tmp.resolve("continue");
    Launcher.Running run = Launcher.start(tmp, "continue", Map.of(), "ycsb", args("run", dir, "-threads", "2",
        "-target", "100", "-p", "operationcount=0", "-p", "maxexecutiontime=" + seconds).toArray(String[]::new));
    awaitMeasuring(run, Duration.ofSeconds(90));
    Thread.sleep(3000);
    killServer();
    Thread.sleep(downFor.toMillis());
    restartServer();
    Launcher.Result r = run.await(Duration.ofSeconds(seconds + 180));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).as("no stack trace without --debug").doesNotContain("\tat ");
    JsonNode j = Launcher.json(dir.resolve("results.json"));
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("completed");
    // stdout is YCSB's text, results.txt the extended one: the same run time and the same counts by status
    String txt = Files.readString(dir.resolve("results.txt"));
    assertThat(txt).startsWith(r.out().lines().findFirst().orElseThrow());
    r.out().lines().filter(l -> l.contains("], Return=")).forEach(l -> assertThat(txt).contains(l + "\n"));

    // errors counted per operation and status, in the JSON and in YCSB's text alike
    long failedTotal = 0;
    for (String op : operations()) {
      JsonNode o = operation(j, op);
      long failed = 0;
      for (String st : failureStatuses()) {
        long n = o.path("statuses").path(st).asLong();
        failed += n;
        String text = r.text(op, "Return=" + st);
        assertThat(text == null ? 0 : Long.parseLong(text)).as(op + " " + st + " in the text").isEqualTo(n);
      }
      assertThat(failed).as(op + " failed while the server was down: " + o.path("statuses")).isPositive();
      assertThat(o.path("errors").asLong()).isEqualTo(failed);
      assertThat(o.path("statuses").path("OK").asLong()).isPositive();
      failedTotal += failed;
    }
    assertThat(operation(j, "OVERALL").path("errors").asLong()).isEqualTo(failedTotal);

    // the time series: failures, then successes again after the restart, to the end of the run
    JsonNode series = j.path("timeseries");
    int firstError = -1;
    int lastError = -1;
    for (int i = 0; i < series.size(); i++) {
      if (series.get(i).path("ops").path("OVERALL").path("errors").asLong() > 0) {
        firstError = firstError < 0 ? i : firstError;
        lastError = i;
      }
    }
    assertThat(firstError).as("an interval with failures").isGreaterThan(0);
    assertThat(series.get(0).path("ops").path("OVERALL").path("count").asLong()).as("successes before").isPositive();
    long after = 0;
    for (int i = lastError + 1; i < series.size(); i++) {
      after += series.get(i).path("ops").path("OVERALL").path("count").asLong();
    }
    assertThat(after).as("successes after the last failure (restart), intervals " + firstError + ".." + lastError
        + " of " + series.size()).isPositive();
    noTemporaryFiles(dir);
  }

  /**
   * Killed mid-run and left dead, with {@code errors.max}: the run ends early and cleanly (exit 4, outcome
   * partial), with its results written.
   */
  void endsEarlyAtErrorsMax(Path tmp, int errorsMax) throws Exception {
    Path dir = tmp.resolve("errorsmax");
    Launcher.Running run = Launcher.start(tmp, "errorsmax", Map.of(), "ycsb", args("run", dir, "-threads", "2",
        "-target", "100", "-p", "operationcount=0", "-p", "maxexecutiontime=600", "-p", "errors.max=" + errorsMax)
        .toArray(String[]::new));
    awaitMeasuring(run, Duration.ofSeconds(90));
    Thread.sleep(2000);
    long killed = System.nanoTime();
    killServerForGood();
    Launcher.Result r = run.await(Duration.ofMinutes(4));
    assertThat((System.nanoTime() - killed) / 1e9).as("ended early, not at maxexecutiontime").isLessThan(240);
    assertThat(r.exit()).as(r.toString()).isEqualTo(4);
    assertThat(r.errorLines()).hasSize(1);
    assertThat(r.errorLines().get(0)).contains("errors.max (" + errorsMax + ") reached");
    assertThat(r.err()).doesNotContain("\tat ");
    JsonNode j = Launcher.json(dir.resolve("results.json"));
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("partial");
    assertThat(j.path("metadata").path("failure").asText()).contains("errors.max");
    JsonNode overall = operation(j, "OVERALL");
    assertThat(overall.path("errors").asLong()).isGreaterThanOrEqualTo(errorsMax);
    assertThat(overall.path("operations").asLong()).as("what was measured before the kill").isPositive();
    long byStatus = 0;
    for (String st : failureStatuses()) {
      byStatus += overall.path("statuses").path(st).asLong();
    }
    assertThat(byStatus).isEqualTo(overall.path("errors").asLong());
    assertThat(dir.resolve("results.txt")).isNotEmptyFile();
    assertThat(dir.resolve("latency.hlog")).isNotEmptyFile();
    noTemporaryFiles(dir);
  }

  static JsonNode operation(JsonNode results, String name) {
    for (JsonNode o : results.path("operations")) {
      if (o.path("name").asText().equals(name)) {
        return o;
      }
    }
    throw new AssertionError("no operation " + name + " in the results");
  }

  static void noTemporaryFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }
}
