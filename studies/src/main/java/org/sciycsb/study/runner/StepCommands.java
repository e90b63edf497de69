package org.sciycsb.study.runner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.report.run.RunHooks;
import org.sciycsb.study.plan.Step;

/**
 * What a step runs: its command line ({@code bin/ycsb} or {@code bin/census} arguments, for {@code study.json}, the
 * logs, client processes and census jobs) and an engine step's {@link RunSpec}, with {@code ${dir:STEP}}
 * placeholders resolved to step folders and the runner's additions (the user's -p properties, the grown
 * {@code recordcount}, the results folder).
 */
public final class StepCommands {
  private final Path home;
  private final Path studyDir;
  private final Map<String, String> engineUser;
  private final List<String> censusUser;
  private final InsertKeyLedger ledger;
  private final PlannedServers servers = new PlannedServers(org.sciycsb.engine.servers.ServerControl.local());
  private final org.sciycsb.engine.RunExtension faults = org.sciycsb.engine.fault.FaultSchedule.extension(servers);

  public StepCommands(Path home, Path studyDir, Map<String, String> engineUser, List<String> censusUser,
      InsertKeyLedger ledger) {
    this.home = home;
    this.studyDir = studyDir;
    this.engineUser = engineUser;
    this.censusUser = censusUser;
    this.ledger = ledger;
  }

  /**
   * The study starts {@code server} itself with {@code nodes} nodes: the steps' faults on it are checked against that
   * before it runs.
   */
  public void startsServer(String server, int nodes) {
    servers.plan(server, nodes);
  }

  /** The command line a step runs, with ${dir:STEP} placeholders resolved and the runner's additions. */
  public List<String> command(Step s) {
    List<String> argv = new ArrayList<>();
    for (String a : s.argv()) {
      argv.add(resolve(a));
    }
    if (s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN) {
      String rc = ledger.recordcount(s);
      if (rc != null && !rc.equals(s.properties().get("recordcount"))) {
        argv.add("-p");
        argv.add("recordcount=" + rc);
      }
      userFor(s).forEach((k, v) -> {
        argv.add("-p");
        argv.add(k + "=" + v);
      });
      argv.add("-p");
      argv.add("results.dir=" + studyDir.resolve(s.name()));
    } else if (s.kind() == Step.Kind.CENSUS) {
      argv.add(0, home.resolve("bin/census").toString());
      argv.addAll(censusUser);
      argv.add("-p");
      argv.add("census.results=" + studyDir.resolve(s.name()));
      argv.add("-p");
      argv.add("census.overwrite=true");
    }
    return argv;
  }

  /**
   * The user's -p properties for an engine step: all of them for a run; a load gets no fault schedule (a study's
   * fault, {@code -p fault.*}, is an experiment on its measured runs, on data loaded without it) and no warmup
   * ({@code warmupops}, {@code warmuptime}: a load's warmup inserts records beyond the plan's record count, so the
   * data set would not be the matrix's and the runs' inserts would take keys it already holds).
   */
  private Map<String, String> userFor(Step s) {
    if (s.kind() != Step.Kind.LOAD) {
      return engineUser;
    }
    Map<String, String> m = new LinkedHashMap<>(engineUser);
    m.keySet().removeIf(k -> k.startsWith("fault.") || LOAD_EXCLUDED.contains(k));
    return m;
  }

  /** The user's keys a load step never gets (see {@link #userFor}). */
  static final java.util.Set<String> LOAD_EXCLUDED = java.util.Set.of("warmupops", "warmuptime");

  /** An engine step as the engine's spec: its files and properties, the user's, then its results folder. */
  public RunSpec spec(Step s, java.io.PrintStream out, java.io.PrintStream log) throws ConfigException {
    RunSpec.Builder b = RunSpec.builder(s.kind() == Step.Kind.LOAD ? Phase.LOAD : Phase.RUN).binding(s.binding())
        .out(out).err(log).extension(RunHooks.EXTENSION)
        .extension(faults)
        .extension(org.sciycsb.metrics.PrometheusMetrics.EXTENSION);
    for (String f : s.files()) {
      b.propertyFile(Path.of(resolve(f)));
    }
    boolean dropSeed = s.kind() == Step.Kind.RUN && s.tag(org.sciycsb.study.plan.StudySeeds.PAIRED_TAG) != null
        && inserts(s);
    s.properties().forEach((k, v) -> {
      if (!(dropSeed && k.equals("seed"))) {
        b.property(k, resolve(v));
      }
    });
    String rc = ledger.recordcount(s);
    if (rc != null) {
      b.property("recordcount", rc);
    }
    b.properties(userFor(s));
    b.property("results.dir", studyDir.resolve(s.name()).toString());
    return b.build();
  }

  /**
   * An engine step as the {@code bin/ycsb} arguments of a child process that runs what {@link #spec} runs here: its
   * files, its properties (without the paired seed where {@link #spec} drops it), the grown {@code recordcount}, the
   * user's properties and the results folder; later {@code -p} keys win, as in the engine.
   */
  public List<String> processCommand(Step s) {
    List<String> argv = new ArrayList<>(List.of(s.kind() == Step.Kind.LOAD ? "load" : "run", s.binding()));
    for (String f : s.files()) {
      argv.addAll(List.of("-P", resolve(f)));
    }
    boolean dropSeed = s.kind() == Step.Kind.RUN && s.tag(org.sciycsb.study.plan.StudySeeds.PAIRED_TAG) != null
        && inserts(s);
    Map<String, String> props = new LinkedHashMap<>();
    s.properties().forEach((k, v) -> {
      if (!(dropSeed && k.equals("seed"))) {
        props.put(k, resolve(v));
      }
    });
    String rc = ledger.recordcount(s);
    if (rc != null) {
      props.put("recordcount", rc);
    }
    props.putAll(userFor(s));
    props.put("results.dir", studyDir.resolve(s.name()).toString());
    props.forEach((k, v) -> argv.addAll(List.of("-p", k + "=" + v)));
    return argv;
  }

  /**
   * Whether a run step inserts (its insertproportion, from its files, its properties and the user's, above 0): under
   * a seed each thread inserts keys of its own, so the keys a seeded run leaves have gaps where a thread inserted
   * fewer than another, which a later run on the table would read as missing records; such a step runs without the
   * study's paired seed.
   */
  private boolean inserts(Step s) {
    java.util.Properties p = new java.util.Properties();
    for (String f : s.files()) {
      try (java.io.Reader r = java.nio.file.Files.newBufferedReader(Path.of(resolve(f)))) {
        p.load(r);
      } catch (java.io.IOException | RuntimeException e) {
        // the engine reports a bad file
      }
    }
    s.properties().forEach(p::setProperty);
    userFor(s).forEach(p::setProperty);
    try {
      return Double.parseDouble(p.getProperty("insertproportion", "0").trim()) > 0;
    } catch (NumberFormatException e) {
      return false; // the engine reports a bad value
    }
  }

  private String resolve(String a) {
    int i = a.indexOf("${dir:");
    while (i >= 0) {
      int e = a.indexOf('}', i);
      String name = a.substring(i + 6, e);
      a = a.substring(0, i) + studyDir.resolve(name) + a.substring(e + 1);
      i = a.indexOf("${dir:");
    }
    return a;
  }
}
