package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** study --repeat on two stores: each repeat's runs carry one seed in both stores, the loads the base. */
class StudySeedsRunTest {
  static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path tmp;

  private static String seed(Path run) throws Exception {
    return MAPPER.readTree(run.resolve("results.json").toFile()).path("metadata").path("properties").path("seed")
        .asText(null);
  }

  @Test
  void theRepeatsOfTwoStoresRunWithTheSameSeedsFromTheUsersBase() throws Exception {
    Path dir = tmp.resolve("stores");
    StudyCommandTest.Out r = StudyCommandTest.study("sandisk", "basic,test-stall", "--scale", "1e-6", "--only",
        "32GB/workloada-uniform", "--repeat", "2", "-p", "results.dir=" + dir, "-p", "stall.ms=0", "-p", "seed=7");
    assertThat(r.code()).as(r.err()).isZero();
    for (String store : new String[] {"basic", "test-stall"}) {
      Path s = dir.resolve(store).resolve("32GB");
      assertThat(seed(s.resolve("load"))).as(store + ": the load runs with the base").isEqualTo("7");
      assertThat(seed(s.resolve("workloada-uniform/run-1"))).as(store + ": repeat 1").isEqualTo("7");
      assertThat(seed(s.resolve("workloada-uniform/run-2"))).as(store + ": repeat 2").isEqualTo("8");
      JsonNode own = MAPPER.readTree(dir.resolve(store).resolve("study.json").toFile());
      assertThat(own.path("params").path("seeds").asText()).as(store).isEqualTo("paired");
      assertThat(own.path("params").path("seedBase").asLong()).as(store).isEqualTo(7);
      assertThat(own.path("notes").toString()).contains("seeds: paired: every load and run step runs with -p seed=7");
      assertThat(Files.readString(dir.resolve(store).resolve("study.md"))).contains("Note: seeds: paired");
    }
    assertThat(MAPPER.readTree(dir.resolve("study.json").toFile()).path("notes").toString())
        .as("the stores' report says which seeds").contains("seeds: paired: every load and run step runs with -p seed=7");
    assertThat(MAPPER.readTree(dir.resolve("study.json").toFile()).path("command").asText())
        .as("the command as the user gave it").contains("-p seed=7").doesNotContain("study.seeds.base");
    assertThat(r.err()).doesNotContain("-p seed overrides");
  }

  /**
   * Read-latest's runs insert (workload D's 5 %): under a seed each thread inserts keys of its own, and the gaps a
   * thread that inserted fewer leaves would be read as missing records by the next run on the table. Such a step
   * runs without the paired seed; the load and a run without inserts keep it.
   */
  @Test
  void aRunStepThatInsertsRunsWithoutThePairedSeed() throws Exception {
    Path dir = tmp.resolve("latest");
    StudyCommandTest.Out r = StudyCommandTest.study("sandisk", "basic", "--scale", "1e-6", "--only",
        "32GB/workloada-uniform,32GB/readlatest-*", "-p", "results.dir=" + dir, "-p", "seed=7");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(seed(dir.resolve("32GB/load"))).as("the load").isEqualTo("7");
    assertThat(seed(dir.resolve("32GB/workloada-uniform"))).as("a run without inserts").isEqualTo("7");
    for (String step : new String[] {"readlatest-latest", "readlatest-uniform", "readlatest-zipfian"}) {
      assertThat(seed(dir.resolve("32GB").resolve(step))).as(step + " inserts: no seed").isNull();
    }
    assertThat(r.err()).contains("a run step that inserts (insertproportion > 0) runs without it");
  }
}
