package org.sciycsb.fasta.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.fasta.doc.DocType;
import org.sciycsb.fasta.doc.DocumentBuilder;
import org.sciycsb.fasta.m10.Collected;
import org.sciycsb.fasta.m10.Fixtures;
import org.sciycsb.fasta.m10.M10Numbers;
import org.sciycsb.fasta.m10.ParseProblems;
import org.sciycsb.fasta.m10.QueryHeader;
import org.sciycsb.fasta.m10.SsearchParser;
import org.sciycsb.fasta.m10.Structure;

class SyntheticCorpusTest {
  private static final SyntheticCorpus.Settings SMALL = new SyntheticCorpus.Settings(42, 3, 2, 40, 0.2);

  private static byte[] file(SyntheticCorpus g, int index, List<SyntheticCorpus.Written> written)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    g.writeFile(index, out, written == null ? null : written::add);
    return out.toByteArray();
  }

  @Test
  void roundTripThroughTheParser() throws IOException {
    SyntheticCorpus g = new SyntheticCorpus(SMALL);
    for (int f = 0; f < SMALL.files(); f++) {
      List<SyntheticCorpus.Written> written = new ArrayList<>();
      byte[] bytes = file(g, f, written);
      Collected c = Collected.parse(new ByteArrayInputStream(bytes), SyntheticCorpus.fileName(f));
      assertThat(c.problems.isEmpty()).as(c.problems.summary()).isTrue();
      assertThat(c.queries).hasSize(2);
      assertThat(c.ends).hasSize(2).noneMatch(e -> e.endsWith("(incomplete)"));
      assertThat(c.alignments).hasSameSizeAs(written);
      assertThat(c.alignments.stream().filter(a -> a.alternative() == 0).count()).isEqualTo(2 * 40);
      assertThat(written).anyMatch(w -> w.alternative() > 0);
      for (int i = 0; i < written.size(); i++) {
        SyntheticCorpus.Written w = written.get(i);
        Collected.Al a = c.alignments.get(i);
        QueryHeader h = c.queries.get(w.query());
        assertThat(a.query()).isEqualTo(w.queryName()).isEqualTo(h.name());
        assertThat(h.length()).isEqualTo(w.queryLength());
        assertThat(a.hit()).isEqualTo(w.hitDescription());
        assertThat(a.hitIndex()).isEqualTo(w.hitIndex());
        assertThat(a.alternative()).isEqualTo(w.alternative());
        assertThat(a.frame()).isEqualTo(w.frame());
        assertThat(a.swOpt()).isEqualTo(w.swOpt()).isEqualTo(a.score());
        assertThat(a.z()).isEqualTo(w.zScore());
        assertThat(a.bits()).isEqualTo(w.bits());
        assertThat(a.expect()).isEqualTo(w.expect());
        assertThat(a.ident()).isEqualTo(w.ident());
        assertThat(a.sim()).isEqualTo(w.sim());
        assertThat(a.overlap()).isEqualTo(w.overlap());
        assertThat(a.q().sqLen()).isEqualTo(w.queryLength());
        assertThat(a.q().alStart()).isEqualTo(w.queryStart());
        assertThat(a.q().alStop()).isEqualTo(w.queryStop());
        assertThat(a.q().sequence()).isEqualTo(w.querySequence());
        assertThat(a.h().sqLen()).isEqualTo(w.hitLength());
        assertThat(a.h().alStart()).isEqualTo(w.hitStart());
        assertThat(a.h().alStop()).isEqualTo(w.hitStop());
        assertThat(a.h().sequence()).isEqualTo(w.hitSequence());
        // consistency a parser (and a store's reader) may rely on, as in real -W 0 output
        assertThat(a.q().residues()).isEqualTo(Math.abs(a.q().alStop() - a.q().alStart()) + 1);
        assertThat(a.h().residues()).isEqualTo(Math.abs(a.h().alStop() - a.h().alStart()) + 1);
        assertThat(a.q().sequence()).hasSize(a.overlap());
        assertThat(a.h().sequence()).hasSize(a.overlap());
        assertThat(a.q().sqOffset()).isEqualTo(a.frame() == 'r' ? w.queryLength() + 1 : 1);
        assertThat(Math.max(a.q().alStart(), a.q().alStop())).isLessThanOrEqualTo(a.q().sqLen());
        assertThat(a.h().alStop()).isLessThanOrEqualTo(a.h().sqLen());
        assertThat(a.consensusLines()).isEqualTo((a.overlap() + 49) / 50);
        assertThat(Double.parseDouble(a.ident())).isBetween(0.3, 1.0);
      }
    }
  }

  @Test
  void sameStructureAsRealOutput() throws IOException {
    Structure real = new Structure();
    for (String f : Fixtures.REAL) {
      Structure s = Structure.of(Fixtures.path(f));
      real.kinds.addAll(s.kinds);
      s.keys.forEach((k, v) -> real.keys.merge(k, v, (a, b) -> a));
    }
    // the real outputs agree among themselves on the field order of every section
    for (String f : Fixtures.REAL) {
      assertThat(Structure.of(Fixtures.path(f)).keys).as(f).isEqualTo(real.keys);
    }
    String generated = new String(file(new SyntheticCorpus(SMALL), 0, null), StandardCharsets.ISO_8859_1);
    Structure gen = Structure.of(generated);
    assertThat(gen.keys).isEqualTo(real.keys);
    assertThat(gen.kinds).isEqualTo(real.kinds);
    assertThat(real.keys.get("sw")).hasSize(9);
    assertThat(real.keys.get("header")).hasSize(12);
    assertThat(real.kinds).contains("ALTERNATIVE", "AL_CONS", "END_QUERY", "END_FILE");
  }

  @Test
  void sameSeedSameBytesOtherSeedOtherBytes(@TempDir Path dir) throws IOException {
    SyntheticCorpus g = new SyntheticCorpus(SMALL);
    byte[] a = file(g, 1, null);
    byte[] b = file(new SyntheticCorpus(SMALL), 1, null);
    assertThat(a).isEqualTo(b);
    assertThat(file(g, 2, null)).isNotEqualTo(a);
    assertThat(file(new SyntheticCorpus(SMALL.withSeed(43)), 1, null)).isNotEqualTo(a);
    // files written in parallel into a folder are the same bytes
    SyntheticCorpus.Stats s = g.generate(dir, 2);
    assertThat(Files.readAllBytes(dir.resolve(SyntheticCorpus.fileName(1)))).isEqualTo(a);
    assertThat(s.files()).isEqualTo(3);
    assertThat(s.queries()).isEqualTo(6);
    assertThat(s.hits()).isEqualTo(240);
    assertThat(s.documents()).isEqualTo(6 + 3 * s.alignments());
    long bytes = 0;
    for (int i = 0; i < 3; i++) {
      bytes += Files.size(dir.resolve(SyntheticCorpus.fileName(i)));
    }
    assertThat(s.bytes()).isEqualTo(bytes);
  }

  @Test
  void documentSizesInSeed001sBallpark() throws IOException {
    // seed 001, table 4.1: task 750 B, rna 201 B, gs 258 B, align 122 B (BSON with 12-byte ObjectIds; our ids are
    // 16 hex characters in JSON, so align documents come out larger)
    SyntheticCorpus g = new SyntheticCorpus(new SyntheticCorpus.Settings(7, 1, 3, 2000, 0.05));
    Map<DocType, long[]> sizes = new EnumMap<>(DocType.class);
    DocumentBuilder builder = new DocumentBuilder(d -> {
      long[] s = sizes.computeIfAbsent(d.type(), t -> new long[2]);
      s[0]++;
      s[1] += d.size();
    });
    builder.reset("corpus.m10");
    ParseProblems p = new SsearchParser().parse(new ByteArrayInputStream(file(g, 0, null)), "corpus.m10", builder);
    assertThat(p.isEmpty()).isTrue();
    assertThat(sizes.get(DocType.TASK)[0]).isEqualTo(3);
    assertThat(sizes.get(DocType.RNA)[0]).isEqualTo(p.alignments());
    double task = (double) sizes.get(DocType.TASK)[1] / sizes.get(DocType.TASK)[0];
    double rna = (double) sizes.get(DocType.RNA)[1] / sizes.get(DocType.RNA)[0];
    double gs = (double) sizes.get(DocType.GS)[1] / sizes.get(DocType.GS)[0];
    double align = (double) sizes.get(DocType.ALIGN)[1] / sizes.get(DocType.ALIGN)[0];
    assertThat(task).isBetween(650.0, 900.0);
    assertThat(rna).isBetween(170.0, 240.0);
    assertThat(gs).isBetween(220.0, 300.0);
    assertThat(align).isBetween(120.0, 230.0);
    assertThat(gs - rna).isBetween(40.0, 80.0);
  }

  @Test
  void expectFormatsLikeCsPercentPointTwoG() {
    assertThat(M10Numbers.expect(0)).isEqualTo("0");
    assertThat(M10Numbers.expect(1.4567e-126)).isEqualTo("1.5e-126");
    assertThat(M10Numbers.expect(0.0534)).isEqualTo("0.053");
    assertThat(M10Numbers.expect(3.4)).isEqualTo("3.4");
    assertThat(M10Numbers.expect(0.5)).isEqualTo("0.5");
    assertThat(M10Numbers.expect(1.0)).isEqualTo("1");
    assertThat(M10Numbers.expect(20.4)).isEqualTo("20");
    assertThat(M10Numbers.expect(470.2)).isEqualTo("4.7e+02");
    assertThat(M10Numbers.expect(0.00044)).isEqualTo("0.00044");
    assertThat(M10Numbers.expect(4.1e-6)).isEqualTo("4.1e-06");
    assertThat(M10Numbers.fixed(3961.46, 1)).isEqualTo("3961.5");
    assertThat(M10Numbers.fixed(1, 3)).isEqualTo("1.000");
  }

  @Test
  void commandLine(@TempDir Path dir) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SyntheticCorpus.Stats s = CorpusCommand.run(new String[] {dir.toString(), "fasta.corpus.files=2",
        "fasta.corpus.queries=1", "hits=10", "seed=5", "threads=1"}, new PrintStream(out, true,
        StandardCharsets.UTF_8));
    assertThat(s.files()).isEqualTo(2);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("2 files, 2 queries, 20 hits");
    assertThat(Files.list(dir).count()).isEqualTo(2);
  }
}
