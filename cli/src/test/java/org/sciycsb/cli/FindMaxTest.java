package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb findmax} against a store of known capacity: one thread on operations that sleep 2 ms serves at
 * most about 500 operations per second (less what the sleeps overshoot). Above that the achieved rate falls behind
 * the offered one and the response times grow without bound, so the highest rate that holds must lie below 500 and
 * well above the first rates tried.
 */
class FindMaxTest {
  @TempDir
  Path tmp;

  @Test
  void findsTheHighestRateThatMeetsTheThresholds() throws Exception {
    Path d = tmp.resolve("fm");
    Cli c = Cli.run("findmax", "test-stall", "-P", "../workloads/workloadc", "-threads", "1", "-p", "stall.ms=0",
        "-p", "stall.service=2ms", "-p", "sla.READ.p95=50ms", "-p", "findmax.start=100", "-p", "findmax.step=2s",
        "-p", "findmax.precision=10", "-p", "results.dir=" + d);
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode j = new ObjectMapper().readTree(d.resolve("findmax.json").toFile());
    double best = j.path("best").asDouble();
    assertThat(best).as(c.out).isBetween(150.0, 500.0);
    assertThat(c.out).contains("findmax: highest rate that held: ").contains("| step | offered ops/s |")
        .contains("READ p95 (limit 50ms)");
    // stdout: a line per probe as it ends, then the table; no probe's full result block
    assertThat(c.out).doesNotContain("[OVERALL]").doesNotContain("[READ], ");
    assertThat(c.out.lines().filter(l -> l.matches("findmax: step \\d+: .* ops/s offered, .* achieved: .*")))
        .hasSize(j.path("steps").size());
    assertThat(c.out.indexOf("findmax: step 1: ")).isLessThan(c.out.indexOf("| step | offered ops/s |"));
    // 100 and 200 held, 400 or 800 did not, and the bisection ended within 10 %
    double lowestFailed = Double.MAX_VALUE;
    for (JsonNode st : j.path("steps")) {
      assertThat(d.resolve(st.path("results").asText()).resolve("results.json")).isRegularFile();
      assertThat(Files.readString(d.resolve(st.path("results").asText()).resolve("results.txt")))
          .contains("[OVERALL], Throughput(ops/sec), ");
      if (!st.path("held").asBoolean()) {
        lowestFailed = Math.min(lowestFailed, st.path("offered").asDouble());
        assertThat(st.path("why").asText()).isNotEmpty();
      }
    }
    assertThat((lowestFailed - best) / best).isLessThanOrEqualTo(0.10);
    assertThat(Files.readString(d.resolve("findmax.html"))).contains("<svg").contains("Achieved against offered");
  }

  @Test
  void withoutAThresholdOrWithItsOwnTargetItIsRefused() {
    Cli c = Cli.run("findmax", "basic", "-p", "results.dir=" + tmp.resolve("none"));
    assertThat(c.exit).as(c.toString()).isEqualTo(2);
    assertThat(c.err).contains("findmax needs at least one threshold: -p sla.<OPERATION>.<metric>=<limit>")
        .doesNotContain("\tat ");
    assertThat(tmp.resolve("none")).doesNotExist();
    Cli t = Cli.run("findmax", "basic", "-target", "100", "-p", "sla.READ.p95=5ms");
    assertThat(t.exit).isEqualTo(2);
    assertThat(t.err).contains("findmax sets target for each step: leave it out");
    Cli f = Cli.run("findmax", "basic", "-p", "sla.READ.p95=5ms", "-p", "findmax.factor=1");
    assertThat(f.exit).isEqualTo(2);
    assertThat(f.err).contains("bad value for findmax.factor: '1' must be above 1");
  }
}
