package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.CapturedRun;

/**
 * bin/ycsb rerun (issue 36, item 2): a finished run's configuration again, exactly (every resolved option the same
 * but the overrides), into a new folder that names the original; and bad input as one line, exit 2, nothing run.
 */
class RerunCommandTest {
  @TempDir Path tmp;

  Path original() {
    Path dir = tmp.resolve("original");
    Cli r = Cli.run("run", "basic", "-P", "../workloads/workloadb", "-threads", "3", "-p", "operationcount=300",
        "-p", "recordcount=100", "-p", "requestdistribution=uniform", "-p", "resources.sample=false",
        "-p", "results.dir=" + dir);
    assertThat(r.exit).as(r.toString()).isZero();
    return dir;
  }

  @Test
  void theRerunHasTheOriginalsResolvedConfigurationButTheOverrides() throws IOException {
    Path a = original();
    Path b = tmp.resolve("again");
    Cli r = Cli.run("rerun", a.toString(), "-p", "results.dir=" + b, "-p", "operationcount=200");
    assertThat(r.exit).as(r.toString()).isZero();
    assertThat(r.err).contains("rerun: differs: operationcount: 300 -> 200 (asked)");
    JsonNode ja = CapturedRun.results(a).path("metadata");
    JsonNode jb = CapturedRun.results(b).path("metadata");
    ObjectNode ra = ja.path("manifest").path("resolved").deepCopy();
    ObjectNode rb = jb.path("manifest").path("resolved").deepCopy();
    assertThat(ra.size()).as("defaults included").isGreaterThan(40);
    assertThat(rb.path("operationcount").asText()).isEqualTo("200");
    assertThat(ra.path("requestdistribution").asText()).isEqualTo("uniform");
    for (ObjectNode r2 : List.of(ra, rb)) {
      r2.remove("operationcount");
      r2.remove("results.dir");
    }
    assertThat(rb).as("every other resolved option as the original ran it").isEqualTo(ra);
    assertThat(jb.path("phase").asText()).isEqualTo("run");
    assertThat(jb.path("binding").asText()).isEqualTo("basic");
    assertThat(jb.path("rerunOf").path("dir").asText()).isEqualTo(a.toAbsolutePath().normalize().toString());
    assertThat(jb.path("overrides").path("operationcount").asText()).isEqualTo("200");
    assertThat(jb.path("threads").asInt()).isEqualTo(3);
    assertThat(jb.path("manifest").path("environment").path("cores").asInt()).isPositive();
    assertThat(jb.path("manifest").path("server").path("configuration").asText())
        .as("the basic binding reads no server configuration, and says so").startsWith("not read: ");
    assertThat(jb.path("manifest").path("classpath").toString()).as("the jars loaded, versions in their names")
        .contains("HdrHistogram-");
    // compare says what the two runs differ in beyond their numbers: here only what the rerun was asked to change
    Cli c = Cli.run("compare", a.toString(), b.toString(), "-p", "report.out=" + tmp.resolve("cmp.html"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.err).contains("differs from the baseline in 1: operationcount: 300 -> 200 (asked)");
    // and a run that was not a rerun of it: every difference, none asked
    Path other = tmp.resolve("other");
    assertThat(Cli.run("run", "basic", "-P", "../workloads/workloadb", "-threads", "2", "-p", "operationcount=300",
        "-p", "recordcount=100", "-p", "resources.sample=false", "-p", "results.dir=" + other).exit).isZero();
    Cli c2 = Cli.run("compare", a.toString(), other.toString(), "-p", "report.out=" + tmp.resolve("cmp2.html"));
    assertThat(c2.err).contains("requestdistribution: uniform -> zipfian").contains("threadcount: 3 -> 2")
        .doesNotContain("(asked)");
  }

  @Test
  void aRerunWithoutOverridesSaysItMatchesTheOriginal() throws IOException {
    Path a = original();
    Cli r = Cli.run("rerun", a.toString(), "-p", "results.dir=" + tmp.resolve("same"));
    assertThat(r.exit).as(r.toString()).isZero();
    assertThat(r.err).contains("rerun: the same configuration, environment and jars as the original");
  }

  @Test
  void badInputIsOneLineExitTwoAndNothingRuns() throws IOException {
    Path a = original();
    JsonNode j = CapturedRun.results(a);
    Path bad = Files.createDirectories(tmp.resolve("bad"));
    ObjectMapper m = new ObjectMapper();
    Map<String, String> cases = new java.util.LinkedHashMap<>();
    cases.put("not JSON", "is not JSON");
    cases.put(m.writeValueAsString(Map.of("format", "other")), "is not a sciycsb results document");
    ObjectNode newer = j.deepCopy();
    newer.put("formatVersion", 9);
    cases.put(newer.toString(), "was written by a newer sciycsb (results format 9");
    ObjectNode old = j.deepCopy();
    ((ObjectNode) old.path("metadata")).remove("manifest");
    cases.put(old.toString(), "has no manifest (written before sciycsb recorded one): run it again with bin/ycsb run");
    ObjectNode secret = j.deepCopy();
    ((ObjectNode) secret.path("metadata").path("properties")).put("basicdb.password", "*****");
    cases.put(secret.toString(), "basicdb.password held a secret, masked in");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Files.writeString(bad.resolve("results.json"), c.getKey());
      Path out = tmp.resolve("never-" + Math.abs(c.getKey().hashCode()));
      Cli r = Cli.run("rerun", bad.toString(), "-p", "results.dir=" + out);
      assertThat(r.exit).as(r.toString()).isEqualTo(2);
      assertThat(r.err.lines().toList()).as(r.err).hasSize(1);
      assertThat(r.err).startsWith("error: rerun: ").contains(c.getValue());
      assertThat(out).as("nothing ran").doesNotExist();
    }
    Cli none = Cli.run("rerun", tmp.resolve("nowhere").toString());
    assertThat(none.exit).isEqualTo(2);
    assertThat(none.err).contains("is not a results folder (no results.json)");
  }
}
