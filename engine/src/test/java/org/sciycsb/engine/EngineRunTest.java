package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineRunTest {
  @TempDir
  Path tmp;

  private String dir(String name) {
    return tmp.resolve(name).toString();
  }

  @Test
  void loadRunsExactlyRecordcountInsertsAndWritesEveryFile() throws Exception {
    LocalRun c = LocalRun.run("load", "basic", "-P", "../workloads/workloada", "-p", "recordcount=12345", "-threads",
        "3",
        "-p", "results.dir=" + dir("load"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.text("INSERT", "Operations")).isEqualTo("12345");
    assertThat(c.text("INSERT", "Return=OK")).isEqualTo("12345");
    assertThat(c.text("OVERALL", "RunTime(ms)")).isNotNull();
    Path d = tmp.resolve("load");
    for (String f : new String[] {"results.json", "results.csv", "timeseries.csv", "results.txt", "latency.hlog"}) {
      assertThat(d.resolve(f)).isRegularFile();
    }
    JsonNode j = LocalRun.results(d);
    assertThat(j.path("format").asText()).isEqualTo("sciycsb-results");
    assertThat(j.path("formatVersion").asInt()).isEqualTo(1);
    assertThat(j.path("summary").path("operations").asLong()).isEqualTo(12345);
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("completed");
    assertThat(j.path("metadata").path("phase").asText()).isEqualTo("load");
    assertThat(j.path("metadata").path("binding").asText()).isEqualTo("basic");
    assertThat(j.path("metadata").path("threads").asInt()).isEqualTo(3);
    assertThat(j.path("metadata").path("host").path("cpus").asInt()).isPositive();
    assertThat(j.path("metadata").path("jvm").path("version").asText()).isNotEmpty();
    assertThat(j.path("metadata").path("properties").path("recordcount").asText()).isEqualTo("12345");
    assertThat(c.out).as("stdout is YCSB's: no OVERALL latency block").contains("[INSERT], Operations, 12345")
        .doesNotContain("[OVERALL], Operations", "[VALIDITY]");
    assertThat(Files.readString(d.resolve("results.txt"))).contains("[OVERALL], Operations, 12345");
  }

  @Test
  void outputExtendedPrintsResultsTxtOnStdoutAndExportfileGetsTheExporters() throws Exception {
    Path export = tmp.resolve("export.json");
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=300",
        "-p", "output.extended=true", "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter",
        "-p", "exportfile=" + export, "-p", "results.dir=" + dir("extended"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.out).isEqualTo(Files.readString(tmp.resolve("extended").resolve("results.txt")));
    JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(export.toFile());
    assertThat(doc.get(0).path("metric").asText()).isEqualTo("OVERALL");
    assertThat(doc.toString()).contains("\"metric\":\"CLEANUP\"");
  }

  @Test
  void exportfileGetsTheMeasurementsInsteadOfStdout() throws Exception {
    Path export = tmp.resolve("export.txt");
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=300",
        "-p", "exportfile=" + export, "-p", "results.dir=" + dir("exportfile"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.out).isEmpty();
    assertThat(Files.readString(export)).startsWith("[OVERALL], RunTime(ms), ").contains("[CLEANUP], Operations, 1");
  }

  @Test
  void hdrhistogramFileoutputWritesALogPerSectionThatHdrHistogramReads() throws Exception {
    Path logs = Files.createDirectories(tmp.resolve("hdr"));
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=500",
        "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + logs + "/",
        "-p", "measurementtype=hdrhistogram+histogram", "-p", "results.dir=" + dir("hdrlogs"));
    assertThat(c.exit).as(c.toString()).isZero();
    for (String section : List.of("HdrREAD", "HdrUPDATE", "HdrCLEANUP")) {
      long total = 0;
      try (HistogramLogReader r = new HistogramLogReader(logs.resolve(section + ".hdr").toFile())) {
        EncodableHistogram h;
        while ((h = r.nextIntervalHistogram()) != null) {
          total += ((Histogram) h).getTotalCount();
        }
      }
      assertThat(total).as(section).isEqualTo(Long.parseLong(c.text(section, "Operations")));
    }
    assertThat(Files.readString(logs.resolve("HdrREAD.hdr"))).startsWith("#[Logging for: HdrREAD]");
    assertThat(c.text("BucketREAD", "LatencyVariance(us)")).isNotNull();
  }

  @Test
  void badOutputPropertiesAreRefusedBeforeAnythingRuns() {
    String[][] cases = {{"exporter=org.example.NoSuchExporter", "no class org.example.NoSuchExporter"},
        {"exporter=java.lang.String", "is not a concrete site.ycsb.measurements.exporter.MeasurementsExporter"},
        {"exportfile=" + tmp.resolve("missing").resolve("x.txt"), "does not exist"},
        {"measurementtype=hdr", "expected one of hdrhistogram, histogram"},
        {"measurement.interval=always", "expected one of op, intended, both"}};
    for (String[] k : cases) {
      LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", k[0], "-p",
          "results.dir=" + dir("bad"));
      assertThat(c.exit).as(c.toString()).isEqualTo(2);
      assertThat(c.err.lines().filter(l -> l.startsWith("error: ")).toList()).as(c.toString()).hasSize(1)
          .first().asString().contains(k[1]);
      assertThat(c.err).as("nothing ran").doesNotContain("sciycsb run:");
      assertThat(tmp.resolve("bad")).doesNotExist();
      assertThat(tmp.resolve("missing")).doesNotExist();
    }
  }

  @Test
  void runCountsEveryOperationAcrossThreadsAndSeries() throws Exception {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=100001",
        "-threads", "4",
        "-p", "results.dir=" + dir("run"), "-p", "timeseries.granularity=50");
    assertThat(c.exit).as(c.toString()).isZero();
    long reads = Long.parseLong(c.text("READ", "Operations"));
    long updates = Long.parseLong(c.text("UPDATE", "Operations"));
    assertThat(reads + updates).isEqualTo(100001);
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("100001");
    assertThat(c.text("READ-SERVICE", "Operations")).as("without a target, service time is response time: no"
        + " -SERVICE section").isNull();
    assertThat(c.text("CLEANUP", "Operations")).as("one cleanup per thread").isEqualTo("4");
    JsonNode j = LocalRun.results(tmp.resolve("run"));
    long inSeries = 0;
    for (JsonNode p : j.path("timeseries")) {
      inSeries += p.path("ops").path("OVERALL").path("count").asLong();
    }
    assertThat(inSeries).as("the time series accounts for every operation").isEqualTo(100001);
  }

  @Test
  void intervalLogIsReadableByHdrHistogramAndSumsToTheTotals() throws Exception {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloadb", "-p", "operationcount=50000",
        "-p", "results.dir=" + dir("hlog"), "-p", "timeseries.granularity=20");
    assertThat(c.exit).as(c.toString()).isZero();
    Map<String, Histogram> byTag = new HashMap<>();
    try (HistogramLogReader r = new HistogramLogReader(tmp.resolve("hlog/latency.hlog").toFile())) {
      EncodableHistogram h;
      while ((h = r.nextIntervalHistogram()) != null) {
        Histogram x = (Histogram) h;
        byTag.computeIfAbsent(x.getTag(), t -> new Histogram(3)).add(x);
      }
    } catch (FileNotFoundException e) {
      throw new AssertionError(e);
    }
    assertThat(byTag).containsKeys("READ.response", "READ.service", "UPDATE.response", "OVERALL.response");
    assertThat(byTag.get("READ.response").getTotalCount()).isEqualTo(Long.parseLong(c.text("READ", "Operations")));
    assertThat(byTag.get("OVERALL.response").getTotalCount()).isEqualTo(50000);
    assertThat(byTag.get("READ.response").getMaxValue() / 1000.0)
        .isCloseTo(Double.parseDouble(c.text("READ", "MaxLatency(us)")), org.assertj.core.data.Offset.offset(1.0));
  }

  @Test
  void warmupOperationsAreExcluded() throws Exception {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloadc", "-p", "operationcount=3000",
        "-p", "warmupops=5000", "-threads", "2", "-p", "results.dir=" + dir("warm"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.text("READ", "Operations")).isEqualTo("3000");
    assertThat(LocalRun.results(tmp.resolve("warm")).path("summary").path("operations").asLong()).isEqualTo(3000);
  }

  @Test
  void warmupTimeIsExcluded() {
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloadc", "-p", "operationcount=200",
        "-p", "warmuptime=3s", "-p", "stall.ms=2000", "-p", "stall.at=1", "-target", "2000",
        "-p", "results.dir=" + dir("warmtime"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.text("READ", "Operations")).isEqualTo("200");
    // the 2 s stall happened in the warmup: no measured operation waited for it (a loaded machine may still
    // delay one by a fraction of that)
    assertThat(Double.parseDouble(c.text("READ", "MaxLatency(us)"))).isLessThan(1_500_000);
  }

  @Test
  void maxExecutionTimeStopsAnUnboundedRun() {
    long t0 = System.nanoTime();
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=0",
        "-p", "maxexecutiontime=1", "-threads", "2", "-p", "results.dir=" + dir("maxtime"));
    double secs = (System.nanoTime() - t0) / 1e9;
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(secs).isLessThan(10);
    assertThat(Long.parseLong(c.text("OVERALL", "RunTime(ms)"))).isBetween(900L, 3000L);
    assertThat(Long.parseLong(c.text("OVERALL", "Operations"))).isPositive();
  }

  @Test
  void targetRateIsOneGlobalSchedule() {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=1000",
        "-target", "2000", "-threads", "4", "-p", "results.dir=" + dir("target"));
    assertThat(c.exit).as(c.toString()).isZero();
    // 1000 operations at 2000/s overall (not per thread): about half a second
    assertThat(Long.parseLong(c.text("OVERALL", "RunTime(ms)"))).isBetween(450L, 1500L);
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("1000");
  }

  /**
   * The coordinated-omission test: one 1 s stall during a run at 1000 ops/s. Every operation scheduled during the
   * stall waits for it, so the response-time p99 must show it; the service time (what YCSB 0.17 reports by default)
   * hides it.
   */
  @Test
  void aStallShowsInResponseTimeButNotInServiceTime() {
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=5000",
        "-target", "1000", "-p", "stall.ms=1000", "-p", "stall.at=1000", "-p", "results.dir=" + dir("co"));
    assertThat(c.exit).as(c.toString()).isZero();
    double responseP99 = Double.parseDouble(c.text("OVERALL", "99thPercentileLatency(us)"));
    double serviceP99 = Double.parseDouble(c.text("OVERALL-SERVICE", "99thPercentileLatency(us)"));
    assertThat(responseP99).as("response p99 (us)").isGreaterThanOrEqualTo(500_000);
    assertThat(serviceP99).as("service p99 (us)").isLessThan(10_000);
    assertThat(Double.parseDouble(c.text("OVERALL-SERVICE", "MaxLatency(us)"))).isGreaterThan(900_000);
  }

  @Test
  void failedOperationsAreCountedPerOperationAndStatus() throws Exception {
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=1000",
        "-p", "stall.failevery=10", "-p", "stall.ms=0", "-p", "results.dir=" + dir("fail"));
    assertThat(c.exit).as(c.toString()).isZero();
    long readErr = Long.parseLong(c.text("READ", "Return=ERROR"));
    long updErr = Long.parseLong(c.text("UPDATE", "Return=ERROR"));
    assertThat(readErr + updErr).isEqualTo(100);
    assertThat(Long.parseLong(c.text("READ", "Operations")) + Long.parseLong(c.text("UPDATE", "Operations")))
        .isEqualTo(900);
    assertThat(c.text("READ-FAILED", "Operations")).isEqualTo(Long.toString(readErr));
    JsonNode ops = LocalRun.results(tmp.resolve("fail")).path("operations");
    Set<String> names = new HashSet<>();
    for (JsonNode o : ops) {
      names.add(o.path("name").asText());
      if (o.path("name").asText().equals("OVERALL")) {
        assertThat(o.path("errors").asLong()).isEqualTo(100);
        assertThat(o.path("statuses").path("ERROR").asLong()).isEqualTo(100);
      }
    }
    assertThat(names).contains("OVERALL", "READ", "UPDATE");
    assertThat(LocalRun.results(tmp.resolve("fail")).path("extra").has("failures"))
        .as("statuses alone record no failure: the results keep their form").isFalse();
  }

  @Test
  void exceptionsFromABindingAreCountedAsErrors() throws Exception {
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloadc", "-p", "operationcount=100",
        "-p", "stall.throw=true", "-p", "stall.ms=0", "-p", "results.dir=" + dir("throw"));
    assertThat(c.text("READ", "Return=ERROR")).isEqualTo("100");
    assertThat(c.exit).as("every operation failed").isEqualTo(4);
    assertThat(c.err).contains("read exploded").doesNotContain("\tat ");
    // the one failure policy: the first ten of the kind printed, the rest counted, all in extra.failures
    assertThat(c.err.lines().filter(l -> l.startsWith("error: READ: IllegalStateException: read exploded")))
        .hasSize(org.sciycsb.api.FailureLog.SHOWN);
    assertThat(c.err).contains("read exploded" + org.sciycsb.api.FailureLog.LAST_SHOWN)
        .contains("failures: 90 more of kind IllegalStateException were only counted (READ 100)");
    JsonNode j = LocalRun.results(tmp.resolve("throw"));
    assertThat(j.path("extra").path("failures").path("IllegalStateException").path("READ").asLong()).isEqualTo(100);
    assertThat(j.path("errors")).as("the first exceptions met, as before").hasSize(20);
  }

  @Test
  void readModifyWriteIsCompositeAndNotInOverall() {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloadf", "-p", "operationcount=2000",
        "-p", "results.dir=" + dir("rmw"));
    assertThat(c.exit).as(c.toString()).isZero();
    long rmw = Long.parseLong(c.text("READ-MODIFY-WRITE", "Operations"));
    long reads = Long.parseLong(c.text("READ", "Operations"));
    long updates = Long.parseLong(c.text("UPDATE", "Operations"));
    assertThat(updates).isEqualTo(rmw);
    assertThat(reads).isEqualTo(2000 - rmw + rmw);
    assertThat(Long.parseLong(c.text("OVERALL", "Operations"))).isEqualTo(reads + updates);
    assertThat(c.text("OVERALL", "Throughput(ops/sec)")).isNotNull();
  }

  @Test
  void upstreamCoreWorkloadRunsThroughTheAdapter() {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=3000",
        "-p", "coreworkload.impl=upstream", "-p", "results.dir=" + dir("up"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(Long.parseLong(c.text("READ", "Operations")) + Long.parseLong(c.text("UPDATE", "Operations")))
        .isEqualTo(3000);
  }

  @Test
  void anyUpstreamDbClassRunsWithDb() {
    LocalRun c = LocalRun.run("run", "-db", "site.ycsb.BasicDB", "-P", "../workloads/workloadc", "-p",
        "operationcount=500", "-p", "results.dir=" + dir("db"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.text("READ", "Operations")).isEqualTo("500");
  }

  @Test
  void bindingThatCannotStartExitsThreeWithOneMaskedLine() {
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "stall.failopen=true",
        "-p", "stall.password=hunter2", "-p", "results.dir=" + dir("noserver"));
    assertThat(c.exit).isEqualTo(3);
    assertThat(c.err).contains("cannot reach test server").doesNotContain("\tat ");
    assertThat(c.out).isEmpty();
  }

  @Test
  void errorsMaxEndsTheRunEarlyWithResults() throws Exception {
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=0",
        "-p", "maxexecutiontime=60", "-p", "stall.failevery=2", "-p", "stall.ms=0", "-target", "2000",
        "-p", "errors.max=50", "-p", "timeseries.granularity=50", "-p", "results.dir=" + dir("errmax"));
    assertThat(c.exit).as(c.toString()).isEqualTo(4);
    assertThat(c.err).contains("errors.max (50) reached");
    JsonNode j = LocalRun.results(tmp.resolve("errmax"));
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("partial");
    assertThat(j.path("operations").get(0).path("errors").asLong()).isGreaterThanOrEqualTo(50);
    assertThat(Long.parseLong(c.text("OVERALL", "RunTime(ms)"))).isLessThan(30_000);
  }

  @Test
  void dataIntegrityVerifiesWhatIsRead() {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloadc", "-p", "operationcount=200",
        "-p", "dataintegrity=true", "-p", "results.dir=" + dir("integrity"));
    // the no-op store returns no data: every verification fails, and says so
    assertThat(c.text("VERIFY", "Return=ERROR")).isEqualTo("200");
    LocalRun bad = LocalRun.run("run", "basic", "-P", "../workloads/workloadc", "-p", "dataintegrity=true",
        "-p", "fieldlengthdistribution=uniform", "-p", "results.dir=" + dir("integrity2"));
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err).contains("dataintegrity=true needs fieldlengthdistribution=constant");
  }

  /** A study's client watches the study: when the watched process ends, the run ends as on a signal. */
  @Test
  void theRunEndsWhenTheProcessOfStopWithPidEnds() throws Exception {
    Process watched = new ProcessBuilder("sleep", "300").start();
    java.util.concurrent.CompletableFuture<LocalRun> run = java.util.concurrent.CompletableFuture.supplyAsync(() ->
        LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=0",
            "-p", "maxexecutiontime=120", "-target", "500", "-p", "stop.withpid=" + watched.pid(),
            "-p", "results.dir=" + dir("watched")));
    Thread.sleep(2000);
    assertThat(run).as("the run goes on while the process lives").isNotDone();
    watched.destroyForcibly();
    LocalRun c = run.get(60, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(c.exit).as(c.toString()).isEqualTo(130);
    assertThat(c.err).contains("run stopped early: process " + watched.pid() + " ended (stop.withpid)");
    JsonNode j = LocalRun.results(tmp.resolve("watched"));
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("partial");
    assertThat(j.path("summary").path("operations").asLong()).isPositive();
  }

  @Test
  void aStopWithPidOfNoProcessIsOneLineExit2() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=10",
        "-p", "stop.withpid=" + gone.pid(), "-p", "results.dir=" + dir("gone"));
    assertThat(c.exit).as(c.toString()).isEqualTo(2);
    assertThat(c.err.strip()).isEqualTo("error: bad value for stop.withpid: " + gone.pid()
        + " (no such process on this host)");
    assertThat(tmp.resolve("gone")).doesNotExist();
  }
}
