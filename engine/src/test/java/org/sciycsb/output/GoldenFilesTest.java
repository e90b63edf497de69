package org.sciycsb.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;

/**
 * Every output format against a golden file, from a report built by hand. To accept a deliberate format change:
 * {@code mvn -pl engine test -Dtest=GoldenFilesTest -Dgolden.update=true}, then review the diff.
 */
class GoldenFilesTest {
  static RunReport report() {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("tool", "sciycsb");
    meta.put("phase", "run");
    meta.put("binding", "mongodb");
    meta.put("workload", "core");
    meta.put("label", "ssd");
    meta.put("threads", 16);
    meta.put("target", 5000.0);
    Map<String, Object> store = new LinkedHashMap<>();
    store.put("product", "FerretDB");
    store.put("version", "1.24.0");
    meta.put("store", store);
    meta.put("properties", Map.of("mongodb.url", "mongodb://u:*****@127.0.0.1:27017/ycsb"));
    LatencySummary r = new LatencySummary(6000, 812.25, 101, 650, 1500, 2100, 4800.5, 9100, 15000, 20480);
    LatencySummary s = new LatencySummary(6000, 700.125, 100, 600, 1300, 1900, 4200, 8000, 12000, 18000);
    LatencySummary u = new LatencySummary(3990, 1500.5, 150, 1200, 2500, 3000, 6000, 11000, 14000, 16000);
    LatencySummary us = new LatencySummary(3990, 1400, 140, 1100, 2400, 2900, 5500, 10000, 13000, 15000);
    LatencySummary f = new LatencySummary(10, 30000, 20000, 30000, 40000, 41000, 42000, 42000, 42000, 42000);
    LatencySummary all = new LatencySummary(9990, 1087.7, 101, 800, 2000, 2600, 5500, 10000, 15000, 20480);
    LatencySummary alls = new LatencySummary(9990, 980.1, 100, 700, 1800, 2400, 5000, 9000, 13000, 18000);
    Map<String, Long> rs = new LinkedHashMap<>();
    rs.put("OK", 6000L);
    Map<String, Long> ustat = new LinkedHashMap<>();
    ustat.put("OK", 3990L);
    ustat.put("ERROR", 10L);
    Map<String, Long> os = new LinkedHashMap<>();
    os.put("OK", 9990L);
    os.put("ERROR", 10L);
    List<OpSummary> ops = List.of(
        new OpSummary("OVERALL", 9990, os, 4995.0, all, alls, LatencySummary.EMPTY),
        new OpSummary("READ", 6000, rs, 3000.0, r, s, LatencySummary.EMPTY),
        new OpSummary("UPDATE", 3990, ustat, 1995.0, u, us, f));
    Map<String, IntervalPoint.IntervalOp> p = new LinkedHashMap<>();
    p.put("OVERALL", new IntervalPoint.IntervalOp(4990, 4, 4990.0, all, alls));
    p.put("READ", new IntervalPoint.IntervalOp(3000, 0, 3000.0, r, s));
    // a scheduled run: each interval has its offered rate (the CSV shows it on OVERALL rows only)
    List<IntervalPoint> series = List.of(new IntervalPoint(0, 1000, p).withOffered(5000.0),
        new IntervalPoint(1000, 2000, Map.of("UPDATE", new IntervalPoint.IntervalOp(1990, 6, 1990.0, u, us)))
            .withOffered(5000.0));
    return new RunReport(meta, "completed", 2000, 10000, 5000.0, ops, series, Map.of("countCheck", "ok"),
        List.of("UPDATE: MongoTimeoutException: timed out"), List.of(50.0, 95.0, 99.0, 99.9));
  }

  private static void golden(String name, String actual) throws IOException {
    Golden.check(name, actual);
  }

  @Test
  void text() throws IOException {
    golden("results.txt", TextExporter.format(report()));
  }

  @Test
  void json() throws IOException {
    golden("results.json", JsonExporter.format(report()));
  }

  @Test
  void csv() throws IOException {
    golden("results.csv", CsvExporter.summary(report()));
    golden("timeseries.csv", CsvExporter.series(report()));
  }

  @Test
  void percentileNamesFollowYcsb() {
    assertThat(TextExporter.ordinal(95)).isEqualTo("95th");
    assertThat(TextExporter.ordinal(99.9)).isEqualTo("99.9");
    assertThat(TextExporter.ordinal(51)).isEqualTo("51st");
    assertThat(TextExporter.ordinal(11)).isEqualTo("11th");
  }
}
