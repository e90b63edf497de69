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

/** Runs that follow an arrival process: the schedule's operations, and the offered rate beside the achieved one. */
class ArrivalRunTest {
  @TempDir
  Path tmp;

  @Test
  void stepsRunEachRateForItsDurationAndTheSeriesShowsOfferedAndAchieved() throws Exception {
    Path d = tmp.resolve("steps");
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=0", "-threads", "4",
        "-p", "arrival=steps", "-p", "arrival.steps=300:2s,900:2s", "-p", "timeseries.granularity=500",
        "-p", "results.dir=" + d);
    assertThat(c.exit).as(c.toString()).isZero();
    // the run ends with its last step: 600 + 1800 operations in about 4 s
    assertThat(Long.parseLong(c.text("OVERALL", "Operations"))).isEqualTo(2400);
    assertThat(Long.parseLong(c.text("OVERALL", "RunTime(ms)"))).isBetween(3900L, 6000L);
    JsonNode j = LocalRun.results(d);
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
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=0", "-threads", "2",
        "-p", "arrival=ramp", "-p", "arrival.from=100", "-p", "arrival.to=1900", "-p", "arrival.duration=2s",
        "-p", "results.dir=" + d);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(Long.parseLong(c.text("OVERALL", "Operations"))).isEqualTo(2000); // (100 + 1900) / 2 x 2 s
    assertThat(LocalRun.results(d).path("metadata").path("arrival").asText()).isEqualTo("ramp 100 -> 1900 ops/s over 2s");
  }

  /**
   * Poisson arrivals: the operations per interval vary as a Poisson count does (variance about equal to the mean:
   * 50 +- 7 per 50 ms interval at 1,000/s), where even gaps give 50 in every interval. Over 98 intervals the
   * dispersion (variance / mean) of a Poisson count has a standard error of 0.14: 0.5 is 3.5 of them below 1.
   */
  @Test
  void poissonArrivalsVaryAsAPoissonCount() throws Exception {
    Path d = tmp.resolve("poisson");
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=5000", "-threads",
        "2",
        "-p", "arrival=poisson", "-target", "1000", "-p", "timeseries.granularity=50", "-p", "results.dir=" + d);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("5000");
    JsonNode j = LocalRun.results(d);
    assertThat(j.path("metadata").path("arrival").asText()).isEqualTo("poisson, mean 1000 ops/s");
    List<Long> counts = new ArrayList<>();
    for (JsonNode p : j.path("timeseries")) {
      counts.add(p.path("ops").path("OVERALL").path("count").asLong());
      assertThat(p.path("offered").asDouble()).isIn(1000.0, 0.0); // 0: an interval after the 5,000th slot
    }
    List<Long> inner = counts.subList(1, counts.size() - 2);
    double mean = inner.stream().mapToLong(Long::longValue).average().orElseThrow();
    double variance = inner.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (inner.size() - 1);
    assertThat(mean).isBetween(45.0, 55.0);
    assertThat(variance / mean).as("dispersion of %s", inner).isGreaterThan(0.5);
  }
}
