package org.sciycsb.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.Secrets;
import org.sciycsb.workloads.CoreWorkloadOptions;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.output.ExporterClass;
import org.sciycsb.output.OutputOptions;
import org.sciycsb.engine.config.ProjectBindings;
import org.sciycsb.engine.config.Registry;
import org.sciycsb.engine.config.KeyCheck;
import org.sciycsb.engine.schedule.ArrivalProcess;
import org.sciycsb.engine.trace.TraceOut;
import org.sciycsb.engine.trace.TraceWorkload;

/**
 * The programmatic entry to the engine: {@link #run(RunSpec)} checks a phase as {@code bin/ycsb load|run} does,
 * runs it and returns its outcome. Every check happens before anything starts: bad input throws
 * {@link ConfigException} and leaves nothing behind.
 */
public final class Benchmark {
  private Benchmark() {}

  /**
   * A phase's configuration after the checks every run makes before anything starts: the binding and the workload
   * found, every key checked against the declarations (engine, workload, binding, the extensions' and the caller's
   * extra sets), every engine option parsed, the workload's binding defaults applied ({@code asked}).
   */
  public record Prepared(RunSpec spec, Config config, Binding binding, BenchWorkload workload, String bindingName,
      Set<String> secrets, List<String> warnings, Map<String, String> asked, List<OptionSet> optionSets) {
    public Phase phase() {
      return spec.phase();
    }
  }

  /** Checks, then runs one phase; the outcome says how it ended (its exit code, results and failure). */
  public static Engine.Outcome run(RunSpec spec) throws BenchmarkException {
    return run(prepare(spec));
  }

  /**
   * Checks a phase as a run does, without opening the binding, and prints the warnings to the spec's err. The
   * workload checks its values, combinations and input files too.
   */
  public static Prepared prepare(RunSpec spec) throws BenchmarkException {
    Prepared p = checkKeysAndValues(spec);
    if (!p.asked().isEmpty()) {
      spec.err().println("workload " + p.workload().name() + " sets " + p.asked());
    }
    p.workload().validate(p.config(), spec.phase());
    for (String w : p.warnings()) {
      spec.err().println(w);
    }
    return p;
  }

  /**
   * Checks the binding, the workload and every key and value, and returns the warnings; nothing is opened, started
   * or written, and the workload's checks of input files are left out (an earlier step of a study may write them).
   */
  public static List<String> check(RunSpec spec) throws ConfigException {
    return checked(spec).warnings();
  }

  /** As {@link #check}, the checked phase itself (binding, workload, configuration): nothing opened or started. */
  public static Prepared checked(RunSpec spec) throws ConfigException {
    return checkKeysAndValues(spec);
  }

  /** Runs a prepared phase: the start line, the engine (stopped early by a signal, if asked), the results line. */
  public static Engine.Outcome run(Prepared p) throws BenchmarkException {
    RunSpec spec = p.spec();
    Config config = p.config();
    ProcessHandle watched = watched(config.get(EngineOptions.STOP_WITH_PID));
    spec.err().println("sciycsb " + spec.phase().name().toLowerCase(Locale.ROOT) + ": binding " + p.bindingName()
        + ", workload " + p.workload().name() + ", " + config.get(EngineOptions.THREADS) + " thread(s)"
        + (config.get(EngineOptions.TARGET) > 0 ? ", target " + config.get(EngineOptions.TARGET) + " ops/s" : ""));
    Engine engine = new Engine(new Engine.Request(spec.phase(), p.bindingName(), p.binding(), p.workload(), config,
        workDir(spec), spec.out(), spec.err(), spec.debug(), launch(p), p.secrets(), spec.extensions()));
    if (watched != null) {
      watched.onExit().thenRun(() -> engine.requestStop("process " + watched.pid() + " ended (stop.withpid)"));
    }
    Engine.Outcome outcome = spec.handleSignals() ? runStoppingOnSignal(engine) : engine.run();
    spec.err().println("results: " + outcome.resultsDir());
    Map<String, Object> validity = outcome.report() == null ? null : outcome.report().validity();
    if (validity != null) {
      org.sciycsb.engine.validity.Validity.printedNotes(validity).forEach(spec.err()::println);
    }
    if (validity != null && !"valid".equals(validity.get("verdict"))) {
      spec.err().println(org.sciycsb.engine.validity.Validity.line(validity));
    }
    if (outcome.failure() != null) {
      spec.err().println("error: " + Secrets.maskText(outcome.failure()));
    }
    return outcome;
  }

  /**
   * A prepared phase's binding opened outside a run, for one client of its own (bin/ycsb shell): the run's
   * configuration, the work folder a run uses, one thread, {@code scratch} as the results folder (it must exist). A
   * binding that cannot start throws {@link BindingException} (exit 3), as a run's does. The caller closes it.
   */
  public static BindingRun openBinding(Prepared p, Path scratch) throws BenchmarkException {
    RunContext ctx = new RunContext(p.config(), p.phase(), 1, scratch, workDir(p.spec()), p.spec().err());
    try {
      return p.binding().open(ctx);
    } catch (BenchmarkException e) {
      throw e;
    } catch (RuntimeException | LinkageError e) {
      throw new BindingException("binding " + p.bindingName() + " failed to start: "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
  }

  /**
   * {@code stop.withpid}'s process, whose end stops the engine as a signal would (a study's client processes watch
   * the study), or null; a process that has ended already is bad input, before anything starts.
   */
  private static ProcessHandle watched(long pid) throws ConfigException {
    return pid == 0 ? null : ProcessHandle.of(pid).filter(ProcessHandle::isAlive).orElseThrow(() ->
        new ConfigException("bad value for stop.withpid: " + pid + " (no such process on this host)"));
  }

  private static Engine.Outcome runStoppingOnSignal(Engine engine) throws BenchmarkException {
    Thread hook = new Thread(() -> {
      engine.requestStop("interrupted by a signal");
      try {
        engine.awaitFinished(Duration.ofSeconds(60));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "sciycsb-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return engine.run();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // a signal arrived: the hook waits for the results the engine writes
      }
    }
  }

  private static Prepared checkKeysAndValues(RunSpec spec) throws ConfigException {
    Config config = new Config(spec.properties());
    Binding binding = Registry.binding(spec.binding(), config.raw("db"));
    BenchWorkload workload = Registry.workload(config);
    if (workload instanceof TraceWorkload tw) {
      config = tw.prepare(config); // the trace read and checked: its thread count
    }
    List<OptionSet> sets = optionSets(spec, workload, binding);
    for (RunExtension e : spec.extensions()) {
      e.validate(config);
    }
    List<String> warnings = checkKeys(config, sets, spec.extensions(), spec.phase());
    String bindingName = spec.binding() != null ? spec.binding() : binding.name();
    Map<String, String> asked = new TreeMap<>();
    for (Map.Entry<String, String> e : workload.bindingDefaults(config, bindingName).entrySet()) {
      if (!config.has(e.getKey()) && binding.options().declares(e.getKey())) {
        asked.put(e.getKey(), e.getValue());
      }
    }
    if (!asked.isEmpty()) {
      config = config.with(asked);
      checkKeys(config, sets, spec.extensions(), spec.phase());
    }
    KeyCheck.required(config, sets); // after the workload's binding defaults, which may give one
    // read every engine option now: a bad value fails here, before anything starts
    for (Option<?> o : EngineOptions.all().options()) {
      config.get(o);
    }
    ThreadCapacity.check(config.get(EngineOptions.THREADS));
    ArrivalProcess.of(config);
    checkInflight(config, binding, bindingName, workload);
    checkTraceOut(config, workload);
    checkOutput(config);
    return new Prepared(spec, config, binding, workload, bindingName, secretKeys(sets), warnings, asked, sets);
  }

  /**
   * {@code inflight=N}: at least one place per thread; more places than threads need a binding whose client threads
   * can keep several operations pending, and a workload with asynchronous operations.
   */
  static void checkInflight(Config config, Binding binding, String bindingName, BenchWorkload workload)
      throws ConfigException {
    if (!config.isSet(EngineOptions.INFLIGHT)) {
      return;
    }
    int inflight = config.get(EngineOptions.INFLIGHT);
    int threads = config.get(EngineOptions.THREADS);
    if (inflight < threads) {
      throw new ConfigException("inflight=" + inflight + " is less than threadcount (" + threads
          + "): every thread keeps at least one operation in flight");
    }
    if (inflight == threads) {
      return; // one per thread: the synchronous loop
    }
    if (!binding.supportsAsync()) {
      throw new ConfigException("binding " + bindingName + " is synchronous: inflight=" + inflight + " needs -threads "
          + inflight + ", or an asynchronous binding (" + ASYNC_BINDINGS + "; bin/ycsb help <binding> says)");
    }
    if (!workload.supportsAsync(binding)) {
      throw new ConfigException("workload " + workload.name() + " has no asynchronous operations on binding "
          + bindingName + ": inflight=" + inflight + " needs -threads " + inflight + " (asynchronous: the core"
          + " workloads A-F on " + ASYNC_BINDINGS + "; fhir and fasta on " + ASYNC_ACCESS_PATH_BINDINGS + ")");
    }
  }

  /**
   * YCSB's output properties: the {@code exporter} class, the folders of {@code exportfile},
   * {@code hdrhistogram.output.path} and {@code measurement.raw.output_file} (none is created).
   */
  static void checkOutput(Config config) throws ConfigException {
    ExporterClass.check(config.get(OutputOptions.EXPORTER));
    ExporterClass.checkFile(config.get(OutputOptions.EXPORT_FILE));
    if (config.get(OutputOptions.HDR_FILE_OUTPUT)) {
      String prefix = config.get(OutputOptions.HDR_OUTPUT_PATH);
      ExporterClass.checkFolderOf(OutputOptions.HDR_OUTPUT_PATH.name(), prefix + "x.hdr");
    }
    String raw = config.get(OutputOptions.RAW_OUTPUT_FILE);
    if (raw != null) {
      ExporterClass.checkFolderOf(OutputOptions.RAW_OUTPUT_FILE.name(), raw);
    }
  }

  /**
   * {@code trace.out}: a writable folder, and a workload whose operations are all record operations on the
   * {@code DB} (the calls of an access path are not traced).
   */
  static void checkTraceOut(Config config, BenchWorkload workload) throws ConfigException {
    TraceOut.check(config);
    if (config.isSet(EngineOptions.TRACE_OUT) && !workload.requiredAccessPaths().isEmpty()) {
      throw new ConfigException("trace.out records the DB's record operations: workload " + workload.name()
          + " works through an access path (" + workload.requiredAccessPaths().get(0).getSimpleName()
          + ") whose operations it cannot record");
    }
  }

  /**
   * The bindings of this project that send asynchronously, for the message above: each binding module has its own
   * classpath, so the registry cannot ask the others. Each asynchronous binding's tests check that it is named here.
   */
  public static final String ASYNC_BINDINGS = ProjectBindings.get("async");

  /**
   * As {@link #ASYNC_BINDINGS}, for the asynchronous {@code SubjectTimeline} and {@code DocumentStore} access paths
   * (the fhir and fasta workloads).
   */
  public static final String ASYNC_ACCESS_PATH_BINDINGS = ProjectBindings.get("async.accesspaths");

  /** Every option set a phase's keys are checked against. */
  private static List<OptionSet> optionSets(RunSpec spec, BenchWorkload workload, Binding binding) {
    List<OptionSet> sets = new ArrayList<>();
    sets.add(EngineOptions.all());
    sets.add(workload.options());
    if (!workload.name().equals("core")) {
      sets.add(CoreWorkloadOptions.all()); // upstream workload files carry these keys
    }
    sets.add(binding.options());
    for (RunExtension e : spec.extensions()) {
      sets.add(e.options());
    }
    sets.addAll(spec.extraOptions());
    return sets;
  }

  private static Set<String> secretKeys(List<OptionSet> sets) {
    Set<String> secrets = new HashSet<>();
    for (OptionSet s : sets) {
      for (Option<?> o : s.options()) {
        if (o.isSecret()) {
          secrets.add(o.name());
        }
      }
    }
    return secrets;
  }

  /** The key check, leaving out the dynamic keys the extensions own (they check them themselves). */
  private static List<String> checkKeys(Config config, List<OptionSet> sets, List<RunExtension> extensions,
      org.sciycsb.api.Phase phase) throws ConfigException {
    Map<String, String> checked = new LinkedHashMap<>(config.asMap());
    checked.keySet().removeIf(k -> extensions.stream().anyMatch(e -> e.ownsKey(k)));
    return KeyCheck.check(new Config(checked), sets, phase);
  }

  /** The checkout ({@code sciycsb.home}) and its work folder ({@code SCIYCSB_WORK}, default {@code work/}). */
  static Path home() {
    return Path.of(System.getProperty("sciycsb.home", "."));
  }

  private static Path workDir(RunSpec spec) throws ConfigException {
    Path work = spec.workDir() != null ? spec.workDir()
        : Path.of(System.getenv().getOrDefault("SCIYCSB_WORK", home().resolve("work").toString()));
    try {
      Files.createDirectories(work);
    } catch (IOException e) {
      throw new ConfigException("cannot create the work folder " + work + ": " + e.getMessage());
    }
    return work;
  }

  /**
   * The launch metadata: the revision (a client started by a cluster runner has no checkout: the runner passes
   * the revision as {@code sciycsb.gitRevision}) and the command line (secrets masked), unless the caller gave them.
   */
  private static Map<String, Object> launch(Prepared p) {
    RunSpec spec = p.spec();
    Map<String, Object> launch = new LinkedHashMap<>();
    String revision = System.getProperty("sciycsb.gitRevision");
    launch.put("gitRevision", revision != null && !revision.isBlank() ? revision : GitRevision.of(home()));
    launch.put("commandLine", Secrets.maskText(String.join(" ", commandLine(spec))));
    launch.put("manifest", Manifest.of(p.config(), p.optionSets(), p.secrets()));
    launch.putAll(spec.launchMetadata());
    return launch;
  }

  private static List<String> commandLine(RunSpec spec) {
    List<String> parts = new ArrayList<>();
    parts.add(spec.phase() == Phase.LOAD ? "load" : "run");
    if (spec.binding() != null) {
      parts.add(spec.binding());
    }
    spec.properties().forEach((k, v) -> parts.add("-p " + k + "=" + (Secrets.looksSecret(k) ? Secrets.MASK : v)));
    return parts;
  }
}
