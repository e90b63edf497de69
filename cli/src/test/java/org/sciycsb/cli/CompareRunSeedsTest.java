package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare --run's seeds: paired by round (the default), independent, or the user's own -p seed everywhere. */
class CompareRunSeedsTest {
  @TempDir
  Path tmp;

  /** Two rounds of two quick sides (500 operations on the no-op binding, no busy wait). */
  private static Cli twoRounds(Path dir, String... more) {
    List<String> argv = new ArrayList<>(List.of("compare", "--run", "basic", "-P", "../workloads/workloada",
        "-p", "recordcount=200", "-p", "operationcount=500", "-p", "report.png=false", "-p", "repeats=2",
        "-p", "results.dir=" + dir, "--side", "a:basicdb.busywait=0", "--side", "b:basicdb.busywait=0"));
    argv.addAll(List.of(more));
    return Cli.run(argv.toArray(String[]::new));
  }

  /** The seed in the results of side's round r: its properties' and the manifest's (null when none). */
  private static String seed(Path dir, String side, int round) throws Exception {
    JsonNode meta = CompareRunTest.MAPPER.readTree(dir.resolve(side).resolve("repeat-" + round)
        .resolve("results.json").toFile()).path("metadata");
    JsonNode resolved = meta.path("manifest").path("resolved").path("seed");
    JsonNode prop = meta.path("properties").path("seed");
    assertThat(resolved.isMissingNode() || resolved.isNull() ? null : resolved.asText())
        .as(side + " round " + round + ": the manifest's resolved seed is the property's")
        .isEqualTo(prop.isMissingNode() ? null : prop.asText());
    return prop.isMissingNode() ? null : prop.asText();
  }

  @Test
  void pairedSeedsGiveBothSidesOfARoundOneSeedAndTheRoundsDiffer() throws Exception {
    Path dir = tmp.resolve("paired");
    Cli c = twoRounds(dir, "-p", "compare.seeds.base=41");
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(seed(dir, "a", 1)).as("round 1, side a").isEqualTo("41");
    assertThat(seed(dir, "b", 1)).as("round 1, side b: the same as a's").isEqualTo("41");
    assertThat(seed(dir, "a", 2)).as("round 2, side a: the next seed").isEqualTo("42");
    assertThat(seed(dir, "b", 2)).as("round 2, side b").isEqualTo("42");
    JsonNode seeds = CompareRunTest.MAPPER.readTree(dir.resolve("compare.json").toFile()).path("seeds");
    assertThat(seeds.path("mode").asText()).as(seeds.toString()).isEqualTo("paired");
    assertThat(seeds.path("base").asLong()).isEqualTo(41);
    assertThat(seeds.path("rounds").toString()).isEqualTo("[41,42]");
    assertThat(c.err).as("one line says which seeds").contains("seeds: paired: round r's runs all use -p seed=41+r-1");
  }

  @Test
  void withoutABaseTheBaseIsRandomAndRecorded() throws Exception {
    Path dir = tmp.resolve("random");
    Cli c = twoRounds(dir);
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode seeds = CompareRunTest.MAPPER.readTree(dir.resolve("compare.json").toFile()).path("seeds");
    long base = seeds.path("base").asLong();
    assertThat(seeds.path("baseGiven").asBoolean()).as(seeds.toString()).isFalse();
    assertThat(seed(dir, "a", 1)).isEqualTo(Long.toString(base)).isEqualTo(seed(dir, "b", 1));
    assertThat(seed(dir, "b", 2)).isEqualTo(Long.toString(base + 1));
    assertThat(c.err).contains("compare.seeds.base=" + base + ", random for this invocation");
  }

  @Test
  void independentSeedsAddNoSeed() throws Exception {
    Path dir = tmp.resolve("independent");
    Cli c = twoRounds(dir, "-p", "compare.seeds=independent");
    assertThat(c.exit).as(c.toString()).isZero();
    for (String side : List.of("a", "b")) {
      for (int r = 1; r <= 2; r++) {
        assertThat(seed(dir, side, r)).as(side + " round " + r + ": no seed, its own random streams").isNull();
      }
    }
    JsonNode seeds = CompareRunTest.MAPPER.readTree(dir.resolve("compare.json").toFile()).path("seeds");
    assertThat(seeds.path("mode").asText()).isEqualTo("independent");
    assertThat(seeds.has("rounds")).isFalse();
    assertThat(c.err).contains("seeds: independent");
  }

  @Test
  void theUsersOwnSeedIsUsedByEveryRun() throws Exception {
    Path dir = tmp.resolve("own");
    Cli c = twoRounds(dir, "-p", "seed=7", "-p", "compare.seeds.base=41");
    assertThat(c.exit).as(c.toString()).isZero();
    for (String side : List.of("a", "b")) {
      for (int r = 1; r <= 2; r++) {
        assertThat(seed(dir, side, r)).as(side + " round " + r).isEqualTo("7");
      }
    }
    assertThat(c.err).contains("seeds: every run uses its side's own -p seed (a: 7, b: 7)");
    JsonNode seeds = CompareRunTest.MAPPER.readTree(dir.resolve("compare.json").toFile()).path("seeds");
    assertThat(seeds.path("sides").path("b").asLong()).as(seeds.toString()).isEqualTo(7);
    assertThat(seeds.has("rounds")).as("no round seed was used: " + seeds).isFalse();
  }

  @Test
  void badSeedOptionsAreOneLineBeforeAnythingRuns() {
    Path dir = tmp.resolve("bad");
    Cli mode = twoRounds(dir, "-p", "compare.seeds=same");
    assertThat(mode.exit).isEqualTo(2);
    assertThat(mode.err.strip()).as(mode.toString()).contains("compare.seeds").contains("same")
        .doesNotContain("\n");
    Cli base = twoRounds(dir, "-p", "compare.seeds.base=x1");
    assertThat(base.exit).isEqualTo(2);
    assertThat(base.err.strip()).as(base.toString()).contains("compare.seeds.base").doesNotContain("\n");
    Cli sideSeed = twoRounds(dir, "-p", "seed=notanumber");
    assertThat(sideSeed.exit).isEqualTo(2);
    assertThat(sideSeed.err.strip()).as(sideSeed.toString()).contains("seed").doesNotContain("\n");
    assertThat(Files.exists(dir.resolve("a/repeat-1"))).isFalse();
  }
}
