package org.sciycsb.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The HTML report of a run with staleness=true: the counts, the faults beside them, the rate and lag over time. */
class StaleReportTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Three intervals of 100 reads: none stale, 25 stale (lags 2 and 40 ms), none; a pause at 1.0 s, resumed at 2.5 s. */
  private static JsonNode run(boolean judged) throws Exception {
    String staleOp = judged ? ", \"READ-STALE\": {\"count\": 25, \"response\": {\"p50\": 2000, \"max\": 40000}}" : "";
    StringBuilder ts = new StringBuilder();
    for (int i = 1; i <= 3; i++) {
      ts.append(i > 1 ? "," : "").append("{\"endMs\": ").append(1000 * i).append(", \"ops\": {\"READ\": {\"count\": 100,")
          .append(" \"throughput\": 100, \"response\": {\"p50\": 500, \"p95\": 900, \"max\": 1000}}")
          .append(i == 2 ? staleOp : "").append("}}");
    }
    String extra = judged ? "\"extra\": {\"staleness\": {\"READ\": {\"judged\": 290, \"fresh\": 265, \"stale\": 25,"
        + " \"staleRate\": 0.0862, \"neverWritten\": 10, \"otherClient\": 0}}}," : "";
    return MAPPER.readTree("{\"metadata\": {\"binding\": \"cassandra\", \"workload\": \"core\", \"faults\": ["
        + "{\"what\": \"fault\", \"atMs\": 1000, \"command\": \"bin/servers pause-node cassandra 2\", \"exitCode\": 0},"
        + "{\"what\": \"restore\", \"atMs\": 2500, \"command\": \"bin/servers resume-node cassandra 2\", \"exitCode\": 0}"
        + "]}, " + extra + " \"summary\": {\"operations\": 300}, \"operations\": [{\"name\": \"READ\", \"operations\": 300}"
        + (judged ? ", {\"name\": \"READ-STALE\", \"operations\": 25}" : "") + "], \"timeseries\": [" + ts + "]}");
  }

  @Test
  void theStaleReadsAreCountedChartedOverTimeAndBesideTheFaults() throws Exception {
    String html = HtmlReport.render(run(true), Map.of());
    String section = html.substring(html.indexOf("<h2>Stale reads</h2>"));
    assertThat(section).contains("<td>READ</td><td>290</td><td>265</td><td>25</td><td>8.62 %</td><td>10</td>")
        .contains("faults: fault at 1 s (bin/servers pause-node cassandra 2); restore at 2.5 s (bin/servers "
            + "resume-node cassandra 2)");
    String rate = section.substring(section.indexOf("stale-rate-READ"), section.indexOf("stale-lag-READ"));
    assertThat(rate).contains("% of the interval").contains("<polyline");
    assertThat(StaleCharts.rates(run(true), "READ")).as("the middle interval: 25 of its 100 reads")
        .containsExactly(new double[] {1, 0}, new double[] {2, 25}, new double[] {3, 0});
    assertThat(rate).contains(">fault<").contains(">restore<");
    String lag = section.substring(section.indexOf("stale-lag-READ"));
    assertThat(lag).contains("lag (ms)").contains("<title>p50</title>").contains("<title>max</title>");
  }

  @Test
  void aRunWithoutJudgingHasNoSuchSection() throws Exception {
    assertThat(HtmlReport.render(run(false), Map.of())).doesNotContain("Stale reads").doesNotContain("stale-rate");
  }
}
