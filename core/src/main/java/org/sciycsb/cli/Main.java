package org.sciycsb.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Engine;
import org.sciycsb.engine.EngineOptions;
import org.sciycsb.workloads.CoreWorkloadOptions;

/**
 * The entry point behind {@code bin/ycsb}. The only place that exits the JVM: every failure below it is a typed
 * exception that becomes one line on stderr and an exit code.
 */
public final class Main {
  private Main() {}

  public static void main(String[] argv) {
    // every line on stdout and stderr, drivers' log lines included, goes through the secret filter
    SecretFilter filter = new SecretFilter();
    PrintStream out = filter.wrap(System.out);
    PrintStream err = filter.wrap(System.err);
    System.setOut(out);
    System.setErr(err);
    int code = run(argv, out, err, filter);
    out.close(); // passes on a last line without a newline; the process's own streams stay open
    err.close();
    System.exit(code);
  }

  /** Runs a command and returns its exit code; never exits the JVM (tests call this). */
  public static int run(String[] argv, PrintStream out, PrintStream err) {
    return run(argv, out, err, new SecretFilter());
  }

  /** As {@link #run(String[], PrintStream, PrintStream)}, registering the secrets it reads with {@code filter}. */
  public static int run(String[] argv, PrintStream out, PrintStream err, SecretFilter filter) {
    boolean debug = Args.wantsDebug(argv);
    try {
      if (argv.length > 0 && argv[0].equals("study")) {
        return org.sciycsb.study.StudyCommand.run(argv, out, err);
      }
      Args args = org.sciycsb.report.ReportCommands.handles(argv) ? Args.parse(new String[] {argv[0]})
          : Args.parse(argv);
      filter.addFrom(args.properties, Set.of());
      switch (args.command) {
        case "help":
        case "-h":
        case "--help":
          return help(args, out);
        case "load":
          return runPhase(Phase.LOAD, args, out, err, filter);
        case "run":
          return runPhase(Phase.RUN, args, out, err, filter);
        case "merge":
        case "compare":
        case "sweep":
        case "report":
          return org.sciycsb.report.ReportCommands.run(args.command, argv, out, err);
        default:
          throw new ConfigException("unknown command '" + args.command
              + "': use load, run, merge, compare, sweep, report, study or help");
      }
    } catch (BenchmarkException e) {
      err.println("error: " + Secrets.maskText(e.getMessage()));
      if (debug) {
        e.printStackTrace(err);
      }
      return e.exitCode();
    } catch (RuntimeException | LinkageError e) {
      err.println("error: unexpected " + e.getClass().getSimpleName() + ": " + Secrets.maskText(e.getMessage())
          + (debug ? "" : " (run with --debug for the stack trace)"));
      if (debug) {
        e.printStackTrace(err);
      }
      return BenchmarkException.EXIT_RUN_FAILED;
    }
  }

  private static int help(Args args, PrintStream out) throws ConfigException {
    boolean markdown = args.positional.contains("--markdown") || args.properties.containsKey("markdown");
    if (args.binding == null) {
      Help.general(out);
    } else {
      Help.topic(args.binding, markdown, out);
    }
    return 0;
  }

  /**
   * A phase's configuration after the checks every local run makes before anything starts: the binding and the
   * workload found, every key checked against the declarations (engine, workload, binding, reports and the
   * caller's extra sets), every engine option parsed, the workload's binding defaults applied ({@code asked}).
   */
  public record Prepared(Phase phase, Config config, Binding binding, BenchWorkload workload, String bindingName,
      Set<String> secrets, List<String> warnings, Map<String, String> asked) {}

  /**
   * Checks a load or run as a local run does, without opening the binding: bad input throws
   * {@link ConfigException} (one line, exit 2). Warnings go to err. {@code extra} declares the options of the
   * caller (for example a cluster runner's {@code yarn.*}), so their keys are known too.
   */
  public static Prepared prepare(Phase phase, Args args, List<OptionSet> extra, PrintStream err)
      throws BenchmarkException {
    Prepared p = checkKeysAndValues(phase, args, extra);
    if (!p.asked().isEmpty()) {
      err.println("workload " + p.workload().name() + " sets " + p.asked());
    }
    p.workload().validate(p.config(), phase); // values, combinations and input files, before the binding opens
    for (String w : p.warnings()) {
      err.println(w);
    }
    return p;
  }

  /**
   * Checks a load or run command line as {@code bin/ycsb load|run} would before starting anything (binding,
   * workload, property files, keys, values) and returns the warnings; nothing is started or written. Studies
   * check every step of their plan with this before the first one runs (the workload's own checks of input
   * files are left to the step: an earlier step may write them).
   */
  public static List<String> check(String[] argv) throws ConfigException {
    Args args = Args.parse(argv);
    if (!args.command.equals("load") && !args.command.equals("run")) {
      throw new ConfigException("not a load or run command: " + args.command);
    }
    return checkKeysAndValues(args.command.equals("load") ? Phase.LOAD : Phase.RUN, args, List.of()).warnings();
  }

  private static Prepared checkKeysAndValues(Phase phase, Args args, List<OptionSet> extra)
      throws ConfigException {
    if (!args.positional.isEmpty()) {
      throw new ConfigException("unexpected argument '" + args.positional.get(0) + "' (options start with -)");
    }
    Config config = new Config(args.properties);
    Binding binding = Registry.binding(args.binding, config.raw("db"));
    BenchWorkload workload = Registry.workload(config);
    List<OptionSet> sets = new ArrayList<>();
    sets.add(EngineOptions.all());
    sets.add(workload.options());
    if (!workload.name().equals("core")) {
      sets.add(CoreWorkloadOptions.all()); // upstream workload files carry these keys
    }
    sets.add(binding.options());
    sets.add(org.sciycsb.report.ReportOptions.runOptions());
    sets.addAll(extra);
    org.sciycsb.report.Sla.parse(config.asMap()); // sla.<OP>.<metric> keys are dynamic: checked here
    List<String> warnings = checkKeys(config, sets);
    String bindingName = args.binding != null ? args.binding : binding.name();
    Map<String, String> asked = new java.util.TreeMap<>();
    for (Map.Entry<String, String> e : workload.bindingDefaults(config, bindingName).entrySet()) {
      if (!config.has(e.getKey()) && binding.options().declares(e.getKey())) {
        asked.put(e.getKey(), e.getValue());
      }
    }
    if (!asked.isEmpty()) {
      config = config.with(asked);
      checkKeys(config, sets);
    }
    KeyCheck.required(config, sets); // after the workload's binding defaults, which may give one
    // read every engine option now: a bad value fails here, before anything starts
    for (Option<?> o : EngineOptions.all().options()) {
      config.get(o);
    }
    Set<String> secrets = new HashSet<>();
    for (OptionSet s : sets) {
      for (Option<?> o : s.options()) {
        if (o.isSecret()) {
          secrets.add(o.name());
        }
      }
    }
    return new Prepared(phase, config, binding, workload, bindingName, secrets, warnings, asked);
  }

  private static int runPhase(Phase phase, Args args, PrintStream out, PrintStream err, SecretFilter filter)
      throws BenchmarkException {
    Prepared p = prepare(phase, args, List.of(), err);
    Config config = p.config();
    Binding binding = p.binding();
    BenchWorkload workload = p.workload();
    String bindingName = p.bindingName();
    Set<String> secrets = p.secrets();
    filter.addFrom(config.asMap(), secrets);
    Path home = Path.of(System.getProperty("sciycsb.home", "."));
    Path work = Path.of(System.getenv().getOrDefault("SCIYCSB_WORK", home.resolve("work").toString()));
    try {
      Files.createDirectories(work);
    } catch (java.io.IOException e) {
      throw new ConfigException("cannot create the work folder " + work + ": " + e.getMessage());
    }
    Map<String, Object> launch = new LinkedHashMap<>();
    // a client started by a cluster runner has no checkout: the runner passes the revision it was started from
    String revision = System.getProperty("sciycsb.gitRevision");
    launch.put("gitRevision", revision != null && !revision.isBlank() ? revision : GitRevision.of(home));
    launch.put("commandLine", Secrets.maskText(String.join(" ", commandLine(args))));
    err.println("sciycsb " + phase.name().toLowerCase(java.util.Locale.ROOT) + ": binding " + bindingName
        + ", workload " + workload.name() + ", " + config.get(EngineOptions.THREADS) + " thread(s)"
        + (config.get(EngineOptions.TARGET) > 0 ? ", target " + config.get(EngineOptions.TARGET) + " ops/s" : ""));
    Engine engine = new Engine(new Engine.Request(phase, bindingName, binding, workload, config, work, out, err,
        args.debug, launch, secrets));
    Thread hook = new Thread(() -> {
      engine.requestStop("interrupted by a signal");
      try {
        engine.awaitFinished(Duration.ofSeconds(60));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "sciycsb-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    Engine.Outcome outcome;
    try {
      outcome = engine.run();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // a signal arrived: the hook waits for the results written below
      }
    }
    err.println("results: " + outcome.resultsDir());
    if (outcome.failure() != null) {
      err.println("error: " + Secrets.maskText(outcome.failure()));
    }
    return outcome.exitCode();
  }

  /** Prints an option set as {@code bin/ycsb help} does (text, or a markdown table). */
  public static void printOptions(String name, String title, OptionSet set, boolean markdown, PrintStream out) {
    Help.print(name, title, set, markdown, out);
  }

  /** The key check, leaving out the dynamic {@code sla.*} keys (checked by {@code Sla.parse}). */
  private static List<String> checkKeys(Config config, List<OptionSet> sets) throws ConfigException {
    Map<String, String> checked = new LinkedHashMap<>(config.asMap());
    checked.keySet().removeIf(org.sciycsb.report.Sla::isSlaKey);
    return KeyCheck.check(new Config(checked), sets);
  }

  private static List<String> commandLine(Args args) {
    List<String> parts = new ArrayList<>();
    parts.add(args.command);
    if (args.binding != null) {
      parts.add(args.binding);
    }
    args.properties.forEach((k, v) -> parts.add("-p " + k + "=" + (Secrets.looksSecret(k) ? Secrets.MASK : v)));
    return parts;
  }
}
