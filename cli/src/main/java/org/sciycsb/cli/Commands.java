package org.sciycsb.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.Engine;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.config.KeyCheck;
import org.sciycsb.report.compare.Repeats;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * bin/ycsb's command tree, declared for picocli: load, run, merge, compare, sweep, findmax, report, history, study,
 * shell, help.
 * Parsing never prints: a bad line becomes one {@link ConfigException} (exit 2), and {@code --help} on any command
 * prints the usage picocli generates from the declarations, with the defaults of the engine's option declarations.
 */
public final class Commands {
  private Commands() {}

  /** A command of the tree: its exit code, or a typed exception. */
  public interface Action {
    int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException;
  }

  static final String COMMANDS = "load, run, merge, compare, sweep, findmax, report, history, study, shell or help";

  /** The top of the tree: {@code bin/ycsb} itself. */
  @Command(name = "bin/ycsb", synopsisHeading = "usage: ", customSynopsis = {
      "bin/ycsb load|run [<binding>] [options]     run a phase (default binding: jdbc, embedded H2)",
      "       bin/ycsb <command> [arguments] [options]",
      "       bin/ycsb <command> --help              the command's arguments and options, with their defaults"})
  static final class Top {
  }

  /** {@code -h}/{@code --help} on every command of the tree. */
  static final class HelpFlag {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;
  }

  /** {@code bin/ycsb load|run}: YCSB's flags ({@link Args}) and {@code -threads}. */
  @Command(description = "%s", separator = " ")
  public static final class PhaseCommand implements Action {
    final Phase phase;
    @Mixin
    Args args;

    PhaseCommand(Phase phase) {
      this.phase = phase;
    }

    @Option(names = "-threads", paramLabel = "<n>", description = "client threads (threadcount)")
    void threads(String n) {
      args.set("threadcount", n);
    }

    /** The command's arguments: a cluster runner (yarn-runner) takes them from here. */
    public Args args() {
      return args;
    }

    public Phase phase() {
      return phase;
    }

    @Override
    public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
      filter.addFrom(args.properties(), java.util.Set.of());
      Benchmark.Prepared p = Benchmark.prepare(Main.spec(phase, args, List.of(), out, err));
      filter.addFrom(p.config().asMap(), p.secrets());
      if (Repeats.of(p) > 1) {
        return Repeats.run(p); // -p repeats=N: N complete runs and their means with confidence intervals
      }
      Engine.Outcome o = Benchmark.run(p);
      if (o.resultsDir() != null && o.report() != null) {
        err.println("next: bin/ycsb report " + o.resultsDir() + "   (charts of this run; docs/quickstart.md)");
      }
      return o.exitCode();
    }
  }

  /** The tree, ready to parse (a fresh one each time: picocli keeps the values in the command objects). */
  public static CommandLine tree() {
    CommandLine cl = new CommandLine(new Top());
    cl.addSubcommand("load", new PhaseCommand(Phase.LOAD));
    cl.addSubcommand("run", new PhaseCommand(Phase.RUN));
    cl.addSubcommand("merge", new ReportCommands.MergeCommand());
    cl.addSubcommand("compare", new ReportCommands.CompareCommand());
    cl.addSubcommand("compare-run", new CompareRunCommand()); // bin/ycsb compare --run ...
    cl.addSubcommand("sweep", new ReportCommands.SweepCommand());
    cl.addSubcommand("findmax", new FindMaxCommand());
    cl.addSubcommand("report", new ReportCommands.ReportCommand());
    cl.addSubcommand("history", new HistoryCommand());
    cl.addSubcommand("rerun", new RerunCommand());
    cl.addSubcommand("study", StudyCli.tree());
    cl.addSubcommand("shell", new ShellCommand());
    ShellCommand.dropRunFlags(cl.getSubcommands().get("shell"));
    cl.addSubcommand("help", new Help.HelpCommand());
    describe(cl.getSubcommands().get("load"), "load the data set: the inserts of a workload (YCSB's load phase)");
    describe(cl.getSubcommands().get("run"), "run a workload's operations and measure them (YCSB's run phase)");
    configure(cl);
    return cl;
  }

  private static void describe(CommandLine cl, String text) {
    cl.getCommandSpec().usageMessage().description(text);
  }

  /** YCSB's conventions on every command: no clustered or @file arguments, a flag given twice: the later wins. */
  private static void configure(CommandLine cl) {
    cl.setPosixClusteredShortOptionsAllowed(false);
    cl.setExpandAtFiles(false);
    cl.setOverwrittenOptionsAllowed(true);
    cl.getCommandSpec().usageMessage().synopsisHeading("usage: ").descriptionHeading("%n").parameterListHeading("%n")
        .optionListHeading("%noptions:%n").commandListHeading("%ncommands:%n")
        .showDefaultValues(true).width(118);
    if (cl.getCommandSpec().optionsMap().get("--help") == null) {
      cl.addMixin("help", new HelpFlag());
    }
    cl.getSubcommands().values().forEach(Commands::configure);
  }

  /** Defaults shown in help that come from the declarations rather than from picocli's own fields. */
  static final Map<String, String> HELP_DEFAULTS = Map.of(
      "-threads", EngineOptions.THREADS.defaultText(),
      "-target", EngineOptions.TARGET.defaultText(),
      "--scale", "1 (the paper's sizes)",
      "--max-threads", "100 x CPUs = " + org.sciycsb.study.StudyCommand.defaultMaxThreads());

  /**
   * Parses a command line: picocli's exceptions become one line each (exit 2); a word that must come right after
   * its command (the binding, the study's name) but follows an option, and any extra word, is refused.
   */
  public static ParseResult parse(CommandLine cl, String[] argv) throws ConfigException {
    ParseResult pr;
    try {
      pr = cl.parseArgs(argv);
    } catch (ParameterException e) {
      throw new ConfigException(message(e), e);
    }
    for (ParseResult r = pr; r != null; r = r.subcommand()) {
      boolean afterOption = false;
      for (ArgSpec a : r.matchedArgs()) {
        if (a.isOption()) {
          afterOption = true;
        } else if (a.hidden() || afterOption && !((PositionalParamSpec) a).index().isVariable()) {
          throw new ConfigException("unexpected argument '" + a.originalStringValues().get(0) + "' ("
              + String.join(" ", r.commandSpec().qualifiedName(), String.join(" ", words(r.commandSpec())))
              + " [options]; options start with -)");
        }
      }
    }
    return pr;
  }

  private static List<String> words(CommandSpec spec) {
    return spec.positionalParameters().stream().filter(p -> !p.hidden())
        .map(p -> p.arity().min() == 0 ? "[" + p.paramLabel() + "]" : p.paramLabel()).toList();
  }

  /** picocli's parse errors in bin/ycsb's words. */
  static String message(ParameterException e) {
    CommandLine where = e.getCommandLine();
    String name = where.getCommandSpec().qualifiedName();
    String help = name + " --help";
    if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String arg = u.getUnmatched().get(0);
      if (arg.equals("--yarn") || arg.equals("--clients")) {
        // bin/ycsb hands these to the cluster runner (yarn-runner/); they only get here without the launcher
        return arg + " works with load and run through bin/ycsb, which adds the yarn-runner module:"
            + " bin/ycsb load|run <binding> ... --yarn <hadoop-conf-dir> --clients N";
      }
      if (where.getParent() == null && !arg.startsWith("-")) {
        String guess = KeyCheck.closest(arg, where.getSubcommands().keySet().stream()
            .filter(c -> !c.equals("compare-run")).toList());
        return "unknown command '" + arg + "': " + (guess == null ? "" : "did you mean " + guess + "? ") + "use "
            + COMMANDS;
      }
      if (arg.startsWith("-")) {
        return "unknown option " + arg + (where.getParent() == null ? "" : " for " + shortName(where))
            + " (see " + help + ")";
      }
      return "unexpected argument '" + arg + "' (see " + help + ")";
    }
    if (e instanceof CommandLine.MissingParameterException m && !m.getMissing().isEmpty()) {
      ArgSpec a = m.getMissing().get(0);
      if (a instanceof OptionSpec o) {
        int n = o.arity().min();
        return "option " + o.longestName() + (n > 1 ? " needs " + n + " values: " + o.paramLabel() : " needs a value");
      }
      return shortName(where) + " needs " + a.paramLabel() + " (see " + help + ")";
    }
    return e.getMessage();
  }

  private static String shortName(CommandLine cl) {
    return cl.getCommandSpec().qualifiedName().replaceFirst("^bin/ycsb ", "");
  }

  /**
   * A command of a tree made for its usage: the defaults of the declarations shown, and for load and run the flags
   * that bin/ycsb itself takes (they never reach Java). Never parse with it: picocli would set a default provider's
   * values as if given.
   */
  static CommandLine forHelp(List<String> path) {
    CommandLine cl = tree();
    for (String p : path) {
      cl = cl.getSubcommands().get(p);
    }
    cl.setDefaultValueProvider(a -> a instanceof OptionSpec o ? HELP_DEFAULTS.get(o.longestName()) : null);
    if (cl.getCommandSpec().userObject() instanceof PhaseCommand) {
      launcherFlag(cl, "-cp", "<path>", "add jars or folders to the classpath (bin/ycsb)");
      launcherFlag(cl, "-jvm-args", "<args>", "extra JVM arguments (bin/ycsb)");
      launcherFlag(cl, "--yarn", "<hadoop-conf-dir>", "run --clients N clients as the map tasks of a Hadoop job on "
          + "that YARN cluster and merge their results (bin/ycsb help yarn)");
      launcherFlag(cl, "--clients", "<n>", "clients of a --yarn run");
    }
    return cl;
  }

  private static void launcherFlag(CommandLine cl, String name, String label, String description) {
    cl.getCommandSpec().addOption(OptionSpec.builder(name).paramLabel(label).type(String.class)
        .description(description).build());
  }

  /** {@code compare --run ...} is the command compare-run: the runs' flags, not the directories compare reads. */
  static String[] compareRun(String[] argv) {
    if (argv.length >= 2 && argv[0].equals("compare") && argv[1].equals("--run")) {
      String[] out = new String[argv.length - 1];
      out[0] = "compare-run";
      System.arraycopy(argv, 2, out, 1, argv.length - 2);
      return out;
    }
    return argv;
  }

  /** Parses and runs a command line of bin/ycsb (Main.run's body). */
  static int execute(String[] argv, PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
    if (argv.length == 0) {
      throw new ConfigException("no command given: use load, run or help (bin/ycsb help)");
    }
    ParseResult pr = parse(tree(), compareRun(argv));
    List<String> path = new java.util.ArrayList<>();
    ParseResult last = pr;
    while (true) {
      if (last.isUsageHelpRequested()) {
        if (path.isEmpty()) {
          Help.general(out);
        } else {
          forHelp(path).usage(out);
        }
        return 0;
      }
      if (last.subcommand() == null) {
        break;
      }
      last = last.subcommand();
      path.add(last.commandSpec().name());
    }
    Object command = last.commandSpec().userObject();
    if (!(command instanceof Action action)) {
      throw new ConfigException("no command given: use " + COMMANDS + " (bin/ycsb help)");
    }
    return action.run(out, err, filter);
  }
}
