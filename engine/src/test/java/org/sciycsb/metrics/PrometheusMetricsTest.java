package org.sciycsb.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.LiveRun;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;
import org.junit.jupiter.api.Test;

class PrometheusMetricsTest {
  /** A run of 120 READ OK, 3 READ ERROR and 80 UPDATE OK, in its measured part, one interval finalized. */
  static final class FakeRun implements LiveRun {
    volatile long reads = 120;

    @Override
    public String command() {
      return "run";
    }

    @Override
    public String binding() {
      return "basic";
    }

    @Override
    public String workload() {
      return "core";
    }

    @Override
    public String phase() {
      return "measured";
    }

    @Override
    public Map<String, Map<String, Long>> calls() {
      return Map.of("READ", Map.of("OK", reads, "ERROR", 3L), "UPDATE", Map.of("OK", 80L));
    }

    @Override
    public IntervalPoint lastInterval() {
      LatencySummary r = new LatencySummary(50, 900, 100, 800, 1500, 2000, 4000, 5000, 5000, 7000);
      return new IntervalPoint(0, 1000, Map.of("READ", new IntervalPoint.IntervalOp(50, 0, 50.0, r, r)));
    }

    @Override
    public long operationsDone() {
      return 203;
    }

    @Override
    public long operationsPlanned() {
      return 406;
    }

    @Override
    public int threads() {
      return 4;
    }

    @Override
    public long inFlight() {
      return 3;
    }

    @Override
    public long inFlightLimit() {
      return 4;
    }
  }

  private static Config config(String... kv) {
    Map<String, String> m = new java.util.HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return new Config(m);
  }

  private static String scrape(int port) throws IOException, InterruptedException {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
        + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
  }

  @Test
  void servesTheRunsCountersPercentilesAndGaugesWithItsLabelsOnly() throws Exception {
    Config cfg = config("metrics.prometheus", "0", "metrics.client", "c1", "label", "L1", "db.passwd", "hunter2");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrometheusMetrics m = PrometheusMetrics.open(cfg, PrometheusMetrics.endpoint(cfg), null,
        new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      assertThat(scrape(m.port())).doesNotContain("sciycsb_"); // nothing before the run starts
      FakeRun run = new FakeRun();
      m.live(run);
      String text = scrape(m.port());
      String labels = "binding=\"basic\",client=\"c1\",command=\"run\",label=\"L1\"";
      assertThat(text).contains("sciycsb_operations_total{" + labels + ",operation=\"READ\",status=\"OK\","
          + "workload=\"core\"} 120.0")
          .contains("sciycsb_operations_total{" + labels + ",operation=\"READ\",status=\"ERROR\","
              + "workload=\"core\"} 3.0")
          .contains("sciycsb_interval_response_seconds{" + labels + ",operation=\"READ\",quantile=\"0.99\","
              + "workload=\"core\"} 0.004")
          .contains("sciycsb_interval_service_seconds{" + labels + ",operation=\"READ\",quantile=\"1\","
              + "workload=\"core\"} 0.007")
          .contains("sciycsb_threads{" + labels + ",workload=\"core\"} 4.0")
          .contains("sciycsb_inflight{" + labels + ",workload=\"core\"} 3.0")
          .contains("sciycsb_phase{" + labels + ",phase=\"measured\",workload=\"core\"} 1.0")
          .contains("sciycsb_progress_ratio{" + labels + ",workload=\"core\"} 0.5")
          .doesNotContain("hunter2").doesNotContain("passwd");
      run.reads = 500;
      assertThat(scrape(m.port())).contains("status=\"OK\",workload=\"core\"} 500.0");
      assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("metrics: serving http://127.0.0.1:" + m.port());
    } finally {
      m.close();
    }
  }

  @Test
  void anAddressInUseOrUnknownIsOneLine() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Config cfg = config("metrics.prometheus", "127.0.0.1:" + busy.getLocalPort());
      assertThatThrownBy(() -> PrometheusMetrics.EXTENSION.validate(cfg)).isInstanceOf(ConfigException.class)
          .hasMessage("metrics.prometheus: cannot serve metrics on 127.0.0.1:" + busy.getLocalPort()
              + ": the port is already in use");
    }
    assertThatThrownBy(() -> PrometheusMetrics.EXTENSION.validate(config("metrics.prometheus", "x.invalid:1")))
        .hasMessage("metrics.prometheus: cannot bind x.invalid:1: unknown host x.invalid");
    assertThatThrownBy(() -> PrometheusMetrics.EXTENSION.validate(config("metrics.prometheus", "host:99999")))
        .hasMessageStartingWith("bad value for metrics.prometheus: 'host:99999' has no port");
    assertThatThrownBy(() -> PrometheusMetrics.EXTENSION.validate(config("metrics.pushgateway", "gw:0")))
        .hasMessageContaining("needs the Pushgateway's port");
  }

  @Test
  void aBarePortBindsToLoopbackUnlessMetricsHostSaysOtherwise() throws Exception {
    assertThat(PrometheusMetrics.endpoint(config("metrics.prometheus", "9464"))).isEqualTo(
        new Address("127.0.0.1", 9464));
    assertThat(PrometheusMetrics.endpoint(config("metrics.prometheus", "9464", "metrics.host", "0.0.0.0")))
        .isEqualTo(new Address("0.0.0.0", 9464));
    assertThat(PrometheusMetrics.endpoint(config("metrics.prometheus", "[::1]:80"))).isEqualTo(
        new Address("::1", 80));
    assertThat(PrometheusMetrics.endpoint(config())).isNull();
    assertThat(PrometheusMetrics.clientId(config())).endsWith("-" + ProcessHandle.current().pid());
  }

  @Test
  void pushesEachIntervalAndAtTheEndAndReportsAFailureOnce() throws Exception {
    List<String> bodies = new CopyOnWriteArrayList<>();
    HttpServer gw = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    gw.createContext("/", ex -> {
      bodies.add(ex.getRequestMethod() + " " + ex.getRequestURI() + "\n"
          + new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      ex.sendResponseHeaders(200, -1);
      ex.close();
    });
    gw.start();
    try {
      Config cfg = config("metrics.pushgateway", "127.0.0.1:" + gw.getAddress().getPort(), "metrics.client", "c2",
          "metrics.push.interval", "100ms");
      PrometheusMetrics m = PrometheusMetrics.open(cfg, null, PrometheusMetrics.pushgateway(cfg), System.err);
      m.live(new FakeRun());
      awaitPushes(bodies, 2);
      int beforeEnd = bodies.size();
      m.measurementEnded(0);
      m.close();
      assertThat(bodies.size()).as("a final push after the interval pushes").isGreaterThan(beforeEnd);
      assertThat(bodies.get(bodies.size() - 1)).startsWith("PUT /metrics/job/sciycsb/instance/c2")
          .contains("sciycsb_operations_total");
    } finally {
      gw.stop(0);
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Config down = config("metrics.pushgateway", "127.0.0.1:" + gw.getAddress().getPort(), "metrics.push.interval",
        "100ms");
    PrometheusMetrics m = PrometheusMetrics.open(down, null, PrometheusMetrics.pushgateway(down),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    m.live(new FakeRun());
    Thread.sleep(500);
    m.measurementEnded(0);
    m.close();
    assertThat(err.toString(StandardCharsets.UTF_8).lines()).hasSize(1).first().asString()
        .startsWith("warning: metrics: push to the Pushgateway at 127.0.0.1:");
  }

  /** Two interval pushes at 100 ms take 200 ms on a quiet machine; a loaded CI machine gets 30 s. */
  private static void awaitPushes(List<String> bodies, int n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (bodies.size() < n && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(bodies.size()).as("interval pushes within 30 s").isGreaterThanOrEqualTo(n);
  }
}
