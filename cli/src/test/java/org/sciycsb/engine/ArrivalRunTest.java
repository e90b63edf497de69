package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.Cli;

/** Runs that follow an arrival process: the schedule's operations, and the offered rate beside the achieved one. */
class ArrivalRunTest {
  @TempDir
  Path tmp;

  @Test
  void stepsRunEachRateForItsDurationAndTheSeriesShowsOfferedAndAchieved() throws Exception {
    Path d = tmp.resolve("steps");
    Cli c = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=0", "-threads", "4",
        "-p", "arrival=steps", "-p", "arrival.steps=300:2s,900:2s", "-p", "timeseries.granularity=500",
        "-p", "results.dir=" + d);
    assertThat(c.exit).as(c.toString()).isZero();
    // the run ends with its last step: 600 + 1800 operations in about 4 s
    assertThat(Long.parseLong(c.text("OVERALL", "Operations"))).isEqualTo(2400);
    assertThat(Long.parseLong(c.text("OVERALL", "RunTime(ms)"))).isBetween(3900L, 6000L);
    JsonNode j = Cli.results(d);
    assertThat(j.path("metadata").path("arrival").asText()).isEqualTo("steps 300:2s,900:2s (ops/s:duration)");
    List<double[]> points = new ArrayList<>(); // {start s, offered, achieved}
    for (JsonNode p : j.path("timeseries")) {
      points.add(new double[] {p.path("startMs").asLong() / 1000.0, p.path("offered").asDouble(-1),
          p.path("ops").path("OVERALL").path("throughput").asDouble()});
    }
    assertThat(points).hasSizeGreaterThanOrEqualTo(8);
    for (double[] p : points.subList(0, 8)) {
      double offered = p[0] < 2 ? 300 : 900;
      assertThat(p[1]).as("offered at %.1f s", p[0]).isCloseTo(offered, within(0.01));
      assertThat(p[2]).as("achieved at %.1f s", p[0]).isCloseTo(offered, within(offered * 0.15));
    }
    String csv = Files.readString(d.resolve("timeseries.csv"));
    assertThat(csv.lines().findFirst().orElseThrow()).endsWith(",offered");
    assertThat(csv).contains(",OVERALL,").containsPattern(",900\\.000\\n");
  }

  @Test
  void aRampEndsTheRunWithItself() throws Exception {
    Path d = tmp.resolve("ramp");
    Cli c = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=0", "-threads", "2",
        "-p", "arrival=ramp", "-p", "arrival.from=100", "-p", "arrival.to=1900", "-p", "arrival.duration=2s",
        "-p", "results.dir=" + d);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(Long.parseLong(c.text("OVERALL", "Operations"))).isEqualTo(2000); // (100 + 1900) / 2 x 2 s
    assertThat(Cli.results(d).path("metadata").path("arrival").asText()).isEqualTo("ramp 100 -> 1900 ops/s over 2s");
  }

  /**
   * Poisson arrivals bunch up: with operations that take 2 ms on one thread at 250/s (half busy), the waits of
   * operations that arrive close together show in the response time and not in the service time. Even gaps of 4 ms
   * never wait: there the two stay close.
   */
  @Test
  void poissonArrivalsQueueWhereEvenOnesDoNot() throws Exception {
    Cli even = Cli.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=1000",
        "-target", "250", "-p", "stall.ms=0", "-p", "stall.service=2ms", "-p", "results.dir=" + tmp.resolve("even"));
    assertThat(even.exit).as(even.toString()).isZero();
    assertThat(Double.parseDouble(even.text("OVERALL", "95thPercentileLatency(us)")))
        .isLessThan(1.5 * Double.parseDouble(even.text("OVERALL-SERVICE", "95thPercentileLatency(us)")));
    Cli c = Cli.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=1500",
        "-p", "arrival=poisson", "-target", "250", "-p", "stall.ms=0", "-p", "stall.service=2ms",
        "-p", "results.dir=" + tmp.resolve("poisson"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("1500");
    double responseP99 = Double.parseDouble(c.text("OVERALL", "99thPercentileLatency(us)"));
    double serviceP99 = Double.parseDouble(c.text("OVERALL-SERVICE", "99thPercentileLatency(us)"));
    assertThat(serviceP99).as("service p99 (us)").isBetween(1_900.0, 5_000.0);
    assertThat(responseP99).as("response p99 (us)").isGreaterThan(2.5 * serviceP99);
  }
}
