package org.sciycsb.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.Phase;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.Hlog;
import org.sciycsb.report.MergedRun;
import org.sciycsb.report.ReportOptions;
import org.sciycsb.report.ResultData;
import org.sciycsb.report.Sla;
import org.sciycsb.report.compare.Compare;
import org.sciycsb.report.compare.CompareGate;
import org.sciycsb.report.compare.UntilDecided;
import org.sciycsb.report.compare.Verdicts;
import org.sciycsb.report.html.Chromium;
import org.sciycsb.report.html.HtmlReport;
import org.sciycsb.report.sweep.Sweep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The commands that read results directories: merge, compare, sweep and report. */
public final class ReportCommands {
  private ReportCommands() {}

  /** Positional arguments and {@code -p key=value} properties (the reports take no -P files). */
  record Parsed(List<String> positional, Map<String, String> props) {}

  /** The flags of merge, compare and report: {@code -p key=value}, {@code -l label}, {@code --debug}. */
  abstract static class PathsCommand implements Commands.Action {
    private final List<String> props = new ArrayList<>();
    @Option(names = {"--debug", "-debug"}, description = "stack traces on errors")
    boolean debug;

    @Option(names = "-p", paramLabel = "<key>=<value>", description = "a property (repeatable; bin/ycsb help reports)")
    void property(String keyValue) {
      props.add(keyValue);
    }

    @Option(names = "-l", paramLabel = "<label>", description = "label (label)")
    void label(String label) {
      props.add("label=" + label);
    }

    /** The paths and the properties, every declared option checked. */
    Parsed parsed(List<String> paths, PrintStream err) throws ConfigException {
      Map<String, String> m = new LinkedHashMap<>();
      for (String kv : props) {
        String[] p = Args.keyValue(kv);
        m.put(p[0], p[1]);
      }
      return checked(new Parsed(paths, m), err);
    }
  }

  @Command(name = "merge", separator = " ", description = "combine the results of client processes into one, with "
      + "exact percentiles (-p results.dir=OUT)")
  static final class MergeCommand extends PathsCommand {
    @Parameters(arity = "0..*", paramLabel = "<dir|file.hlog>", description = "results directories or interval logs")
    List<String> paths = new ArrayList<>();

    @Override
    public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
      return merge(parsed(paths, err), out, err);
    }
  }

  @Command(name = "compare", separator = " ", description = "runs side by side, text and HTML (-p report.out=FILE)")
  static final class CompareCommand extends PathsCommand {
    @Parameters(arity = "0..*", paramLabel = "<dir>", description = "the baseline's results directory, then the "
        + "contenders'")
    List<String> paths = new ArrayList<>();
    @Option(names = "--gate", description = "exit 5 when a gated metric (compare.metrics) is worse beyond the noise "
        + "by more than compare.threshold percent; writes compare-junit.xml")
    boolean gate;
    @Option(names = "--run", description = "right after compare: run the configurations alternately and compare "
        + "them (bin/ycsb compare --run --help)")
    boolean run;

    @Override
    public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
      if (run) {
        throw new ConfigException("--run comes right after compare: bin/ycsb compare --run [<binding>] [options] "
            + "--side NAME:SPEC --side NAME:SPEC");
      }
      return compare(parsed(paths, err), gate, out, err);
    }
  }

  @Command(name = "report", separator = " ", description = "an HTML page with charts of a run, and a PNG through "
      + "headless Chromium when it is installed (-p report.png=true: fail without it; false: none)")
  static final class ReportCommand extends PathsCommand {
    @Parameters(arity = "0..*", paramLabel = "<dir>", description = "a results directory")
    List<String> paths = new ArrayList<>();

    @Override
    public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
      return report(parsed(paths, err), out, err);
    }
  }

  /** {@code bin/ycsb sweep}: run's flags, a list of thread counts, repeats and an optional load first. */
  @Command(name = "sweep", separator = " ", description = "run a workload at several thread counts, repeated, and "
      + "aggregate the runs (sweep.csv, sweep.html, sweep.json; the runs use the data loaded before)")
  static final class SweepCommand implements Commands.Action {
    @Mixin
    Args args;
    @Option(names = "--repeat", paramLabel = "<n>", description = "runs per thread count")
    String repeat = "1";
    @Option(names = "--order", paramLabel = "sweeps|points", description = "sweeps (default, the order of seed 003 "
        + "and the more robust against drift): the whole sweep once, then again for each repeat; points: every "
        + "repeat of a thread count, then the next count")
    String order = "sweeps";
    @Option(names = "--load", description = "load the data once before the first run")
    boolean load;

    @Option(names = {"--threads", "-threads"}, paramLabel = "<n,n,...>", required = false,
        description = "the thread counts, e.g. 1,2,5,10 (required; -p threadcount=... too)")
    void threads(String list) {
      args.set("threadcount", list);
    }

    @Override
    public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
      return sweep(this, out, err);
    }
  }

  /** Parses every declared option now (a bad value fails first) and warns about keys no report reads. */
  static Parsed checked(Parsed a, PrintStream err) throws ConfigException {
    Config cfg = new Config(a.props());
    for (org.sciycsb.api.Option<?> o : ReportOptions.all().options()) {
      cfg.get(o);
    }
    for (String k : a.props().keySet()) {
      if (ReportOptions.all().get(k) == null && !Sla.isSlaKey(k) && !k.equals("results.dir") && !k.equals("label")) {
        err.println("warning: property " + k + " is not used by bin/ycsb " + "merge, compare or report"
            + " (see bin/ycsb help reports)");
      }
    }
    return a;
  }

  // ------------------------------------------------------------------------------------------------ merge

  static int merge(Parsed a, PrintStream out, PrintStream err) throws BenchmarkException {
    if (a.positional().isEmpty()) {
      throw new ConfigException("merge needs results directories or .hlog files: bin/ycsb merge <dir|file.hlog>... "
          + "[-p results.dir=OUT]");
    }
    List<Path> inputs = new ArrayList<>();
    for (String p : a.positional()) {
      inputs.add(Path.of(p));
    }
    return MergedRun.write(inputs, a.props(), out, err).exitCode();
  }

  // ------------------------------------------------------------------------------------------------ compare

  static int compare(Parsed a, boolean gate, PrintStream out, PrintStream err) throws BenchmarkException {
    if (a.positional().size() < 2) {
      throw new ConfigException("compare needs a baseline and at least one contender: "
          + "bin/ycsb compare <baseline-dir> <contender-dir>... [-p report.out=FILE] [--gate]");
    }
    Config cfg = new Config(a.props());
    if (UntilDecided.rule(cfg) != null) {
      err.println("warning: compare.until=decided applies to compare --run only (it adds rounds): ignored");
    }
    List<ResultData> runs = new ArrayList<>();
    for (String p : a.positional()) {
      runs.add(ResultData.load(Path.of(p)));
    }
    return compare(runs, cfg, gate, compareHtml(cfg, Path.of("compare.html")), out, err);
  }

  /** Where compare.html goes: report.out (a file, or a folder for compare.html), else dflt. */
  static Path compareHtml(Config cfg, Path dflt) throws ConfigException {
    String o = cfg.get(ReportOptions.REPORT_OUT);
    return o == null ? dflt : Files.isDirectory(Path.of(o)) ? Path.of(o).resolve("compare.html") : Path.of(o);
  }

  /**
   * Compares loaded runs (the first the baseline): the table and verdicts on out, compare.html at html with
   * compare.json (and compare-junit.xml with the gate) beside it; the gate's exit code (0 without it).
   */
  static int compare(List<ResultData> runs, Config cfg, boolean gate, Path html, PrintStream out, PrintStream err)
      throws BenchmarkException {
    return compare(runs, cfg, gate, html, null, out, err);
  }

  /** As above, with how compare --run's rounds ended (null: a fixed number of rounds, or no rounds). */
  static int compare(List<ResultData> runs, Config cfg, boolean gate, Path html, UntilDecided.Result until,
      PrintStream out, PrintStream err) throws BenchmarkException {
    return compare(runs, cfg, gate, html, until, null, out, err);
  }

  /** As above, with the seeds compare --run's runs used (null: not a compare --run), kept in compare.json. */
  static int compare(List<ResultData> runs, Config cfg, boolean gate, Path html, UntilDecided.Result until,
      org.sciycsb.report.compare.RoundSeeds seeds, PrintStream out, PrintStream err) throws BenchmarkException {
    java.util.Set<String> gated = CompareGate.metrics(cfg.get(ReportOptions.COMPARE_METRICS));
    double threshold = cfg.get(ReportOptions.COMPARE_THRESHOLD);
    List<Verdicts.Row> verdicts = verdicts(runs, cfg.get(ReportOptions.COMPARE_SEED), threshold);
    Compare.incomparable(runs).forEach(w -> err.println("warning: " + w));
    Compare.differences(runs, 12).forEach(w -> err.println("note: " + Secrets.maskText(w)));
    out.print(Compare.text(runs));
    out.print(Compare.verdictText(verdicts, runs));
    if (until != null) {
      out.println("rounds: " + until.line());
    }
    out.flush();
    write(html, Compare.html(runs, verdicts, until));
    write(sibling(html, "compare.json"), Compare.json(verdicts, until, runs, seeds));
    err.println("html: " + html.toAbsolutePath());
    png(cfg, html, "false", err);
    return gate ? gate(verdicts, gated, threshold, sibling(html, "compare-junit.xml"), err) : 0;
  }

  private static List<Verdicts.Row> verdicts(List<ResultData> runs, long seed, double threshold)
      throws ConfigException {
    List<String> titles = Compare.titles(runs);
    List<Verdicts.Row> rows = new ArrayList<>();
    for (int i = 1; i < runs.size(); i++) {
      rows.addAll(Verdicts.judge(runs.get(0), runs.get(i), titles.get(i), seed + i, threshold));
    }
    return rows;
  }

  private static Path sibling(Path html, String name) {
    Path parent = html.toAbsolutePath().getParent();
    return parent == null ? Path.of(name) : parent.resolve(name);
  }

  private static int gate(List<Verdicts.Row> verdicts, java.util.Set<String> metrics, double threshold, Path junit,
      PrintStream err) throws BenchmarkException {
    List<CompareGate.Check> checks = CompareGate.check(verdicts, metrics, threshold);
    write(junit, CompareGate.junitXml(checks));
    long failed = checks.stream().filter(c -> !c.passed()).count();
    for (CompareGate.Check c : checks) {
      if (!c.passed()) {
        err.println("REGRESSION: " + c.message());
      }
    }
    err.println(CompareGate.summary(checks, junit));
    return failed > 0 ? Sla.EXIT_SLA_BREACHED : 0;
  }

  // ------------------------------------------------------------------------------------------------ report

  static int report(Parsed a, PrintStream out, PrintStream err) throws BenchmarkException {
    if (a.positional().size() != 1) {
      throw new ConfigException("report needs one results directory: bin/ycsb report <dir> [-p report.out=FILE] "
          + "[-p report.png=false]");
    }
    Config cfg = new Config(a.props());
    ResultData d = ResultData.load(Path.of(a.positional().get(0)));
    Hlog h = d.hlog();
    String o = cfg.get(ReportOptions.REPORT_OUT);
    Path html = o == null ? d.dir().resolve("report.html") : Path.of(o);
    write(html, HtmlReport.render(d.json(), h == null ? Map.of() : h.totals()));
    err.println("html: " + html.toAbsolutePath());
    png(cfg, html, "auto", err);
    return 0;
  }

  /** Renders html to a PNG beside it, as report.png says (dflt when unset). */
  static Path png(Config cfg, Path html, String dflt, PrintStream err) throws BenchmarkException {
    String mode = cfg.get(ReportOptions.REPORT_PNG);
    if (mode == null) {
      mode = dflt;
    }
    if (mode.equals("false")) {
      return null;
    }
    String configured = cfg.get(ReportOptions.CHROMIUM);
    Path exe = Chromium.find(configured);
    if (exe == null) {
      if (mode.equals("auto")) {
        err.println("note: no PNG: " + Chromium.missingMessage(configured));
        return null;
      }
      throw new ConfigException(Chromium.missingMessage(configured) + "; the HTML was written to " + html);
    }
    String name = html.getFileName().toString();
    Path png = html.resolveSibling((name.endsWith(".html") ? name.substring(0, name.length() - 5) : name) + ".png");
    int width = cfg.get(ReportOptions.PNG_WIDTH);
    Integer height = cfg.get(ReportOptions.PNG_HEIGHT);
    if (height == null) {
      height = Math.max(200, Math.min(20000, Chromium.pageHeight(exe, html, width)));
    }
    Chromium.screenshot(exe, html, png, width, height);
    err.println("png: " + png.toAbsolutePath());
    return png;
  }

  static void write(Path file, String content) throws ConfigException {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      org.sciycsb.api.AtomicFiles.write(file, content);
    } catch (IOException e) {
      throw new ConfigException("cannot write " + file + ": " + e.getMessage());
    }
  }

  // ------------------------------------------------------------------------------------------------ sweep

  static int sweep(SweepCommand c, PrintStream out, PrintStream err) throws BenchmarkException {
    // the sweep's own -p keys stay out of its runs
    Map<String, String> reportProps = c.args.take(k -> k.equals("threadcount") || k.equals("results.dir")
        || k.startsWith("report."));
    String threadList = reportProps.remove("threadcount");
    String resultsDir = reportProps.remove("results.dir");
    if (threadList == null) {
      throw new ConfigException("sweep needs --threads, e.g. --threads 1,2,5,10");
    }
    List<Integer> threads = parseThreads(threadList);
    int repeat = parseRepeat(c.repeat);
    if (!c.order.equals("sweeps") && !c.order.equals("points")) {
      throw new ConfigException("bad value for --order: '" + c.order + "' (sweeps: the whole sweep per repeat, the "
          + "default; points: every repeat of a thread count, then the next)");
    }
    boolean sweepsFirst = c.order.equals("sweeps");
    boolean load = c.load;
    Args parsed = c.args;
    String binding = parsed.binding();
    Config rcfg = new Config(reportProps);
    for (org.sciycsb.api.Option<?> o : ReportOptions.all().options()) {
      rcfg.get(o); // bad report.* values fail before the first run
    }
    // validates the run options (files, keys, values) before the first run
    String label = parsed.properties().get("label");
    Path dir;
    if (resultsDir != null) {
      dir = Path.of(resultsDir);
    } else {
      String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
      dir = Path.of("results", stamp + "-sweep-" + (binding == null ? "default" : binding)
          + (label == null ? "" : "-" + label.replaceAll("[^A-Za-z0-9._-]", "_")));
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ConfigException("cannot create the sweep folder " + dir + ": " + e.getMessage());
    }
    dir = dir.toAbsolutePath();
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    int worst = 0;
    String loadDir = null;
    if (load) {
      RunSpec spec = Main.spec(Phase.LOAD, parsed, List.of(), quiet, err).toBuilder()
          .property("results.dir", dir.resolve("load").toString()).build();
      err.println("sweep: load -> " + dir.resolve("load"));
      int code = Main.guarded(parsed.debug(), err, () -> Benchmark.run(spec).exitCode());
      if (code != 0) {
        throw new BenchmarkException(code, "sweep: the load failed (exit " + code + "), see " + dir.resolve("load"));
      }
      loadDir = "load";
    }
    Map<Integer, List<Sweep.Run>> byThreads = new LinkedHashMap<>();
    threads.forEach(t -> byThreads.put(t, new ArrayList<>()));
    for (int[] tr : sequence(threads, repeat, sweepsFirst)) {
      Sweep.Run run = sweepRun(parsed, dir, tr[0], tr[1], repeat, quiet, err);
      worst = worst == 0 ? run.exitCode() : worst;
      byThreads.get(tr[0]).add(run);
    }
    List<Sweep.Point> points = new ArrayList<>();
    byThreads.forEach((t, runs) -> points.add(new Sweep.Point(t, runs))); // each in repeat order
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("binding", binding);
    info.put("workload", parsed.properties().getOrDefault("workload", "site.ycsb.workloads.CoreWorkload"));
    info.put("label", label);
    info.put("storageLabel", parsed.properties().get("label.storage"));
    info.put("threads", threads);
    info.put("repeat", repeat);
    info.put("order", sweepsFirst ? "sweeps" : "points");
    info.put("load", loadDir);
    info.put("note", "runs use the data loaded before the sweep (bin/ycsb load, or --load once at the start)");
    writeSweep(Sweep.aggregate(info, points), dir, rcfg, out, err);
    return worst;
  }

  /** sweep.csv (also on stdout), sweep.html, sweep.json and the PNG when Chromium is found. */
  private static void writeSweep(Map<String, Object> tree, Path dir, Config rcfg, PrintStream out, PrintStream err)
      throws BenchmarkException {
    try {
      org.sciycsb.api.AtomicFiles.write(dir.resolve("sweep.csv"), Sweep.csv(tree));
      org.sciycsb.api.AtomicFiles.write(dir.resolve("sweep.html"), Sweep.html(tree));
      org.sciycsb.api.AtomicFiles.write(dir.resolve("sweep.json"), Sweep.json(tree));
    } catch (IOException e) {
      throw new ConfigException("cannot write the sweep aggregate to " + dir + ": " + e.getMessage());
    }
    out.print(Sweep.csv(tree));
    out.flush();
    png(rcfg, dir.resolve("sweep.html"), "auto", err);
    err.println("sweep: " + dir);
  }

  static int parseRepeat(String s) throws ConfigException {
    int repeat;
    try {
      repeat = Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      throw new ConfigException("bad value for --repeat: '" + s + "' is not a whole number");
    }
    if (repeat < 1) {
      throw new ConfigException("bad value for --repeat: must be at least 1");
    }
    return repeat;
  }

  /**
   * The (threads, repeat) pairs in the order they run: repeat-major ({@code sweepsFirst}: repeat 1 runs every thread
   * count, then repeat 2, ..., as seed 003 did) or point-major (every repeat of a count, then the next count).
   */
  static List<int[]> sequence(List<Integer> threads, int repeat, boolean sweepsFirst) {
    List<int[]> out = new ArrayList<>();
    if (sweepsFirst) {
      for (int r = 1; r <= repeat; r++) {
        for (int t : threads) {
          out.add(new int[] {t, r});
        }
      }
    } else {
      for (int t : threads) {
        for (int r = 1; r <= repeat; r++) {
          out.add(new int[] {t, r});
        }
      }
    }
    return out;
  }

  /** One run of a sweep point; a run that cannot start (exit 2, 3) or a signal stops the sweep. */
  private static Sweep.Run sweepRun(Args parsed, Path dir, int t, int r, int repeat, PrintStream quiet,
      PrintStream err) throws BenchmarkException {
    Path runDir = Sweep.runPath(dir, t, r);
    RunSpec spec = Main.spec(Phase.RUN, parsed, List.of(), quiet, err).toBuilder()
        .property("threadcount", Integer.toString(t)).property("results.dir", runDir.toString()).build();
    err.println("sweep: " + t + " thread(s), run " + r + " of " + repeat + " -> " + runDir);
    int code = Main.guarded(parsed.debug(), err, () -> Benchmark.run(spec).exitCode());
    if (code == BenchmarkException.EXIT_CONFIG || code == BenchmarkException.EXIT_BINDING) {
      throw new BenchmarkException(code, "sweep stopped: the run with " + t + " thread(s) could not start "
          + "(exit " + code + ")");
    }
    if (code == BenchmarkException.EXIT_INTERRUPTED) {
      throw new BenchmarkException(code, "sweep interrupted at " + t + " thread(s), run " + r);
    }
    ResultData data = Files.isRegularFile(runDir.resolve("results.json")) ? ResultData.load(runDir) : null;
    return new Sweep.Run(Sweep.runDir(t, r), code, data);
  }

  static List<Integer> parseThreads(String s) throws ConfigException {
    List<Integer> out = new ArrayList<>();
    for (String p : s.split(",")) {
      if (p.isBlank()) {
        continue;
      }
      try {
        int t = Integer.parseInt(p.trim());
        if (t < 1) {
          throw new NumberFormatException();
        }
        out.add(t);
      } catch (NumberFormatException e) {
        throw new ConfigException("bad value for --threads: '" + p.trim() + "' is not a thread count (1 or more)");
      }
    }
    if (out.isEmpty()) {
      throw new ConfigException("--threads needs a list such as 1,2,5,10");
    }
    return out;
  }
}
