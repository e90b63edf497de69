package org.sciycsb.study;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.config.Registry;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.report.Published;
import org.sciycsb.study.runner.ClientProcesses;
import org.sciycsb.study.runner.StudyFolder;
import org.sciycsb.study.runner.StudyRunner;
import org.sciycsb.study.seeds.StudyDef;
import org.sciycsb.study.seeds.StudyPlans;
import org.sciycsb.study.server.DataCentresSetup;
import org.sciycsb.study.server.StoreSetup;

/**
 * One store's study: its plan at the asked scale ({@code --only}, {@code --repeat}), checked whole, then the dry
 * run's listing, or the run into a new study folder and its report.
 */
final class StudyRun {
  private StudyRun() {}

  static int run(Path home, StudyArgs a, String binding, boolean dry, Map<String, String> props,
      PrintStream out, PrintStream err) throws BenchmarkException {
    StudyDef def = a.def();
    String bindingName = binding == null ? Registry.DEFAULT_BINDING : binding;
    int maxThreads = a.maxThreads() == null ? StudyCommand.defaultMaxThreads() : a.maxThreads();
    Map<String, String> user = UserProps.split(props).user(); // the study.* keys checked first
    OptionSet bopts = StudyPlans.bindingOptions(bindingName);
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    String prefix = "s" + stamp.substring(2).replace("-", "") + "_";
    Map<String, String> given = props;
    StoreSetup server = null;
    org.sciycsb.study.plan.DataCentres dcs = null;
    if (a.dcs() != null) { // the study's own multi-data-centre cluster, checked before anything starts
      DataCentresSetup d = DataCentresSetup.of(home, bindingName, a.dcs(), a.nodes(), Path.of("/proc/meminfo"),
          new Config(user).get(StudyOptions.DCS_OFFSET));
      dcs = d.layout();
      server = d;
      Map<String, String> all = new java.util.LinkedHashMap<>(d.engineProps());
      all.putAll(props); // the command line wins
      props = all;
      user = UserProps.split(props).user();
    }
    Plan plan = plan(home, a, bindingName, bopts, maxThreads, user, prefix, dcs);
    if (server != null) {
      server.notes().forEach(plan::note);
    }
    if (a.managesServer()) { // the store's test server (or its embedded data) on the device, with the cap
      server = StoreSetup.of(home, def, plan, bindingName, a.devices().isEmpty() ? null : a.devices().get(0),
          a.memoryRatio(), props, prefix.substring(1, prefix.length() - 1));
      if (server.launcher() != null && a.clientProcesses()) {
        throw new org.sciycsb.api.ConfigException("--clients/--yarn with --devices/--memory-ratio on the embedded "
            + bindingName + ": one process holds the store (its cap is that process's)");
      }
      Map<String, String> all = new java.util.LinkedHashMap<>(props);
      all.putAll(server.engineProps());
      plan = plan(home, a, bindingName, bopts, maxThreads, UserProps.split(all).user(), prefix, null);
      server.notes().forEach(plan::note);
      props = all;
    }
    if (a.seeds().paired()) { // the user's -p seed is the base of the steps' seeds, not every step's value
      props = new java.util.LinkedHashMap<>(props);
      props.remove(org.sciycsb.api.CommonOptions.SEED.name());
    }
    UserProps up = UserProps.split(props);
    boolean engine = plan.steps().stream().anyMatch(s -> s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN);
    Path dir = folder(up, stamp, def, engine ? bindingName : null, given.getOrDefault("label.storage",
        a.devices().isEmpty() ? null : a.devices().get(0)));
    StudyRunner runner = new StudyRunner(home, dir, up.engine(), up.census(), a.clientProcesses()
        ? new ClientProcesses(home, a.clients(), a.yarn(), new Config(up.user()).get(StudyOptions.CLIENTS_READY)
        .toMillis()) : null, err);
    if (dcs != null) { // the steps' pauses are of the cluster the study starts: checked against its layout
      runner.commands().startsServer(dcs.server(), dcs.nodes());
    }
    UserProps.warnOverrides(plan, props, err);
    for (String w : runner.validate(plan, !dry)) {
      err.println(w);
    }
    if (dry) {
      if (server != null) {
        out.println("server: " + server.describe() + " (" + server.toMap().get("command") + ")");
      }
      DryRun.print(def, bindingName, a.scale(), plan, dir, runner.commands(), out);
      return 0;
    }
    StudyFolder.checkNew(dir);
    if (server != null) {
      server.start(err, plan.steps()); // before the folder: a server that does not start leaves nothing behind
      StoreSetup srv = server;
      runner.beforeEngineSteps(s -> srv.beforeStep(s, err)); // loads uncapped, runs capped (study.load.capped)
      if (srv.launcher() != null) {
        runner.engineStepsAsProcesses(srv.launcher()); // an embedded store: its client capped, a process a step
      }
    }
    try {
      return runIn(a, binding, bindingName, given, plan, dir, prefix, maxThreads, runner, server, home, err);
    } finally {
      if (server != null) {
        server.stop(err);
      }
    }
  }

  /**
   * Runs the checked plan into the new study folder {@code dir}, then writes its report; the study's exit code.
   * {@code props} are the command line's (the study's command in its header).
   */
  private static int runIn(StudyArgs a, String binding, String bindingName, Map<String, String> props, Plan plan,
      Path dir, String prefix, int maxThreads, StudyRunner runner, StoreSetup server, Path home, PrintStream err)
      throws BenchmarkException {
    StudyDef def = a.def();
    boolean engine = plan.steps().stream().anyMatch(s -> s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN);
    StudyFolder.createNew(dir);
    Published pub = StudyPlans.published(home, def);
    Map<String, Object> header = StudyHeader.of(a, binding, props, pub, engine ? bindingName : null, maxThreads,
        plan, dir, prefix);
    if (server != null) {
      header.put("server", server.toMap());
    }
    header.put("experiments", StudyPlans.experiments(home, def));
    err.println("study " + def.name() + " (seed " + def.seed() + "): " + plan.steps().size() + " steps"
        + (plan.repeats() > 1 ? " (measured steps x " + plan.repeats() + ", repeat-major)" : "")
        + (engine ? ", binding " + bindingName : "") + ", scale " + org.sciycsb.report.Fmt.num(a.scale(), 12)
        + " -> " + dir);
    for (String n : plan.notes()) {
      err.println("study: note: " + n);
    }
    int code = runner.run(plan, header, h -> {
      if (server != null && server.launcher() != null) { // the client's cgroup removed first: its peak in the report
        server.stop(err);
        h.put("server", server.toMap());
      }
      StudyReports.write(def, dir, h, err);
    });
    err.println("study: " + dir);
    return code;
  }

  /** The study's plan for one store: every engine step for the clients, {@code --only}, then the repeats. */
  private static Plan plan(Path home, StudyArgs a, String bindingName, OptionSet bopts, int maxThreads,
      Map<String, String> user, String prefix, org.sciycsb.study.plan.DataCentres dcs) throws ConfigException {
    Plan plan = StudyPlans.expand(home, a.def(), bindingName, bopts, a.scale(), maxThreads, user, prefix,
        a.clients(), dcs);
    if (!a.only().isEmpty()) {
      plan = StudyPlans.filter(plan, a.only());
    }
    return a.seeds().apply(plan.repeated(a.repeat() != null ? a.repeat() : plan.defaultRepeats()));
  }

  /**
   * The study folder: {@code -p results.dir}, or results/&lt;stamp&gt;-study-&lt;name&gt;[-&lt;binding&gt;][-&lt;storage
   * label&gt;] ({@code engineBinding} null when the plan has no engine step).
   */
  private static Path folder(UserProps up, String stamp, StudyDef def, String engineBinding, String storageLabel) {
    return Path.of(up.resultsDir() != null ? up.resultsDir() : "results/" + stamp + "-study-" + def.name()
        + (engineBinding != null ? "-" + engineBinding : "")
        + (storageLabel == null ? "" : "-" + storageLabel.replaceAll("[^A-Za-z0-9._-]", "_"))).toAbsolutePath();
  }
}
