package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upstream's properties in whole runs: core_workload_insertion_keep_going_on_error (a load's thread stops at its
 * first insert that fails for good, as YCSB 0.17, unless set), and the basic binding's basicdb.count and
 * basicdb.verbose as upstream's BasicDB.
 */
class UpstreamPropertiesRunTest {
  @TempDir
  Path tmp;

  private static long operations(Path dir) throws Exception {
    return LocalRun.results(dir).path("summary").path("operations").asLong();
  }

  private static long errors(Path dir) throws Exception {
    for (JsonNode o : LocalRun.results(dir).path("operations")) {
      if (o.path("name").asText().equals("OVERALL")) {
        return o.path("errors").asLong();
      }
    }
    throw new AssertionError("no OVERALL in " + dir);
  }

  @Test
  void aLoadThreadStopsAtItsFirstFailedInsertUnlessKeepGoingIsSet() throws Exception {
    Path stop = tmp.resolve("stop");
    LocalRun c = LocalRun.run("load", "test-stall", "-P", "../workloads/workloada", "-p", "recordcount=40", "-p",
        "stall.failevery=5", "-p", "stall.ms=0", "-p", "results.dir=" + stop);
    assertThat(c.err).as(c.toString()).contains("core workload: insert of ").contains(" failed after 1 attempt"
        + " (core_workload_insertion_retry_limit=0): this thread stops loading;"
        + " -p core_workload_insertion_keep_going_on_error=true goes on");
    assertThat(operations(stop)).as("the thread ended at the 5th insert, the failed one").isEqualTo(5);
    assertThat(errors(stop)).isEqualTo(1);

    Path go = tmp.resolve("go");
    LocalRun k = LocalRun.run("load", "test-stall", "-P", "../workloads/workloada", "-p", "recordcount=40", "-p",
        "stall.failevery=5", "-p", "stall.ms=0", "-p", "core_workload_insertion_keep_going_on_error=true",
        "-p", "results.dir=" + go);
    assertThat(k.err).as(k.toString()).doesNotContain("this thread stops");
    assertThat(operations(go)).isEqualTo(40);
    assertThat(errors(go)).isEqualTo(8);
  }

  /**
   * What a run printed on System.out, where the basic binding prints as upstream's BasicDB does (the run's own
   * results go to its stdout stream, which LocalRun keeps apart).
   */
  private static String systemOut(String... argv) {
    PrintStream before = System.out;
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    System.setOut(new PrintStream(b, true, StandardCharsets.UTF_8));
    try {
      LocalRun c = LocalRun.run(argv);
      assertThat(c.exit).as(c.toString()).isZero();
    } finally {
      System.setOut(before);
    }
    return b.toString(StandardCharsets.UTF_8);
  }

  private static String value(String out, String line) {
    return out.lines().filter(l -> l.startsWith(line + ", ")).map(l -> l.substring(line.length() + 2)).findFirst()
        .orElse(null);
  }

  @Test
  void anAsynchronousLoadStopsSendingAtItsFirstFailedInsertAndSaysSoOnce() throws Exception {
    Path stop = tmp.resolve("async-stop");
    LocalRun c = LocalRun.run("load", "test-stall", "-P", "../workloads/workloada", "-p", "recordcount=400", "-p",
        "stall.failevery=5", "-p", "stall.ms=0", "-p", "inflight=4", "-p", "results.dir=" + stop);
    assertThat(c.err.lines().filter(l -> l.contains("this thread stops loading"))).as(c.toString()).hasSize(1);
    assertThat(operations(stop)).as("the inserts in flight end, no new one is sent").isBetween(5L, 100L);
    Path go = tmp.resolve("async-go");
    LocalRun k = LocalRun.run("load", "test-stall", "-P", "../workloads/workloada", "-p", "recordcount=400", "-p",
        "stall.failevery=5", "-p", "stall.ms=0", "-p", "inflight=4", "-p",
        "core_workload_insertion_keep_going_on_error=true", "-p", "results.dir=" + go);
    assertThat(k.err).as(k.toString()).doesNotContain("this thread stops");
    assertThat(operations(go)).isEqualTo(400);
    assertThat(errors(go)).isEqualTo(80);
  }

  @Test
  void upstreamsOwnCoreWorkloadRefusesWhatOnlyOursReads() {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloade", "-p", "coreworkload.impl=upstream",
        "-p", "maxscanrate=100", "-p", "results.dir=" + tmp.resolve("up"));
    assertThat(c.exit).as(c.toString()).isEqualTo(2);
    assertThat(c.err).contains("error: maxscanrate=100 is read by this tool's core workload, not by"
        + " site.ycsb.workloads.CoreWorkload (coreworkload.impl=upstream runs upstream 0.17's class");
    assertThat(tmp.resolve("up")).doesNotExist();
    LocalRun dflt = LocalRun.run("run", "basic", "-P", "../workloads/workloade", "-p", "coreworkload.impl=upstream",
        "-p", "maxscanrate=0", "-p", "operationcount=50", "-p", "results.dir=" + tmp.resolve("up0"));
    assertThat(dflt.exit).as("a default value asks for nothing").isZero();
  }

  @Test
  void basicdbCountPrintsUpstreamsUniquesLines() {
    String out = systemOut("run", "basic", "-P", "../workloads/workloadc", "-p", "recordcount=10", "-p",
        "operationcount=500", "-p", "basicdb.count=true", "-p", "requestdistribution=uniform", "-threads", "2",
        "-p", "results.dir=" + tmp.resolve("count"));
    assertThat(Long.parseLong(value(out, "[READS], Uniques"))).as("10 records read 500 times, all fields")
        .isBetween(2L, 10L);
    assertThat(value(out, "[UPDATES], Uniques")).isEqualTo("0");
    assertThat(value(out, "[DELETES], Uniques")).isEqualTo("0");
    assertThat(out.lines().filter(l -> l.startsWith("[READS]"))).as("printed once, by the last DB").hasSize(1);
    String off = systemOut("run", "basic", "-P", "../workloads/workloadc", "-p", "recordcount=10", "-p",
        "operationcount=50", "-p", "results.dir=" + tmp.resolve("nocount"));
    assertThat(value(off, "[READS], Uniques")).isNull();
  }

  @Test
  void basicdbVerbosePrintsThePropertiesAndEveryOperationAsUpstream() {
    String out = systemOut("load", "basic", "-P", "../workloads/workloada", "-p", "recordcount=3", "-p",
        "fieldcount=2", "-p", "fieldlength=4", "-p", "basicdb.verbose=true", "-p", "insertorder=ordered",
        "-p", "results.dir=" + tmp.resolve("verbose"));
    assertThat(out).contains("***************** properties *****************\n").contains("\"recordcount\"=\"3\"\n");
    assertThat(out.lines().filter(l -> l.startsWith("INSERT usertable user")))
        .hasSize(3).allMatch(l -> l.matches("INSERT usertable user\\d \\[ (field\\d=.{4} ){2}\\]"));
    String quiet = systemOut("load", "basic", "-P", "../workloads/workloada", "-p", "recordcount=3", "-p",
        "results.dir=" + tmp.resolve("quiet"));
    assertThat(quiet).as("off by default here").doesNotContain("INSERT usertable");
  }
}
