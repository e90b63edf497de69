package org.sciycsb.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.report.compare.Compare;
import org.sciycsb.report.html.HtmlReport;
import org.sciycsb.report.run.DiskStats;
import org.sciycsb.report.run.ResourceSampler;
import org.sciycsb.report.run.ResourceWriter;
import org.sciycsb.report.run.SampledDevice;

/**
 * What the disk did, in results.json's resources section, the HTML report and compare: the golden test's runs with
 * samples of the device under the store's data added (a run without them keeps its golden files).
 */
class StorageReportTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final SampledDevice LOOP = new SampledDevice("loop3", "7:3", "loop3", "/mnt/data");

  /** Three samples: a warmup one (t = -1 s, left out of the summary), then two measured, service times 2 and 4 ms. */
  private static List<ResourceSampler.Sample> samples(double scale) {
    List<ResourceSampler.Sample> out = new ArrayList<>();
    double[][] figs = {{999, 999, 99, 99, 99, 99, 99}, {100, 50, 0.4, 2.0, 2.0, 0.5, 30}, {300, 150, 1.2, 6.0, 4.0,
        1.5, 90}};
    for (int i = 0; i < figs.length; i++) {
      double[] f = figs[i];
      out.add(new ResourceSampler.Sample(1000L * (i - 1), 10, 5, 1, 1L << 30, 2L << 30, Map.of(), Map.of(),
          Map.of(), Map.of("loop3", new DiskStats.Figures(f[0] * scale, f[1] * scale, f[2] * scale, f[3] * scale,
              f[4] * scale, f[5] * scale, Math.min(100, f[6] * scale)))));
    }
    return out;
  }

  private static JsonNode run(String label, boolean hdd, double scale) {
    ObjectNode json = (ObjectNode) ReportGoldenTest.json(ReportGoldenTest.run(label, label, hdd, 1, 1));
    json.set("resources", MAPPER.valueToTree(ResourceWriter.section(1000, samples(scale), List.of(),
        List.of(LOOP))));
    return json;
  }

  @Test
  void theResourcesSectionHasEachSampleAndTheMeasuredMeansAndMaxima() {
    JsonNode res = run("ssd", false, 1).path("resources");
    assertThat(res.path("samples").get(1).path("storage").path("loop3").path("serviceMs").asDouble()).isEqualTo(2.0);
    JsonNode dev = res.path("storageDevices").get(0);
    assertThat(dev.path("name").asText()).isEqualTo("loop3");
    assertThat(dev.path("majorMinor").asText()).isEqualTo("7:3");
    assertThat(dev.path("samples").asInt()).as("the warmup sample left out").isEqualTo(2);
    assertThat(dev.path("summary").path("readsPerSec").path("mean").asDouble()).isEqualTo(200.0);
    assertThat(dev.path("summary").path("readsPerSec").path("max").asDouble()).isEqualTo(300.0);
    assertThat(dev.path("summary").path("serviceMs").path("mean").asDouble()).isEqualTo(3.0);
    assertThat(dev.path("summary").path("queueDepth").path("max").asDouble()).isEqualTo(1.5);
    assertThat(dev.path("summary").path("utilPct").path("mean").asDouble()).isEqualTo(60.0);
    assertThat(ResourceWriter.csv(samples(1)).lines().findFirst().orElseThrow()).endsWith(
        ",storage_loop3_reads_s,storage_loop3_writes_s,storage_loop3_read_mb_s,storage_loop3_write_mb_s,"
            + "storage_loop3_service_ms,storage_loop3_queue_depth,storage_loop3_util_pct");
  }

  @Test
  void anIdleDeviceHasNoServiceTime() {
    List<ResourceSampler.Sample> idle = List.of(new ResourceSampler.Sample(1000, 10, 5, 1, 1L << 30, 2L << 30,
        Map.of(), Map.of(), Map.of(), Map.of("loop3", new DiskStats.Figures(0, 0, 0, 0, 0, 0, 0))));
    JsonNode dev = MAPPER.valueToTree(ResourceWriter.section(1000, idle, List.of(), List.of(LOOP)))
        .path("storageDevices").get(0);
    assertThat(dev.path("summary").path("serviceMs").path("mean").isNull()).isTrue();
    assertThat(dev.path("summary").path("utilPct").path("mean").asDouble()).isZero();
  }

  @Test
  void theReportChartsTheDiskBesideLatency() {
    String html = HtmlReport.render(run("ssd", false, 1), ReportGoldenTest.totals());
    assertThat(html).contains("What the disk did", "id=\"storage-ops\"", "id=\"storage-service\"",
        "id=\"storage-queue\"", "id=\"storage-util\"", "<td>loop3</td><td>7:3</td>");
    assertThat(html.indexOf("What the disk did")).as("after the latency charts, before the distributions")
        .isGreaterThan(html.indexOf("Latency percentiles over time"))
        .isLessThan(html.indexOf("Percentile distribution per operation"));
    String bare = HtmlReport.render(ReportGoldenTest.json(ReportGoldenTest.run("ssd", "ssd", false, 1, 1)),
        ReportGoldenTest.totals());
    assertThat(bare).doesNotContain("What the disk did");
  }

  @Test
  void aRunThatSampledNoDeviceSaysWhy() {
    ObjectNode json = (ObjectNode) ReportGoldenTest.json(ReportGoldenTest.run("ssd", "ssd", false, 1, 1));
    ((ObjectNode) json.path("metadata").path("storage")).put("sampling", "not sampled: no storage.path");
    assertThat(HtmlReport.render(json, ReportGoldenTest.totals())).contains(
        "data device not sampled: no storage.path");
  }

  @Test
  void compareShowsTheDiskFiguresSideBySide() {
    List<ResultData> runs = List.of(new ResultData(null, run("ssd", false, 1), null),
        new ResultData(null, run("hdd", true, 2), null));
    String text = Compare.text(runs);
    assertThat(text).contains("STORAGE: /proc/diskstats of the devices under the store's data");
    assertThat(text.lines().filter(l -> l.contains("storage service time (ms/op)")).findFirst().orElseThrow())
        .contains("3", "6", "2.00x");
    assertThat(text.lines().filter(l -> l.contains("storage reads (ops/s)")).findFirst().orElseThrow())
        .contains("200", "400", "2.00x");
    assertThat(Compare.html(runs)).contains("<td>STORAGE</td><td>storage utilisation (%)</td>");
    List<ResultData> one = List.of(new ResultData(null, run("ssd", false, 1), null),
        ReportGoldenTest.data(ReportGoldenTest.run("hdd", "hdd", true, 1, 1)));
    assertThat(Compare.text(one)).as("only one run sampled a device").doesNotContain("STORAGE");
  }
}
