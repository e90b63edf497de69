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
import org.sciycsb.engine.Registry;

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

  /** The command line of one store's study, less the results folder and properties. */
  record Args(StudyDef def, double scale, Integer maxThreads, Integer repeat, List<String> only) {}

  static int run(Path home, StudyDef def, String bindingList, double scale, Integer maxThreads, Integer repeat,
      List<String> only, boolean dry, Map<String, String> props, PrintStream out, PrintStream err)
      throws BenchmarkException {
    List<String> bindings = bindings(bindingList);
    Map<String, Map<String, String>> per = split(bindings, props);
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path dir = Path.of(props.getOrDefault("results.dir", "results/" + stamp + "-study-" + def.name() + "-"
        + String.join("+", bindings))).toAbsolutePath();
    Args args = new Args(def, scale, maxThreads, repeat, only);
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    for (String b : bindings) { // every store's plan checked (options, files, servers) before anything runs
      int code = store(home, args, b, true, with(per.get(b), dir.resolve(b)), dry ? out : quiet, err);
      if (code != 0) {
        return code; // its own process said why, in one line; nothing has run
      }
    }
    if (dry) {
      return 0;
    }
    StudyCommand.newFolder(dir);
    String started = Instant.now().toString();
    Map<String, Integer> codes = new LinkedHashMap<>();
    for (String b : bindings) {
      err.println("study: store " + b + " (" + (codes.size() + 1) + " of " + bindings.size() + ")");
      codes.put(b, store(home, args, b, false, with(per.get(b), dir.resolve(b)), out, err));
    }
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("format", FORMAT);
    header.put("formatVersion", 1);
    header.put("command", StudyCommand.commandLine(def, bindingList, scale, maxThreads, only, props)
        + (repeat != null ? " --repeat " + repeat : ""));
    header.put("started", started);
    header.put("finished", Instant.now().toString());
    List<Object> stores = new ArrayList<>();
    codes.forEach((b, c) -> {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("binding", b);
      s.put("dir", b);
      s.put("exitCode", c);
      stores.add(s);
    });
    header.put("stores", stores);
    StoresReport.write(def, dir, header, err);
    err.println("study: " + dir);
    return codes.values().stream().filter(c -> c != 0).findFirst().orElse(0);
  }

  /** Runs (or with {@code dry} checks) one store's study, here or as its own process; its exit code. */
  static int store(Path home, Args a, String binding, boolean dry, Map<String, String> props, PrintStream out,
      PrintStream err) throws BenchmarkException {
    if (loadableHere(binding)) {
      return StudyCommand.runStudy(home, a.def(), binding, a.scale(), a.maxThreads(), a.repeat(), a.only(), dry,
          props, out, err);
    }
    List<String> cmd = new ArrayList<>(List.of(home.resolve("bin").resolve("ycsb").toString(), "study",
        a.def().name(), binding, "--scale", Double.toString(a.scale())));
    if (a.maxThreads() != null) {
      cmd.addAll(List.of("--max-threads", a.maxThreads().toString()));
    }
    if (a.repeat() != null) {
      cmd.addAll(List.of("--repeat", a.repeat().toString()));
    }
    if (!a.only().isEmpty()) {
      cmd.addAll(List.of("--only", String.join(",", a.only())));
    }
    if (dry) {
      cmd.add("--dry-run");
    }
    props.forEach((k, v) -> cmd.addAll(List.of("-p", k + "=" + v)));
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
      return FORMAT.equals(StudyRunner.MAPPER.readTree(f.toFile()).path("format").asText());
    } catch (IOException e) {
      return false;
    }
  }

  /** A step of one store's study as a step of the whole: its name and folder under the store's folder. */
  static JsonNode rooted(JsonNode step, String store) {
    ObjectNode s = step.deepCopy();
    s.put("name", store + "/" + step.path("name").asText());
    if (step.path("dir").isTextual()) {
      s.put("dir", store + "/" + step.path("dir").asText());
    }
    return s;
  }
}
