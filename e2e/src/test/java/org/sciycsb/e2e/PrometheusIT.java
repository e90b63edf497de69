package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live metrics against the real servers of {@code bin/servers start prometheus} and {@code pushgateway} (Debian's
 * packages): a run serving {@code /metrics} is scraped by Prometheus, whose {@code rate()} over the run must match
 * the run's results.json within 10 %; the same for two client processes pushing to the Pushgateway (their sum); bad
 * endpoint input is one line and exit 2; a Pushgateway that is down leaves the run as it is. Every test fails when
 * its server is missing.
 */
class PrometheusIT {
  @TempDir
  Path tmp;

  @Test
  void prometheusScrapesTheEndpointAndItsRateMatchesTheResults() throws Exception {
    PrometheusApi.assertReady(PrometheusApi.PROMETHEUS, "prometheus");
    int port = freePort();
    String label = "prom-it-" + System.currentTimeMillis();
    Path targets = PrometheusApi.addTargets("PrometheusIT", "127.0.0.1:" + port);
    try {
      PrometheusApi.awaitTarget("127.0.0.1:" + port, Duration.ofSeconds(60));
      Launcher.Result r = Launcher.ycsb(tmp, run(label, "25", "1000", "2", "-p", "metrics.prometheus=127.0.0.1:"
          + port, "-p", "metrics.client=it-endpoint", "-p", "metrics.linger=3s", "-p", "results.dir="
          + tmp.resolve("results")).toArray(String[]::new));
      Launcher.assertFinishedOk(r);
      assertThat(r.err()).contains("metrics: serving http://127.0.0.1:" + port + "/metrics");
      Thread.sleep(3000); // the last scrapes are in
      JsonNode summary = Launcher.json(tmp.resolve("results/results.json")).path("summary");
      double t = PrometheusApi.finalSampleTime(selector(label, "READ"));
      assertRateMatches(label, t, summary.path("runtimeMs").asLong(), summary.path("throughput").asDouble());
      assertLiveFigures(label, t);
    } finally {
      Files.deleteIfExists(targets);
    }
  }

  @Test
  void twoClientsPushingToThePushgatewaySumToTheirResults() throws Exception {
    PrometheusApi.assertReady(PrometheusApi.PROMETHEUS, "prometheus");
    PrometheusApi.assertReady("http://" + PrometheusApi.PUSHGATEWAY, "pushgateway");
    String label = "push-it-" + System.currentTimeMillis();
    long startAt = System.currentTimeMillis() + 15_000; // both JVMs up, then they measure together
    try {
      List<Launcher.Running> clients = List.of(pushClient(label, "a", startAt), pushClient(label, "b", startAt));
      for (Launcher.Running c : clients) {
        Launcher.assertFinishedOk(c.await(Duration.ofMinutes(3)));
      }
      Thread.sleep(4000); // the final pushes are scraped
      double throughput = 0;
      long runtimeMs = 0;
      double t = 0;
      for (String c : List.of("a", "b")) {
        JsonNode s = Launcher.json(tmp.resolve("results-" + c + "/results.json")).path("summary");
        throughput += s.path("throughput").asDouble();
        runtimeMs = Math.max(runtimeMs, s.path("runtimeMs").asLong());
        t = Math.max(t, PrometheusApi.finalSampleTime(selector(label, "READ").replace("}", ",client=\"it-push-"
            + c + "\"}")));
      }
      assertThat(PrometheusApi.value("count(count by (client) (sciycsb_operations_total{label=\"" + label
          + "\"}))", t)).as("clients told apart").isEqualTo(2.0);
      assertRateMatches(label, t, runtimeMs, throughput);
    } finally {
      PrometheusApi.deleteGroup("sciycsb", "it-push-a");
      PrometheusApi.deleteGroup("sciycsb", "it-push-b");
    }
  }

  @Test
  void aStudysClientProcessesPushUnderIdsOfTheirOwn() throws Exception {
    PrometheusApi.assertReady("http://" + PrometheusApi.PUSHGATEWAY, "pushgateway");
    String label = "study-it-" + System.currentTimeMillis();
    Path dir = tmp.resolve("study");
    try {
      Launcher.Result r = Launcher.ycsb(tmp, "study", "sandisk", "basic", "--clients", "2", "--scale", "1e-4",
          "--only", "1TB/readlatest-zipfian", "-p", "metrics.pushgateway=" + PrometheusApi.PUSHGATEWAY, "-p",
          "label=" + label, "-p", "results.dir=" + dir);
      Launcher.assertFinishedOk(r);
      Map<String, Double> pushed = PrometheusApi.pushedOk(label, "run");
      assertThat(pushed).as("the run step's final pushes, per client").containsOnlyKeys("client-1", "client-2");
      for (String c : List.of("1", "2")) {
        JsonNode s = Launcher.json(dir.resolve("1TB/readlatest-zipfian/clients/" + c + "/results.json"));
        assertThat(pushed.get("client-" + c)).isEqualTo(s.path("summary").path("operations").asDouble())
            .isGreaterThan(0);
      }
    } finally {
      PrometheusApi.deleteGroup("sciycsb", "client-1");
      PrometheusApi.deleteGroup("sciycsb", "client-2");
    }
  }

  @Test
  void theShippedScrapeConfigAndRulesPassPromtool() throws Exception {
    for (List<String> check : List.of(List.of("config", "docs/prometheus/prometheus.yml"),
        List.of("rules", "docs/prometheus/sciycsb-rules.yml"))) {
      Process p = new ProcessBuilder("promtool", "check", check.get(0), check.get(1))
          .directory(Launcher.HOME.toFile()).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      assertThat(p.waitFor()).as("promtool check " + check + ":\n" + out).isZero();
      assertThat(out).contains("SUCCESS");
    }
  }

  @Test
  void anEndpointThatCannotBeBoundIsOneLineAndExit2() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Launcher.Result r = Launcher.ycsb(tmp, "run", "basic", "-P", "workloads/workloada", "-p", "operationcount=10",
          "-p", "metrics.prometheus=127.0.0.1:" + busy.getLocalPort());
      assertThat(r.exit()).as(r.toString()).isEqualTo(2);
      assertThat(r.err().strip()).isEqualTo("error: metrics.prometheus: cannot serve metrics on 127.0.0.1:"
          + busy.getLocalPort() + ": the port is already in use");
    }
    Launcher.Result r = Launcher.ycsb(tmp, "run", "basic", "-P", "workloads/workloada", "-p", "operationcount=10",
        "-p", "metrics.prometheus=no-such-host.invalid:9464");
    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("error: metrics.prometheus: cannot bind").doesNotContain("\n");
  }

  @Test
  void aPushgatewayThatIsDownLeavesTheRunAsItIs() throws Exception {
    int dead = freePort();
    Launcher.Result r = Launcher.ycsb(tmp, run("down-it", "3", "500", "1", "-p", "metrics.pushgateway=127.0.0.1:"
        + dead, "-p", "metrics.push.interval=200ms", "-p", "results.dir=" + tmp.resolve("down"))
        .toArray(String[]::new));
    Launcher.assertFinishedOk(r);
    assertThat(r.err().lines().filter(l -> l.contains("metrics: push to the Pushgateway")).count())
        .as(r.err()).isEqualTo(1);
    assertThat(r.text("OVERALL", "Operations")).isNotNull();
  }

  /** {@code sum(rate(...[run]))} of the successful operations at {@code t}, against the results' throughput. */
  private static void assertRateMatches(String label, double t, long runtimeMs, double throughput)
      throws IOException, InterruptedException {
    double rate = PrometheusApi.value("sum(rate(sciycsb_operations_total{label=\"" + label + "\",status=\"OK\"}["
        + runtimeMs + "ms]))", t);
    assertThat(throughput).isGreaterThan(100);
    System.out.printf("PrometheusIT %s: rate %.1f ops/s over %d ms, results.json %.1f ops/s (%.2f %%)%n", label, rate,
        runtimeMs, throughput, 100 * (rate - throughput) / throughput);
    assertThat(rate).as("Prometheus' rate over the run vs results.json's throughput " + throughput)
        .isCloseTo(throughput, withinPercentage(10));
  }

  /** The interval percentiles, threads, phase and a recording rule, as Prometheus stored them during the run. */
  private static void assertLiveFigures(String label, double t) throws IOException, InterruptedException {
    String run = "label=\"" + label + "\",binding=\"basic\",workload=\"core\",command=\"run\",client=\"it-endpoint\"";
    assertThat(PrometheusApi.value("max_over_time(sciycsb_interval_response_seconds{" + run
        + ",operation=\"READ\",quantile=\"0.99\"}[1m])", t)).isGreaterThan(0).isLessThan(5);
    assertThat(PrometheusApi.value("max_over_time(sciycsb_threads{" + run + "}[1m])", t)).isEqualTo(2.0);
    assertThat(PrometheusApi.value("max_over_time(sciycsb_phase{" + run + ",phase=\"measured\"}[1m])", t))
        .isEqualTo(1.0);
    assertThat(PrometheusApi.value("max_over_time(sciycsb:throughput_all:rate1m{label=\"" + label + "\"}[1m])", t))
        .as("the shipped recording rule").isGreaterThan(100);
  }

  private Launcher.Running pushClient(String label, String c, long startAt) throws IOException {
    return Launcher.start(tmp, "push-" + c, Map.of(), "ycsb", run(label, "20", "500", "1", "-p",
        "metrics.pushgateway=" + PrometheusApi.PUSHGATEWAY, "-p", "metrics.push.interval=1s", "-p",
        "metrics.client=it-push-" + c, "-p", "start.at=" + startAt, "-p", "results.dir=" + tmp.resolve("results-" + c))
        .toArray(String[]::new));
  }

  /** A run of the no-op binding at a target rate for a number of seconds, plus {@code more} arguments. */
  private static List<String> run(String label, String seconds, String target, String threads, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("run", "basic", "-P", "workloads/workloada", "-threads",
        threads, "-target", target, "-p", "operationcount=0", "-p", "maxexecutiontime=" + seconds, "-l", label));
    args.addAll(List.of(more));
    return args;
  }

  private static String selector(String label, String operation) {
    return "sciycsb_operations_total{label=\"" + label + "\",operation=\"" + operation + "\",status=\"OK\"}";
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
