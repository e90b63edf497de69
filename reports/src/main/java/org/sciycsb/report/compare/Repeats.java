package org.sciycsb.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sciycsb.api.AtomicFiles;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.Engine;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.report.ReportOptions;
import org.sciycsb.results.ResultsDir;

/**
 * {@code -p repeats=N}: the measured phase N times in one invocation, each repeat a complete results folder
 * ({@code repeat-1/} ... {@code repeat-N/}, warmup included) under the run's folder, {@code repeat.pause} between
 * them, then the means with their 95 % confidence intervals ({@link RepeatSummary}) in the run's folder.
 */
public final class Repeats {
  private Repeats() {}

  /** The number of repeats a prepared phase asks for (checked when it was prepared: at least 1). */
  public static int of(Benchmark.Prepared p) throws ConfigException {
    return p.config().get(ReportOptions.REPEATS);
  }

  /**
   * Runs the repeats of a phase checked by {@link Benchmark#prepare} and returns the exit code: 0 when every repeat
   * completed, else the first repeat's failing code (a signal stops the repeats: 130 or 143, with what was measured
   * still summarised).
   */
  public static int run(Benchmark.Prepared p) throws BenchmarkException {
    RunSpec spec = p.spec();
    Config cfg = p.config();
    int n = cfg.get(ReportOptions.REPEATS);
    if (spec.phase() == Phase.LOAD) {
      // every repeat loads into an emptied table (a binding that cannot empty it refuses the first repeat)
      spec = spec.toBuilder().property(EngineOptions.EMPTY.name(), "true").build();
    }
    Duration pause = cfg.get(ReportOptions.REPEAT_PAUSE);
    ResultsDir top = ResultsDir.create(cfg.get(EngineOptions.RESULTS_DIR),
        spec.phase().name().toLowerCase(java.util.Locale.ROOT), p.bindingName(), cfg.get(EngineOptions.LABEL));
    try (SignalGuard guard = new SignalGuard(spec.handleSignals())) {
      return repeat(spec, n, pause, top, guard.signalled());
    }
  }

  /**
   * Between the repeats, a signal stops the repeat that runs (its engine writes its results) and no other starts;
   * the JVM waits (up to a minute) for the summary of what was measured, written before {@link #close}.
   */
  static final class SignalGuard implements AutoCloseable {
    private final CountDownLatch summarised = new CountDownLatch(1);
    private final AtomicBoolean signalled = new AtomicBoolean();
    private final Thread hook;

    SignalGuard(boolean install) {
      hook = install ? new Thread(() -> {
        signalled.set(true);
        try {
          summarised.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "sciycsb-repeats-shutdown") : null;
      if (hook != null) {
        Runtime.getRuntime().addShutdownHook(hook);
      }
    }

    AtomicBoolean signalled() {
      return signalled;
    }

    @Override
    public void close() {
      summarised.countDown();
      if (hook != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running: it waited for the summary
        }
      }
    }
  }

  private static int repeat(RunSpec spec, int n, Duration pause, ResultsDir top, AtomicBoolean signalled)
      throws BenchmarkException {
    List<RepeatSummary.Repeat> repeats = new ArrayList<>();
    int exit = 0;
    for (int i = 1; i <= n; i++) {
      if (i > 1 && (signalled.get() || !sleep(pause))) {
        exit = exit == 0 ? BenchmarkException.EXIT_INTERRUPTED : exit;
        break;
      }
      String name = "repeat-" + i;
      spec.err().println("repeat " + i + " of " + n + " -> " + top.path().resolve(name));
      RepeatSummary.Repeat r = runOne(spec, top.path().resolve(name), name);
      repeats.add(r);
      exit = exit == 0 ? r.exitCode() : exit;
      if (stopsRepeats(r.exitCode()) || signalled.get()) {
        break;
      }
    }
    return summarise(spec, top, repeats, exit);
  }

  /** A run interrupted, or one that could not start (bad input, binding): the next would end alike. */
  static boolean stopsRepeats(int exitCode) {
    return exitCode == BenchmarkException.EXIT_INTERRUPTED || exitCode == BenchmarkException.EXIT_CONFIG
        || exitCode == BenchmarkException.EXIT_BINDING;
  }

  /** One complete run of spec into dir (its text there, none on stdout). */
  static RepeatSummary.Repeat runOne(RunSpec spec, Path dir, String name) {
    // each repeat's text goes to its folder; stdout gets the summary
    RunSpec one = spec.toBuilder().property(ReportOptions.REPEATS.name(), "1")
        .property(EngineOptions.RESULTS_DIR.name(), dir.toString())
        .out(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8)).build();
    try {
      Engine.Outcome o = Benchmark.run(one);
      return new RepeatSummary.Repeat(name, read(dir), o.exitCode(), o.failure());
    } catch (BenchmarkException e) {
      spec.err().println("error: " + name + ": " + Secrets.maskText(e.getMessage()));
      return new RepeatSummary.Repeat(name, null, e.exitCode(), Secrets.maskText(e.getMessage()));
    }
  }

  private static JsonNode read(Path dir) {
    try {
      return RepeatSummary.MAPPER.readTree(dir.resolve("results.json").toFile());
    } catch (IOException e) {
      return null;
    }
  }

  /** Writes the repeats' results.json and results.txt in dir and returns the summary (at least one left results). */
  static ObjectNode write(Path dir, List<RepeatSummary.Repeat> repeats) throws BenchmarkException {
    return write(dir, repeats, false);
  }

  /**
   * As {@link #write(Path, List)}; {@code rounds}: the repeats are compare --run's interleaved rounds (marked
   * {@code repeats.rounds}: compare pairs them round by round with the other sides').
   */
  static ObjectNode write(Path dir, List<RepeatSummary.Repeat> repeats, boolean rounds) throws BenchmarkException {
    ObjectNode summary = RepeatSummary.aggregate(repeats);
    if (rounds) {
      ((ObjectNode) summary.path("repeats")).put("rounds", true);
    }
    try {
      AtomicFiles.write(dir.resolve("results.json"), RepeatSummary.MAPPER.copy()
          .enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(summary) + "\n");
      AtomicFiles.write(dir.resolve("results.txt"), RepeatSummary.text(summary));
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "could not write the repeats' summary to "
          + dir + ": " + e.getMessage());
    }
    return summary;
  }

  private static int summarise(RunSpec spec, ResultsDir top, List<RepeatSummary.Repeat> repeats, int exit)
      throws BenchmarkException {
    if (repeats.stream().allMatch(r -> r.results() == null)) {
      top.discard();
      RepeatSummary.Repeat first = repeats.get(0);
      throw new BenchmarkException(first.exitCode(), "no repeat left results: " + first.failure());
    }
    ObjectNode summary = write(top.path(), repeats);
    spec.out().print(RepeatSummary.text(summary));
    spec.err().println("repeats: " + top.path() + " (" + summary.path("repeats").path("averaged").asInt() + " of "
        + repeats.size() + " averaged)");
    boolean failed = summary.path("summary").path("outcome").asText().equals("failed");
    if (failed) {
      spec.err().println("error: " + summary.path("metadata").path("failure").asText());
      return exit == 0 ? BenchmarkException.EXIT_RUN_FAILED : exit;
    }
    return exit;
  }

  /** Sleeps for pause; false when interrupted. */
  static boolean sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
