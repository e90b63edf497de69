package org.sciycsb.report.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import java.util.Optional;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.StoreLocation;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.RunExtension;
import org.sciycsb.engine.RunListener;
import org.sciycsb.engine.servers.ServerControl;
import org.sciycsb.report.FinalStatus;
import org.sciycsb.report.ReportOptions;
import org.sciycsb.report.Sla;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/**
 * What a run adds for the reports, plugged into the engine as a {@link RunListener}: resource sampling while it
 * runs, the storage device in the metadata, and at the end {@code resources.csv}, {@code final-status.xml} (Taurus,
 * for the Jenkins Performance plugin) and, when {@code sla.*} thresholds are set or {@code validity.fail=true},
 * {@code junit.xml} (the thresholds and the validity verdict) and exit code 5 on a breach. {@link #EXTENSION} declares the options and opens one for each run.
 */
public final class RunHooks implements RunListener {
  /** The reports' extension of every run: {@code bin/ycsb load|run} and the studies add it. */
  public static final RunExtension EXTENSION = new RunExtension() {
    @Override
    public OptionSet options() {
      return ReportOptions.runOptions();
    }

    @Override
    public boolean ownsKey(String key) {
      return Sla.isSlaKey(key);
    }

    @Override
    public void validate(Config config) throws ConfigException {
      Sla.parse(config.asMap()); // sla.<OP>.<metric> keys are dynamic: checked here
    }

    @Override
    public RunListener open(Config config, Path resultsDir) throws ConfigException {
      return RunHooks.of(config, resultsDir);
    }

    @Override
    public RunListener open(Config config, Path resultsDir, StoreLocation store) throws ConfigException {
      return RunHooks.of(config, resultsDir, store);
    }
  };

  private final Config cfg;
  private final Path resultsDir;
  private final List<Sla.Check> checks;
  private final long intervalMs;
  private ResourceSampler sampler;
  /** The store's data folders: {@code storage.path}'s, or those found ({@link #storage}); empty when none. */
  private List<Path> dataDirs = List.of();
  /** Whether the devices under the store's data are sampled, or why not ({@code metadata.storage.sampling}). */
  private String sampling;
  /** How the store's data folders were found ({@code metadata.storage.found}), or null. */
  private String found;
  private List<ResourceSampler.Sample> samples = List.of();

  private RunHooks(Config cfg, Path resultsDir, List<Sla.Check> checks, long intervalMs) {
    this.cfg = cfg;
    this.resultsDir = resultsDir;
    this.checks = checks;
    this.intervalMs = intervalMs;
  }

  /** Validates the options; nothing starts yet. The binding does not say where its store is. */
  public static RunHooks of(Config cfg, Path resultsDir) throws ConfigException {
    return of(cfg, resultsDir, StoreLocation.UNKNOWN);
  }

  /** Validates the options; nothing starts yet. {@code store}: where the binding says its store is. */
  public static RunHooks of(Config cfg, Path resultsDir, StoreLocation store) throws ConfigException {
    List<Sla.Check> checks = Sla.parse(cfg.asMap());
    long interval = cfg.get(ReportOptions.RESOURCES_INTERVAL).toMillis();
    RunHooks h = new RunHooks(cfg, resultsDir, checks, interval);
    List<Long> pids = pids(cfg.get(ReportOptions.RESOURCES_PIDS));
    Storage st = storage(cfg, store, new StoreDataLocator(ServerControl.local(), Path.of("/proc")));
    h.dataDirs = st.dirs();
    h.found = st.found();
    String unsampled = st.unsampled();
    List<SampledDevice> devices = st.devices();
    boolean sample = cfg.get(ReportOptions.RESOURCES_SAMPLE) && ResourceSampler.available();
    if (sample) {
      List<Long> all = new java.util.ArrayList<>(List.of(ProcessHandle.current().pid()));
      all.addAll(pids);
      h.sampler = new ResourceSampler(interval, all, devices);
    }
    h.sampling = devices.isEmpty() ? unsampled : !sample ? "not sampled: resource sampling is off" : "sampled: " + String.join(", ",
        devices.stream().map(d -> d.name() + " (" + d.majorMinor() + ")").toList());
    return h;
  }

  /**
   * The store's data folders, their block devices and how they were found, or why there are none.
   *
   * @param unsampled {@code metadata.storage.sampling} when there are no devices
   */
  record Storage(List<Path> dirs, List<SampledDevice> devices, String found, String unsampled) {
    static Storage not(String why) {
      return new Storage(List.of(), List.of(), null, why);
    }
  }

  /**
   * Where the store's data is: {@code storage.path} (a folder on no block device is one line, exit 2); else the test
   * servers {@code resources.pids} names; else where the binding's store is ({@link StoreDataLocator}). Those found
   * rather than named are not sampled, with why, when they cannot be.
   */
  static Storage storage(Config cfg, StoreLocation store, StoreDataLocator locator) throws ConfigException {
    String storagePath = cfg.get(ReportOptions.STORAGE_PATH);
    if (storagePath != null) {
      List<Path> dirs = dataDirs(storagePath);
      return new Storage(dirs, devices(dirs), "storage.path", null);
    }
    String servers = serversOf(cfg.get(ReportOptions.RESOURCES_PIDS));
    StoreDataLocator.Found f;
    if (servers != null) { // the test servers whose processes resources.pids names: their data folders, if any
      try {
        f = new StoreDataLocator.Found(dataDirs(servers), "test server " + servers.replace("servers:", ""), null);
      } catch (ConfigException e) {
        return Storage.not("not sampled: " + e.getMessage());
      }
    } else {
      f = locator.locate(store);
    }
    if (f.dirs().isEmpty()) {
      return Storage.not(f.unsampled());
    }
    try {
      return new Storage(f.dirs(), devices(f.dirs()), f.how(), null);
    } catch (ConfigException e) {
      return Storage.not("not sampled: " + f.how() + ": " + e.getMessage().replace("bad value for storage.path: ", ""));
    }
  }

  /**
   * The test servers {@code resources.pids} names ({@code servers:<name>}), as a {@code storage.path} value: where a
   * run samples the data device when {@code storage.path} is unset; null when it names none.
   */
  static String serversOf(String pids) {
    if (pids == null) {
      return null;
    }
    List<String> named = java.util.Arrays.stream(pids.split(",")).map(String::trim)
        .filter(p -> p.startsWith("servers:")).toList();
    return named.isEmpty() ? null : String.join(",", named);
  }

  /**
   * {@code storage.path}: folders, comma-separated, or {@code servers:<name>}, the data folders of a test server of
   * this checkout ({@code bin/servers datadir <name>}); an unknown server is one line (exit 2).
   */
  static List<Path> dataDirs(String value) throws ConfigException {
    List<Path> out = new java.util.ArrayList<>();
    if (value == null) {
      return out;
    }
    for (String part : value.split(",")) {
      String p = part.trim();
      if (p.startsWith("servers:")) {
        out.addAll(ServerControl.local().dataDirs(p.substring("servers:".length()), "storage.path=" + p));
      } else if (!p.isEmpty()) {
        out.add(Path.of(p));
      }
    }
    return out;
  }

  /** The block devices under the folders, each once; a folder on none is one line (exit 2). */
  static List<SampledDevice> devices(List<Path> dirs) throws ConfigException {
    Map<String, SampledDevice> out = new java.util.LinkedHashMap<>();
    for (Path d : dirs) {
      try {
        SampledDevice dev = SampledDevice.of(d);
        out.putIfAbsent(dev.majorMinor(), dev);
      } catch (IOException e) {
        throw new ConfigException("bad value for storage.path: " + e.getMessage());
      }
    }
    return List.copyOf(out.values());
  }

  /**
   * {@code resources.pids}: PIDs, pid files whose first line is one (PostgreSQL's postmaster.pid too), or
   * {@code servers:<name>}: every process of a running test server of this checkout ({@code bin/servers pids
   * <name>}); anything else is one line (exit 2).
   */
  static List<Long> pids(String value) throws ConfigException {
    List<Long> out = new java.util.ArrayList<>();
    if (value == null) {
      return out;
    }
    for (String part : value.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      if (p.startsWith("servers:")) {
        out.addAll(ServerControl.local().pids(p.substring("servers:".length()), "resources.pids=" + p));
        continue;
      }
      try {
        out.add(Long.parseLong(p.matches("\\d+") ? p : java.nio.file.Files.readAllLines(Path.of(p)).get(0).trim()));
      } catch (java.io.IOException | NumberFormatException | IndexOutOfBoundsException e) {
        throw new ConfigException("bad value for resources.pids: '" + p + "' is neither a PID nor a readable pid "
            + "file");
      }
    }
    return out;
  }

  /** Starts sampling. */
  @Override
  public void beforeThreadsStart() {
    if (sampler != null) {
      sampler.start();
    }
  }

  /** Stops sampling; sample times become relative to the measured start. */
  @Override
  public Map<String, Object> measurementEnded(long measuredStartEpochMs) {
    if (sampler == null) {
      return null;
    }
    samples = sampler.stop(measuredStartEpochMs);
    return ResourceWriter.section(intervalMs, samples, sampler.processes(), sampler.devices());
  }

  /** Stops the sampler thread if it still runs (the run ended by an exception). */
  @Override
  public void close() {
    if (sampler != null) {
      sampler.close();
    }
  }

  /**
   * The data device of the store's data ({@code storage.path}'s first folder), else of {@code label.device}, else of
   * the results directory, for the metadata, with whether its figures were sampled ({@code sampling}).
   */
  @Override
  public Map<String, Object> metadata() throws ConfigException {
    String device = cfg.get(ReportOptions.LABEL_DEVICE);
    Path where = !dataDirs.isEmpty() ? dataDirs.get(0) : device != null ? Path.of(device) : resultsDir;
    Map<String, Object> storage = StorageDevice.describe(where, cfg.get(EngineOptions.LABEL_STORAGE));
    storage.put("sampling", sampling);
    if (found != null) {
      storage.put("found", found);
    }
    return Map.of("storage", storage);
  }

  /** {@code validity.fail}, checked before the run started. */
  private boolean validityFails() {
    try {
      return cfg.get(org.sciycsb.engine.validity.ValidityOptions.FAIL);
    } catch (ConfigException e) {
      return false;
    }
  }

  /**
   * Writes the extra files and checks the thresholds.
   *
   * @return a one-line failure and exit code 5 when a threshold is breached
   */
  @Override
  public Optional<Failure> finished(RunReport report, ResultsDir dir, PrintStream err) {
    String failure = null;
    try {
      if (sampler != null) {
        dir.writeAtomically("resources.csv", ResourceWriter.csv(samples));
      }
      dir.writeAtomically("final-status.xml", FinalStatus.xml(report));
      boolean validityFails = validityFails();
      if (!checks.isEmpty() || validityFails) {
        List<Sla.Result> results = Sla.check(checks, report);
        dir.writeAtomically("junit.xml", Sla.junitXml("sciycsb.sla", results, report.validity(), validityFails));
        long breached = results.stream().filter(r -> !r.passed()).count();
        for (Sla.Result r : results) {
          err.println((r.passed() ? "sla ok: " : "SLA BREACHED: ") + r.message());
        }
        if (breached > 0) {
          String first = results.stream().filter(r -> !r.passed()).findFirst().map(Sla.Result::message).orElse("");
          failure = breached + " of " + results.size() + " SLA checks breached: " + first + " (see "
              + dir.file("junit.xml") + ")";
        }
      }
    } catch (IOException e) {
      err.println("error: could not write report files to " + dir.path() + ": " + e.getMessage());
    }
    return failure == null ? Optional.empty() : Optional.of(new Failure(failure, Sla.EXIT_SLA_BREACHED));
  }
}
