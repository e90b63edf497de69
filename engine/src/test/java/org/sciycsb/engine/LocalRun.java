package org.sciycsb.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.fault.FaultSchedule;
import org.sciycsb.metrics.PrometheusMetrics;

/**
 * The engine tests' runner (the testkit's InProcessRun serves every other module; the engine cannot depend on it):
 * {@code load|run [<binding>]} with {@code -P}, {@code -p}, {@code -threads}, {@code -target}, {@code -db} and
 * {@code --debug} as one {@link RunSpec} through {@link Benchmark#run(RunSpec)}, its exit code and streams kept.
 */
final class LocalRun {
  private static final Map<String, String> FLAG_KEYS = Map.of("-threads", "threadcount", "-target", "target", "-db",
      "db");
  final int exit;
  final String out;
  final String err;

  private LocalRun(int exit, ByteArrayOutputStream out, ByteArrayOutputStream err) {
    this.exit = exit;
    this.out = out.toString(StandardCharsets.UTF_8);
    this.err = err.toString(StandardCharsets.UTF_8);
  }

  static LocalRun run(String... argv) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(e, true, StandardCharsets.UTF_8);
    boolean debug = List.of(argv).contains("--debug");
    int exit;
    try {
      RunSpec.Builder b = RunSpec.builder(Phase.valueOf(argv[0].toUpperCase(Locale.ROOT)))
          .out(new PrintStream(o, true, StandardCharsets.UTF_8)).err(err).debug(debug)
          .extension(FaultSchedule.EXTENSION).extension(PrometheusMetrics.EXTENSION);
      int i = 1;
      if (argv.length > 1 && !argv[1].startsWith("-")) {
        b.binding(argv[i++]);
      }
      for (; i < argv.length; i++) {
        if (argv[i].equals("-P")) {
          b.propertyFile(Path.of(argv[++i]));
        } else if (argv[i].equals("-p")) {
          String kv = argv[++i];
          b.property(kv.substring(0, kv.indexOf('=')).trim(), kv.substring(kv.indexOf('=') + 1));
        } else if (!argv[i].equals("--debug")) {
          b.property(FLAG_KEYS.get(argv[i]), argv[++i]);
        }
      }
      exit = Benchmark.run(b.build()).exitCode();
    } catch (BenchmarkException ex) {
      err.println("error: " + Secrets.maskText(ex.getMessage()));
      if (debug) {
        ex.printStackTrace(err);
      }
      exit = ex.exitCode();
    }
    return new LocalRun(exit, o, e);
  }

  static JsonNode results(Path dir) throws IOException {
    return new ObjectMapper().readTree(dir.resolve("results.json").toFile());
  }

  /**
   * The value of a text line such as {@code [READ], Operations}, or null: from stdout (YCSB's measurements), else
   * from the run's results.txt (the extended text), in the folder named on stderr ({@code results: DIR}).
   */
  String text(String section, String metric) {
    String v = line(out, section, metric);
    return v != null ? v : line(resultsText(), section, metric);
  }

  /** The run's results.txt, or "" when it named no results folder. */
  String resultsText() {
    return err.lines().filter(l -> l.startsWith("results: ")).findFirst().map(l -> {
      try {
        return java.nio.file.Files.readString(Path.of(l.substring("results: ".length()).trim(), "results.txt"));
      } catch (IOException e) {
        return "";
      }
    }).orElse("");
  }

  private static String line(String text, String section, String metric) {
    String prefix = "[" + section + "], " + metric + ", ";
    return text.lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()).trim()).findFirst()
        .orElse(null);
  }

  @Override
  public String toString() {
    return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
  }
}
