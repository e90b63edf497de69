package org.sciycsb.study.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.report.Runs;

/**
 * Runs a study's plan: checks every step first ({@link StudyPreflight}: a configuration error stops before
 * anything runs), then runs the steps in order, each into its own folder under the study folder (engine phases
 * in-process through {@link Benchmark#run}, as sweep does, or as {@code --clients} processes; census jobs as
 * {@code bin/census} child processes on their own classpath; pauses), records each step's outcome in
 * {@code study.json} as it goes ({@link StepPolicy} says what an outcome means), and finally writes the report.
 */
public final class StudyRunner {
  private final StudyFolder folder;
  private final PrintStream err;
  private final StepCommands commands;
  private final StudyPreflight preflight;
  private final InsertKeyLedger ledger;
  private final StepPolicy policy;
  private final EngineStep engine;
  private final CensusStep census;
  private StepHook beforeEngineStep;
  private volatile boolean interrupted;
  /** The run so far: the worst exit code, whether the study stopped, each step's status. */
  private int worst;
  private boolean stop;
  private final Map<String, String> status = new LinkedHashMap<>();

  /** {@code clients}: the client processes of every engine step ({@code --clients N}), or null: this process. */
  public StudyRunner(Path home, Path studyDir, Map<String, String> engineUser, List<String> censusUser,
      ClientProcesses clients, PrintStream err) {
    this.err = err;
    folder = new StudyFolder(studyDir, err);
    ledger = new InsertKeyLedger(engineUser);
    commands = new StepCommands(home, studyDir, engineUser, censusUser, ledger);
    preflight = new StudyPreflight(home, commands, clients, err);
    policy = new StepPolicy(engineUser);
    engine = new EngineStep(commands, folder,
        clients == null ? null : new ClientsStep(clients, commands, ledger, folder));
    census = new CensusStep(commands, folder);
  }

  /**
   * {@code hook} runs before every load and run step that runs (not before one skipped or not run), outside its
   * time; a failure fails the step with its exit code and message, as the step's own would.
   */
  public void beforeEngineSteps(StepHook hook) {
    this.beforeEngineStep = hook;
  }

  /**
   * Runs every load and run step as one child process that {@code launcher} starts (a store embedded in the client,
   * capped in a cgroup of its own) instead of in this process.
   */
  public void engineStepsAsProcesses(StepLauncher launcher) {
    engine.inProcesses(launcher);
  }

  /** What the steps run: their command lines and engine specs. */
  public StepCommands commands() {
    return commands;
  }

  /** Checks every step before anything runs; returns the distinct warnings. */
  public Set<String> validate(Plan plan, boolean checkServers) throws BenchmarkException {
    return preflight.validate(plan, checkServers);
  }

  /** Runs the steps, recording each in header.steps and study.json; returns the exit code. */
  public int run(Plan plan, Map<String, Object> header, StudyReportWriter writer) throws BenchmarkException {
    folder.createLogs();
    List<Map<String, Object>> records = new ArrayList<>();
    for (Step s : plan.steps()) {
      records.add(record(s));
    }
    header.put("steps", records);
    folder.save(header);
    // an interrupt (SIGINT/SIGTERM) lets the current step end (the engine's own hook writes its results), marks
    // the rest "not run" and writes the report before the JVM exits
    CountDownLatch done = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      interrupted = true;
      try {
        done.await(120, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "study-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return steps(plan, header, records, writer);
    } finally {
      done.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is waiting for the latch counted down above
      }
    }
  }

  private int steps(Plan plan, Map<String, Object> header, List<Map<String, Object>> records,
      StudyReportWriter writer) throws BenchmarkException {
    int n = 0;
    for (Step s : plan.steps()) {
      n++;
      Map<String, Object> rec = records.get(n - 1);
      if (interrupted && !stop) {
        stop = true;
        worst = worst == 0 ? BenchmarkException.EXIT_INTERRUPTED : worst;
        err.println("study: interrupted: the remaining steps are not run");
      }
      if (stop) {
        rec.put("status", "not run");
        rec.put("reason", "the study stopped earlier");
        status.put(s.name(), "not run");
        continue;
      }
      String counter = "[" + n + "/" + plan.steps().size() + "] ";
      String blocked = StepPolicy.blockedBy(s, status);
      if (blocked != null) {
        rec.put("status", "skipped");
        rec.put("reason", "step " + blocked + " did not finish");
        status.put(s.name(), "skipped");
        err.println("study: " + counter + s.name() + ": skipped (" + blocked + " did not finish)");
        folder.save(header);
        continue;
      }
      runStep(s, rec, counter, header);
    }
    finish(header, writer);
    return worst;
  }

  /** Runs one step and records its outcome. */
  private void runStep(Step s, Map<String, Object> rec, String counter, Map<String, Object> header)
      throws ConfigException {
    err.println("study: " + counter + s.name() + " ...");
    BenchmarkException refused = prepare(s);
    Instant t0 = Instant.now();
    rec.put("started", t0.toString());
    rec.put("status", "running");
    folder.save(header);
    int code = refused != null ? refused.exitCode() : execute(s, rec);
    double secs = Math.max(0, (Instant.now().toEpochMilli() - t0.toEpochMilli()) / 1000.0);
    rec.put("seconds", Math.round(secs * 10) / 10.0);
    rec.put("exitCode", code);
    boolean ok = StepPolicy.finished(code);
    String st = StepPolicy.status(code, interrupted);
    status.put(s.name(), st);
    JsonNode res = folder.resultsOf(s);
    ledger.noteInserts(s, res);
    FaultStepReport.write(folder, s, res, rec);
    String failures = StepResults.failedOperations(res, rec);
    if (res != null) {
      rec.put("outcome", res.path("summary").path("outcome").asText(null));
      rec.put("summary", StepResults.summary(res));
    }
    if (ok && failures != null && !policy.failuresExpected(s)) {
      st = Runs.FAILED_OPERATIONS; // measured, and its figures are shown, but the study did not go as planned
      rec.put("reason", failures);
      worst = worst == 0 ? BenchmarkException.EXIT_RUN_FAILED : worst;
    }
    rec.put("status", st);
    err.println("study:     " + st + (code != 0 ? " (exit " + code + ")" : "") + ", " + Math.round(secs) + " s"
        + StepResults.headline(res) + (failures != null ? ", " + failures : "")
        + (ok ? "" : ", log: " + folder.dir().relativize(folder.logOf(s))));
    if (!ok && !interrupted && StepPolicy.failureIsAResult(s, code, rec, folder.log(s))) {
      st = StepPolicy.FAILED_AS_RESULT;
      rec.put("status", st);
      rec.put("reason", folder.lastError(s) + " (" + s.failureIsAResult() + ")");
      status.put(s.name(), st);
      err.println("study:     the job's failure is this step's result: " + s.failureIsAResult());
      folder.save(header);
      return;
    }
    if (!ok) {
      rec.put("reason", folder.lastError(s));
      worst = worst == 0 ? code : worst;
      if (StepPolicy.stopsStudy(s, code)) {
        stop = true;
        if (code == BenchmarkException.EXIT_BINDING) {
          err.println("study: stopping: the store could not be reached (exit 3); the remaining steps are not run");
        }
      }
    }
    folder.save(header);
  }

  /** Runs the hook before a load or run step; its failure (written to the step's log), or null. */
  private BenchmarkException prepare(Step s) {
    if (beforeEngineStep == null || s.kind() != Step.Kind.LOAD && s.kind() != Step.Kind.RUN) {
      return null;
    }
    try {
      beforeEngineStep.before(s);
      return null;
    } catch (BenchmarkException e) {
      folder.appendLog(s, "error: " + e.getMessage());
      return e;
    }
  }

  private int execute(Step s, Map<String, Object> rec) {
    switch (s.kind()) {
      case PAUSE:
        return PauseStep.run(s, () -> interrupted);
      case LOAD:
      case RUN:
        return engine.run(s, rec);
      case CENSUS:
        return census.run(s, rec);
      default:
        return 0;
    }
  }

  /** The study's end in study.json (when, outcome, exit code), and its report. */
  private void finish(Map<String, Object> header, StudyReportWriter writer) throws BenchmarkException {
    header.put("finished", Instant.now().toString());
    boolean allOk = status.values().stream().allMatch(v -> v.equals("ok") || v.equals(StepPolicy.FAILED_AS_RESULT))
        && worst == 0;
    header.put("outcome", allOk ? "completed" : interrupted ? "interrupted" : stop ? "stopped"
        : "completed with failures");
    header.put("exitCode", worst);
    folder.save(header);
    writer.write(header);
  }

  /** A step's record in study.json before it runs. */
  private Map<String, Object> record(Step s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", s.name());
    m.put("kind", s.kind().name().toLowerCase(java.util.Locale.ROOT));
    m.put("tags", s.orderedTags());
    if (!s.dependsOn().isEmpty()) {
      m.put("dependsOn", s.dependsOn());
    }
    if (s.kind() == Step.Kind.PAUSE) {
      m.put("pauseSeconds", s.seconds());
    } else {
      m.put("dir", s.name());
      m.put("command", commands.command(s));
    }
    if (s.note() != null) {
      m.put("note", s.note());
    }
    m.put("status", "pending");
    return m;
  }

  /** What runs before a load or run step (the study's server restarted with or without its memory cap). */
  public interface StepHook {
    void before(Step s) throws BenchmarkException;
  }

  /** Writes the report from the recorded header (steps included). */
  public interface StudyReportWriter {
    void write(Map<String, Object> header) throws BenchmarkException;
  }
}
