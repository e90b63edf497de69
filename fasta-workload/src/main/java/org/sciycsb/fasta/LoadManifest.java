package org.sciycsb.fasta;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import org.sciycsb.api.AtomicFiles;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.RunContext;

/**
 * What a fasta load leaves for the runs that read it: {@code fasta-load.properties} in its results folder (the
 * table prefix, the input, the documents written) and the work folder's {@code fasta/last-load} pointer to it.
 *
 * @param loadDir the results folder of the load
 * @param prefix the table prefix the load wrote with, null when its manifest does not say
 */
record LoadManifest(Path loadDir, String prefix) {
  static final String IDS_DIR = "ids";
  static final String FILE = "fasta-load.properties";

  /** The load's {@code ids/} folder. */
  Path idsDir() {
    return loadDir.resolve(IDS_DIR);
  }

  /** Records a load in its results folder and points the work folder's {@code fasta/last-load} at it. */
  static void write(RunContext run, String prefix, String input, Map<String, Long> docs) throws BenchmarkException {
    Properties p = new Properties();
    p.setProperty("prefix", prefix);
    p.setProperty("input", input);
    docs.forEach((k, v) -> p.setProperty("written." + k, Long.toString(v)));
    Path results = run.resultsDir().toAbsolutePath();
    try {
      AtomicFiles.write(results.resolve(FILE), os -> {
        Writer w = new OutputStreamWriter(os, StandardCharsets.UTF_8);
        p.store(w, "fasta load: ids in ids/<type>.txt, one 16-hex-digit id a line");
        w.flush();
      });
      Path pointer = lastLoad(run);
      Files.createDirectories(pointer.getParent());
      Path tmp = pointer.resolveSibling(".last-load.tmp");
      Files.writeString(tmp, results + "\n", StandardCharsets.UTF_8);
      Files.move(tmp, pointer, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "fasta: cannot record the load in "
          + results + " / the work folder: " + e.getMessage(), e);
    }
  }

  /** The load a run reads: {@code fasta.ids} when set, else the last load of the work folder. */
  static LoadManifest find(Config cfg, RunContext run) throws ConfigException {
    Path loadDir = loadDir(cfg, run);
    if (!Files.isDirectory(loadDir.resolve(IDS_DIR))) {
      throw new ConfigException("fasta.ids " + loadDir + " is not the results folder of a fasta load (no "
          + IDS_DIR + "/ folder in it)");
    }
    Properties manifest = new Properties();
    Path mf = loadDir.resolve(FILE);
    if (Files.isRegularFile(mf)) {
      try (Reader r = Files.newBufferedReader(mf, StandardCharsets.UTF_8)) {
        manifest.load(r);
      } catch (IOException e) {
        throw new ConfigException("fasta: cannot read " + mf + ": " + e.getMessage());
      }
    }
    return new LoadManifest(loadDir, manifest.getProperty("prefix"));
  }

  private static Path loadDir(Config cfg, RunContext run) throws ConfigException {
    String given = cfg.get(FastaOptions.IDS);
    if (given != null && !given.isBlank()) {
      return Path.of(given);
    }
    Path pointer = lastLoad(run);
    if (!Files.isRegularFile(pointer)) {
      throw new ConfigException("fasta: no ids to read: set fasta.ids=<results folder of a fasta load>, or run"
          + " bin/ycsb load <binding> -p workload=fasta first (it records itself in " + pointer + ")");
    }
    try {
      return Path.of(Files.readString(pointer, StandardCharsets.UTF_8).trim());
    } catch (IOException e) {
      throw new ConfigException("fasta: cannot read " + pointer + ": " + e.getMessage());
    }
  }

  private static Path lastLoad(RunContext run) {
    return run.workDir().resolve("fasta").resolve("last-load");
  }
}
