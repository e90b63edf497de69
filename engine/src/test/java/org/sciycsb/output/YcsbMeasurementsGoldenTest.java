package org.sciycsb.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpHistograms;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.results.RunDetail;
import org.sciycsb.results.RunReport;

/**
 * YCSB's measurements ({@link YcsbMeasurements}) through upstream's three exporters and for each measurement type
 * and interval, from a report built by hand, against golden files (src/test/resources/golden/ycsb/).
 */
class YcsbMeasurementsGoldenTest {
  private static final String EXPORTERS = "site.ycsb.measurements.exporter.";

  /** A histogram in nanoseconds: {@code n} values from {@code fromUs} microseconds, one more each. */
  private static Histogram hist(int n, long fromUs) {
    Histogram h = new Histogram(3);
    for (int i = 0; i < n; i++) {
      h.recordValue((fromUs + i) * 1000);
    }
    return h;
  }

  static RunReport report() {
    Histogram readR = hist(600, 100);
    Histogram readS = hist(600, 90);
    Histogram updR = hist(399, 1500);
    Histogram updS = hist(399, 1400);
    Histogram updFailR = hist(1, 30_000);
    Histogram updFailS = hist(1, 29_000);
    Map<String, Long> rs = Map.of("OK", 600L);
    Map<String, Long> us = new LinkedHashMap<>();
    us.put("OK", 399L);
    us.put("ERROR", 1L);
    List<OpSummary> ops = List.of(
        new OpSummary("OVERALL", 999, Map.of("OK", 999L, "ERROR", 1L), 499.5, LatencySummary.EMPTY,
            LatencySummary.EMPTY, LatencySummary.EMPTY),
        new OpSummary("READ", 600, rs, 300, LatencySummary.of(readR), LatencySummary.of(readS),
            LatencySummary.EMPTY),
        new OpSummary("UPDATE", 399, us, 199.5, LatencySummary.of(updR), LatencySummary.of(updS),
            LatencySummary.of(updFailR)));
    List<IntervalPoint> series = List.of(
        new IntervalPoint(0, 1000, Map.of("READ", op(300, hist(300, 100)), "UPDATE", op(200, hist(200, 1500)))),
        new IntervalPoint(1000, 2000, Map.of("READ", op(300, hist(300, 400)), "UPDATE", op(199, hist(199, 1700)))));
    Map<String, long[]> gc = new LinkedHashMap<>();
    gc.put("G1_Young_Generation", new long[] {3, 12});
    gc.put("G1_Old_Generation", new long[] {0, 0});
    RunDetail detail = new RunDetail(List.of(new OpHistograms("READ", readR, readS, new Histogram(3),
        new Histogram(3)), new OpHistograms("UPDATE", updR, updS, updFailR, updFailS)), List.of(2_500L, 4_100L),
        gc, null);
    return new RunReport(Map.of(), "completed", 2000, 1000, 500.0, ops, series, Map.of(), List.of(),
        List.of(95.0, 99.0)).withDetail(detail);
  }

  private static IntervalPoint.IntervalOp op(long n, Histogram h) {
    return new IntervalPoint.IntervalOp(n, 0, n, LatencySummary.of(h), LatencySummary.of(h));
  }

  static String export(String exporter, String type, String interval, List<Double> percentiles, boolean verbose)
      throws IOException {
    OutputSettings o = new OutputSettings(EXPORTERS + exporter, null, type, interval, percentiles, verbose, 10,
        1000, null, null, false, false);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
    Exporters.measurements(report(), o, out, stdout);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void textJsonAndJsonArrayAsUpstreamWritesThem() throws IOException {
    List<Double> p = List.of(95.0, 99.0);
    Golden.check("ycsb/text.txt", export("TextMeasurementsExporter", "hdrhistogram", null, p, false));
    Golden.check("ycsb/json.json", export("JSONMeasurementsExporter", "hdrhistogram", null, p, false));
    Golden.check("ycsb/jsonarray.json", export("JSONArrayMeasurementsExporter", "hdrhistogram", null, p, false));
  }

  @ParameterizedTest
  @ValueSource(strings = {"histogram", "timeseries", "hdrhistogram+histogram"})
  void eachMeasurementType(String type) throws IOException {
    Golden.check("ycsb/type-" + type + ".txt",
        export("TextMeasurementsExporter", type, null, List.of(95.0, 99.0), true));
  }

  @ParameterizedTest
  @ValueSource(strings = {"op", "intended", "both"})
  void eachMeasurementInterval(String interval) throws IOException {
    Golden.check("ycsb/interval-" + interval + ".txt",
        export("TextMeasurementsExporter", "hdrhistogram", interval, List.of(50.0, 99.9, 99.99), false));
  }

  @Test
  void everyTextValueIsANumber() throws IOException {
    for (String type : List.of("hdrhistogram", "histogram", "timeseries", "hdrhistogram+histogram")) {
      for (String line : export("TextMeasurementsExporter", type, "both", List.of(95.0, 99.0), true).split("\n")) {
        String value = line.substring(line.lastIndexOf(", ") + 2);
        assertThat(Double.parseDouble(value)).as(line).isNotNull();
        assertThat(line).matches("\\[[^\\]]+\\], [^,]+, .+");
      }
    }
  }

  @Test
  void theJsonArrayIsOneDocumentOfMetricMeasurementValue() throws IOException {
    JsonNode doc = new ObjectMapper().readTree(export("JSONArrayMeasurementsExporter", "hdrhistogram", null,
        List.of(95.0, 99.0), false));
    assertThat(doc.isArray()).isTrue();
    assertThat(doc.get(0).get("metric").asText()).isEqualTo("OVERALL");
    assertThat(doc.get(0).get("value").isIntegralNumber()).isTrue(); // RunTime(ms)
    assertThat(doc.get(1).get("value").isFloatingPointNumber()).isTrue(); // Throughput(ops/sec)
    for (JsonNode n : doc) {
      assertThat(n.fieldNames()).toIterable().containsExactly("metric", "measurement", "value");
    }
  }

  @Test
  void upstreamsSectionOrderAndPlacementOfReturnCounts() throws IOException {
    String both = export("TextMeasurementsExporter", "hdrhistogram", "both", List.of(95.0), false);
    assertThat(both).contains("[UPDATE], Return=ERROR, 1", "[UPDATE-FAILED], Operations, 1",
        "[Intended-UPDATE-FAILED], Operations, 1", "[Intended-CLEANUP], Operations, 2");
    assertThat(both).doesNotContain("[Intended-UPDATE], Return=", "[OVERALL], Operations");
    String intended = export("TextMeasurementsExporter", "hdrhistogram", "intended", List.of(95.0), false);
    assertThat(intended).contains("[UPDATE], Return=ERROR, 1").doesNotContain("Intended-");
    // op: service time; intended: response time (the report's READ service starts at 90 us, response at 100)
    assertThat(export("TextMeasurementsExporter", "hdrhistogram", "op", List.of(95.0), false))
        .contains("[READ], MinLatency(us), 90");
    assertThat(intended).contains("[READ], MinLatency(us), 100");
  }
}
