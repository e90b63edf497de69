package org.sciycsb.fasta.corpus;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Stream;
import org.sciycsb.api.ConfigException;

/**
 * A generated corpus cached under the work folder: one folder per settings ({@code s<seed>-f<files>-q<queries>-
 * h<hits>-a<alternatives>}), written once (into a temporary folder, then renamed) and reused by later loads. Its
 * {@code .complete} file holds the generator's statistics.
 */
public record Corpus(Path dir, long documents) {
  static final String DONE = ".complete";

  public static Corpus ensure(Path root, SyntheticCorpus.Settings s, PrintStream log) throws ConfigException {
    String name = String.format(Locale.ROOT, "s%d-f%d-q%d-h%d-a%s", s.seed(), s.files(), s.queriesPerFile(),
        s.hitsPerQuery(), Double.toString(s.alternativeRate()));
    Path dir = root.resolve(name);
    Path done = dir.resolve(DONE);
    if (Files.isRegularFile(done)) {
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(done, StandardCharsets.UTF_8)) {
        p.load(r);
        return new Corpus(dir, Long.parseLong(p.getProperty("documents", "-1")));
      } catch (IOException | NumberFormatException e) {
        log.println("fasta: the cached corpus " + dir + " is unreadable (" + e.getMessage() + "): generating again");
      }
    }
    Path tmp = root.resolve(".tmp-" + name + "-" + ProcessHandle.current().pid());
    try {
      Files.createDirectories(root);
      deleteTree(tmp);
      long t0 = System.nanoTime();
      log.println("fasta: generating the corpus " + dir + " (" + s.files() + " files x " + s.queriesPerFile()
          + " queries x " + s.hitsPerQuery() + " hits, seed " + s.seed() + "), once");
      SyntheticCorpus.Stats st = new SyntheticCorpus(s).generate(tmp,
          Math.max(1, Runtime.getRuntime().availableProcessors()));
      Properties p = new Properties();
      p.setProperty("files", Long.toString(st.files()));
      p.setProperty("queries", Long.toString(st.queries()));
      p.setProperty("alignments", Long.toString(st.alignments()));
      p.setProperty("documents", Long.toString(st.documents()));
      p.setProperty("bytes", Long.toString(st.bytes()));
      try (Writer w = Files.newBufferedWriter(tmp.resolve(DONE), StandardCharsets.UTF_8)) {
        p.store(w, "CorpusGenerator " + s);
      }
      if (Files.exists(dir)) {
        deleteTree(dir); // an unfinished earlier attempt
      }
      try {
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        if (Files.isRegularFile(done)) { // another process finished first
          deleteTree(tmp);
        } else {
          throw e;
        }
      }
      log.println(String.format(Locale.ROOT, "fasta: corpus ready: %d documents, %.1f MB in %.1f s",
          st.documents(), st.bytes() / 1e6, (System.nanoTime() - t0) / 1e9));
      return new Corpus(dir, st.documents());
    } catch (IOException | RuntimeException e) {
      throw new ConfigException("fasta: cannot generate the corpus in " + root + ": " + e.getMessage());
    }
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path x : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(x);
      }
    }
  }
}
