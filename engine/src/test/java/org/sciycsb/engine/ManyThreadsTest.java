package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thousand client threads in one process: the run completes and every count is exact (totals, time series,
 * interval log), with a client of its own per thread. Functional only: memory and speed are measured by
 * bench/threads.sh, never asserted here.
 */
class ManyThreadsTest {
  @TempDir
  Path tmp;

  @Test
  void aThousandThreadsCountEveryOperation() throws Exception {
    Path d = tmp.resolve("run");
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-threads", "1000",
        "-p", "operationcount=300000", "-p", "connections=perthread", "-p", "status.interval=1",
        "-p", "timeseries.granularity=200", "-p", "results.dir=" + d);
    assertThat(c.exit).as(c.toString()).isZero();
    long reads = Long.parseLong(c.text("READ", "Operations"));
    long updates = Long.parseLong(c.text("UPDATE", "Operations"));
    assertThat(reads + updates).isEqualTo(300_000);
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("300000");
    JsonNode j = LocalRun.results(d);
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("completed");
    assertThat(j.path("metadata").path("threads").asInt()).isEqualTo(1000);
    assertThat(j.path("metadata").path("connections").path("clients").asInt()).isEqualTo(1001);
    long inSeries = 0;
    long previousEnd = 0;
    for (JsonNode p : j.path("timeseries")) {
      assertThat(p.path("startMs").asLong()).isEqualTo(previousEnd); // aligned, contiguous intervals
      previousEnd = p.path("endMs").asLong();
      inSeries += p.path("ops").path("OVERALL").path("count").asLong();
    }
    assertThat(inSeries).isEqualTo(300_000);
    // the interval log adds up to the same counts
    Map<String, Long> byTag = new HashMap<>();
    HistogramLogReader r = new HistogramLogReader(d.resolve("latency.hlog").toFile());
    EncodableHistogram h;
    while ((h = r.nextIntervalHistogram()) != null) {
      byTag.merge(h.getTag(), ((org.HdrHistogram.Histogram) h).getTotalCount(), Long::sum);
    }
    assertThat(byTag.get("OVERALL.response")).isEqualTo(300_000);
    assertThat(byTag.get("READ.service") + byTag.get("UPDATE.service")).isEqualTo(300_000);
  }
}
