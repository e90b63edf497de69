package org.sciycsb.fasta.m10;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.fasta.m10.ParseProblems.Kind;

class SsearchParserTest {

  @Test
  void nucleotideFixture() throws IOException {
    Collected c = Collected.parse(Fixtures.path(Fixtures.NT));
    assertThat(c.problems.isEmpty()).as(c.problems.summary()).isTrue();
    assertThat(c.queries).hasSize(1);
    QueryHeader h = c.queries.get(0);
    assertThat(h.name()).isEqualTo("pGT875");
    assertThat(h.length()).isEqualTo(657);
    assertThat(h.unit()).isEqualTo("nt");
    assertThat(h.library()).isEqualTo("/usr/share/doc/fasta3/examples/seq/gst.nlib");
    assertThat(h.line()).isEqualTo(24);
    assertThat(h.fields()).containsKeys("pg_name", "pg_ver", "pg_argv", "pg_name_alg", "pg_ver_rel", "pg_matrix",
        "pg_open-ext", "mp_extrap", "mp_stats", "mp_KS", "mp_Algorithm", "mp_Parameters").hasSize(12);
    assertThat(h.field("pg_name")).isEqualTo("ssearch36");
    assertThat(h.field("pg_ver")).isEqualTo("36.3.8i Nov, 2022");
    assertThat(h.field("pg_argv")).isEqualTo("ssearch36 -q -m 10 -b 3 -d 3 "
        + "/usr/share/doc/fasta3/examples/seq/mgstm1.nt /usr/share/doc/fasta3/examples/seq/gst.nlib");
    assertThat(h.field("pg_name_alg")).isEqualTo("Smith-Waterman (SSE2, Michael Farrar 2006)");
    assertThat(h.field("pg_matrix")).isEqualTo("+5/-4 (5:-4)");
    assertThat(h.field("pg_open-ext")).isEqualTo("-12 -4");
    assertThat(h.field("mp_extrap")).isEqualTo("60000 500");
    assertThat(h.field("mp_stats")).isEqualTo("(shuffled [500]) MLE statistics: Lambda= 0.1563;  K=0.08447");
    assertThat(h.field("mp_Parameters")).isEqualTo("+5/-4 matrix (5:-4), open/ext: -12/-4");

    assertThat(c.alignments).extracting(Collected.Al::hit).containsExactly("pGT875 | 266",
        "RABGLTR Oryctolagus cuniculus glutathione S-transferase mRNA, complete cds.",
        "BTGST Bovine GST mRNA for gluthathione S-transferase, class-pi.");
    Collected.Al first = c.alignments.get(0);
    assertThat(first.frame()).isEqualTo('f');
    assertThat(first.swOpt()).isEqualTo(3285);
    assertThat(first.z()).isEqualTo("3961.5");
    assertThat(first.bits()).isEqualTo("744.1");
    assertThat(first.expect()).isEqualTo("1.1e-217");
    assertThat(first.score()).isEqualTo(3285);
    assertThat(first.ident()).isEqualTo("1.000");
    assertThat(first.sim()).isEqualTo("1.000");
    assertThat(first.overlap()).isEqualTo(657);
    assertThat(first.line()).isEqualTo(36);
    // query block: 657 residues shown after 30 columns of (empty) context
    assertThat(first.q()).isEqualTo(new Collected.Block("pGT875", 657, 1, 'D', 1, 657, 1,
        first.q().sequence(), 657));
    assertThat(first.q().sequence()).startsWith("------------------------------ATGCCTATGATACTGGGATA")
        .endsWith("TATATTTTCAAAGATGGCCCACTGGAGTAACAAGTAG").hasSize(30 + 657);
    // hit block: 30 residues of context before al_start 38, 657 aligned, 33 after
    assertThat(first.h().name()).isEqualTo("pGT875");
    assertThat(first.h().sqLen()).isEqualTo(1125);
    assertThat(first.h().alStart()).isEqualTo(38);
    assertThat(first.h().alStop()).isEqualTo(694);
    assertThat(first.h().alDisplayStart()).isEqualTo(8);
    assertThat(first.h().sequence()).startsWith("CCAGTTTGAGAAGACCACAGC").hasSize(720);
    assertThat(first.consensusLines()).isEqualTo(14);

    Collected.Al third = c.alignments.get(2);
    assertThat(third.swOpt()).isEqualTo(370);
    assertThat(third.overlap()).isEqualTo(434);
    assertThat(third.q().alStart()).isEqualTo(176);
    assertThat(third.q().alStop()).isEqualTo(594);
    assertThat(third.h().name()).isEqualTo("BTGST");
    assertThat(c.ends).containsExactly("pGT875");
  }

  @Test
  void proteinFixture() throws IOException {
    Collected c = Collected.parse(Fixtures.path(Fixtures.AA));
    assertThat(c.problems.isEmpty()).as(c.problems.summary()).isTrue();
    QueryHeader h = c.queries.get(0);
    assertThat(h.name()).isEqualTo("sp|P10649|GSTM1_MOUSE");
    assertThat(h.length()).isEqualTo(218);
    assertThat(h.unit()).isEqualTo("aa");
    assertThat(h.field("pg_matrix")).isEqualTo("BL50 (15:-5)");
    assertThat(h.field("pg_open-ext")).isEqualTo("-10 -2");
    assertThat(c.alignments).hasSize(4);
    Collected.Al first = c.alignments.get(0);
    assertThat(first.hit()).isEqualTo("GT8.7 | 266 | transl. of pa875.con, 19 to 675");
    assertThat(first.swOpt()).isEqualTo(1497);
    assertThat(first.z()).isEqualTo("1651.8");
    assertThat(first.bits()).isEqualTo("312.8");
    assertThat(first.expect()).isEqualTo("3.7e-89");
    assertThat(first.overlap()).isEqualTo(218);
    assertThat(first.q().name()).isEqualTo("sp|P10649|GS");
    assertThat(first.q().sqType()).isEqualTo('p');
    assertThat(first.q().sequence()).hasSize(218).startsWith("MPMILGYWNVRGLTHPIRMLLEYTDSSYDEKRYTMGDAPDFDRSQWLNEK");
    assertThat(first.h().sequence()).isEqualTo(first.q().sequence());
    // default display: the aligned residues plus context on either side
    for (Collected.Al a : c.alignments) {
      assertThat(a.q().residues()).as(a.hit()).isGreaterThanOrEqualTo(a.q().alStop() - a.q().alStart() + 1);
      assertThat(a.h().residues()).as(a.hit()).isGreaterThanOrEqualTo(a.h().alStop() - a.h().alStart() + 1);
    }
    assertThat(c.alignments.get(1).hit()).startsWith("HAHU | 1114 | Hemoglobin alpha chain");
    assertThat(c.alignments.get(3).hit()).isEqualTo("HMIVV | 2581 | Hemagglutinin precursor - Influenza A virus (2 strains)");
  }

  @Test
  void multiQueryFixtureWithAlternativeAlignments() throws IOException {
    Collected c = Collected.parse(Fixtures.path(Fixtures.MULTI));
    assertThat(c.problems.isEmpty()).as(c.problems.summary()).isTrue();
    assertThat(c.queries).extracting(QueryHeader::name)
        .containsExactly("pGT875", "RABGLTR", "BTGST", "OCDHPR", "RABALP1A", "RABGSTB");
    assertThat(c.queries).extracting(QueryHeader::length).containsExactly(1125, 1443, 809, 6083, 6080, 902);
    assertThat(c.queries).extracting(QueryHeader::index).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(c.ends).hasSize(6);
    assertThat(c.queries.get(0).field("pg_argv")).isEqualTo("ssearch36 -q -H -m 10 -W 0 -E 10 -b 2 -d 2 "
        + "/usr/share/doc/fasta3/examples/seq/gst.nlib /usr/share/doc/fasta3/examples/seq/dna_test_s.nlib");
    assertThat(c.queries.get(0).fields()).containsEntry("pg_name_alg", "Smith-Waterman (SSE2, Michael Farrar 2006)")
        .hasSize(12);
    assertThat(c.alignments).hasSize(18);
    assertThat(c.alignments).filteredOn(a -> a.alternative() > 0).hasSize(6);
    assertThat(c.problems.queries()).isEqualTo(6);
    assertThat(c.problems.alignments()).isEqualTo(18);
    assertThat(c.problems.lines()).isEqualTo(Files.readAllLines(Fixtures.path(Fixtures.MULTI)).size());

    // first hit: the reverse strand, al_start > al_stop in the query block
    Collected.Al first = c.alignments.get(0);
    assertThat(first.hit()).isEqualTo("mgstm1 reverse complement");
    assertThat(first.frame()).isEqualTo('r');
    assertThat(first.expect()).isEqualTo("0");
    assertThat(first.q().sqOffset()).isEqualTo(1126);
    assertThat(first.q().alStart()).isEqualTo(1125);
    assertThat(first.q().alStop()).isEqualTo(1);
    // the third alignment is the >-- alternative of the second hit
    Collected.Al alt = c.alignments.get(2);
    assertThat(alt.hit()).isEqualTo(c.alignments.get(1).hit());
    assertThat(alt.hitIndex()).isEqualTo(1);
    assertThat(alt.alternative()).isEqualTo(1);
    assertThat(alt.line()).isEqualTo(197);
    assertThat(alt.swOpt()).isEqualTo(105);
    assertThat(alt.q().alStart()).isEqualTo(833);
    assertThat(alt.q().alStop()).isEqualTo(1116);
    // -W 0 (seed 001's flags): no context, residues shown = aligned length, both sides
    for (Collected.Al a : c.alignments) {
      assertThat(a.q().residues()).as(a.hit() + " line " + a.line()).isEqualTo(
          Math.abs(a.q().alStop() - a.q().alStart()) + 1);
      assertThat(a.h().residues()).as(a.hit() + " line " + a.line()).isEqualTo(
          Math.abs(a.h().alStop() - a.h().alStart()) + 1);
      assertThat(a.q().sequence().length()).isEqualTo(a.h().sequence().length()).isEqualTo(a.overlap());
    }
  }

  @Test
  void truncatedFixtureKeepsWhatIsComplete() throws IOException {
    Collected c = Collected.parse(Fixtures.path(Fixtures.TRUNCATED));
    ParseProblems p = c.problems;
    assertThat(p.total()).as(p.summary()).isEqualTo(1);
    assertThat(p.count(Kind.TRUNCATED)).isEqualTo(1);
    assertThat(p.problems().get(0).line()).isEqualTo(Files.readAllLines(Fixtures.path(Fixtures.TRUNCATED)).size());
    assertThat(p.problems().get(0).message()).contains("RABGLTR").contains("line 272");
    assertThat(c.queries).extracting(QueryHeader::name).containsExactly("pGT875", "RABGLTR");
    assertThat(c.ends).containsExactly("pGT875", "RABGLTR (incomplete)");
    // the first query's three alignments are intact; the cut one is dropped
    assertThat(c.alignments).hasSize(3).allMatch(a -> a.query().equals("pGT875"));
    assertThat(p.droppedAlignments()).isEqualTo(1);
    Collected full = Collected.parse(Fixtures.path(Fixtures.MULTI));
    assertThat(c.alignments).isEqualTo(full.alignments.subList(0, 3));
  }

  @Test
  void malformedFixtureCountsProblemsAndKeepsValidHits() throws IOException {
    Collected c = Collected.parse(Fixtures.path(Fixtures.MALFORMED));
    ParseProblems p = c.problems;
    assertThat(p.total()).as(p.summary()).isEqualTo(3);
    assertThat(p.count(Kind.BAD_VALUE)).isEqualTo(1);
    assertThat(p.count(Kind.MISSING_FIELD)).isEqualTo(1);
    assertThat(p.count(Kind.UNEXPECTED_LINE)).isEqualTo(1);
    assertThat(p.problems()).extracting(ParseProblems.Problem::line).containsExactly(41L, 104L, 176L);
    assertThat(p.problems().get(0).message()).contains("sw_expect").contains("n/a");
    assertThat(p.problems().get(1).message()).contains("RABGLTR").contains("query block sq_len");
    assertThat(p.problems().get(2).message()).contains("#### stray line ####");
    assertThat(p.droppedAlignments()).isEqualTo(2);
    // hit 3 survives its stray line and equals the same hit of the intact file
    assertThat(c.alignments).hasSize(1);
    Collected intact = Collected.parse(Fixtures.path(Fixtures.NT));
    Collected.Al expected = intact.alignments.get(2);
    assertThat(c.alignments.get(0)).usingRecursiveComparison().ignoringFields("line").isEqualTo(expected);
    assertThat(c.queries).hasSize(1);
    assertThat(p.summary()).startsWith("malformed.m10: 1 queries, 1 alignments, 2 dropped, 3 problems");
  }

  @Test
  void pgArgvVariants() throws IOException {
    // ssearch36 36.3.8 sometimes ends pg_argv with a bare ';' instead of appending pg_name_alg (seen once)
    String text = ">>>q1, 10 nt vs lib.fa library\n; pg_name: ssearch36\n; pg_argv:  ssearch36 -m 10 q.fa lib.fa;\n"
        + "; pg_ver_rel: 7.2\n>>><<<\n>>>///\n";
    Collected c = Collected.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "argv");
    assertThat(c.problems.isEmpty()).as(c.problems.summary()).isTrue();
    assertThat(c.queries.get(0).fields()).containsExactly(java.util.Map.entry("pg_name", "ssearch36"),
        java.util.Map.entry("pg_argv", "ssearch36 -m 10 q.fa lib.fa"), java.util.Map.entry("pg_ver_rel", "7.2"));
    assertThat(c.ends).containsExactly("q1");
  }

  @Test
  void garbageAndEmptyInputsNeverThrow() throws IOException {
    Collected empty = Collected.parse(new ByteArrayInputStream(new byte[0]), "empty");
    assertThat(empty.problems.count(Kind.TRUNCATED)).isEqualTo(1);
    assertThat(empty.alignments).isEmpty();

    String junk = "hello\n>>>no header here\n; pg_name: x\n>>hit\n; sw_frame: f\n>>><<<\n>>>///\n";
    Collected c = Collected.parse(new ByteArrayInputStream(junk.getBytes(StandardCharsets.UTF_8)), "junk");
    assertThat(c.problems.count(Kind.BAD_HEADER)).isEqualTo(1);
    assertThat(c.queries).isEmpty();
    assertThat(c.alignments).isEmpty();

    byte[] binary = new byte[5000];
    new java.util.Random(1).nextBytes(binary);
    Collected b = Collected.parse(new ByteArrayInputStream(binary), "binary");
    assertThat(b.alignments).isEmpty();
    assertThat(b.problems.total()).isPositive();
  }

  @Test
  void crlfLineEndsAndGzipAndTinyReadBuffers(@TempDir Path dir) throws IOException {
    byte[] original = Files.readAllBytes(Fixtures.path(Fixtures.MULTI));
    Collected expected = Collected.parse(Fixtures.path(Fixtures.MULTI));

    byte[] crlf = new String(original, StandardCharsets.ISO_8859_1).replace("\n", "\r\n")
        .getBytes(StandardCharsets.ISO_8859_1);
    Collected c1 = Collected.parse(new ByteArrayInputStream(crlf), "crlf");
    assertThat(c1.problems.isEmpty()).isTrue();
    assertThat(c1.alignments).isEqualTo(expected.alignments);

    Path gz = dir.resolve("multi.m10.gz");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(bytes)) {
      z.write(original);
    }
    Files.write(gz, bytes.toByteArray());
    Collected c2 = Collected.parse(gz);
    assertThat(c2.problems.isEmpty()).isTrue();
    assertThat(c2.alignments).isEqualTo(expected.alignments);

    // a stream that returns 7 bytes per read exercises line reassembly across buffer refills
    Collected c3 = Collected.parse(new ByteArrayInputStream(original) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 7));
      }
    }, "slow");
    assertThat(c3.alignments).isEqualTo(expected.alignments);
  }
}
