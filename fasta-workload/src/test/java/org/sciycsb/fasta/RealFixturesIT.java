package org.sciycsb.fasta;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
      List<Collected.Al> a = primary(fresh);
      List<Collected.Al> b = primary(committed);
      assertThat(a).as(name).hasSameSizeAs(b);
      for (int i = 0; i < a.size(); i++) {
        assertThat(a.get(i)).as(name + " hit " + i).usingRecursiveComparison()
            .ignoringFields("line", "z", "bits", "expect").isEqualTo(b.get(i));
      }
      assertThat(Structure.of(OUT.resolve(name)).keys).isEqualTo(Structure.of(Fixtures.path(name)).keys);
    }
  }

  @Test
  void freshFaultyFilesReportTheSameProblems() throws IOException {
    for (String name : List.of(Fixtures.TRUNCATED, Fixtures.MALFORMED)) {
      Collected fresh = Collected.parse(OUT.resolve(name));
      Collected committed = Collected.parse(Fixtures.path(name));
      assertThat(fresh.problems.counts()).as(name).isEqualTo(committed.problems.counts());
      assertThat(fresh.alignments).extracting(Collected.Al::hit)
          .isEqualTo(committed.alignments.stream().map(Collected.Al::hit).toList());
    }
  }
}
