package org.sciycsb.fasta.corpus;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code CorpusGenerator DIR [files=N] [queries=N] [hits=N] [seed=N] [alternatives=F] [threads=N]}: the command
 * line of {@link org.sciycsb.fasta.CorpusGenerator#main}, its keys also as {@code fasta.corpus.files=N} etc.
 */
public final class CorpusCommand {
  private CorpusCommand() {}

  /** Generates the corpus the arguments describe and prints one line about it. */
  public static SyntheticCorpus.Stats run(String[] args, PrintStream out) throws IOException {
    SyntheticCorpus.Settings d = SyntheticCorpus.Settings.defaults();
    Path dir = null;
    long seed = d.seed();
    int files = d.files();
    int queries = d.queriesPerFile();
    int hits = d.hitsPerQuery();
    double alternatives = d.alternativeRate();
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    for (String arg : args) {
      if (arg.equals("-p")) {
        continue;
      }
      int eq = arg.indexOf('=');
      if (eq < 0) {
        dir = Path.of(arg);
        continue;
      }
      String key = arg.substring(0, eq).replaceFirst("^fasta\\.corpus\\.", "");
      String value = arg.substring(eq + 1);
      try {
        switch (key) {
          case "dir" -> dir = Path.of(value);
          case "files" -> files = Integer.parseInt(value);
          case "queries" -> queries = Integer.parseInt(value);
          case "hits" -> hits = Integer.parseInt(value);
          case "seed" -> seed = Long.parseLong(value);
          case "alternatives" -> alternatives = Double.parseDouble(value);
          case "threads" -> threads = Integer.parseInt(value);
          default -> throw new IllegalArgumentException("unknown corpus setting '" + key
              + "' (known: dir, files, queries, hits, seed, alternatives, threads)");
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("corpus setting " + key + ": not a number: " + value, e);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("usage: CorpusGenerator DIR [files=N] [queries=N] [hits=N] [seed=N]"
          + " [alternatives=F] [threads=N]");
    }
    long t0 = System.nanoTime();
    SyntheticCorpus.Stats s;
    try {
      s = new SyntheticCorpus(new SyntheticCorpus.Settings(seed, files, queries, hits, alternatives)).generate(dir, threads);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    double secs = (System.nanoTime() - t0) / 1e9;
    out.printf(Locale.ROOT, "corpus %s: %d files, %d queries, %d hits, %d alignments, %d documents, %.1f MB in %.1f s%n",
        dir, s.files(), s.queries(), s.hits(), s.alignments(), s.documents(), s.bytes() / 1e6, secs);
    return s;
  }
}
