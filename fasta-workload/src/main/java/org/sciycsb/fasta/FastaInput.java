package org.sciycsb.fasta;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.RunContext;
import org.sciycsb.fasta.corpus.Corpus;
import org.sciycsb.fasta.corpus.SyntheticCorpus;

/**
 * The input of a fasta load: the files of {@code fasta.input} or of the generated corpus, the checks on them and
 * the number of documents they should make.
 *
 * @param files the files to parse, sorted by name
 * @param planned the documents they should make (for progress and ETA)
 * @param text what the input is, for the results ({@code extra.fasta.input}) and the load's manifest
 */
record FastaInput(List<Path> files, long planned, String text) {

  /** The input a load reads: {@code fasta.input} when set, else the corpus generated (once) from the options. */
  static FastaInput of(Config cfg, RunContext run) throws ConfigException {
    String input = cfg.get(FastaOptions.INPUT);
    if (input != null && !input.isBlank()) {
      Path dir = Path.of(input);
      List<Path> files = list(dir);
      return new FastaInput(files, estimateDocuments(files), dir.toAbsolutePath().toString());
    }
    SyntheticCorpus.Settings s = new SyntheticCorpus.Settings(cfg.get(FastaOptions.CORPUS_SEED),
        cfg.get(FastaOptions.CORPUS_FILES), cfg.get(FastaOptions.CORPUS_QUERIES), cfg.get(FastaOptions.CORPUS_HITS),
        SyntheticCorpus.Settings.defaults().alternativeRate());
    String base = cfg.get(FastaOptions.CORPUS_DIR);
    Path root = base == null ? run.workDir().resolve("fasta").resolve("corpus") : Path.of(base);
    Corpus c = Corpus.ensure(root, s, run.log());
    return new FastaInput(list(c.dir()), c.documents(), "generated corpus " + c.dir().toAbsolutePath() + " (seed "
        + s.seed() + ", " + s.files() + " files x " + s.queriesPerFile() + " queries x " + s.hitsPerQuery()
        + " hits)");
  }

  /**
   * The whole-input check of {@code dir}: it holds files and at least one of them holds an {@code ssearch36 -m 10}
   * result (a {@code >>>} query line).
   */
  static void checkUsable(Path dir) throws ConfigException {
    List<Path> files = list(dir);
    for (Path f : files) {
      if (holdsQuery(f)) {
        return;
      }
    }
    throw new ConfigException("fasta.input " + dir + ": none of its " + files.size() + " file(s) holds an ssearch36"
        + " -m 10 result (no '>>>' query line): nothing to load");
  }

  /** The regular files of the folder whose names do not start with a dot, sorted by name. */
  static List<Path> list(Path dir) throws ConfigException {
    if (!Files.isDirectory(dir)) {
      throw new ConfigException("fasta.input " + dir + " is not a folder (it must hold ssearch36 -m 10 output files)");
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("."))
          .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
    } catch (IOException e) {
      throw new ConfigException("cannot list fasta.input " + dir + ": " + e.getMessage());
    }
    if (files.isEmpty()) {
      throw new ConfigException("fasta.input " + dir + " holds no files");
    }
    return files;
  }

  /** True when the file has a line starting with {@code >>>} (read until the first one). */
  static boolean holdsQuery(Path f) {
    try (InputStream raw = Files.newInputStream(f);
        InputStream in = f.getFileName().toString().endsWith(".gz")
            ? new GZIPInputStream(new BufferedInputStream(raw, 1 << 16), 1 << 16) : new BufferedInputStream(raw)) {
      int col = 0;
      int b;
      while ((b = in.read()) >= 0) {
        if (b == '\n') {
          col = 0;
        } else if (col >= 0 && col < 3) {
          col = b == '>' ? col + 1 : -1;
          if (col == 3) {
            return true;
          }
        }
      }
      return false;
    } catch (IOException e) {
      return false; // unreadable: a per-file problem if another file is usable
    }
  }

  /**
   * The documents the files should make, from a quick scan of their lines ({@code >>>} query headers, {@code >>}
   * hits and {@code >--} alternative alignments): exact for intact files, more than parsed when some are faulty.
   * For progress and ETA only.
   */
  static long estimateDocuments(List<Path> files) {
    long n = 0;
    byte[] buf = new byte[1 << 16];
    for (Path f : files) {
      try (InputStream raw = Files.newInputStream(f);
          InputStream in = f.getFileName().toString().endsWith(".gz")
              ? new GZIPInputStream(new BufferedInputStream(raw, 1 << 16), 1 << 16) : raw) {
        byte[] head = new byte[4];
        int len = 0;
        for (int r; (r = in.read(buf)) > 0; ) {
          for (int i = 0; i < r; i++) {
            byte b = buf[i];
            if (b == '\n') {
              n += lineDocs(head, len);
              len = 0;
            } else if (len < 4) {
              head[len++] = b;
            }
          }
        }
        n += lineDocs(head, len);
      } catch (IOException e) {
        // the worker that takes the file reports it
      }
    }
    return n;
  }

  /** Documents a line starting with {@code head[0..len)} announces: 1 for a query, 3 for an alignment. */
  static int lineDocs(byte[] head, int len) {
    if (len < 2 || head[0] != '>') {
      return 0;
    }
    if (head[1] == '-') {
      return len >= 3 && head[2] == '-' ? 3 : 0; // >-- alternative alignment
    }
    if (head[1] != '>') {
      return 0;
    }
    if (len >= 3 && head[2] == '>') {
      return len >= 4 && (head[3] == '<' || head[3] == '/') ? 0 : 1; // >>>query, not >>><<< nor >>>///
    }
    return 3; // >>hit
  }
}
