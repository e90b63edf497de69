package org.sciycsb.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sciycsb.report.Interval;
import org.sciycsb.report.ReportGoldenTest;

/** The sweep aggregate's intervals and failed runs (the golden files hold the whole format). */
class SweepTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void everyStatisticHasItsIntervalAroundTheMean() throws Exception {
    JsonNode root = MAPPER.valueToTree(ReportGoldenTest.sweepTree());
    JsonNode p1 = root.path("points").get(0);
    for (JsonNode s : List.of(p1.path("throughput"), p1.path("operations").path("READ").path("meanUs"),
        p1.path("operations").path("READ").path("p95Us"), p1.path("operations").path("OVERALL").path("throughput"))) {
      JsonNode ci = s.path("ci95");
      assertThat(ci.size()).as(s.toString()).isEqualTo(2);
      double mean = s.path("mean").asDouble();
      assertThat(ci.get(0).asDouble()).as(s.toString()).isLessThan(mean);
      assertThat(ci.get(1).asDouble()).as(s.toString()).isGreaterThan(mean);
    }
    // three runs x * (0.95, 1.0, 1.05): mean x, stdev 0.05 x, t(0.975, 2) = 4.303 -> half width 0.124 x
    double x = p1.path("throughput").path("mean").asDouble();
    assertThat(p1.path("throughput").path("ci95").get(0).asDouble())
        .isCloseTo(x * (1 - 0.1242), org.assertj.core.data.Offset.offset(x * 1e-3));
    assertThat(p1.path("throughput").path("ci95").get(1).asDouble())
        .isCloseTo(x * (1 + 0.1242), org.assertj.core.data.Offset.offset(x * 1e-3));
  }

  @Test
  void aFailedRunIsNamedAndNotAveraged() throws Exception {
    JsonNode root = MAPPER.valueToTree(ReportGoldenTest.sweepTree());
    JsonNode p10 = root.path("points").get(3);
    assertThat(p10.path("threads").asInt()).isEqualTo(10);
    assertThat(p10.path("failed")).hasSize(1);
    assertThat(p10.path("failed").get(0).asText()).isEqualTo("threads-10/run-3");
    assertThat(p10.path("runs")).hasSize(3);
    assertThat(p10.path("throughput").path("n").asInt()).isEqualTo(2);
    assertThat(p10.path("operations").path("READ").path("runs").asInt()).isEqualTo(2);
    assertThat(root.path("points").get(0).path("failed")).isEmpty();
    assertThat(Sweep.csv(ReportGoldenTest.sweepTree())).contains(",threads-10/run-3\n");
    assertThat(Sweep.html(ReportGoldenTest.sweepTree())).contains("threads-10/run-3").contains("95 % CI");
  }

  @Test
  void oneValueHasNoInterval() {
    assertThat(Sweep.stats(List.of(5.0)).get("ci95")).isEqualTo(List.of());
    assertThat(Interval.ci95(List.of(5.0))).isNull();
    double[] r = Interval.ratioCi95(List.of(1.0, 1.1), List.of(2.0, 2.2));
    assertThat(r[0]).isLessThan(2.0);
    assertThat(r[1]).isGreaterThan(2.0);
    assertThat(Interval.ratioCi95(List.of(1.0, 1.0), List.of(2.0, 2.0))).containsExactly(2.0, 2.0);
    assertThat(Interval.ratioCi95(List.of(1.0), List.of(2.0, 2.2))).isNull();
  }
}
