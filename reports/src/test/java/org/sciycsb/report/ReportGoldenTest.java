package org.sciycsb.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.sciycsb.report.compare.Compare;
import org.sciycsb.report.compare.CompareGate;
import org.sciycsb.report.compare.RepeatSummary;
import org.sciycsb.report.compare.Verdicts;
import org.sciycsb.report.html.HtmlReport;
import org.sciycsb.report.sweep.Sweep;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.output.JsonExporter;
import org.sciycsb.report.run.ResourceSampler;
import org.sciycsb.report.run.ResourceWriter;

/**
 * Every report format against a golden file, from fixed inputs built in code (no clock, no host): compare text and
 * HTML, report HTML, sweep JSON/CSV/HTML, junit.xml, final-status.xml, resources.csv and the resources section.
 * To accept a deliberate format change: {@code mvn -pl reports test -Dtest=ReportGoldenTest -Dgolden.update=true},
 * then review the diff.
 */
public class ReportGoldenTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden/reports");
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** A run of workload A: scale multiplies latencies, tput the throughput (the SSD run is 1, 1). */
  static RunReport run(String label, String storage, boolean rotational, double scale, double tput) {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("tool", "sciycsb");
    meta.put("phase", "run");
    meta.put("binding", "mongodb");
    meta.put("workload", "core");
    meta.put("label", label);
    meta.put("storageLabel", storage);
    meta.put("threads", 16);
    meta.put("target", 0.0);
    meta.put("started", "2026-01-02T03:04:05Z");
    Map<String, Object> store = new LinkedHashMap<>();
    store.put("product", "MongoDB");
    store.put("version", "7.0.14");
    meta.put("store", store);
    meta.put("host", Map.of("name", "bench-1"));
    Map<String, Object> dev = new LinkedHashMap<>();
    dev.put("path", "/data");
    dev.put("device", rotational ? "sdb" : "nvme0n1");
    dev.put("rotational", rotational);
    dev.put("model", rotational ? "ST4000NM0035" : "Samsung SSD 980 PRO");
    meta.put("storage", dev);
    LatencySummary r = lat(6000, 812.25, scale);
    LatencySummary u = lat(3990, 1500.5, scale);
    LatencySummary all = lat(9990, 1087.7, scale);
    LatencySummary f = new LatencySummary(10, 30000, 20000, 30000, 40000, 41000, 42000, 42000, 42000, 42000);
    Map<String, Long> rs = Map.of("OK", 6000L);
    Map<String, Long> us = new LinkedHashMap<>();
    us.put("OK", 3990L);
    us.put("ERROR", 10L);
    Map<String, Long> os = new LinkedHashMap<>();
    os.put("OK", 9990L);
    os.put("ERROR", 10L);
    List<OpSummary> ops = List.of(new OpSummary("OVERALL", 9990, os, 4995.0 * tput, all, all, LatencySummary.EMPTY),
        new OpSummary("READ", 6000, rs, 3000.0 * tput, r, r, LatencySummary.EMPTY),
        new OpSummary("UPDATE", 3990, us, 1995.0 * tput, u, u, f));
    List<IntervalPoint> series = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Map<String, IntervalPoint.IntervalOp> p = new LinkedHashMap<>();
      double k = 1 + 0.25 * i;
      p.put("OVERALL", new IntervalPoint.IntervalOp(2500, 3, 2500 * tput / k, lat(2500, 1087.7 * k, scale), all));
      p.put("READ", new IntervalPoint.IntervalOp(1500, 0, 1500 * tput / k, lat(1500, 812.25 * k, scale), r));
      p.put("UPDATE", new IntervalPoint.IntervalOp(1000, 3, 1000 * tput / k, lat(1000, 1500.5 * k, scale), u));
      series.add(new IntervalPoint(i * 500L, (i + 1) * 500L, p));
    }
    return new RunReport(meta, "completed", 2000, 9990, 4995.0 * tput, ops, series, Map.of(), List.of(),
        List.of(50.0, 95.0, 99.0, 99.9), ResourceWriter.section(1000, samples(), watched()));
  }

  static LatencySummary lat(long n, double mean, double scale) {
    return new LatencySummary(n, mean * scale, 100 * scale, mean * 0.8 * scale, mean * 1.8 * scale,
        mean * 2.4 * scale, mean * 5 * scale, mean * 9 * scale, mean * 14 * scale, mean * 19 * scale);
  }

  static List<ResourceSampler.Sample> samples() {
    List<ResourceSampler.Sample> out = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Map<String, double[]> disks = new TreeMap<>();
      disks.put("sdb", new double[] {1048576.0 * i, 4194304.0 * (i + 1), 10.0 * i, 120.5 + i});
      Map<String, double[]> nets = new TreeMap<>();
      nets.put("eth0", new double[] {2048.0 * i, 4096.0});
      nets.put("lo", new double[] {100.0, 100.0});
      Map<String, ResourceSampler.ProcessSample> procs = new TreeMap<>();
      procs.put("client", new ResourceSampler.ProcessSample(4242, 20.5 + i, 2.5, (300L + i) << 20));
      if (i < 2) { // the server process ended after the second sample
        procs.put("pid777", new ResourceSampler.ProcessSample(777, 15.0, 5.5, 2L << 30));
      }
      out.add(new ResourceSampler.Sample(1000L * (i + 1), 40.5 + i, 10.25, 3.5 * i, 8L << 30, 24L << 30, disks,
          nets, procs));
    }
    return out;
  }

  static List<ResourceSampler.Watched> watched() {
    return List.of(new ResourceSampler.Watched("client", 4242, "java", null),
        new ResourceSampler.Watched("pid777", 777, "mongod", "process 777 ended during the run (its last figures "
            + "are in the last sample that has it)"));
  }

  static JsonNode json(RunReport r) {
    return MAPPER.valueToTree(JsonExporter.tree(r));
  }

  static ResultData data(RunReport r) {
    return new ResultData(null, json(r), null);
  }

  /** Histograms with fixed contents: values in ns, like the interval log. */
  static Map<String, Histogram> totals() {
    Map<String, Histogram> m = new TreeMap<>();
    Histogram read = new Histogram(3);
    Histogram update = new Histogram(3);
    for (int i = 1; i <= 1000; i++) {
      read.recordValue(200_000L + i * 1_000L);
      update.recordValue(400_000L + i * 3_000L);
    }
    read.recordValue(25_000_000L);
    Histogram overall = new Histogram(3);
    overall.add(read);
    overall.add(update);
    m.put("OVERALL.response", overall);
    m.put("READ.response", read);
    m.put("UPDATE.response", update);
    return m;
  }

  public static void golden(String name, String actual) throws IOException {
    Path file = GOLDEN.resolve(name);
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(file, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).as("output differs from %s", file).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }

  static List<ResultData> ssdVsHdd() {
    return List.of(data(run("ssd", "ssd", false, 1, 1)), data(run("hdd", "hdd", true, 3.5, 0.4)));
  }

  @Test
  void compareText() throws IOException {
    golden("compare.txt", Compare.text(ssdVsHdd()));
  }

  /**
   * Verdicts of each kind, fixed: worse with an interval, same (an interval inside the band), undecided with an
   * interval that reaches past the band, undecided without one.
   */
  static List<Verdicts.Row> verdicts() {
    return List.of(
        new Verdicts.Row("OVERALL", "throughput", "hdd", 4995, 1998, 0.4, 0.36, 0.44, "worse", Verdicts.BOOT),
        new Verdicts.Row("OVERALL", "p50", "hdd", 1200, 1206, 1.005, 0.98, 1.03, "same", Verdicts.BOOT),
        new Verdicts.Row("READ", "p95", "hdd", 1949.4, 1980, 1.0157, 0.97, 1.06, "undecided", Verdicts.BOOT,
            "the 95 % interval [0.970, 1.060] holds 1 but reaches past the band [0.950, 1.050] (1 +- "
                + "compare.threshold %); repeats would decide it (-p repeats=5 or more on each side, or compare --run "
                + "-p repeats=5): one run's intervals show only the noise within it"),
        new Verdicts.Row("UPDATE", "p99", "hdd", 5438.5, 5000, 0.919, Double.NaN, Double.NaN, "undecided",
            "none: fewer than 10 measured intervals on a side (or no interval log); no noise estimate, so neither a "
                + "difference nor sameness is claimed",
            "no noise estimate: the baseline has 3 measured intervals of UPDATE, the contender 3, and one run's noise "
                + "is estimated from at least 10 a side; a finer timeseries.granularity would give one (-p "
                + "timeseries.granularity=100 cuts the 3.0 s measured into about 30 intervals), and repeats (-p "
                + "repeats=5 or more on each side, or compare --run -p repeats=5) a stronger one"));
  }

  @Test
  void compareHtml() throws IOException {
    golden("compare.html", Compare.html(ssdVsHdd(), verdicts()));
  }

  /** Two repeated runs (three repeats each, fixed values): their bars carry the intervals of the means. */
  static List<ResultData> repeatedSsdVsHdd() {
    List<ResultData> out = new ArrayList<>();
    for (String side : List.of("ssd", "hdd")) {
      List<RepeatSummary.Repeat> reps = new ArrayList<>();
      double[] scales = side.equals("ssd") ? new double[] {0.95, 1, 1.05} : new double[] {3.3, 3.5, 3.7};
      for (int i = 0; i < 3; i++) {
        double s = scales[i];
        reps.add(new RepeatSummary.Repeat("repeat-" + (i + 1), json(run(side, side, side.equals("hdd"), s, 1 / s)),
            0, null));
      }
      out.add(new ResultData(null, RepeatSummary.aggregate(reps), null));
    }
    return out;
  }

  @Test
  void compareHtmlOfRepeatedRunsHasErrorBars() throws IOException {
    golden("compare-repeated.html", Compare.html(repeatedSsdVsHdd(), List.of(new Verdicts.Row("OVERALL",
        "throughput", "hdd", 4995, 1427, 0.286, 0.25, 0.33, "worse", Verdicts.WELCH))));
  }

  @Test
  void compareVerdictsAsTextAndJson() throws IOException {
    golden("compare-verdicts.txt", Compare.verdictText(verdicts()));
    golden("compare.json", Compare.json(verdicts()));
  }

  @Test
  void compareGateJunit() throws IOException {
    golden("compare-junit.xml", CompareGate.junitXml(CompareGate.check(verdicts(), java.util.Set.of("throughput",
        "p95", "p99"), 5.0)));
  }

  @Test
  void reportHtml() throws IOException {
    golden("report.html", HtmlReport.render(json(run("ssd", "ssd", false, 1, 1)), totals()));
  }

  @Test
  void reportHtmlWithoutIntervalLogOrResources() throws IOException {
    RunReport r = run("ssd", null, false, 1, 1);
    RunReport bare = new RunReport(r.metadata(), r.outcome(), r.runtimeMs(), r.operations(), r.throughput(), r.ops(),
        r.series(), r.extra(), r.errors(), r.percentiles());
    golden("report-bare.html", HtmlReport.render(json(bare), Map.of()));
  }

  public static Map<String, Object> sweepTree() throws Exception {
    List<Sweep.Point> points = new ArrayList<>();
    int[] threads = {1, 2, 5, 10};
    for (int t : threads) {
      List<Sweep.Run> runs = new ArrayList<>();
      for (int k = 1; k <= 3; k++) {
        double tput = Math.min(t, 5) * (1 + 0.05 * (k - 2));
        double scale = 1 + 0.1 * t + 0.02 * k;
        // the third run of 10 threads failed (exit 4, no results): named, not averaged
        runs.add(t == 10 && k == 3 ? new Sweep.Run(Sweep.runDir(t, k), 4, null)
            : new Sweep.Run(Sweep.runDir(t, k), 0, data(run(null, null, false, scale, tput))));
      }
      points.add(new Sweep.Point(t, runs));
    }
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("binding", "mongodb");
    info.put("workload", "fhir");
    info.put("label", "sei");
    info.put("threads", List.of(1, 2, 5, 10));
    info.put("repeat", 3);
    info.put("order", "sweeps");
    info.put("load", null);
    return Sweep.aggregate(info, points);
  }

  @Test
  void sweepJsonCsvHtml() throws Exception {
    Map<String, Object> tree = sweepTree();
    golden("sweep.json", Sweep.json(tree));
    golden("sweep.csv", Sweep.csv(tree));
    golden("sweep.html", Sweep.html(tree));
  }

  @Test
  void junitXml() throws Exception {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("sla.READ.p95", "5ms");
    props.put("sla.UPDATE.p99", "2ms");
    props.put("sla.UPDATE.errors", "0.1%");
    props.put("sla.OVERALL.mean", "1500us");
    props.put("sla.throughput", "1000");
    props.put("sla.SCAN.max", "1s");
    props.put("threadcount", "16");
    List<Sla.Result> results = Sla.check(Sla.parse(props), run("ssd", "ssd", false, 1, 1));
    golden("junit.xml", Sla.junitXml("sciycsb.sla", results));
  }

  @Test
  void finalStatusXml() throws IOException {
    golden("final-status.xml", FinalStatus.xml(run("ssd", "ssd", false, 1, 1)));
  }

  @Test
  void resourcesCsvAndJson() throws Exception {
    golden("resources.csv", ResourceWriter.csv(samples()));
    golden("resources.json", new ObjectMapper().writerWithDefaultPrettyPrinter()
        .writeValueAsString(ResourceWriter.section(1000, samples(), watched())) + "\n");
  }
}
