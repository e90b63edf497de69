package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.CapturedRun;

/**
 * The validity verdict of real runs (issue 36, item 1) on the no-op binding: 300 operations with p99.9 printed are
 * suspect (and exit 6 with validity.fail=true, their results written all the same, junit.xml's validity case failed,
 * the HTML report's banner); a paced run with enough operations for what it prints stays valid. The other reasons'
 * real runs: the engine's ValidityRunsTest and ValidityGcStormTest.
 */
class ValidityRunTest {
  @TempDir Path tmp;

  @Test
  void threeHundredOperationsCannotCarryAnAskedForP999AndValidityFailExitsSix() throws IOException {
    Path dir = tmp.resolve("few");
    Cli r = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=300", "-p",
        "hdrhistogram.percentiles=50,95,99,99.9", "-p", "resources.sample=false", "-p", "validity.fail=true", "-p",
        "validity.host=1000", "-p", "results.dir=" + dir);
    assertThat(r.exit).as(r.toString()).isEqualTo(6);
    assertThat(r.err).contains("validity: suspect (too few operations: p99.9 needs 10000 operations (10 beyond it, "
        + "validity.samples), asked for by hdrhistogram.percentiles: OVERALL 300")
        .contains("error: validity.fail=true and the run is suspect");
    assertThat(r.out).as("stdout is YCSB's: numbers only").doesNotContain("[VALIDITY]");
    List<String> out = Files.readString(dir.resolve("results.txt")).lines().toList();
    assertThat(out.subList(out.size() - 2, out.size())).containsExactly("[VALIDITY], Verdict, suspect",
        "[VALIDITY], Reason, too few operations");
    JsonNode v = CapturedRun.results(dir).path("validity");
    assertThat(v.path("verdict").asText()).isEqualTo("suspect");
    assertThat(v.path("reasons").get(0).path("evidence").asText()).contains("OVERALL 300");
    assertThat(Files.readString(dir.resolve("results.txt"))).contains("[VALIDITY], Reason, too few operations");
    assertThat(Files.readString(dir.resolve("junit.xml"))).as("validity.fail=true writes junit.xml")
        .contains("<testcase classname=\"sciycsb.validity\" name=\"verdict\"", "<failure type=\"SuspectRun\"");
    Cli report = Cli.run("report", dir.toString(), "-p", "report.png=false");
    assertThat(report.exit).as(report.toString()).isZero();
    assertThat(Files.readString(dir.resolve("report.html"))).contains("Suspect run: these numbers may not measure",
        "<li><strong>too few operations</strong>: p99.9 needs 10000", "Client GC pauses while measured: ");
  }

  @Test
  void aPacedRunWithEnoughOperationsIsValid() throws IOException {
    Path dir = tmp.resolve("sound");
    Cli r = Cli.run("run", "basic", "-P", "../workloads/workloadc", "-threads", "2", "-target", "1000", "-p",
        "operationcount=3000", "-p", "hdrhistogram.percentiles=50,95", "-p", "timeseries.granularity=250", "-p",
        "resources.sample=false", "-p", "validity.fail=true", "-p", "validity.host=1000", "-p", "results.dir=" + dir);
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode v = CapturedRun.results(dir).path("validity");
    assertThat(v.path("verdict").asText()).as(v.toString()).isEqualTo("valid");
    assertThat(v.path("gc").path("pauses").isIntegralNumber()).isTrue();
    assertThat(r.err).doesNotContain("validity:");
    assertThat(Files.readString(dir.resolve("results.txt")).lines().reduce((a, b) -> b).orElse(""))
        .isEqualTo("[VALIDITY], Verdict, valid");
  }

  @Test
  void theDefaultPercentilesOfAShortRunGetANoteNotASuspectVerdict() throws IOException {
    Path dir = tmp.resolve("default");
    Cli r = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=300", "-p",
        "resources.sample=false", "-p", "validity.fail=true", "-p", "validity.host=1000", "-p", "results.dir=" + dir);
    assertThat(r.exit).as(r.toString()).isZero();
    JsonNode v = CapturedRun.results(dir).path("validity");
    assertThat(v.path("verdict").asText()).as(v.toString()).isEqualTo("valid");
    // 300 operations carry neither p99 (1000 needed) nor p99.9, whichever of them the default prints
    assertThat(r.err).contains("note: few operations: p99").contains("printed by default, so the run is not suspect "
        + "for it").doesNotContain("validity: suspect");
    assertThat(v.path("notes").toString()).contains("few operations: p99");
  }
}
