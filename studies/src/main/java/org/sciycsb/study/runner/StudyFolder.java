package org.sciycsb.study.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.report.StudyJson;

/**
 * A study's folder while it runs: {@code study.json}, each step's folder and results, and each step's log under
 * {@code logs/}.
 */
public final class StudyFolder {
  private final Path dir;
  private final PrintStream err;

  public StudyFolder(Path dir, PrintStream err) {
    this.dir = dir;
    this.err = err;
  }

  /** Refuses a study folder that exists and is not empty (one line, exit 2); creates nothing. */
  public static void checkNew(Path dir) throws ConfigException {
    if (Files.exists(dir)) {
      try (var list = Files.list(dir)) {
        if (list.findAny().isPresent()) {
          throw new ConfigException("the study folder " + dir + " exists and is not empty: choose another "
              + "-p results.dir (nothing measured is overwritten)");
        }
      } catch (IOException e) {
        throw new ConfigException("cannot read " + dir + ": " + e.getMessage());
      }
    }
  }

  /** Creates the study folder; one that exists and is not empty is refused (nothing measured is overwritten). */
  public static void createNew(Path dir) throws ConfigException {
    checkNew(dir);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ConfigException("cannot create the study folder " + dir + ": " + e.getMessage());
    }
  }

  Path dir() {
    return dir;
  }

  /** The folder of a step's results. */
  Path of(Step s) {
    return dir.resolve(s.name());
  }

  Path logOf(Step s) {
    return dir.resolve("logs").resolve(s.name().replace('/', '_') + ".log");
  }

  /** Creates the study folder's {@code logs/}. */
  void createLogs() throws ConfigException {
    try {
      Files.createDirectories(dir.resolve("logs"));
    } catch (IOException e) {
      throw new ConfigException("cannot create the study folder " + dir + ": " + e.getMessage());
    }
  }

  /** Writes the study's record so far to {@code study.json}. */
  void save(Map<String, Object> header) throws ConfigException {
    StudyJson.write(dir.resolve("study.json"), StudyJson.json(header));
  }

  void appendLog(Step s, String line) {
    try {
      Files.writeString(logOf(s), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      err.println("study: cannot write " + logOf(s) + ": " + e.getMessage());
    }
  }

  /** The step's results.json, or null (a pause, or no readable results). */
  JsonNode resultsOf(Step s) {
    if (s.kind() == Step.Kind.PAUSE) {
      return null;
    }
    Path f = of(s).resolve("results.json");
    if (!Files.isRegularFile(f)) {
      return null;
    }
    try {
      return StudyJson.MAPPER.readTree(f.toFile());
    } catch (IOException e) {
      return null;
    }
  }

  /** The last line starting with "error:" in the step's log, or its last line. */
  /** The step's whole log, or "" without one. */
  String log(Step s) {
    try {
      return Files.readString(logOf(s), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  String lastError(Step s) {
    try {
      List<String> lines = Files.readAllLines(logOf(s), StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (lines.get(i).startsWith("error:")) {
          return lines.get(i);
        }
      }
      return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    } catch (IOException e) {
      return "no log";
    }
  }
}
