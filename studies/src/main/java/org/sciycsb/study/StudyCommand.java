package org.sciycsb.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
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
import java.util.regex.Pattern;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.config.Registry;

/**
 * {@code bin/ycsb study}: list the studies, run one whole (its matrix, warmups included, every run's folder kept,
 * then the report with the paper's tables and figures), rebuild a report, or compare two runs of a study.
 */
public final class StudyCommand {

  private StudyCommand() {}

  /** The project's folder (system property sciycsb.home, set by bin/ycsb), where the studies' files are. */
  public static Path home() {
    return Path.of(System.getProperty("sciycsb.home", ".")).toAbsolutePath().normalize();
  }

  /** The names of the studies, for messages. */
  public static String known() {
    return Studies.known();
  }

  /** Runs a study whole (on one or several stores, on each cluster), or compares two finished runs of it. */
  public static int run(Path home, StudyRequest r, PrintStream out, PrintStream err) throws BenchmarkException {
    Map<String, Path> clusters = StoreMatrix.clusters(r.clusters());
    StudyDef def = Studies.find(r.name());
    if (def == null) {
      throw new ConfigException("unknown study '" + r.name() + "' (known: " + Studies.known() + ")");
    }
    if (r.compare() != null) {
      if (r.scale() != null || r.dry() || !r.only().isEmpty() || r.repeat() != null || !clusters.isEmpty()
          || r.clients() != null || r.yarn() != null) {
        throw new ConfigException("--compare reads two finished study folders: --scale, --repeat, --clients, --yarn, "
            + "--only, --clusters and --dry-run do not apply");
      }
      for (Path c : r.compare()) {
        if (StoreMatrix.isStores(c)) {
          throw new ConfigException(c + " holds a study of several stores: compare one store's folders (e.g. " + c
              + "/<binding> against the same store of the other run)");
        }
      }
      return StudyCompare.run(home, def, r.compare().get(0), r.compare().get(1), r.props(), out, err);
    }
    if (r.yarn() != null && !Files.isRegularFile(r.yarn().resolve("yarn-site.xml"))) {
      throw new ConfigException("--yarn " + r.yarn() + " has no yarn-site.xml (give the YARN cluster's Hadoop"
          + " configuration folder, HADOOP_CONF_DIR)");
    }
    StudyArgs args = new StudyArgs(def, r.scale() == null ? 1.0 : r.scale(), r.maxThreads(), r.repeat(), r.only(),
        r.clients() == null ? 1 : r.clients(), r.yarn() == null ? null : r.yarn().toAbsolutePath());
    String binding = r.binding();
    if ((binding != null && binding.contains(",")) || !clusters.isEmpty()) {
      return StoreMatrix.run(home, binding == null ? Registry.DEFAULT_BINDING : binding, clusters, args, r.dry(),
          r.props(), out, err);
    }
    return runStudy(home, args, binding, r.dry(), r.props(), out, err);
  }

  /** The default cap of thread counts: 100 per CPU. */
  public static int defaultMaxThreads() {
    return 100 * Runtime.getRuntime().availableProcessors();
  }

  /** The binding's declared options (to find batch-size and consistency options), checked to exist. */
  static OptionSet bindingOptions(String binding) throws ConfigException {
    return Registry.binding(binding, null).options();
  }

  /** Expands a study's plan; the matrix file is checked (unknown keys are errors). */
  static Plan expand(Path home, StudyDef def, String binding, OptionSet bindingOptions, double scale, int maxThreads,
      Map<String, String> user, String prefix) throws ConfigException {
    return expand(home, def, binding, bindingOptions, scale, maxThreads, user, prefix, 1);
  }

  /** As above, every engine step to be run by {@code clients} processes. */
  static Plan expand(Path home, StudyDef def, String binding, OptionSet bindingOptions, double scale, int maxThreads,
      Map<String, String> user, String prefix, int clients) throws ConfigException {
    Path dir = home.resolve("workloads").resolve("study-" + def.name());
    StudyProps props = StudyProps.load(dir.resolve("study.properties"));
    StudyContext ctx = new StudyContext(home, dir, props, scale, maxThreads, binding, bindingOptions, prefix, user);
    ctx.clients = clients;
    try {
      ctx.bindingOpensClients = Registry.binding(binding, null).supportsThreadClients();
    } catch (ConfigException notHere) {
      ctx.bindingOpensClients = false; // a binding of another classpath: its own process expands the plan again
    }
    Plan plan = new Plan();
    def.expand(ctx, plan);
    props.checkAllRead();
    for (String n : ctx.capNotes()) {
      plan.note(n);
    }
    return plan;
  }

  static Published published(Path home, StudyDef def) throws ConfigException {
    return Published.load(home.resolve("workloads").resolve("study-" + def.name()).resolve("published.json"));
  }

  // ------------------------------------------------------------------------------------------------ list, help

  static void list(Path home, PrintStream out) {
    out.println("Studies (bin/ycsb study <name> <binding> [--scale S]; bin/ycsb help study):");
    for (StudyDef d : Studies.all()) {
      out.println();
      out.println(d.name() + "  (seed " + d.seed() + ") " + d.title());
      for (String line : d.describe().split("\n")) {
        out.println("    " + line);
      }
      try {
        OptionSet opts;
        try {
          opts = bindingOptions(Registry.DEFAULT_BINDING);
        } catch (ConfigException e) {
          opts = null;
        }
        Plan p = expand(home, d, Registry.DEFAULT_BINDING, opts, 1.0, Integer.MAX_VALUE, Map.of(), "s_");
        p = p.repeated(p.defaultRepeats());
        long loads = p.steps().stream().filter(s -> s.kind() == Step.Kind.LOAD).count();
        long runs = p.steps().stream().filter(s -> s.kind() == Step.Kind.RUN).count();
        long census = p.steps().stream().filter(s -> s.kind() == Step.Kind.CENSUS).count();
        out.println("    at scale 1: " + p.steps().size() + " steps (" + loads + " loads, " + runs + " runs"
            + (census > 0 ? ", " + census + " census jobs" : "") + (p.repeats() > 1 ? ", measured steps x "
            + p.repeats() + " (--repeat)" : "") + "); files: workloads/study-" + d.name() + "/");
      } catch (ConfigException e) {
        out.println("    (cannot expand: " + e.getMessage() + ")");
      }
    }
  }

  /** The options of a study itself ({@code -p study.*}). */
  public static OptionSet options() {
    return StudyOptions.all();
  }

  /** Every study, with what it runs at scale 1 (bin/ycsb study list). */
  public static void list(PrintStream out) {
    list(home(), out);
  }

  // ------------------------------------------------------------------------------------------------ run

  static int runStudy(Path home, StudyArgs a, String binding, boolean dry, Map<String, String> props,
      PrintStream out, PrintStream err) throws BenchmarkException {
    StudyDef def = a.def();
    double scale = a.scale();
    Integer maxThreadsArg = a.maxThreads();
    Integer repeat = a.repeat();
    List<String> only = a.only();
    String bindingName = binding == null ? Registry.DEFAULT_BINDING : binding;
    int maxThreads = maxThreadsArg == null ? defaultMaxThreads() : maxThreadsArg;
    SplitProps sp = splitProps(props);
    Map<String, String> user = sp.user();
    OptionSet bopts = bindingOptions(bindingName);
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    String prefix = "s" + stamp.substring(2).replace("-", "") + "_";
    Plan plan = expand(home, def, bindingName, bopts, scale, maxThreads, user, prefix, a.clients());
    if (!only.isEmpty()) {
      plan = filter(plan, only);
    }
    plan = plan.repeated(repeat != null ? repeat : plan.defaultRepeats());
    String storageLabel = props.get("label.storage");
    boolean engine = plan.steps().stream().anyMatch(s -> s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN);
    Path dir = Path.of(sp.resultsDir() != null ? sp.resultsDir() : "results/" + stamp + "-study-" + def.name()
        + (engine ? "-" + bindingName : "")
        + (storageLabel == null ? "" : "-" + storageLabel.replaceAll("[^A-Za-z0-9._-]", "_"))).toAbsolutePath();
    StudyRunner runner = new StudyRunner(home, dir, sp.engine(), sp.census(), a.clientProcesses() ? new ClientProcesses(
        home, a.clients(), a.yarn(), new org.sciycsb.api.Config(user).get(StudyOptions.CLIENTS_READY).toMillis())
        : null, err);
    warnOverrides(plan, props, err);
    Set<String> warnings = runner.validate(plan, !dry);
    for (String w : warnings) {
      err.println(w);
    }
    if (dry) {
      printDryRun(def, bindingName, scale, plan, dir, runner, out);
      return 0;
    }
    newFolder(dir);
    Published pub = published(home, def);
    Map<String, Object> header = header(a, binding, props, pub, engine ? bindingName : null, maxThreads, plan, dir,
        prefix);
    err.println("study " + def.name() + " (seed " + def.seed() + "): " + plan.steps().size() + " steps"
        + (plan.repeats() > 1 ? " (measured steps x " + plan.repeats() + ", repeat-major)" : "")
        + (engine ? ", binding " + bindingName : "") + ", scale " + org.sciycsb.report.Fmt.num(scale, 12) + " -> " + dir);
    for (String n : plan.notes()) {
      err.println("study: note: " + n);
    }
    int code = runner.run(plan, header, h -> writeReport(def, dir, h, err));
    err.println("study: " + dir);
    return code;
  }

  /** A study's -p properties: study options and the engine's (the plan's), the engine's alone, census jobs'. */
  private record SplitProps(Map<String, String> user, Map<String, String> engine, List<String> census,
      String resultsDir) {}

  private static SplitProps splitProps(Map<String, String> props) throws ConfigException {
    Map<String, String> user = new LinkedHashMap<>();
    Map<String, String> engineUser = new LinkedHashMap<>();
    List<String> censusUser = new ArrayList<>();
    String resultsDir = null;
    for (Map.Entry<String, String> e : props.entrySet()) {
      String k = e.getKey();
      if (k.startsWith("study.")) {
        if (!StudyOptions.all().declares(k)) {
          throw new ConfigException("unknown study option " + k + " (known: " + String.join(", ",
              StudyOptions.all().options().stream().map(org.sciycsb.api.Option::name).toList()) + ")");
        }
        user.put(k, e.getValue());
      } else if (k.equals("results.dir")) {
        resultsDir = e.getValue();
      } else if (k.startsWith("census.") || k.startsWith("hadoop.")) {
        censusUser.add("-p");
        censusUser.add(k + "=" + e.getValue());
      } else {
        engineUser.put(k, e.getValue());
        user.put(k, e.getValue());
      }
    }
    return new SplitProps(user, engineUser, censusUser, resultsDir);
  }

  /** Every -p that the plan also sets per step overrides the matrix: say so once. */
  private static void warnOverrides(Plan plan, Map<String, String> props, PrintStream err) {
    Set<String> planKeys = new LinkedHashSet<>();
    for (Step s : plan.steps()) {
      List<String> argv = s.argv();
      for (int k = 0; k + 1 < argv.size(); k++) {
        if (argv.get(k).equals("-p")) {
          planKeys.add(argv.get(k + 1).substring(0, argv.get(k + 1).indexOf('=')));
        }
      }
    }
    for (String k : props.keySet()) {
      if (planKeys.contains(k)) {
        err.println("warning: -p " + k + " overrides the plan's own value of " + k + " in every step");
      }
    }
  }

  /** What a dry run prints: the plan and every step's command line. */
  private static void printDryRun(StudyDef def, String bindingName, double scale, Plan plan, Path dir,
      StudyRunner runner, PrintStream out) {
    out.println("study " + def.name() + " (seed " + def.seed() + "), binding " + bindingName + ", scale "
        + org.sciycsb.report.Fmt.num(scale, 12)
        + ", " + plan.steps().size() + " steps; study folder would be " + dir);
    plan.params().forEach((k, v) -> out.println("  " + k + ": " + v));
    for (String n : plan.notes()) {
      out.println("  note: " + n);
    }
    for (Step s : plan.steps()) {
      out.println(s.kind() == Step.Kind.PAUSE ? s.name() + ": pause " + s.seconds() + " s"
          : s.name() + ": " + (s.kind() == Step.Kind.CENSUS ? "" : "bin/ycsb ")
              + String.join(" ", runner.command(s)));
    }
  }

  /** study.json's header: the study, how it was run, the plan's parameters and the published figures' root. */
  private static Map<String, Object> header(StudyArgs a, String binding, Map<String, String> props, Published pub,
      String engineBinding, int maxThreads, Plan plan, Path dir, String prefix) {
    StudyDef def = a.def();
    String storageLabel = props.get("label.storage");
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("format", "sciycsb-study");
    header.put("formatVersion", 1);
    Map<String, Object> st = new LinkedHashMap<>();
    st.put("name", def.name());
    st.put("seed", def.seed());
    st.put("title", def.title());
    st.put("paper", pub.paper());
    header.put("study", st);
    header.put("binding", engineBinding);
    header.put("scale", a.scale());
    header.put("maxThreads", maxThreads);
    header.put("command", commandLine(a, binding, props));
    header.put("repeats", plan.repeats());
    header.put("clients", a.clients());
    if (a.yarn() != null) {
      header.put("yarn", a.yarn().toString());
    }
    header.put("repeatOrder", Plan.ORDER);
    header.put("started", Instant.now().toString());
    header.put("finished", null);
    header.put("outcome", "running");
    header.put("host", org.sciycsb.engine.Metadata.host());
    header.put("storageLabel", storageLabel);
    header.put("storage", org.sciycsb.report.run.StorageDevice.describe(
        props.containsKey("label.device") ? Path.of(props.get("label.device")) : dir, storageLabel));
    header.put("tablePrefix", prefix);
    header.put("notes", plan.notes());
    header.put("params", plan.params());
    header.put("published", pub.root());
    return header;
  }

  /** Creates the study folder; one that exists and is not empty is refused (nothing measured is overwritten). */
  static void newFolder(Path dir) throws ConfigException {
    if (Files.exists(dir)) {
      try (var list = Files.list(dir)) {
        if (list.findAny().isPresent()) {
          throw new ConfigException("the study folder " + dir + " exists and is not empty: choose another "
              + "-p results.dir (nothing measured is overwritten)");
        }
      } catch (IOException e) {
        throw new ConfigException("cannot read " + dir + ": " + e.getMessage());
      }
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ConfigException("cannot create the study folder " + dir + ": " + e.getMessage());
    }
  }

  /** The study's command line, for people (study.json, the report); secrets masked. */
  static String commandLine(StudyArgs a, String binding, Map<String, String> props) {
    List<String> parts = new ArrayList<>(List.of("bin/ycsb", "study", a.def().name()));
    if (binding != null) {
      parts.add(binding);
    }
    parts.add("--scale");
    parts.add(org.sciycsb.report.Fmt.num(a.scale(), 12));
    if (a.maxThreads() != null) {
      parts.add("--max-threads");
      parts.add(a.maxThreads().toString());
    }
    if (a.repeat() != null) {
      parts.add("--repeat");
      parts.add(a.repeat().toString());
    }
    if (a.clients() > 1) {
      parts.add("--clients");
      parts.add(Integer.toString(a.clients()));
    }
    if (a.yarn() != null) {
      parts.add("--yarn");
      parts.add(a.yarn().toString());
    }
    if (!a.only().isEmpty()) {
      parts.add("--only");
      parts.add(String.join(",", a.only()));
    }
    props.forEach((k, v) -> parts.add("-p " + k + "=" + (org.sciycsb.api.Secrets.looksSecret(k) ? "***" : v)));
    return String.join(" ", parts);
  }

  /** The plan restricted to the steps matching a pattern, plus every step they depend on. */
  static Plan filter(Plan plan, List<String> patterns) throws ConfigException {
    List<Pattern> ps = new ArrayList<>();
    for (String g : patterns) {
      ps.add(Pattern.compile(g.replace(".", "\\.").replace("*", ".*").replace("?", ".")));
    }
    Set<String> keep = new LinkedHashSet<>();
    for (Step s : plan.steps()) {
      if (ps.stream().anyMatch(p -> p.matcher(s.name()).matches())) {
        keep.add(s.name());
      }
    }
    if (keep.isEmpty()) {
      throw new ConfigException("--only " + String.join(",", patterns) + " matches no step (bin/ycsb study ... "
          + "--dry-run lists them)");
    }
    boolean grew = true;
    while (grew) {
      grew = false;
      for (Step s : plan.steps()) {
        if (keep.contains(s.name())) {
          for (String d : s.dependsOn()) {
            grew |= keep.add(d);
          }
        }
      }
    }
    Plan out = new Plan();
    out.defaultRepeats(plan.defaultRepeats());
    plan.params().forEach(out::param);
    plan.notes().forEach(out::note);
    out.note("only the steps matching " + String.join(",", patterns) + " (and their dependencies) were run");
    for (Step s : plan.steps()) {
      if (keep.contains(s.name())) {
        out.add(s);
      }
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------------ report

  static void writeReport(StudyDef def, Path dir, Map<String, Object> header, PrintStream err)
      throws BenchmarkException {
    JsonNode h = StudyRunner.MAPPER.valueToTree(header);
    ReportBuilder rb = build(def, dir, h);
    header.putAll(StudyOutput.tablesJson(rb));
    JsonNode full = StudyRunner.MAPPER.valueToTree(header);
    StudyRunner.write(dir.resolve("study.json"), StudyRunner.json(header));
    StudyRunner.write(dir.resolve("study.md"), StudyOutput.markdown(full, rb));
    StudyRunner.write(dir.resolve("study.html"), StudyOutput.html(full, rb));
    err.println("study: report " + dir.resolve("study.html") + " (and study.md, study.json)");
  }

  static ReportBuilder build(StudyDef def, Path dir, JsonNode header) throws ConfigException {
    List<JsonNode> steps = new ArrayList<>();
    header.path("steps").forEach(steps::add);
    Published pub = Published.of(header.path("published"));
    ReportBuilder rb = new ReportBuilder(new Runs(dir, steps), pub, header);
    def.report(rb);
    ServerFigures.add(rb);
    return rb;
  }

  /** bin/ycsb study report DIR: the report again from study.json and the run folders. */
  public static void rebuild(Path dir, PrintStream err) throws BenchmarkException {
    if (StoreMatrix.isStores(dir)) {
      StoresReport.rebuild(dir.toAbsolutePath(), err);
      return;
    }
    Path f = dir.resolve("study.json");
    if (!Files.isRegularFile(f)) {
      throw new ConfigException("not a study folder: " + dir + " (no study.json)");
    }
    Map<String, Object> header;
    try {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = StudyRunner.MAPPER.readValue(f.toFile(), LinkedHashMap.class);
      header = m;
    } catch (IOException e) {
      throw new ConfigException("cannot read " + f + ": " + e.getMessage());
    }
    if (!"sciycsb-study".equals(header.get("format"))) {
      throw new ConfigException(f + " is not a study document (format sciycsb-study)");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> st = (Map<String, Object>) header.get("study");
    StudyDef def = st == null ? null : Studies.find(String.valueOf(st.get("name")));
    if (def == null) {
      throw new ConfigException(f + " names no known study");
    }
    header.remove("tables");
    header.remove("figures");
    writeReport(def, dir.toAbsolutePath(), header, err);
  }
}
