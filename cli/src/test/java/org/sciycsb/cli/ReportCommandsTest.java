package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.report.Sla;
import org.sciycsb.report.sweep.Sweep;

/** The report commands end to end, in-process, on real runs of the basic and test-stall bindings. */
class ReportCommandsTest {
  @TempDir
  Path tmp;

  private String dir(String name) {
    return tmp.resolve(name).toString();
  }

  private Cli run(String name, String binding, String... more) {
    String[] base = {"run", binding, "-P", "../workloads/workloada", "-p", "results.dir=" + dir(name),
        "-p", "timeseries.granularity=100"};
    String[] argv = new String[base.length + more.length];
    System.arraycopy(base, 0, argv, 0, base.length);
    System.arraycopy(more, 0, argv, base.length, more.length);
    Cli c = Cli.run(argv);
    assertThat(c.exit).as(c.toString()).isZero();
    return c;
  }

  /** Every interval histogram of a log added by tag, read with HdrHistogram's own reader. */
  private static Map<String, Histogram> sumLog(Path hlog, Map<String, Histogram> into) throws Exception {
    try (HistogramLogReader r = new HistogramLogReader(hlog.toFile())) {
      EncodableHistogram h;
      while ((h = r.nextIntervalHistogram()) != null) {
        Histogram x = (Histogram) h;
        into.computeIfAbsent(x.getTag(), t -> new Histogram(3)).add(x);
      }
    } catch (FileNotFoundException e) {
      throw new AssertionError(e);
    }
    return into;
  }

  @Test
  void mergeAddsCountsAndHistogramsExactly() throws Exception {
    run("a", "basic", "-p", "operationcount=30000", "-threads", "2", "-l", "client-a");
    run("b", "test-stall", "-p", "operationcount=20000", "-p", "stall.ms=30", "-p", "stall.at=500",
        "-p", "stall.failevery=97", "-l", "client-b");
    run("c", "basic", "-p", "operationcount=10000", "-l", "client-c");
    Cli m = Cli.run("merge", dir("a"), dir("b"), tmp.resolve("c/latency.hlog").getParent().toString(),
        "-p", "results.dir=" + dir("merged"));
    assertThat(m.exit).as(m.toString()).isZero();
    JsonNode j = Cli.results(tmp.resolve("merged"));
    JsonNode a = Cli.results(tmp.resolve("a"));
    JsonNode b = Cli.results(tmp.resolve("b"));
    JsonNode c = Cli.results(tmp.resolve("c"));
    // counts and statuses: the sums
    assertThat(j.path("summary").path("operations").asLong()).isEqualTo(a.path("summary").path("operations").asLong()
        + b.path("summary").path("operations").asLong() + c.path("summary").path("operations").asLong());
    for (String op : List.of("OVERALL", "READ", "UPDATE")) {
      long sumOps = 0;
      long sumErr = 0;
      for (JsonNode in : List.of(a, b, c)) {
        sumOps += op(in, op).path("operations").asLong();
        sumErr += op(in, op).path("errors").asLong();
      }
      assertThat(op(j, op).path("operations").asLong()).as(op).isEqualTo(sumOps);
      assertThat(op(j, op).path("errors").asLong()).as(op + " errors").isEqualTo(sumErr);
    }
    assertThat(op(j, "OVERALL").path("errors").asLong()).as("test-stall failed some calls").isPositive();
    // percentiles: those of the inputs' interval histograms added by hand
    Map<String, Histogram> mine = new HashMap<>();
    for (String in : List.of("a", "b", "c")) {
      sumLog(tmp.resolve(in + "/latency.hlog"), mine);
    }
    for (String op : List.of("OVERALL", "READ", "UPDATE")) {
      LatencySummary want = LatencySummary.of(mine.get(op + ".response"));
      JsonNode got = op(j, op).path("response");
      assertThat(got.path("count").asLong()).isEqualTo(want.count());
      assertThat(got.path("p50").asDouble()).as(op + " p50").isEqualTo(round(want.p50Us()));
      assertThat(got.path("p95").asDouble()).as(op + " p95").isEqualTo(round(want.p95Us()));
      assertThat(got.path("p99").asDouble()).as(op + " p99").isEqualTo(round(want.p99Us()));
      assertThat(got.path("p99_9").asDouble()).as(op + " p99.9").isEqualTo(round(want.p999Us()));
      assertThat(got.path("max").asDouble()).as(op + " max").isEqualTo(round(want.maxUs()));
      assertThat(got.path("mean").asDouble()).as(op + " mean").isEqualTo(round(want.meanUs()));
    }
    // the stall of client b (30 ms) is the merged maximum
    assertThat(op(j, "OVERALL").path("response").path("max").asDouble()).isGreaterThanOrEqualTo(30_000);
    // the merged log holds the same totals
    Map<String, Histogram> merged = sumLog(tmp.resolve("merged/latency.hlog"), new HashMap<>());
    assertThat(merged.keySet()).containsAll(mine.keySet());
    for (String tag : mine.keySet()) {
      assertThat(merged.get(tag)).as(tag).isEqualTo(mine.get(tag));
    }
    // throughput over the union of the measured spans; metadata lists the inputs
    JsonNode md = j.path("metadata").path("merged");
    assertThat(md.path("inputs")).hasSize(3);
    long union = md.path("measuredUnionMs").asLong();
    assertThat(j.path("summary").path("runtimeMs").asLong()).isEqualTo(union);
    assertThat(j.path("summary").path("throughput").asDouble()).isCloseTo(
        j.path("summary").path("operations").asLong() / (union / 1000.0), org.assertj.core.data.Offset.offset(0.01));
    assertThat(j.path("metadata").path("threads").asInt()).isEqualTo(4);
    assertThat(j.path("metadata").path("label").asText()).isEqualTo("client-a+client-b+client-c");
    // the merged time series accounts for every operation
    long inSeries = 0;
    for (JsonNode p : j.path("timeseries")) {
      inSeries += p.path("ops").path("OVERALL").path("count").asLong();
    }
    assertThat(inSeries).isEqualTo(op(j, "OVERALL").path("operations").asLong());
    for (String f : new String[] {"results.txt", "results.csv", "timeseries.csv", "final-status.xml"}) {
      assertThat(tmp.resolve("merged").resolve(f)).isRegularFile();
    }
    assertThat(m.text("OVERALL", "Operations")).isEqualTo(op(j, "OVERALL").path("operations").asText());
  }

  @Test
  void mergeOfBareIntervalLogsAndBadInputs() throws Exception {
    run("x", "basic", "-p", "operationcount=5000");
    run("y", "basic", "-p", "operationcount=7000");
    Cli m = Cli.run("merge", dir("x") + "/latency.hlog", dir("y") + "/latency.hlog", "-p",
        "results.dir=" + dir("bare"));
    assertThat(m.exit).as(m.toString()).isZero();
    assertThat(Cli.results(tmp.resolve("bare")).path("summary").path("operations").asLong()).isEqualTo(12000);
    Cli missing = Cli.run("merge", dir("nothing-here"));
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err).contains("merge input not found");
    Cli none = Cli.run("merge");
    assertThat(none.exit).isEqualTo(2);
  }

  private static JsonNode op(JsonNode results, String name) {
    for (JsonNode o : results.path("operations")) {
      if (o.path("name").asText().equals(name)) {
        return o;
      }
    }
    throw new AssertionError("no operation " + name);
  }

  private static double round(double d) {
    return Math.round(d * 1000) / 1000.0;
  }

  @Test
  void compareShowsLabelsRatiosAndWritesHtml() throws Exception {
    run("ssd", "basic", "-p", "operationcount=5000", "-p", "label.storage=ssd", "-l", "fast");
    run("hdd", "basic", "-p", "operationcount=5000", "-p", "label.storage=hdd", "-l", "slow");
    Path html = tmp.resolve("out/cmp.html");
    Cli c = Cli.run("compare", dir("ssd"), dir("hdd"), "-p", "report.out=" + html);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.out).contains("baseline:    fast / ssd").contains("contender 1: slow / hdd")
        .contains("throughput (ops/s)").contains("p99.9 (us)").contains("ratio").contains("delta");
    String page = Files.readString(html);
    assertThat(page).contains("<svg").contains("fast / ssd").contains("slow / hdd").doesNotContain("http://cdn")
        .doesNotContain("<script src");
    // a directory as report.out gets compare.html
    Files.createDirectories(tmp.resolve("htmldir"));
    Cli d = Cli.run("compare", dir("ssd"), dir("hdd"), "-p", "report.out=" + tmp.resolve("htmldir"));
    assertThat(d.exit).as(d.toString()).isZero();
    assertThat(tmp.resolve("htmldir/compare.html")).isRegularFile();
    Cli one = Cli.run("compare", dir("ssd"));
    assertThat(one.exit).isEqualTo(2);
    assertThat(one.err).contains("baseline and at least one contender");
    Cli notResults = Cli.run("compare", dir("ssd"), tmp.toString());
    assertThat(notResults.exit).isEqualTo(2);
    assertThat(notResults.err).contains("no results.json");
  }

  @Test
  void sweepRunsEveryPointAndAggregates() throws Exception {
    Cli s = Cli.run("sweep", "basic", "-P", "../workloads/workloada", "-p", "operationcount=3000",
        "--threads", "1,2", "--repeat", "2", "--load", "-p", "recordcount=500", "-p", "results.dir=" + dir("sweep"),
        "-p", "report.png=false");
    assertThat(s.exit).as(s.toString()).isZero();
    Path d = tmp.resolve("sweep");
    for (String run : List.of("threads-1/run-1", "threads-1/run-2", "threads-2/run-1", "threads-2/run-2", "load")) {
      assertThat(d.resolve(run).resolve("results.json")).as(run).isRegularFile();
    }
    assertThat(Cli.results(d.resolve("threads-2/run-1")).path("metadata").path("threads").asInt()).isEqualTo(2);
    JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(d.resolve("sweep.json").toFile());
    assertThat(j.path("format").asText()).isEqualTo("sciycsb-sweep");
    assertThat(j.path("points")).hasSize(2);
    JsonNode p2 = j.path("points").get(1);
    assertThat(p2.path("threads").asInt()).isEqualTo(2);
    assertThat(p2.path("runs")).hasSize(2);
    double t1 = Cli.results(d.resolve("threads-2/run-1")).path("summary").path("throughput").asDouble();
    double t2 = Cli.results(d.resolve("threads-2/run-2")).path("summary").path("throughput").asDouble();
    assertThat(p2.path("throughput").path("mean").asDouble()).isCloseTo((t1 + t2) / 2,
        org.assertj.core.data.Offset.offset(0.01));
    assertThat(p2.path("operations").path("READ").path("p95PooledUs").isNumber()).isTrue();
    String csv = Files.readString(d.resolve("sweep.csv"));
    assertThat(csv).startsWith(Sweep.CSV_HEADER + "\n").contains("\n1,OVERALL,2,").contains("\n2,READ,2,");
    assertThat(Files.readString(d.resolve("sweep.html"))).contains("id=\"throughput-vs-threads\"")
        .contains("id=\"p95-vs-threads\"");
    assertThat(s.out).isEqualTo(csv);
    // the default order is seed 003's: the whole sweep, then the whole sweep again
    assertThat(s.err.lines().filter(l -> l.startsWith("sweep: ") && l.contains(" thread(s), run ")).map(l ->
        l.substring(7, l.indexOf(" ->")))).containsExactly("1 thread(s), run 1 of 2", "2 thread(s), run 1 of 2",
        "1 thread(s), run 2 of 2", "2 thread(s), run 2 of 2");
    assertThat(j.path("order").asText()).isEqualTo("sweeps");
    java.time.Instant p2r1 = started(d, "threads-2/run-1");
    assertThat(p2r1).isBefore(started(d, "threads-1/run-2"));
    assertThat(started(d, "threads-1/run-1")).isBefore(p2r1);
    JsonNode tp = p2.path("throughput");
    assertThat(tp.path("ci95")).hasSize(2);
    assertThat(tp.path("ci95").get(0).asDouble()).isLessThanOrEqualTo(tp.path("mean").asDouble());
    assertThat(tp.path("ci95").get(1).asDouble()).isGreaterThanOrEqualTo(tp.path("mean").asDouble());
    if (t1 != t2) {
      assertThat(tp.path("ci95").get(1).asDouble()).isGreaterThan(tp.path("ci95").get(0).asDouble());
    }
    assertThat(p2.path("operations").path("READ").path("p95Us").path("ci95")).hasSize(2);
    assertThat(p2.path("failed")).isEmpty();
  }

  private static java.time.Instant started(Path sweep, String run) throws Exception {
    return java.time.Instant.parse(Cli.results(sweep.resolve(run)).path("metadata").path("started").asText());
  }

  @Test
  void sweepOrderPointsRunsEveryRepeatOfACountFirst() throws Exception {
    Cli s = Cli.run("sweep", "basic", "-P", "../workloads/workloada", "-p", "operationcount=200",
        "--threads", "1,2", "--repeat", "2", "--order", "points", "-p", "results.dir=" + dir("sweep-points"),
        "-p", "report.png=false");
    assertThat(s.exit).as(s.toString()).isZero();
    assertThat(s.err.lines().filter(l -> l.startsWith("sweep: ") && l.contains(" thread(s), run ")).map(l ->
        l.substring(7, l.indexOf(" ->")))).containsExactly("1 thread(s), run 1 of 2", "1 thread(s), run 2 of 2",
        "2 thread(s), run 1 of 2", "2 thread(s), run 2 of 2");
    Path d = tmp.resolve("sweep-points");
    assertThat(started(d, "threads-1/run-2")).isBefore(started(d, "threads-2/run-1"));
    JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(d.resolve("sweep.json").toFile());
    assertThat(j.path("order").asText()).isEqualTo("points");
  }

  @Test
  void sweepRefusesABadOrderOrRepeatBeforeRunning() {
    Cli order = Cli.run("sweep", "basic", "-P", "../workloads/workloada", "--threads", "1", "--order", "bogus",
        "-p", "results.dir=" + dir("s-order"));
    assertThat(order.exit).isEqualTo(2);
    assertThat(order.err.strip()).doesNotContain("\n").contains("--order").contains("bogus");
    assertThat(tmp.resolve("s-order/threads-1")).doesNotExist();
    Cli zero = Cli.run("sweep", "basic", "-P", "../workloads/workloada", "--threads", "1", "--repeat", "0",
        "-p", "results.dir=" + dir("s-zero"));
    assertThat(zero.exit).isEqualTo(2);
    assertThat(zero.err.strip()).doesNotContain("\n").contains("--repeat");
  }

  @Test
  void sweepNeedsThreadsAndValidatesBeforeRunning() {
    Cli s = Cli.run("sweep", "basic", "-P", "../workloads/workloada", "-p", "results.dir=" + dir("s1"));
    assertThat(s.exit).isEqualTo(2);
    assertThat(s.err).contains("--threads");
    Cli bad = Cli.run("sweep", "basic", "-P", "../workloads/workloada", "--threads", "1,x",
        "-p", "results.dir=" + dir("s2"));
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err).contains("'x'");
    Cli typo = Cli.run("sweep", "basic", "-P", "../workloads/workloada", "--threads", "1",
        "-p", "operationcount=abc", "-p", "results.dir=" + dir("s3"));
    assertThat(typo.exit).isEqualTo(2);
    assertThat(typo.err).contains("operationcount");
  }

  @Test
  void reportWritesTheHtmlPageWithOrWithoutChromium() throws Exception {
    run("r", "test-stall", "-p", "operationcount=3000", "-p", "stall.ms=400", "-p", "stall.at=1000",
        "-p", "resources.interval=100ms", "-target", "5000");
    JsonNode j = Cli.results(tmp.resolve("r"));
    assertThat(j.path("resources").path("samples").size()).isGreaterThan(1);
    Cli c = Cli.run("report", dir("r"), "-p", "report.png=false");
    assertThat(c.exit).as(c.toString()).isZero();
    String page = Files.readString(tmp.resolve("r/report.html"));
    for (String id : List.of("throughput-over-time", "latency-over-time", "p95-over-time", "percentile-distribution",
        "cpu", "memory", "disk-bytes", "disk-iops", "network")) {
      assertThat(page).as(id).contains("id=\"" + id + "\"");
    }
    assertThat(page).contains("interval log totals").doesNotContain("<script");
    Cli missing = Cli.run("report", dir("r"), "-p", "report.png=true", "-p", "report.chromium=/nonexistent/chromium",
        "-p", "report.out=" + dir("r2.html"));
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err).contains("Chromium not found at /nonexistent/chromium");
    assertThat(tmp.resolve("r2.html")).as("the HTML is still written").isRegularFile();
    Cli byDefault = Cli.run("report", dir("r"), "-p", "report.chromium=/nonexistent/chromium",
        "-p", "report.out=" + dir("r3.html"));
    assertThat(byDefault.exit).as("without Chromium the default writes the HTML and succeeds: " + byDefault)
        .isZero();
    assertThat(byDefault.err).contains("html: ").contains("note: no PNG: Chromium not found at /nonexistent/chromium");
    assertThat(tmp.resolve("r3.html")).isRegularFile();
    assertThat(tmp.resolve("r3.png")).doesNotExist();
    Cli noDir = Cli.run("report", dir("nope"), "-p", "report.png=false");
    assertThat(noDir.exit).isEqualTo(2);
    assertThat(noDir.err).contains("not a results directory");
  }

  /** sla.READ.stale: the stand-in serving every fifth read old breaches 1 %; a linearizable one passes 0. */
  @Test
  void aStaleReadThresholdGatesTheRun() throws Exception {
    for (String every : new String[] {"5", "0"}) {
      String id = "sla-stale-" + every;
      Cli load = Cli.run("load", "test-lagging", "-P", "../workloads/workloada", "-p", "recordcount=50",
          "-p", "lag.id=" + id, "-p", "results.dir=" + dir(id + "-load"));
      assertThat(load.exit).as(load.toString()).isZero();
      Cli run = Cli.run("run", "test-lagging", "-P", "../workloads/workloada", "-p", "recordcount=50",
          "-p", "operationcount=4000", "-p", "lag.id=" + id, "-p", "lag.every=" + every, "-p", "staleness=true",
          "-p", "results.dir=" + dir(id), "-p", every.equals("0") ? "sla.READ.stale=0" : "sla.READ.stale=1%");
      String junit = Files.readString(tmp.resolve(id + "/junit.xml"));
      if (every.equals("0")) {
        assertThat(run.exit).as(run.toString()).isZero();
        assertThat(junit).contains("failures=\"0\"").contains("stale &lt;= 0");
      } else {
        assertThat(run.exit).as(run.toString()).isEqualTo(Sla.EXIT_SLA_BREACHED);
        assertThat(run.err).containsPattern("SLA BREACHED: READ stale = [0-9.]+% \\([0-9]+ of [0-9]+\\) breaches");
        assertThat(junit).contains("failures=\"1\"");
      }
    }
  }

  @Test
  void slaThresholdsGateTheRun() throws Exception {
    Cli ok = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=2000",
        "-p", "results.dir=" + dir("ok"), "-p", "sla.READ.p95=1h", "-p", "sla.throughput=1",
        "-p", "sla.UPDATE.errors=0", "-p", "validity.host=1000");
    assertThat(ok.exit).as(ok.toString()).isZero();
    String junit = Files.readString(tmp.resolve("ok/junit.xml"));
    // the three thresholds and the validity verdict: 2,000 operations are too few for a default p99.9, which is a
    // note, not a reason (the SLA's p95 has enough): valid, passed
    assertThat(junit).contains("tests=\"4\" failures=\"0\" errors=\"0\" skipped=\"0\"")
        .contains("<system-out>validity: valid</system-out>");
    assertThat(junit.split("\n")[1]).startsWith("<testsuite");
    Cli breach = Cli.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=2000",
        "-p", "stall.ms=50", "-p", "stall.at=10", "-p", "results.dir=" + dir("breach"), "-p", "sla.READ.p95=1h",
        "-p", "sla.OVERALL.max=10ms");
    assertThat(breach.exit).as(breach.toString()).isEqualTo(Sla.EXIT_SLA_BREACHED);
    assertThat(breach.err).contains("SLA BREACHED: OVERALL max").contains("1 of 2 SLA checks breached");
    assertThat(Files.readString(tmp.resolve("breach/junit.xml"))).contains("failures=\"1\"")
        .contains("<failure type=\"SlaBreached\"");
    assertThat(tmp.resolve("breach/results.json")).as("results are still written").isRegularFile();
    String fs = Files.readString(tmp.resolve("breach/final-status.xml"));
    assertThat(fs.split("\n")[1]).isEqualTo("<FinalStatus>");
    Cli bad = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "results.dir=" + dir("bad"),
        "-p", "sla.READ.p96=5ms");
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err).contains("sla.READ.p96").contains("unknown metric");
    Cli badValue = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "results.dir=" + dir("bad2"),
        "-p", "sla.READ.p95=fast");
    assertThat(badValue.exit).isEqualTo(2);
    assertThat(badValue.err).contains("sla.READ.p95");
  }

  @Test
  void runRecordsResourcesAndTheDataDevice() throws Exception {
    run("res", "test-stall", "-p", "operationcount=500", "-p", "stall.ms=700", "-p", "stall.at=100",
        "-p", "resources.interval=200ms", "-p", "label.storage=ssd", "-p", "storage.path=" + tmp);
    JsonNode j = Cli.results(tmp.resolve("res"));
    JsonNode s = j.path("resources").path("samples");
    assertThat(s.size()).isGreaterThanOrEqualTo(2);
    assertThat(s.get(0).path("cpu").has("iowait")).isTrue();
    assertThat(s.get(0).path("memory").path("availableBytes").asLong()).isPositive();
    assertThat(j.path("metadata").path("storage").path("label").asText()).isEqualTo("ssd");
    // the data folder storage.path names (else the results directory, as the "off" run below)
    assertThat(j.path("metadata").path("storage").path("path").asText()).isEqualTo(tmp.toString());
    assertThat(j.path("metadata").path("storage").has("rotational")).isTrue();
    // this machine's virtio disk: its rotational flag is the hypervisor's, so the medium is unknown, never HDD
    assertThat(j.path("metadata").path("storage").path("medium").asText()).isEqualTo("unknown");
    assertThat(j.path("metadata").path("storage").path("mediumReason").asText()).startsWith("virtio disk");
    JsonNode dev = j.path("resources").path("storageDevices").get(0);
    assertThat(j.path("metadata").path("storage").path("sampling").asText()).isEqualTo("sampled: "
        + dev.path("name").asText() + " (" + dev.path("majorMinor").asText() + ")");
    assertThat(dev.path("summary").path("utilPct").path("max").asDouble()).isBetween(0.0, 100.0);
    assertThat(s.get(s.size() - 1).path("storage").has(dev.path("name").asText())).isTrue();
    String csv = Files.readString(tmp.resolve("res/resources.csv"));
    assertThat(csv).startsWith("t_ms,cpu_user_pct,cpu_sys_pct,cpu_iowait_pct,mem_used_bytes,mem_available_bytes");
    assertThat(csv.split("\n")).hasSize(s.size() + 1);
    Cli off = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=100",
        "-p", "results.dir=" + dir("off"), "-p", "resources.sample=false");
    assertThat(off.exit).as(off.toString()).isZero();
    assertThat(Cli.results(tmp.resolve("off")).has("resources")).isFalse();
    assertThat(Cli.results(tmp.resolve("off")).path("metadata").path("storage").path("sampling").asText())
        .startsWith("not sampled: no storage.path");
    assertThat(Cli.results(tmp.resolve("off")).path("metadata").path("storage").path("path").asText())
        .isEqualTo(tmp.resolve("off").toString());
    assertThat(tmp.resolve("off/resources.csv")).doesNotExist();
  }
}
