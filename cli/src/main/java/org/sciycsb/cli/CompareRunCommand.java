package org.sciycsb.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.PropertyFiles;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.report.ReportOptions;
import org.sciycsb.report.ResultData;
import org.sciycsb.report.compare.Interleaved;
import org.sciycsb.report.compare.RoundSeeds;
import org.sciycsb.report.compare.UntilDecided;
import org.sciycsb.results.ResultsDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ycsb compare --run [<binding>] [run flags] --side NAME:SPEC --side NAME:SPEC...}: runs the sides
 * alternately ({@code -p repeats=N} rounds of A B ...), then compares them as {@code bin/ycsb compare} does, the
 * first side the baseline. A side's SPEC is a comma-separated list of {@code key=value} properties and property
 * files, applied over the common flags. With {@code -p compare.until=decided} the rounds go on until the ratio's
 * interval decides ({@link UntilDecided}).
 */
@Command(name = "compare-run", hidden = true, separator = " ", description = "run two or more configurations alternately, round "
    + "after round (A B A B ...: -p repeats=N rounds), and compare them (bin/ycsb compare --run ...)")
final class CompareRunCommand implements Commands.Action {
  @Mixin
  Args args;
  private final List<String> sides = new ArrayList<>();
  @Option(names = "--load", description = "load each side's data once, before the first round")
  boolean load;
  @Option(names = "--gate", description = "exit 5 when a gated metric (compare.metrics) of a contender is worse "
      + "beyond the noise by more than compare.threshold percent; writes compare-junit.xml")
  boolean gate;

  @Option(names = "--side", paramLabel = "<name>:<spec>", description = "a configuration: its name, then "
      + "key=value properties and property files, comma-separated, over the common flags (repeatable, at least "
      + "two; the first is the baseline)")
  void side(String s) {
    sides.add(s);
  }

  @Option(names = "-threads", paramLabel = "<n>", description = "client threads (threadcount)")
  void threads(String n) {
    args.set("threadcount", n);
  }

  @Override
  public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
    // the comparison's own keys stay out of the runs
    Map<String, String> own = args.take(k -> k.equals("results.dir") || ReportOptions.all().get(k) != null
        && !k.startsWith("resources.") && !k.equals("label.device"));
    Config cfg = new Config(own);
    for (org.sciycsb.api.Option<?> o : ReportOptions.all().options()) {
      cfg.get(o); // a bad value fails before the first run
    }
    UntilDecided.Rule until = UntilDecided.rule(cfg);
    if (until != null && own.containsKey(ReportOptions.REPEATS.name())) {
      throw new ConfigException("repeats and compare.until=decided exclude each other: the rounds go from "
          + "compare.rounds.min to compare.rounds.max");
    }
    filter.addFrom(args.properties(), java.util.Set.of());
    List<Interleaved.Side> parsed = new ArrayList<>();
    for (String s : sides) {
      parsed.add(side(s, out, err, filter));
    }
    if (parsed.size() < 2) {
      throw new ConfigException("compare --run needs at least two sides: --side NAME:key=value,... --side "
          + "NAME:file.properties,...");
    }
    RoundSeeds seeds = RoundSeeds.of(cfg, parsed);
    ResultsDir dir = ResultsDir.create(own.get("results.dir"), "compare", args.binding() == null ? "default"
        : args.binding(), args.properties().get("label"));
    Interleaved.Outcome o = Interleaved.run(parsed, cfg.get(ReportOptions.REPEATS), until,
        cfg.get(ReportOptions.REPEAT_PAUSE), load, seeds, dir.path(), err);
    List<ResultData> runs = new ArrayList<>();
    for (Path p : o.sideDirs()) {
      runs.add(ResultData.load(p));
    }
    int gated = ReportCommands.compare(runs, cfg, gate, ReportCommands.compareHtml(cfg, dir.file("compare.html")),
        o.until(), seeds, out, err);
    err.println("compare --run: " + dir.path());
    return o.exitCode() != 0 ? o.exitCode() : gated;
  }

  /** One side's run: the common flags, then the side's files and properties, labelled with its name. */
  private Interleaved.Side side(String text, PrintStream out, PrintStream err, SecretFilter filter)
      throws ConfigException {
    int colon = text.indexOf(':');
    String name = colon < 0 ? text : text.substring(0, colon);
    if (!name.matches("[A-Za-z0-9._-]+") || name.equals("load")) {
      throw new ConfigException("bad --side '" + text + "': it starts with a name of letters, digits, '.', '_' or "
          + "'-' (not 'load'), then ':' and its properties");
    }
    if (sides.stream().filter(s -> s.startsWith(name + ":") || s.equals(name)).count() > 1) {
      throw new ConfigException("two sides are named " + name + ": each --side needs its own name");
    }
    Map<String, String> props = new LinkedHashMap<>();
    props.put("label", name);
    for (String item : colon < 0 ? new String[0] : text.substring(colon + 1).split(",")) {
      String t = item.trim();
      if (t.isEmpty()) {
        continue;
      }
      if (t.contains("=")) {
        String[] kv = Args.keyValue(t);
        props.put(kv[0], kv[1]);
      } else {
        props.putAll(PropertyFiles.read(Path.of(t), t));
      }
    }
    if (props.containsKey("db") || props.containsKey(EngineOptions.RESULTS_DIR.name())) {
      throw new ConfigException("--side " + name + " sets " + (props.containsKey("db") ? "db" : "results.dir")
          + ": the sides share the binding (the word after --run) and the comparison's folder");
    }
    filter.addFrom(props, java.util.Set.of());
    RunSpec run = Main.spec(Phase.RUN, args, List.of(), out, err).toBuilder().properties(props).build();
    return new Interleaved.Side(name, run);
  }
}
