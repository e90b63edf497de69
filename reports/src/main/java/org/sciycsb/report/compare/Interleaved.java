package org.sciycsb.report.compare;

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
import org.sciycsb.report.ReportOptions;

/**
 * {@code bin/ycsb compare --run}: two or more configurations run alternately, round after round (A B A B ...), so
 * that a drift of the machine (a warming cache, a neighbour, a throttled CPU) hits every side alike instead of
 * whichever ran last. Each side is a repeated run in its own folder ({@code <side>/repeat-1/} ...,
 * {@code <side>/results.json} with the means and their 95 % intervals), ready for {@link Verdicts}. With a rule of
 * {@link UntilDecided}, rounds are added until the rule decides or its maximum is reached.
 */
public final class Interleaved {
  /** One configuration: its name (its folder and its column) and the run it makes each round. */
  public record Side(String name, RunSpec run) {}

  /**
   * The sides' folders (each with its summary, in the sides' order), the exit code of the runs and, with a rule,
   * how the rounds ended (null without one).
   */
  public record Outcome(List<Path> sideDirs, int exitCode, UntilDecided.Result until) {}

  private Interleaved() {}

  /**
   * Checks every side (nothing runs when one is wrong), loads each side's data once when asked, then runs
   * {@code rounds} rounds of one run per side, {@code pause} between runs, into {@code dir}.
   */
  public static Outcome run(List<Side> sides, int rounds, Duration pause, boolean load, Path dir, PrintStream err)
      throws BenchmarkException {
    return run(sides, rounds, null, pause, load, dir, err);
  }

  /**
   * As {@link #run(List, int, Duration, boolean, Path, PrintStream)}; with a rule ({@code until} not null) the rounds
   * go on from the rule's minimum until it decides or to its maximum ({@code rounds} is then not used).
   */
  public static Outcome run(List<Side> sides, int rounds, UntilDecided.Rule until, Duration pause, boolean load,
      Path dir, PrintStream err) throws BenchmarkException {
    return run(sides, rounds, until, pause, load, null, dir, err);
  }

  /**
   * As {@link #run(List, int, UntilDecided.Rule, Duration, boolean, Path, PrintStream)}, each run with the seed
   * {@code seeds} gives its side and round (null: none added); the seeds used are recorded in {@code seeds}.
   */
  public static Outcome run(List<Side> sides, int rounds, UntilDecided.Rule until, Duration pause, boolean load,
      RoundSeeds seeds, Path dir, PrintStream err) throws BenchmarkException {
    for (Side s : sides) {
      check(s, s.run());
      if (load) {
        check(s, s.run().toBuilder(Phase.LOAD).build());
      }
    }
    if (seeds != null) {
      err.println(seeds.line(sides.size())); // once every side is known good
    }
    if (load) {
      load(sides, seeds, dir, err);
    }
    Map<String, List<RepeatSummary.Repeat>> done = new LinkedHashMap<>();
    sides.forEach(s -> done.put(s.name(), new ArrayList<>()));
    try (Repeats.SignalGuard guard = new Repeats.SignalGuard(sides.get(0).run().handleSignals())) {
      Rounds r = new Rounds(sides, until == null ? rounds : until.max(), until, pause, dir, done);
      r.seeds = seeds;
      int exit = r.run(guard.signalled(), err);
      return new Outcome(summarise(done, dir, err), exit, r.result);
    }
  }

  private static void check(Side s, RunSpec spec) throws BenchmarkException {
    try {
      Benchmark.check(spec).forEach(w -> s.run().err().println("warning: " + s.name() + ": " + w));
    } catch (ConfigException e) {
      throw new ConfigException("side " + s.name() + ": " + e.getMessage());
    }
  }

  /** Each side's load, with round 1's seed when the seeds are paired: every side loads the same values. */
  private static void load(List<Side> sides, RoundSeeds seeds, Path dir, PrintStream err) throws BenchmarkException {
    for (Side s : sides) {
      Path to = dir.resolve(s.name()).resolve("load");
      err.println("load " + s.name() + " -> " + to);
      RunSpec.Builder b = s.run().toBuilder(Phase.LOAD).property("results.dir", to.toString())
          .property(ReportOptions.REPEATS.name(), "1");
      Long seed = seeds == null ? null : seeds.seed(s.name(), 1);
      if (seed != null) {
        b.property("seed", Long.toString(seed));
      }
      RunSpec spec = b.build();
      int code = Benchmark.run(spec).exitCode();
      if (code != 0) {
        throw new BenchmarkException(code, "the load of " + s.name() + " failed (exit " + code + "), see " + to);
      }
    }
  }

  /** The rounds of one comparison and, with a rule, its judgement after each round. */
  private static final class Rounds {
    final List<Side> sides;
    final int max;
    final UntilDecided.Rule until;
    final Duration pause;
    final Path dir;
    final Map<String, List<RepeatSummary.Repeat>> done;
    UntilDecided.Result result;
    RoundSeeds seeds;

    Rounds(List<Side> sides, int max, UntilDecided.Rule until, Duration pause, Path dir,
        Map<String, List<RepeatSummary.Repeat>> done) {
      this.sides = sides;
      this.max = max;
      this.until = until;
      this.pause = pause;
      this.dir = dir;
      this.done = done;
    }

    int run(AtomicBoolean signalled, PrintStream err) throws ConfigException {
      int exit = 0;
      boolean first = true;
      String of = until == null ? " of " + max : " of at most " + max;
      for (int r = 1; r <= max; r++) {
        for (Side s : sides) {
          if (!first && (signalled.get() || !Repeats.sleep(pause))) {
            return stopped(r - 1, exit == 0 ? BenchmarkException.EXIT_INTERRUPTED : exit);
          }
          first = false;
          String name = "repeat-" + r;
          Path to = dir.resolve(s.name()).resolve(name);
          err.println("round " + r + of + ": " + s.name() + " -> " + to);
          RepeatSummary.Repeat one = Repeats.runOne(seeded(s, r), to, name);
          done.get(s.name()).add(one);
          exit = exit == 0 ? one.exitCode() : exit;
          if (Repeats.stopsRepeats(one.exitCode()) || signalled.get()) {
            return stopped(r, exit); // a run that could not start stops the rounds: the next would fail alike
          }
        }
        if (until != null && r >= until.min()) {
          result = UntilDecided.after(until, r, judged());
          err.println(result.line());
          if (!result.ended().equals("continuing")) {
            return exit;
          }
        }
      }
      return exit;
    }

    /** The side's run of round r, with the round's seed when there is one. */
    private RunSpec seeded(Side s, int r) {
      Long seed = seeds == null ? null : seeds.seed(s.name(), r);
      if (seeds != null) {
        seeds.started(r);
      }
      return seed == null ? s.run() : s.run().toBuilder().property("seed", Long.toString(seed)).build();
    }

    private int stopped(int rounds, int exit) throws ConfigException {
      if (until != null) {
        result = new UntilDecided.Result(until, "stopped", rounds, judged());
      }
      return exit;
    }

    /** Every contender's interval against the baseline's, from the completed runs so far. */
    private List<UntilDecided.Judged> judged() throws ConfigException {
      String base = sides.get(0).name();
      List<UntilDecided.Judged> judged = new ArrayList<>();
      for (Side s : sides.subList(1, sides.size())) {
        List<List<Double>> p = UntilDecided.paired(until, done.get(base), done.get(s.name()));
        if (p == null) {
          String side = UntilDecided.values(until, done.get(base)) == null ? base : s.name();
          throw new ConfigException("compare.decide=" + until.operation() + "." + until.metric() + ": the runs of "
              + side + " have no operation " + until.operation() + " (see " + dir.resolve(side) + ")");
        }
        judged.add(UntilDecided.judge(until, s.name(), base, p.get(0), p.get(1)));
      }
      return judged;
    }
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
      var summary = Repeats.write(side, e.getValue(), true);
      if (summary.path("summary").path("outcome").asText().equals("failed")) {
        err.println("error: " + e.getKey() + ": " + summary.path("metadata").path("failure").asText());
      }
      out.add(side);
    }
    return out;
  }
}
