package org.sciycsb.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatSummaryTest {
  @Test
  void theIntervalIsStudentsT() {
    // mean 2, standard deviation 1, n = 3: half-width t(0.975, 2) * 1 / sqrt(3) = 4.302653 / 1.732051 = 2.484138
    RepeatSummary.Estimate e = RepeatSummary.estimate(List.of(1.0, 2.0, 3.0));
    assertThat(e.mean()).isEqualTo(2.0);
    assertThat(e.low()).isCloseTo(2.0 - 2.484138, within(1e-5));
    assertThat(e.high()).isCloseTo(2.0 + 2.484138, within(1e-5));
    // ten values: t(0.975, 9) = 2.262157
    List<Double> ten = List.of(10.0, 12.0, 9.0, 11.0, 10.0, 13.0, 8.0, 10.0, 11.0, 12.0);
    double mean = 10.6;
    double sd = Math.sqrt(ten.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / 9);
    RepeatSummary.Estimate t = RepeatSummary.estimate(ten);
    assertThat(t.high() - t.mean()).isCloseTo(2.262157 * sd / Math.sqrt(10), within(1e-5));
    RepeatSummary.Estimate one = RepeatSummary.estimate(List.of(5.0));
    assertThat(one.low()).isNull(); // one value: no interval
  }

  private static JsonNode run(String outcome, double throughput, double p95) {
    ObjectNode r = RepeatSummary.MAPPER.createObjectNode();
    r.put("format", "sciycsb-results");
    r.putObject("metadata").put("started", "s" + throughput).put("finished", "f" + throughput)
        .put("outcome", outcome);
    r.putObject("summary").put("outcome", outcome).put("throughput", throughput).put("operations", 100);
    ObjectNode op = r.putArray("operations").addObject();
    op.put("name", "READ").put("throughput", throughput);
    op.putObject("response").put("p95", p95);
    r.putArray("timeseries").addObject().put("t", 1);
    return r;
  }

  @Test
  void figuresAreMeansWithTheirIntervalsAndValues() {
    ObjectNode top = RepeatSummary.aggregate(List.of(
        new RepeatSummary.Repeat("repeat-1", run("completed", 100, 10), 0, null),
        new RepeatSummary.Repeat("repeat-2", run("completed", 110, 12), 0, null),
        new RepeatSummary.Repeat("repeat-3", run("completed", 120, 14), 0, null)));
    assertThat(top.path("summary").path("throughput").asDouble()).isEqualTo(110.0);
    assertThat(top.path("operations").get(0).path("response").path("p95").asDouble()).isEqualTo(12.0);
    JsonNode fig = top.path("repeats").path("figures").path("READ.response.p95");
    assertThat(fig.path("values").toString()).isEqualTo("[10.0,12.0,14.0]");
    assertThat(fig.path("ci95").size()).isEqualTo(2);
    assertThat(fig.path("ci95").get(0).asDouble()).isLessThan(12.0);
    assertThat(top.path("repeats").path("n").asInt()).isEqualTo(3);
    assertThat(top.path("metadata").path("outcome").asText()).isEqualTo("completed");
    assertThat(top.path("metadata").path("started").asText()).isEqualTo("s100.0");
    assertThat(top.path("metadata").path("finished").asText()).isEqualTo("f120.0");
    assertThat(top.path("timeseries").size()).isZero();
    assertThat(RepeatSummary.text(top)).contains("[REPEATS], Repeats, 3")
        .contains("[READ], 95thPercentileLatency(us), 12.000, 95% CI [");
  }

  @Test
  void failedRepeatsAreNamedAndNotAveraged() {
    ObjectNode top = RepeatSummary.aggregate(List.of(
        new RepeatSummary.Repeat("repeat-1", run("completed", 100, 10), 0, null),
        new RepeatSummary.Repeat("repeat-2", run("failed", 5, 900), 4, "2 of 2 client threads failed: boom"),
        new RepeatSummary.Repeat("repeat-3", null, 3, "cannot connect"),
        new RepeatSummary.Repeat("repeat-4", run("completed", 120, 14), 0, null)));
    assertThat(top.path("summary").path("throughput").asDouble()).isEqualTo(110.0); // 100 and 120 only
    assertThat(top.path("summary").path("outcome").asText()).isEqualTo("failed");
    assertThat(top.path("metadata").path("failure").asText())
        .startsWith("2 of 4 repeats failed and are not averaged: ")
        .contains("repeat-2 (2 of 2 client threads failed: boom)").contains("repeat-3 (cannot connect)");
    assertThat(top.path("repeats").path("averaged").asInt()).isEqualTo(2);
    assertThat(RepeatSummary.text(top)).contains("[REPEATS], Failed, repeat-2");
  }
}
