package org.sciycsb.fasta.m10;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reruns make-fixtures.sh (real ssearch36; the script installs Debian's fasta3 when it is missing) into
 * target/regenerated-ssearch and checks that fresh output parses like the committed fixtures. ssearch36's
 * statistics come from unseeded shuffles, so z-scores, bits and E() may differ; hits, coordinates and sequences
 * must not.
 */
class RealFixturesIT {
  private static final Path OUT = Path.of("target", "regenerated-ssearch");

  @BeforeAll
  static void regenerate() throws IOException, InterruptedException {
    Path script = Fixtures.path("make-fixtures.sh");
    Files.createDirectories(OUT);
    Process p = new ProcessBuilder("bash", script.toString(), OUT.toAbsolutePath().toString())
        .redirectErrorStream(true).start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("make-fixtures.sh finished").isTrue();
    assertThat(p.exitValue()).as("make-fixtures.sh failed:\n" + log).isZero();
  }

  private static List<Collected.Al> primary(Collected c) {
    return c.alignments.stream().filter(a -> a.alternative() == 0).toList();
  }

  /** An alignment whose E() is clearly significant: its hit and rank do not depend on the shuffles. */
  static boolean significant(Collected.Al a) {
    try {
      return Double.parseDouble(a.expect()) < 1e-3;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static Map<String, Collected.Al> byHit(List<Collected.Al> hits) {
    Map<String, Collected.Al> out = new LinkedHashMap<>();
    for (Collected.Al a : hits) {
      assertThat(out.put(a.query() + " / " + a.hit(), a)).as("hit listed twice: " + a.hit()).isNull();
    }
    return out;
  }

  @Test
  void freshOutputParsesLikeTheCommittedFixtures() throws IOException {
    for (String name : Fixtures.REAL) {
      Collected fresh = Collected.parse(OUT.resolve(name));
      Collected committed = Collected.parse(Fixtures.path(name));
      assertThat(fresh.problems.isEmpty()).as(fresh.problems.summary()).isTrue();
      assertThat(fresh.queries).extracting(QueryHeader::name)
          .isEqualTo(committed.queries.stream().map(QueryHeader::name).toList());
      assertThat(fresh.queries).extracting(h -> h.fields().keySet())
          .isEqualTo(committed.queries.stream().map(h -> h.fields().keySet()).toList());
      // Hits whose z-scores nearly tie may swap places (or, at the -b cut, swap in and out) between runs,
      // because the z-scores come from unseeded shuffles. So hits are matched by query and library sequence:
      // every hit found in both runs must agree on everything that does not come from the statistics, and
      // every significant committed hit (E() < 1e-3, far from any tie) must be found again.
      Map<String, Collected.Al> fresher = byHit(primary(fresh));
      Map<String, Collected.Al> older = byHit(primary(committed));
      assertThat(fresher).as(name + ": hits").isNotEmpty();
      int common = 0;
      for (Map.Entry<String, Collected.Al> e : older.entrySet()) {
        Collected.Al again = fresher.get(e.getKey());
        if (again == null) {
          assertThat(significant(e.getValue())).as(name + ": significant hit " + e.getKey()
              + " missing from the fresh output").isFalse();
          continue;
        }
        common++;
        assertThat(again).as(name + " " + e.getKey()).usingRecursiveComparison()
            .ignoringFields("line", "z", "bits", "expect", "hitIndex").isEqualTo(e.getValue());
      }
      assertThat(common).as(name + ": hits found in both runs").isPositive();
      assertThat(Structure.of(OUT.resolve(name)).keys).isEqualTo(Structure.of(Fixtures.path(name)).keys);
    }
  }

  @Test
  void freshFaultyFilesReportTheSameProblems() throws IOException {
    for (String name : List.of(Fixtures.TRUNCATED, Fixtures.MALFORMED)) {
      Collected fresh = Collected.parse(OUT.resolve(name));
      Collected committed = Collected.parse(Fixtures.path(name));
      assertThat(fresh.problems.counts()).as(name).isEqualTo(committed.problems.counts());
      assertThat(fresh.alignments.stream().filter(RealFixturesIT::significant).map(Collected.Al::hit).toList())
          .as(name).isEqualTo(committed.alignments.stream().filter(RealFixturesIT::significant)
              .map(Collected.Al::hit).toList());
    }
  }
}
