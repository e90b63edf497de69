package org.sciycsb.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.RunSpec;

/**
 * {@code bin/ycsb compare --run}: two or more configurations run alternately, round after round (A B A B ...), so
 * that a drift of the machine (a warming cache, a neighbour, a throttled CPU) hits every side alike instead of
 * whichever ran last. Each side is a repeated run in its own folder ({@code <side>/repeat-1/} ...,
 * {@code <side>/results.json} with the means and their 95 % intervals), ready for {@link Verdicts}.
 */
public final class Interleaved {
  /** One configuration: its name (its folder and its column) and the run it makes each round. */
  public record Side(String name, RunSpec run) {}

  /** The sides' folders (each with its summary, in the sides' order) and the exit code of the runs. */
  public record Outcome(List<Path> sideDirs, int exitCode) {}

  private Interleaved() {}

  /**
   * Checks every side (nothing runs when one is wrong), loads each side's data once when asked, then runs
   * {@code rounds} rounds of one run per side, {@code pause} between runs, into {@code dir}.
   */
  public static Outcome run(List<Side> sides, int rounds, Duration pause, boolean load, Path dir, PrintStream err)
      throws BenchmarkException {
    for (Side s : sides) {
      check(s, s.run());
      if (load) {
        check(s, s.run().toBuilder(Phase.LOAD).build());
      }
    }
    if (load) {
      load(sides, dir, err);
    }
    Map<String, List<RepeatSummary.Repeat>> done = new LinkedHashMap<>();
    sides.forEach(s -> done.put(s.name(), new ArrayList<>()));
    int exit;
    try (Repeats.SignalGuard guard = new Repeats.SignalGuard(sides.get(0).run().handleSignals())) {
      exit = rounds(sides, rounds, pause, dir, done, guard.signalled(), err);
      return new Outcome(summarise(done, dir, err), exit);
    }
  }

  private static void check(Side s, RunSpec spec) throws BenchmarkException {
    try {
      Benchmark.check(spec).forEach(w -> s.run().err().println("warning: " + s.name() + ": " + w));
    } catch (ConfigException e) {
      throw new ConfigException("side " + s.name() + ": " + e.getMessage());
    }
  }

  private static void load(List<Side> sides, Path dir, PrintStream err) throws BenchmarkException {
    for (Side s : sides) {
      Path to = dir.resolve(s.name()).resolve("load");
      err.println("load " + s.name() + " -> " + to);
      RunSpec spec = s.run().toBuilder(Phase.LOAD).property("results.dir", to.toString())
          .property(ReportOptions.REPEATS.name(), "1").build();
      int code = Benchmark.run(spec).exitCode();
      if (code != 0) {
        throw new BenchmarkException(code, "the load of " + s.name() + " failed (exit " + code + "), see " + to);
      }
    }
  }

  private static int rounds(List<Side> sides, int rounds, Duration pause, Path dir,
      Map<String, List<RepeatSummary.Repeat>> done, AtomicBoolean signalled, PrintStream err) {
    int exit = 0;
    boolean first = true;
    for (int r = 1; r <= rounds; r++) {
      for (Side s : sides) {
        if (!first && (signalled.get() || !Repeats.sleep(pause))) {
          return exit == 0 ? BenchmarkException.EXIT_INTERRUPTED : exit;
        }
        first = false;
        String name = "repeat-" + r;
        Path to = dir.resolve(s.name()).resolve(name);
        err.println("round " + r + " of " + rounds + ": " + s.name() + " -> " + to);
        RepeatSummary.Repeat one = Repeats.runOne(s.run(), to, name);
        done.get(s.name()).add(one);
        exit = exit == 0 ? one.exitCode() : exit;
        if (Repeats.stopsRepeats(one.exitCode()) || signalled.get()) {
          return exit; // a run that could not start stops the rounds: the next would fail alike
        }
      }
    }
    return exit;
  }

  private static List<Path> summarise(Map<String, List<RepeatSummary.Repeat>> done, Path dir, PrintStream err)
      throws BenchmarkException {
    List<Path> out = new ArrayList<>();
    for (Map.Entry<String, List<RepeatSummary.Repeat>> e : done.entrySet()) {
      Path side = dir.resolve(e.getKey());
      if (e.getValue().stream().allMatch(r -> r.results() == null)) {
        String why = e.getValue().isEmpty() ? "it never ran" : e.getValue().get(0).failure();
        throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "side " + e.getKey()
            + " left no results (" + why + "): nothing to compare, see " + side);
      }
      try {
        Files.createDirectories(side);
      } catch (IOException x) {
        throw new ConfigException("cannot create " + side + ": " + x.getMessage());
      }
      var summary = Repeats.write(side, e.getValue());
      if (summary.path("summary").path("outcome").asText().equals("failed")) {
        err.println("error: " + e.getKey() + ": " + summary.path("metadata").path("failure").asText());
      }
      out.add(side);
    }
    return out;
  }
}
