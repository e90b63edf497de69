package org.sciycsb.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.config.Registry;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.report.StudyJson;
import org.sciycsb.study.runner.StudyFolder;
import org.sciycsb.study.seeds.StudyDef;

/**
 * {@code bin/ycsb study <name> b1,b2,...}: the study's whole matrix on each store in turn (the papers put every store
 * in every chart), each store's run a complete study folder {@code <study folder>/<binding>/}, then one report over
 * all of them ({@link StoresReport}) whose columns and lines are named by the server product and version the
 * driver reported.
 *
 * <p>Each binding keeps its drivers on its own classpath: a store whose binding is not on this process's classpath
 * runs as its own {@code bin/ycsb study <name> <binding>} process (the launcher gives it its classpath and JVM
 * flags); one that is (basic, or a test binding) runs here. Every store's plan is checked (a dry run) before
 * anything runs. A {@code -p} key goes to one store's runs when its first word names a listed binding
 * ({@code riak.hosts}, {@code cassandra.hosts}; jdbc's {@code db.*} and basic's {@code basicdb.*} keys are
 * theirs) or a binding loadable here declares it, to every store otherwise.
 */
final class StoreMatrix {
  static final String FORMAT = "sciycsb-study-stores";

  private StoreMatrix() {}

  /**
   * One column of the matrix: a binding on one cluster (null: no --clusters), its folder in the study folder and
   * its properties (the cluster file's, then the -p keys meant for it).
   */
  record Entry(String binding, String cluster, String device, String dir, Map<String, String> props) {}

  /**
   * Runs the study on every listed binding, and on every cluster of {@code clusters} (name to properties file, in
   * order; empty: none), one after the other, then writes the report over all of them.
   */
  static int run(Path home, String bindingList, Map<String, Path> clusters, StudyArgs args, boolean dry,
      Map<String, String> props, PrintStream out, PrintStream err) throws BenchmarkException {
    StudyDef def = args.def();
    List<Entry> entries = entries(bindings(bindingList), clusters, args.devices(), props);
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path dir = Path.of(props.getOrDefault("results.dir", "results/" + stamp + "-study-" + def.name() + "-"
        + String.join("+", entries.stream().map(Entry::dir).toList()))).toAbsolutePath();
    String reference = props.get(StudyOptions.REFERENCE.name());
    if (reference != null && !Files.isRegularFile(Path.of(reference).resolve("study.json"))) {
      throw new ConfigException("-p study.reference=" + reference + ": not a finished study folder (no study.json)");
    }
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    for (Entry e : entries) { // every store's plan checked (options, files, servers) before anything runs
      int code = store(home, args(args, e), e.binding(), true, with(e.props(), dir.resolve(e.dir())), dry ? out : quiet,
          err);
      if (code != 0) {
        return code; // its own process said why, in one line; nothing has run
      }
    }
    if (dry) {
      return 0;
    }
    StudyFolder.createNew(dir);
    String started = Instant.now().toString();
    List<Object> stores = new ArrayList<>();
    int first = 0;
    for (Entry e : entries) {
      err.println("study: store " + e.dir() + " (" + (stores.size() + 1) + " of " + entries.size() + ")");
      int code = store(home, args(args, e), e.binding(), false, with(e.props(), dir.resolve(e.dir())), out, err);
      first = first != 0 ? first : code;
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("binding", e.binding());
      s.put("cluster", e.cluster());
      s.put("clusterFile", e.cluster() == null ? null : clusters.get(e.cluster()).toString());
      s.put("device", e.device());
      s.put("dir", e.dir());
      s.put("exitCode", code);
      stores.add(s);
    }
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("format", FORMAT);
    header.put("formatVersion", 1);
    header.put("command", StudyHeader.commandLine(args, bindingList, props) + (clusters.isEmpty() ? ""
        : " --clusters " + String.join(",", clusters.entrySet().stream().map(c -> c.getKey() + "=" + c.getValue())
        .toList()))); // commandLine names --devices and --memory-ratio already
    header.put("started", started);
    header.put("finished", Instant.now().toString());
    header.put("stores", stores);
    String ref = props.get(StudyOptions.REFERENCE.name());
    header.put("reference", ref == null ? null : Path.of(ref).toAbsolutePath().normalize().toString());
    StoresReport.write(def, dir, header, err);
    err.println("study: " + dir);
    return first;
  }

  /** Every binding on every cluster (none: the one it is given) on every device (none: as it runs). */
  static List<Entry> entries(List<String> bindings, Map<String, Path> clusters, List<String> devices,
      Map<String, String> props) throws ConfigException {
    Map<String, Map<String, String>> per = split(bindings, props);
    List<String> cs = clusters.isEmpty() ? java.util.Collections.singletonList(null) : List.copyOf(clusters.keySet());
    List<String> ds = devices.size() <= 1 ? java.util.Collections.singletonList(null) : devices;
    List<Entry> out = new ArrayList<>();
    for (String b : bindings) {
      for (String c : cs) {
        Map<String, String> p = new LinkedHashMap<>(c == null ? Map.of() : clusterProps(c, clusters.get(c)));
        p.putAll(per.get(b)); // as -P then -p: the command line wins
        for (String d : ds) {
          List<String> name = new ArrayList<>();
          if (bindings.size() > 1 || (c == null && d == null)) {
            name.add(b);
          }
          if (c != null) {
            name.add(c);
          }
          if (d != null) {
            name.add(d);
          }
          out.add(new Entry(b, c, d, String.join("-", name), p));
        }
      }
    }
    return out;
  }

  /** The study's arguments for one entry: on its device (when the matrix has several). */
  private static StudyArgs args(StudyArgs a, Entry e) {
    return e.device() == null ? a : a.onDevice(e.device());
  }

  /** {@code --devices a,b}: device names (letters, digits, '-', '_', each once), in order; null: none. */
  static List<String> devices(String spec) throws ConfigException {
    if (spec == null) {
      return List.of();
    }
    Set<String> out = new LinkedHashSet<>();
    for (String part : spec.split(",", -1)) {
      String d = part.trim();
      if (!d.matches("[A-Za-z0-9][A-Za-z0-9_-]*")) {
        throw new ConfigException("bad value for --devices: '" + d + "' is not a device name (bin/servers device "
            + "list; e.g. --devices hdd,ssd)");
      }
      if (!out.add(d)) {
        throw new ConfigException("--devices: device " + d + " is named twice");
      }
    }
    return List.copyOf(out);
  }

  /** A cluster's properties file (key=value, as a -P file); a missing or unreadable one is one clear line. */
  static Map<String, String> clusterProps(String name, Path file) throws ConfigException {
    java.util.Properties p = new java.util.Properties();
    try (var r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new ConfigException("--clusters: the properties file of cluster " + name + " does not exist: " + file);
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException("--clusters: cannot read the properties file of cluster " + name + " (" + file
          + "): " + e.getMessage());
    }
    Map<String, String> m = new java.util.TreeMap<>();
    p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).trim()));
    return m;
  }

  /** {@code --clusters a=file,b=file}: names (letters, digits, '-', '_', each once) to files, in order. */
  static Map<String, Path> clusters(String spec) throws ConfigException {
    Map<String, Path> out = new LinkedHashMap<>();
    if (spec == null) {
      return out;
    }
    for (String part : spec.split(",", -1)) {
      int eq = part.indexOf('=');
      String name = eq < 0 ? part.trim() : part.substring(0, eq).trim();
      if (eq < 0 || !name.matches("[A-Za-z0-9][A-Za-z0-9_-]*") || part.substring(eq + 1).isBlank()) {
        throw new ConfigException("bad value for --clusters: '" + part.trim() + "' is not <name>=<properties file>"
            + " (e.g. --clusters 1node=one.properties,3node=three.properties)");
      }
      if (out.put(name, Path.of(part.substring(eq + 1).trim())) != null) {
        throw new ConfigException("--clusters: cluster " + name + " is named twice");
      }
    }
    return out;
  }

  /** Runs (or with {@code dry} checks) one store's study, here or as its own process; its exit code. */
  static int store(Path home, StudyArgs a, String binding, boolean dry, Map<String, String> props, PrintStream out,
      PrintStream err) throws BenchmarkException {
    if (loadableHere(binding)) {
      return StudyRun.run(home, a, binding, dry, props, out, err);
    }
    List<String> cmd = new ArrayList<>(List.of(home.resolve("bin").resolve("ycsb").toString(), "study",
        a.def().name(), binding, "--scale", Double.toString(a.scale())));
    if (a.maxThreads() != null) {
      cmd.addAll(List.of("--max-threads", a.maxThreads().toString()));
    }
    if (a.repeat() != null) {
      cmd.addAll(List.of("--repeat", a.repeat().toString()));
    }
    if (a.clients() > 1) {
      cmd.addAll(List.of("--clients", Integer.toString(a.clients())));
    }
    if (a.yarn() != null) {
      cmd.addAll(List.of("--yarn", a.yarn().toString()));
    }
    if (!a.only().isEmpty()) {
      cmd.addAll(List.of("--only", String.join(",", a.only())));
    }
    if (!a.devices().isEmpty()) {
      cmd.addAll(List.of("--devices", String.join(",", a.devices())));
    }
    if (a.memoryRatio() != null) {
      cmd.addAll(List.of("--memory-ratio", Double.toString(a.memoryRatio())));
    }
    if (dry) {
      cmd.add("--dry-run");
    }
    props.forEach((k, v) -> cmd.addAll(List.of("-p", k + "=" + v)));
    if (a.seeds().paired() && !props.containsKey(StudyOptions.SEEDS_BASE.name())) { // the invocation's one base
      cmd.addAll(List.of("-p", StudyOptions.SEEDS_BASE.name() + "=" + a.seeds().base()));
    }
    return child(cmd, out, err);
  }

  static boolean loadableHere(String binding) {
    return Registry.bindings().stream().anyMatch(b -> b.name().equals(binding));
  }

  /** Runs a child process, its output and errors copied to ours line by line; its exit code. */
  static int child(List<String> cmd, PrintStream out, PrintStream err) throws BenchmarkException {
    Process p;
    try {
      p = new ProcessBuilder(cmd).start();
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "cannot start " + cmd.get(0) + ": "
          + e.getMessage(), e);
    }
    Thread hook = new Thread(p::destroy, "study-store-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    Thread copyOut = copy(p.getInputStream(), out);
    Thread copyErr = copy(p.getErrorStream(), err);
    try {
      int code = p.waitFor();
      copyOut.join();
      copyErr.join();
      return code;
    } catch (InterruptedException e) {
      p.destroy();
      Thread.currentThread().interrupt();
      return BenchmarkException.EXIT_INTERRUPTED;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook stops the child
      }
    }
  }

  private static Thread copy(java.io.InputStream in, PrintStream to) {
    Thread t = new Thread(() -> {
      try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          to.println(line);
        }
      } catch (IOException e) {
        // the child ended
      }
    }, "study-store-output");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** The listed bindings: each once, none empty (an unknown one is refused by its own dry run). */
  static List<String> bindings(String list) throws ConfigException {
    Set<String> out = new LinkedHashSet<>();
    Set<String> known = new LinkedHashSet<>(Registry.available());
    for (String b : list.split(",", -1)) {
      String t = b.trim();
      if (t.isEmpty()) {
        throw new ConfigException("empty binding name in '" + list + "' (a comma-separated list: mongodb,cassandra)");
      }
      if (!known.contains(t)) {
        throw new ConfigException("unknown binding '" + t + "' (available: " + String.join(", ", known) + ")");
      }
      if (!out.add(t)) {
        throw new ConfigException("binding " + t + " is listed twice in '" + list + "'");
      }
    }
    return List.copyOf(out);
  }

  /**
   * The listed binding a key belongs to, or null: one loadable here that declares it, else the one its first word
   * names (jdbc's keys are db.*, basic's basicdb.*).
   */
  static String owner(String key, List<String> bindings) {
    for (org.sciycsb.api.Binding b : Registry.bindings()) {
      if (bindings.contains(b.name()) && b.options().declares(key)) {
        return b.name();
      }
    }
    int dot = key.indexOf('.');
    String word = dot < 0 ? key : key.substring(0, dot);
    String b = switch (word) {
      case "db" -> "jdbc";
      case "basicdb" -> "basic";
      default -> word;
    };
    return bindings.contains(b) ? b : null;
  }

  /**
   * Each binding's properties: a key owned by a listed binding ({@link #owner}) goes to that binding only, every
   * other key (engine, workload, study.*, census.*) to all. {@code results.dir} is the whole study's folder and is
   * set per store by the caller.
   */
  static Map<String, Map<String, String>> split(List<String> bindings, Map<String, String> props) {
    Map<String, Map<String, String>> per = new LinkedHashMap<>();
    for (String b : bindings) {
      per.put(b, new LinkedHashMap<>());
    }
    for (Map.Entry<String, String> e : props.entrySet()) {
      if (e.getKey().equals("results.dir")) {
        continue;
      }
      String owner = owner(e.getKey(), bindings);
      for (String b : owner == null ? bindings : List.of(owner)) {
        per.get(b).put(e.getKey(), e.getValue());
      }
    }
    return per;
  }

  private static Map<String, String> with(Map<String, String> props, Path dir) {
    Map<String, String> m = new LinkedHashMap<>(props);
    m.put("results.dir", dir.toString());
    return m;
  }

  /** True when the folder holds a several-store study (its study.json has the format of this class). */
  static boolean isStores(Path dir) {
    Path f = dir.resolve("study.json");
    if (!Files.isRegularFile(f)) {
      return false;
    }
    try {
      return FORMAT.equals(StudyJson.MAPPER.readTree(f.toFile()).path("format").asText());
    } catch (IOException e) {
      return false;
    }
  }

  /** A step of one store's study as a step of the whole: its name, folder and report under the store's folder. */
  static JsonNode rooted(JsonNode step, String store) {
    ObjectNode s = step.deepCopy();
    s.put("name", store + "/" + step.path("name").asText());
    if (step.path("dir").isTextual()) {
      s.put("dir", store + "/" + step.path("dir").asText());
    }
    if (step.path("report").isTextual()) {
      s.put("report", store + "/" + step.path("report").asText());
    }
    return s;
  }
}
