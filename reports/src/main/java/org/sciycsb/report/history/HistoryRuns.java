package org.sciycsb.report.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.ResultData;

/**
 * The runs under a folder where a CI job archives one results directory per build: every folder with a run's
 * {@code results.json}, searched recursively. A results directory's own subfolders are never runs of their own (a
 * repeated run's {@code repeat-K/}, a cluster run's {@code clients/<i>/}: the top-level results, the repeats'
 * means, count once). Sweep and study folders ({@code sweep.json}, {@code study.json}) are skipped whole; compare
 * and history outputs have no {@code results.json}.
 */
public final class HistoryRuns {
  /** The runs found, and a line for each folder skipped. */
  public record Found(List<ResultData> runs, List<String> skipped) {}

  private HistoryRuns() {}

  public static Found find(Path root) throws ConfigException {
    if (!Files.isDirectory(root)) {
      throw new ConfigException("history needs a folder of results directories: " + root + " is not a directory");
    }
    Found f = new Found(new ArrayList<>(), new ArrayList<>());
    visit(root, root, f);
    if (f.runs().isEmpty()) {
      throw new ConfigException("no runs under " + root + " (no results.json of a bin/ycsb load or run)");
    }
    return f;
  }

  private static void visit(Path dir, Path root, Found f) throws ConfigException {
    if (Files.isRegularFile(dir.resolve("sweep.json")) || Files.isRegularFile(dir.resolve("study.json"))) {
      f.skipped().add(root.relativize(dir) + ": a sweep or study folder, not a run");
      return;
    }
    if (Files.isRegularFile(dir.resolve("results.json"))) {
      try {
        f.runs().add(ResultData.load(dir));
      } catch (ConfigException e) {
        f.skipped().add(e.getMessage());
      }
      return;
    }
    List<Path> subs;
    try (Stream<Path> s = Files.list(dir)) {
      subs = s.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      throw new ConfigException("cannot list " + dir + ": " + e.getMessage());
    }
    for (Path p : subs) {
      visit(p, root, f);
    }
  }
}
