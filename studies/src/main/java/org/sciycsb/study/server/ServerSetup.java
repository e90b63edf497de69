package org.sciycsb.study.server;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.config.ProjectBindings;
import org.sciycsb.report.Fmt;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.seeds.PaperMemory;
import org.sciycsb.study.seeds.StudyDef;

/**
 * One store's study on its own test server ({@code --devices}, {@code --memory-ratio}): which {@code bin/servers}
 * server, on which emulated device, with which memory cap (the study's largest data set / the ratio, the paper's by
 * default, at least what the server starts with), whether the loads run without the cap ({@link ServerPhases}), and
 * the properties that point the runs at it. Everything is checked when it is made, before anything runs; {@link
 * #start}, {@link #beforeStep} and {@link #stop} act on the server.
 */
public final class ServerSetup implements StoreSetup {
  private final BinServers servers;
  private final String server;
  private final Device device;
  private final long dataBytes;
  private final Long capBytes;
  private final Double askedRatio;
  private final PaperMemory paper;
  private final List<String> notes;
  private final Map<String, String> engineProps;
  private final ServerPhases phases;

  private ServerSetup(BinServers servers, String server, Device device, long dataBytes, Long capBytes,
      Double askedRatio, PaperMemory paper, List<String> notes, Map<String, String> engineProps,
      boolean loadUncapped) {
    this.servers = servers;
    this.server = server;
    this.device = device;
    this.dataBytes = dataBytes;
    this.capBytes = capBytes;
    this.askedRatio = askedRatio;
    this.paper = paper;
    this.notes = notes;
    this.engineProps = engineProps;
    this.phases = new ServerPhases(servers, server, deviceArgs(), startArgs(), loadUncapped);
  }

  /**
   * The server of {@code binding}'s study on {@code device} (null: where it keeps its data now) with the cap that
   * {@code ratio} (null: the paper's) gives {@code plan}'s largest data set.
   */
  public static ServerSetup of(Path home, StudyDef def, Plan plan, String binding, String device, Double ratio,
      Map<String, String> props) throws ConfigException {
    BinServers servers = new BinServers(home);
    String[] known = ProjectBindings.find("testserver." + binding).orElse("").trim().split("\\s+");
    String server = props.getOrDefault("study.server", known[0].isEmpty() ? null : known[0]);
    if (server == null) {
      throw new ConfigException("--devices/--memory-ratio restart the store's test server, and binding " + binding
          + " has none in this checkout: name one with -p study.server=NAME (servers with memory caps: postgres "
          + "for jdbc, mongodb for mongodb), or -p study.server=embedded for a store in the client (wiredtiger, H2)");
    }
    Device dev = device == null ? null : find(servers, device);
    List<String> notes = new ArrayList<>();
    long data = def.datasetBytes(plan);
    PaperMemory paper = def.paperMemory();
    Double r = ratio != null ? ratio : paper == null ? null : paper.ratio();
    Long cap = null;
    if (ratio != null && data <= 0) {
      throw new ConfigException("--memory-ratio: study " + def.name() + " has no data set to size a memory cap from "
          + "(sandisk and bankmark have)");
    }
    if (r != null && data > 0) {
      cap = cap(servers, server, data, r, notes);
    } else {
      notes.add("no memory cap: the paper of study " + def.name() + " states no data-to-memory ratio (--memory-ratio "
          + "sets one for a study with a data set)");
    }
    if (dev != null) {
      checkSize(dev, data, notes);
    }
    Boolean loadCapped = new Config(props).get(StudyOptions.LOAD_CAPPED);
    boolean loadUncapped = cap != null && !(loadCapped != null ? loadCapped : def.loadsMeasured());
    if (loadUncapped) {
      notes.add("the loads run on " + server + " without its memory cap (same device), and before the first run step "
          + "after a load it is restarted with the cap, the page cache of its files dropped: the runs are measured "
          + "capped (-p study.load.capped=true caps the loads too)");
    }
    Map<String, String> ep = new LinkedHashMap<>();
    if (known.length > 1 && known[0].equals(server.replaceAll("@.*", "")) && !props.containsKey(known[1])) {
      ep.put(known[1], servers.url(server, "--devices/--memory-ratio (" + server + ")"));
    }
    ep.put("storage.path", "servers:" + server);
    ep.put("resources.pids", "servers:" + server);
    if (dev != null) {
      ep.put("label.storage", dev.name() + " (" + dev.profileName() + " profile)");
    }
    props.keySet().forEach(ep::remove); // the command line wins
    return new ServerSetup(servers, server, dev, data, cap, ratio, paper, notes, ep, loadUncapped);
  }

  static Device find(BinServers servers, String name) throws ConfigException {
    List<Device> all = servers.devices();
    for (Device d : all) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    throw new ConfigException("--devices: no device '" + name + "' (devices: " + (all.isEmpty() ? "none" : String.join(
        ", ", all.stream().map(Device::name).toList())) + "; bin/servers device create " + name
        + " --profile hdd|ssd --size SIZE)");
  }

  /** data / ratio, rounded up to a KiB, raised to the server's smallest cap (and noted so). */
  private static long cap(BinServers servers, String server, long data, double ratio, List<String> notes)
      throws ConfigException {
    return capFor(data, ratio, servers.memoryMinimum(server, "--devices/--memory-ratio (" + server + ")"), server,
        notes);
  }

  /** data / ratio, rounded up to a KiB, raised to {@code min}, what {@code who} serves 32 threads with (noted so). */
  static long capFor(long data, double ratio, long min, String who, List<String> notes) {
    long want = (long) Math.ceil(data / ratio / 1024.0) * 1024;
    String server = who;
    if (want >= min) {
      return want;
    }
    notes.add(String.format(Locale.ROOT, "memory cap raised from %s to %s, the smallest that serves 32 client "
        + "threads on %s: the largest "
        + "data set (%s) is %s x the cap here, not %s (a --scale at least %s times larger keeps the ratio)",
        Fmt.bytes(want), Fmt.bytes(min), server, Fmt.bytes(data), Fmt.num((double) data / min, 3),
        Fmt.num(ratio, 3), Fmt.num(Math.ceil((double) min / want * 100) / 100, 3)));
    return min;
  }

  static void checkSize(Device dev, long data, List<String> notes) {
    long size = Sizes.parse(dev.size());
    if (data > 0 && size > 0 && size < 2 * data) {
      notes.add("device " + dev.name() + " (" + dev.size() + ") may not hold the data: the largest data set alone is "
          + Fmt.bytes(data) + ", and a store's files take more than the raw bytes");
    }
  }

  /** The properties that point every engine step at the server (its address, its data device, its processes). */
  @Override
  public Map<String, String> engineProps() {
    return engineProps;
  }

  /** What the study notes about the server (caps raised, no ratio, a small device). */
  @Override
  public List<String> notes() {
    return notes;
  }

  /** The device, or null. */
  public Device device() {
    return device;
  }

  /** The {@code bin/servers start} arguments (with the cap, as the runs have it). */
  public List<String> startArgs() {
    List<String> out = deviceArgs();
    if (capBytes != null) {
      out.addAll(List.of("--memory", capBytes / 1024 + "K"));
    }
    return out;
  }

  private List<String> deviceArgs() {
    return device == null ? new ArrayList<>() : new ArrayList<>(List.of("--device", device.name()));
  }

  /** Whether the load steps run on the server without its cap (the runs with it). */
  public boolean loadUncapped() {
    return phases.loadUncapped();
  }

  /** One line: the server, its device and its cap against the data. */
  @Override
  public String describe() {
    return server + (device == null ? "" : " on device " + device.name() + " (" + device.profileName() + " profile, "
        + device.size() + ")") + (capBytes == null ? ", no memory cap" : ", memory cap " + Fmt.bytes(capBytes)
        + ": the largest data set (" + Fmt.bytes(dataBytes) + ") is " + Fmt.num(ratio(), 3) + " x the cap"
        + (paper == null ? "" : " (the paper's " + Fmt.num(paper.ratio(), 3) + ")"));
  }

  /** The largest data set over the cap (NaN without a cap). */
  public double ratio() {
    return capBytes == null || dataBytes <= 0 ? Double.NaN : (double) dataBytes / capBytes;
  }

  /** {@code study.json}'s {@code server}: what the study ran its store on. */
  @Override
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("server", server);
    m.put("command", "bin/servers start " + server + (startArgs().isEmpty() ? "" : " " + String.join(" ",
        startArgs())));
    if (device != null) {
      m.put("device", deviceMap(device));
    }
    m.put("datasetBytes", dataBytes > 0 ? dataBytes : null);
    m.put("memoryCapBytes", capBytes);
    m.put("memoryCap", capBytes == null ? null : "cgroup v1 memory controller, page cache included (docs/devices.md)");
    m.put("loadUncapped", phases.loadUncapped());
    if (phases.loadUncapped()) {
      m.put("loadCommand", phases.command(false));
    }
    m.put("starts", phases.starts());
    m.put("ratio", Double.isNaN(ratio()) ? null : ratio());
    m.put("askedRatio", askedRatio);
    m.put("paperRatio", paper == null ? null : paper.ratio());
    m.put("paperRatioSource", paper == null ? null : paper.source());
    m.put("ratioKept", paper == null || Double.isNaN(ratio()) ? null
        : Math.abs(ratio() / paper.ratio() - 1) < 0.01);
    m.put("notes", notes);
    return m;
  }

  /** study.json's {@code server.device}: name, profile, size, mount point and the profile's values. */
  static Map<String, Object> deviceMap(Device device) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("name", device.name());
    d.put("profile", device.profileName());
    d.put("size", device.size());
    d.put("mount", device.mount().toString());
    d.put("profileValues", device.profile());
    return d;
  }

  /**
   * Restarts the server on its device ({@code bin/servers stop}, then {@code start}), with its cap unless the first
   * load or run step of {@code steps} is a load that runs without it.
   */
  @Override
  public void start(PrintStream log, List<Step> steps) throws BenchmarkException {
    log.println("study: restarting " + describe() + (phases.startsCapped(steps) ? "" : " (without the cap for the "
        + "loads)"));
    phases.start(steps, log);
  }

  /** Before step {@code s}: the server restarted with or without its cap when {@code s} needs it the other way. */
  @Override
  public void beforeStep(Step s, PrintStream log) throws BenchmarkException {
    phases.before(s, log);
  }

  /** Stops the server (its cgroup removed; its data stays on the device). */
  @Override
  public void stop(PrintStream log) {
    log.println("study: stopping " + server + " (its data stays" + (device == null ? "" : " on device "
        + device.name()) + "; bin/servers start " + server + " starts it again as it ran)");
    servers.stop(server, log);
  }
}
