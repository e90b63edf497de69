package org.sciycsb.study.server;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.runner.StepLauncher;
import org.sciycsb.study.seeds.PaperMemory;
import org.sciycsb.study.seeds.StudyDef;

/**
 * One store's study on a store embedded in the client process ({@link EmbeddedStore}: wiredtiger, jdbc's H2) with
 * {@code --devices} or {@code --memory-ratio}. There is no server to restart: the data folder goes on the device
 * ({@code <mount>/<binding>-<stamp>/}), and the cap (the study's largest data set / the ratio, as for a server, at
 * least what the client serves 32 threads with) goes on the process that holds the store. Every load and run step
 * then runs as its own {@code bin/ycsb} process with the JVM and the store's cache sized from the cap
 * ({@link MemoryBudget}); the run steps (and the loads with {@code study.load.capped}) start in the client's memory
 * cgroup ({@code bin/servers memcap}), page cache included ({@link ClientPhases}).
 */
public final class EmbeddedSetup implements StoreSetup {
  private final BinServers servers;
  private final EmbeddedStore store;
  private final Device device;
  private final Path dataDir;
  private final long dataBytes;
  private final long capBytes;
  private final Double askedRatio;
  private final PaperMemory paper;
  private final MemoryBudget budget;
  private final String userCache;
  private final List<String> notes;
  private final Map<String, String> engineProps;
  private final ClientPhases phases;
  private final String cgroup;

  private EmbeddedSetup(BinServers servers, EmbeddedStore store, Device device, Path dataDir, long dataBytes,
      long capBytes, Double askedRatio, PaperMemory paper, String userCache, List<String> notes, boolean loadUncapped,
      String cgroup) {
    this.servers = servers;
    this.store = store;
    this.device = device;
    this.dataDir = dataDir;
    this.dataBytes = dataBytes;
    this.capBytes = capBytes;
    this.askedRatio = askedRatio;
    this.paper = paper;
    this.budget = MemoryBudget.of(capBytes, store.cacheInHeap());
    this.userCache = userCache;
    this.notes = notes;
    this.cgroup = cgroup;
    this.phases = new ClientPhases(servers, cgroup, capBytes, dataDir, loadUncapped);
    Map<String, String> ep = new LinkedHashMap<>(store.props(dataDir.toString(), budget.cacheBytes()));
    if (userCache != null) {
      ep.remove(store.cacheKey()); // the command line's cache wins
    }
    ep.put("storage.path", dataDir.toString());
    if (device != null) {
      ep.put("label.storage", device.name() + " (" + device.profileName() + " profile)");
    }
    this.engineProps = ep;
  }

  /**
   * The embedded store of {@code binding}'s study on {@code device} (null: the data in the work folder) with the cap
   * that {@code ratio} (null: the paper's) gives {@code plan}'s largest data set; {@code stamp} names its data folder
   * and cgroup. A study whose paper states no ratio, and no --memory-ratio, is refused: without a cap there is
   * nothing for the study to do but the data folder (give it with -p).
   */
  public static EmbeddedSetup of(Path home, StudyDef def, Plan plan, EmbeddedStore store, String device, Double ratio,
      Map<String, String> props, String stamp) throws ConfigException {
    BinServers servers = new BinServers(home);
    if (props.containsKey(store.dirKey())) {
      throw new ConfigException("--devices/--memory-ratio put " + store.binding() + "'s data folder (" + store.dirKey()
          + ") on the device themselves: leave out -p " + store.dirKey());
    }
    Device dev = device == null ? null : ServerSetup.find(servers, device);
    List<String> notes = new ArrayList<>();
    long data = def.datasetBytes(plan);
    PaperMemory paper = def.paperMemory();
    Double r = ratio != null ? ratio : paper == null ? null : paper.ratio();
    if (r == null || data <= 0) {
      throw new ConfigException("--devices/--memory-ratio on the embedded " + store.binding() + " need a memory cap, "
          + "and study " + def.name() + (data <= 0 ? " has no data set to size one from" : "'s paper states no "
          + "data-to-memory ratio (give --memory-ratio R)") + " (sandisk and bankmark have)");
    }
    long cap = ServerSetup.capFor(data, r, store.serveBytes(), "the client holding " + store.binding(), notes);
    if (dev != null) {
      ServerSetup.checkSize(dev, data, notes);
    }
    Boolean loadCapped = new Config(props).get(StudyOptions.LOAD_CAPPED);
    boolean loadUncapped = !(loadCapped != null ? loadCapped : def.loadsMeasured());
    String id = store.binding() + "-" + stamp;
    Path dir = dev != null ? dev.mount().resolve(id) : work(home).resolve("embedded").resolve(id);
    String cacheKey = store.cacheKey();
    String userCache = cacheKey == null ? null : props.get(cacheKey);
    EmbeddedSetup s = new EmbeddedSetup(servers, store, dev, dir, data, cap, ratio, paper, userCache, notes,
        loadUncapped, "study-" + stamp + (dev == null ? "" : "-" + dev.name()));
    notes.add("embedded " + store.binding() + ": no server; its data in " + dir + ", every load and run step a bin/ycsb "
        + "process of its own (" + s.budget.xmx() + ")" + (loadUncapped ? ", the runs in the client's memory cgroup "
        + "of " + Fmt.bytes(cap) + " (page cache included), the loads outside it, the data folder's page cache dropped "
        + "before the first run after a load (-p study.load.capped=true caps the loads too)" : ", in the client's "
        + "memory cgroup of " + Fmt.bytes(cap) + " (page cache included)") + "; " + s.budget.describe()
        + (userCache != null ? "; the store's cache is -p " + cacheKey + "=" + userCache + " (given), not the rule's"
        : ""));
    return s;
  }

  private static Path work(Path home) {
    String w = System.getenv("SCIYCSB_WORK");
    return w != null && !w.isBlank() ? Path.of(w) : home.resolve("work");
  }

  @Override
  public Map<String, String> engineProps() {
    return engineProps;
  }

  @Override
  public List<String> notes() {
    return notes;
  }

  /** The data folder. */
  public Path dataDir() {
    return dataDir;
  }

  /** The largest data set over the cap. */
  public double ratio() {
    return (double) dataBytes / capBytes;
  }

  @Override
  public String describe() {
    return "embedded " + store.binding() + " in the client, data in " + dataDir + (device == null ? "" : " (device "
        + device.name() + ", " + device.profileName() + " profile, " + device.size() + ")") + ", client memory cap "
        + Fmt.bytes(capBytes) + ": the largest data set (" + Fmt.bytes(dataBytes) + ") is " + Fmt.num(ratio(), 3)
        + " x the cap" + (paper == null ? "" : " (the paper's " + Fmt.num(paper.ratio(), 3) + ")") + "; cache "
        + (userCache != null ? userCache + " (given)" : Fmt.bytes(budget.cacheBytes()));
  }

  @Override
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("server", null);
    m.put("embedded", store.binding());
    m.put("capped", "the client process that holds the store (bin/ycsb: its JVM, the store's cache and the page cache "
        + "of its files) in the memory cgroup sciycsb/client/" + cgroup);
    m.put("command", "bin/servers memcap exec " + cgroup + " -- bin/ycsb -jvm-args " + budget.xmx() + " load|run "
        + store.binding() + " ...");
    m.put("dataDir", dataDir.toString());
    m.put("dataKey", store.dirKey());
    if (device != null) {
      m.put("device", ServerSetup.deviceMap(device));
    }
    m.put("datasetBytes", dataBytes);
    m.put("memoryCapBytes", capBytes);
    m.put("memoryCap", "cgroup v1 memory controller on the client process, page cache included (docs/devices.md)");
    m.put("cacheKey", store.cacheKey());
    m.put("cacheBytes", userCache != null ? null : budget.cacheBytes());
    m.put("cacheGiven", userCache);
    m.put("memory", budget.toMap());
    m.put("loadUncapped", phases.loadUncapped());
    m.put("starts", phases.starts());
    m.put("ratio", ratio());
    m.put("askedRatio", askedRatio);
    m.put("paperRatio", paper == null ? null : paper.ratio());
    m.put("paperRatioSource", paper == null ? null : paper.source());
    m.put("ratioKept", paper == null ? null : Math.abs(ratio() / paper.ratio() - 1) < 0.01);
    m.put("notes", notes);
    return m;
  }

  @Override
  public void start(PrintStream log, List<Step> steps) throws BenchmarkException {
    log.println("study: " + describe());
    phases.start(steps, log);
  }

  @Override
  public void beforeStep(Step s, PrintStream log) throws BenchmarkException {
    phases.before(s, log);
  }

  @Override
  public void stop(PrintStream log) {
    if (phases.stop(log)) {
      log.println("study: the embedded " + store.binding() + "'s data stays in " + dataDir);
    }
  }

  @Override
  public StepLauncher launcher() {
    Path ycsb = servers.home().resolve("bin").resolve("ycsb");
    return s -> {
      List<String> cmd = new ArrayList<>();
      if (phases.capped()) {
        cmd.addAll(servers.memcapExec(cgroup));
      }
      cmd.addAll(List.of(ycsb.toString(), "-jvm-args", budget.xmx()));
      return cmd;
    };
  }
}
