package org.sciycsb.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * What a run in-process leaves: its exit code, stdout and stderr, with the readers tests use (a YCSB text line, a
 * results directory's {@code results.json}). {@link InProcessRun} and the command line's own test runner give one.
 */
public class CapturedRun {
  public final int exit;
  public final String out;
  public final String err;

  protected CapturedRun(int exit, String out, String err) {
    this.exit = exit;
    this.out = out;
    this.err = err;
  }

  /** The same run, seen through a subclass (the runner that made it). */
  protected CapturedRun(CapturedRun run) {
    this(run.exit, run.out, run.err);
  }

  /** Something that runs with the two streams given and returns an exit code. */
  @FunctionalInterface
  public interface Body {
    int run(PrintStream out, PrintStream err);
  }

  /** Runs the body with two streams of its own and keeps its exit code and what it wrote. */
  public static CapturedRun capture(Body body) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int code;
    try (PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8);
        PrintStream pe = new PrintStream(e, true, StandardCharsets.UTF_8)) {
      code = body.run(po, pe);
    }
    return new CapturedRun(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
  }

  /** A results directory's {@code results.json}. */
  public static JsonNode results(Path dir) throws IOException {
    return new ObjectMapper().readTree(dir.resolve("results.json").toFile());
  }

  /**
   * The value of a text line such as {@code [READ], Operations}: from stdout (YCSB's measurements), else from the
   * run's {@code results.txt} (this project's extended text: {@code [OVERALL]} latencies, {@code -SERVICE},
   * {@code [MAX_GC_PAUSE]}, {@code [VALIDITY]}), in the folder the run named on stderr ({@code results: DIR}).
   */
  public String text(String section, String metric) {
    return text(out, err, section, metric);
  }

  /**
   * {@link #text(String, String)} of any finished command's stdout and stderr (a launcher's, say): stdout's line,
   * else the line of the results.txt in the folder stderr names, else null.
   */
  public static String text(String stdout, String stderr, String section, String metric) {
    String v = line(stdout, section, metric);
    if (v != null) {
      return v;
    }
    String txt = resultsText(stderr);
    return txt == null ? null : line(txt, section, metric);
  }

  /** The run's {@code results.txt}, or null when the run named no results folder. */
  public String resultsText() {
    return resultsText(err);
  }

  private static String resultsText(String stderr) {
    for (String line : stderr.split("\n")) {
      if (line.startsWith("results: ")) {
        Path f = Path.of(line.substring("results: ".length()).trim(), "results.txt");
        try {
          return java.nio.file.Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
          return null;
        }
      }
    }
    return null;
  }

  private static String line(String text, String section, String metric) {
    String prefix = "[" + section + "], " + metric + ", ";
    for (String line : text.split("\n")) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length()).trim();
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
  }
}
