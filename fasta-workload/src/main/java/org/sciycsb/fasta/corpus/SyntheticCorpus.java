package org.sciycsb.fasta.corpus;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.sciycsb.fasta.doc.Ids;
import org.sciycsb.fasta.m10.M10Numbers;

/**
 * Writes a corpus of synthetic {@code ssearch36 -m 10} result files for benchmarks at scale, in exactly the
 * structure of real ssearch36 36.3.8 output run with seed 001's flags ({@code -q -H -m 10 -W 0 -E 1000000000}):
 * program banner, per query the summary and best-scores list, the {@code >>>} header with its {@code pg_*} and
 * {@code mp_*} fields, then per hit {@code >>DESCRIPTION}, the nine {@code sw_*} fields, the query and hit blocks
 * ({@code sq_*}, {@code al_*}, aligned sequence in 50-column lines) and the {@code al_cons} consensus, some hits with
 * {@code >--} alternative alignments; {@code >>><<<} after each query and {@code >>>///} plus the trailer at the end.
 *
 * <p>Values are consistent: a random RNA query, library fragments derived from it at a chosen identity with gaps,
 * the Smith-Waterman score computed from the alignment with +5/-4 and gap -12/-4, bits and E() from the query's
 * Lambda and K, overlap/ident/sim from the columns, al_start/al_stop matching the residues shown (reverse-strand
 * alignments count down, as ssearch36 prints them). Hits are sorted by score as ssearch36 sorts them.
 *
 * <p>Deterministic: the same settings give the same bytes (each file has its own random stream derived from the
 * seed and the file's index, so files can be written in parallel). At the defaults (100 files, 1 query each of
 * 16,700 hits, about 5% with an alternative alignment) a corpus holds about 5.2 million documents, like seed 001's
 * 100 files (5,017,837 documents); alignments average about 115 residues, so rna/gs documents average about the
 * seed's 200/260 bytes.
 */
public final class SyntheticCorpus {
  /** Generation settings. */
  public record Settings(long seed, int files, int queriesPerFile, int hitsPerQuery, double alternativeRate) {
    public Settings {
      if (files < 0 || queriesPerFile < 1 || hitsPerQuery < 0 || alternativeRate < 0 || alternativeRate > 1) {
        throw new IllegalArgumentException("bad corpus settings: files=" + files + " queries=" + queriesPerFile
            + " hits=" + hitsPerQuery + " alternatives=" + alternativeRate);
      }
    }

    /** Seed 001's scale: 100 files of one query with 16,700 hits (about 5.2 M documents). */
    public static Settings defaults() {
      return new Settings(1, 100, 1, 16_700, 0.05);
    }

    public Settings withSeed(long s) {
      return new Settings(s, files, queriesPerFile, hitsPerQuery, alternativeRate);
    }
  }

  /** What was written. */
  public record Stats(long files, long queries, long hits, long alignments, long bytes) {
    /** Documents these files make: one task per query, rna + gs + align per alignment. */
    public long documents() {
      return queries + 3 * alignments;
    }

    Stats plus(Stats o) {
      return new Stats(files + o.files, queries + o.queries, hits + o.hits, alignments + o.alignments,
          bytes + o.bytes);
    }
  }

  /** One alignment as written (for round-trip tests). */
  public record Written(int query, String queryName, int queryLength, String hitDescription, int hitIndex,
                        int alternative, char frame, int swOpt, String zScore, String bits, String expect,
                        String ident, String sim, int overlap, int queryStart, int queryStop, String querySequence,
                        int hitLength, int hitStart, int hitStop, String hitSequence) {
  }

  static final String VERSION = "36.3.8i Nov, 2022";
  static final String ALGORITHM = "Smith-Waterman (SSE2, Michael Farrar 2006)";
  static final String RELEASE = "7.2 Nov 2010/SIMDe Nov 2020";
  private static final int LINE = 50;

  private final Settings settings;

  public SyntheticCorpus(Settings settings) {
    this.settings = settings;
  }

  public Settings settings() {
    return settings;
  }

  /** Name of file {@code index} (0-based): {@code ssearch-00000.m10}... */
  public static String fileName(int index) {
    return String.format(Locale.ROOT, "ssearch-%05d.m10", index);
  }

  /** Writes all files into {@code dir} (created if needed) with {@code threads} threads. */
  public Stats generate(Path dir, int threads) throws IOException {
    Files.createDirectories(dir);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      List<Future<Stats>> parts = new ArrayList<>();
      for (int i = 0; i < settings.files(); i++) {
        int index = i;
        parts.add(pool.submit(() -> {
          Path f = dir.resolve(fileName(index));
          try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(f), 1 << 16)) {
            return writeFile(index, out, null);
          }
        }));
      }
      Stats total = new Stats(0, 0, 0, 0, 0);
      for (Future<Stats> p : parts) {
        total = total.plus(p.get());
      }
      return total;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      throw new IOException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  // ------------------------------------------------------------------------------------------------ one file

  private static final class Hit {
    String description;
    int length;
    final List<SyntheticAlignment> alignments = new ArrayList<>(2);
  }

  /**
   * Writes file {@code index} to {@code out} (not closed); {@code observer}, when not null, sees every alignment
   * as written.
   */
  /** The searched library of one file: its path, number of sequences and of residues. */
  private record Library(String path, int chromosome, int sequences, long residues) {}

  /** One query of a file as written: its number, name, length, statistics line and hits, best first. */
  private record Query(int index, String name, int length, String stats, List<Hit> hits) {}

  public Stats writeFile(int index, OutputStream os, Consumer<Written> observer) throws IOException {
    SplittableRandom r = new SplittableRandom(Ids.mix(settings.seed() * 0x9E3779B97F4A7C15L + index + 1));
    AsciiOut o = new AsciiOut(os);
    int chromosome = 1 + index % 23;
    String queryFile = String.format(Locale.ROOT, "/scratch/sciycsb/pasta/seqs/input-%05d.fasta", index);
    String library = "/scratch/sciycsb/pasta/cds_chr" + chromosome + ".fa";
    int libSeqs = 1500 + r.nextInt(4500);
    long libResidues = libSeqs * (900L + r.nextInt(900));
    Library lib = new Library(library, chromosome, libSeqs, libResidues);
    int hitsPerQuery = settings.hitsPerQuery();
    String argv = "ssearch36 -q -H -m 10 -W 0 -E 1000000000 -b " + hitsPerQuery + " -d " + hitsPerQuery + " "
        + queryFile + " " + library;
    long queryResidues = 0;
    long alignments = 0;

    o.str("# ").str(argv).nl();
    o.str("SSEARCH performs a Smith-Waterman search\n version ").str(VERSION).nl();
    o.str("Please cite:\n T. F. Smith and M. S. Waterman, (1981) J. Mol. Biol. 147:195-197; \n");
    o.str(" W.R. Pearson (1991) Genomics 11:635-650\n\nQuery: ").str(queryFile).nl();

    for (int qi = 0; qi < settings.queriesPerFile(); qi++) {
      String qName = String.format(Locale.ROOT, "gi|%09d|ref|NR_%06d.1|", 100_000_000 + r.nextInt(900_000_000),
          r.nextInt(1_000_000));
      int qLen = 300 + r.nextInt(2700);
      queryResidues += qLen;
      byte[] query = SyntheticAlignment.randomSequence(r, qLen);
      double lambda = 0.085 + 0.07 * r.nextDouble();
      double k = 0.03 + 0.1 * r.nextDouble();
      String stats = String.format(Locale.ROOT, "(shuffled [500]) MLE statistics: Lambda= %.4f;  K=%.4g", lambda,
          k);
      Query q = new Query(qi, qName, qLen, stats, hits(r, query, lambda, k, lib));
      writeBestScores(o, r, q, lib);
      alignments += writeRecord(o, r, q, lib, argv, observer);
      o.str("\n>>><<<\n");
    }
    writeFooter(o, index, queryResidues, lib);
    o.flushBuffer();
    os.flush();
    return new Stats(1, settings.queriesPerFile(), (long) settings.queriesPerFile() * hitsPerQuery, alignments,
        o.written());
  }

  /** A query's hits, best first, each with one to three alignments, best first. */
  private List<Hit> hits(SplittableRandom r, byte[] query, double lambda, double k, Library lib) {
    int hitsPerQuery = settings.hitsPerQuery();
    int chromosome = lib.chromosome();
    long libResidues = lib.residues();
    List<Hit> hits = new ArrayList<>(hitsPerQuery);
    for (int h = 0; h < hitsPerQuery; h++) {
      Hit hit = new Hit();
      int gene = 1 + r.nextInt(30_000);
      hit.description = "gs_sequence|" + gene + "|gs_gene|" + gene + "|chromosome|" + chromosome;
      int n = 1;
      if (r.nextDouble() < settings.alternativeRate()) {
        n += r.nextDouble() < 0.2 ? 2 : 1;
      }
      hit.length = 0;
      for (int a = 0; a < n; a++) {
        SyntheticAlignment al = SyntheticAlignment.random(r, query, lambda, k, libResidues);
        hit.alignments.add(al);
        hit.length = Math.max(hit.length, al.hStop);
      }
      hit.length += r.nextInt(400);
      hit.alignments.sort(Comparator.comparingInt((SyntheticAlignment a) -> a.score).reversed());
      hits.add(hit);
    }
    hits.sort(Comparator.comparingInt((Hit h) -> h.alignments.get(0).score).reversed());
    return hits;
  }

  /** The query's summary and best-scores list (ignored by parsers, there for realistic file sizes). */
  private static void writeBestScores(AsciiOut o, SplittableRandom r, Query q, Library lib) throws IOException {
    o.pad(Integer.toString(q.index() + 1), 3).str(">>>").str(q.name()).str(" - ").num(q.length()).str(" nt\n");
    o.str("Library: ").str(lib.path()).nl();
    String residues = String.format(Locale.ROOT, "%9d residues in %5d sequences\n", lib.residues(), lib.sequences());
    o.str(residues).nl().str(residues);
    o.str("Statistics: ").str(q.stats()).nl();
    o.str(" statistics sampled from 60000 (").num(lib.sequences()).str(") to 60000 sequences\n");
    o.str("Algorithm: ").str(ALGORITHM).str(" (").str(RELEASE).str(")\n");
    o.str("Parameters: +5/-4 matrix (5:-4), open/ext: -12/-4\n");
    o.str(String.format(Locale.ROOT, " Scan time: %6.3f\n\nThe best scores are:", 2 + 8 * r.nextDouble()));
    o.str("                                      s-w bits E(").num(lib.sequences()).str(")\n");
    for (Hit hit : q.hits()) {
      SyntheticAlignment best = hit.alignments.get(0);
      String d = hit.description.length() > 46 ? hit.description.substring(0, 46) : hit.description;
      o.str(d);
      for (int i = d.length(); i < 46; i++) {
        o.ch(' ');
      }
      o.str(" (").pad(Integer.toString(hit.length), 4).str(") [").ch(best.frame).str("] ")
          .pad(Integer.toString(best.score), 4).ch(' ').str(M10Numbers.fixed(best.bits, 1)).ch(' ')
          .pad(M10Numbers.expect(best.expect), 6).nl();
    }
    o.nl();
  }

  /** The query's -m 10 record, every alignment of every hit; the number of alignments written. */
  private static long writeRecord(AsciiOut o, SplittableRandom r, Query q, Library lib, String argv,
      Consumer<Written> observer) throws IOException {
    long alignments = 0;
    o.str(">>>").str(q.name()).str(", ").num(q.length()).str(" nt vs ").str(lib.path()).str(" library\n");
    o.str("; pg_name: ssearch36\n; pg_ver: ").str(VERSION).nl();
    o.str("; pg_argv:  ").str(argv).str("; pg_name_alg: ").str(ALGORITHM).nl();
    o.str("; pg_ver_rel: ").str(RELEASE).nl();
    o.str("; pg_matrix: +5/-4 (5:-4)\n; pg_open-ext: -12 -4\n; mp_extrap: 60000 ").num(lib.sequences()).nl();
    o.str("; mp_stats: ").str(q.stats()).nl();
    o.str("; mp_KS: -0.0000 (N=0) at ").pad(Integer.toString(20 + r.nextInt(40)), 3).nl();
    o.str("; mp_Algorithm: ").str(ALGORITHM).str(" (").str(RELEASE).str(")\n");
    o.str("; mp_Parameters: +5/-4 matrix (5:-4), open/ext: -12/-4\n");
    String qBlock = ">" + (q.name().length() > 12 ? q.name().substring(0, 12) : q.name()) + " ..\n";
    for (int hi = 0; hi < q.hits().size(); hi++) {
      Hit hit = q.hits().get(hi);
      String hBlock = ">" + hit.description.substring(0, Math.min(12, hit.description.length())) + " ..\n";
      for (int ai = 0; ai < hit.alignments.size(); ai++) {
        SyntheticAlignment a = hit.alignments.get(ai);
        alignments++;
        String ident = M10Numbers.fixed((double) a.matches / a.overlap, 3);
        String z = M10Numbers.fixed(a.z, 1);
        String bits = M10Numbers.fixed(a.bits, 1);
        String e = M10Numbers.expect(a.expect);
        o.str(ai == 0 ? ">>" + hit.description + "\n" : ">--\n");
        o.str("; sw_frame: ").ch(a.frame).nl();
        o.str("; sw_s-w opt: ").pad(Integer.toString(a.score), 3).nl();
        o.str("; sw_z-score: ").str(z).nl();
        o.str("; sw_bits: ").str(bits).nl();
        o.str("; sw_expect: ").pad(e, 6).nl();
        o.str("; sw_score: ").num(a.score).nl();
        o.str("; sw_ident: ").str(ident).nl();
        o.str("; sw_sim: ").str(ident).nl();
        o.str("; sw_overlap: ").num(a.overlap).nl();
        o.str(qBlock).str("; sq_len: ").num(q.length()).nl();
        o.str("; sq_offset: ").num(a.frame == 'r' ? q.length() + 1 : 1).nl();
        o.str("; sq_type: D\n; al_start: ").num(a.qStart).str("\n; al_stop: ").num(a.qStop).nl();
        o.str("; al_display_start: ").num(a.qStart).nl();
        o.wrapped(a.q, a.overlap, LINE);
        o.str(hBlock).str("; sq_len: ").num(hit.length).nl();
        o.str("; sq_offset: 1\n; sq_type: D\n; al_start: ").num(a.hStart).str("\n; al_stop: ").num(a.hStop).nl();
        o.str("; al_display_start: ").num(a.hStart).nl();
        o.wrapped(a.h, a.overlap, LINE);
        o.str("; al_cons:\n");
        o.wrapped(a.cons, a.overlap, LINE);
        if (observer != null) {
          observer.accept(new Written(q.index(), q.name(), q.length(), hit.description, hi, ai, a.frame, a.score, z, bits, e,
              ident, ident, a.overlap, a.qStart, a.qStop, new String(a.q, 0, a.overlap,
              java.nio.charset.StandardCharsets.ISO_8859_1), hit.length, a.hStart, a.hStop,
              new String(a.h, 0, a.overlap, java.nio.charset.StandardCharsets.ISO_8859_1)));
        }
      }
    }
    return alignments;
  }

  private void writeFooter(AsciiOut o, int index, long queryResidues, Library lib) throws IOException {
    long libResidues = lib.residues();
    int libSeqs = lib.sequences();
    o.str(">>>///\n\n");
    o.num(queryResidues).str(" residues in ").num(settings.queriesPerFile()).str(" query   sequences\n");
    o.num(libResidues).str(" residues in ").num(libSeqs).str(" library sequences\n");
    o.str(" Tcomplib [").str(VERSION).str("] (4 proc in memory [0G])\n");
    o.str(" start: Sun May  4 09:").str(String.format(Locale.ROOT, "%02d:%02d", index % 60, 7))
        .str(" 2014 done: Sun May  4 10:").str(String.format(Locale.ROOT, "%02d:%02d", index % 60, 51))
        .str(" 2014\n");
    o.str(" Total Scan time: 2101.460 Total Display time: 38.910\n\n");
    o.str("Function used was SSEARCH [").str(VERSION).str("]\n");
  }
}
