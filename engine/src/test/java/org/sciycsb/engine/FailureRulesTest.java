package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results-folder rule: a run that ends before it measures (exit 2 or 3) leaves no results folder, and leaves a
 * folder that existed before as it was; once measuring began, the folder is always written, whatever the outcome.
 */
class FailureRulesTest {
  @TempDir
  Path tmp;

  private static long errorLines(LocalRun c) {
    return c.err.lines().filter(l -> l.startsWith("error:")).count();
  }

  @Test
  void aBindingThatCannotStartLeavesNoResultsFolder() {
    Path dir = tmp.resolve("a/b/results");
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "stall.failopen=true",
        "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isEqualTo(3);
    assertThat(errorLines(c)).isEqualTo(1);
    assertThat(tmp.resolve("a")).as("the folders the run created").doesNotExist();
    assertThat(c.out).isEmpty();
  }

  @Test
  void aThreadThatCannotInitialiseFailsTheStartWithExitThreeAndNoResults() {
    Path dir = tmp.resolve("init");
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-threads", "3", "-p",
        "stall.failinit=1",
        "-p", "stall.ms=0", "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isEqualTo(3);
    assertThat(c.err).contains("error: 1 of 3 client threads failed to initialise: thread 1 cannot log in")
        .doesNotContain("\tat ");
    assertThat(errorLines(c)).isEqualTo(1);
    assertThat(dir).doesNotExist();
    LocalRun debug = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-threads", "2", "-p",
        "stall.failinit=0", "-p", "results.dir=" + dir, "--debug");
    assertThat(debug.exit).isEqualTo(3);
    assertThat(debug.err).contains("\tat ").contains("DBException");
  }

  @Test
  void anExistingFolderKeepsWhatItHeldAndGetsNothingNew() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("existing"));
    Files.writeString(dir.resolve("notes.txt"), "mine");
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "stall.failopen=true",
        "-p", "results.dir=" + dir);
    assertThat(c.exit).isEqualTo(3);
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s.map(p -> p.getFileName().toString())).containsExactly("notes.txt");
    }
  }

  @Test
  void badConfigurationFailsBeforeTheResultsFolderExists() {
    Path dir = tmp.resolve("cfg");
    LocalRun c = LocalRun.run("run", "test-stall", "-P", "../workloads/workloada", "-p",
        "fieldlengthdistribution=histogram",
        "-p", "fieldlengthhistogram=" + tmp.resolve("missing-hist.txt"), "-p", "results.dir=" + dir);
    assertThat(c.exit).isEqualTo(2);
    assertThat(c.err).contains("cannot read fieldlengthhistogram file");
    assertThat(dir).doesNotExist();
  }

  @Test
  void aCountMismatchFailsTheLoadAndKeepsTheResults() throws Exception {
    Path dir = tmp.resolve("count");
    LocalRun c = LocalRun.run("load", "test-stall", "-P", "../workloads/workloada", "-p", "recordcount=100",
        "-p", "stall.ms=0", "-p", "stall.count=97", "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isEqualTo(4);
    assertThat(c.err).contains("error: count check failed: 100 inserts succeeded but the store holds 97 records");
    JsonNode j = LocalRun.results(dir);
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("failed");
    assertThat(j.path("extra").path("countCheck").asText()).contains("holds 97 records");
    assertThat(j.path("operations").get(0).path("operations").asLong()).isEqualTo(100);

    LocalRun ok = LocalRun.run("load", "test-stall", "-P", "../workloads/workloada", "-p", "recordcount=100",
        "-p", "stall.ms=0", "-p", "stall.count=100", "-p", "results.dir=" + tmp.resolve("count-ok"));
    assertThat(ok.exit).as(ok.toString()).isZero();
    assertThat(LocalRun.results(tmp.resolve("count-ok")).path("extra").path("countCheck").asText()).isEqualTo("ok");
  }

  @Test
  void aCountThatCannotRunFailsTheLoadAndKeepsTheResults() throws Exception {
    Path dir = tmp.resolve("countfails");
    LocalRun c = LocalRun.run("load", "test-stall", "-P", "../workloads/workloada", "-p", "recordcount=50",
        "-p", "stall.ms=0", "-p", "stall.countfails=true", "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isEqualTo(4);
    assertThat(c.err).contains("count check could not run: cannot count usertable");
    assertThat(LocalRun.results(dir).path("extra").path("countCheck").asText()).startsWith("count check could not run");
  }
}
