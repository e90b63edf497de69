package org.sciycsb.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.report.Hlog;
import org.sciycsb.report.HtmlReport;
import org.sciycsb.report.ResultData;
import org.sciycsb.report.run.RunHooks;

/**
 * Runs a study's plan: checks every step first (a configuration error stops before anything runs), then runs the
 * steps in order, each into its own folder under the study folder (engine phases in-process through
 * {@link Benchmark#run}, as sweep does; census jobs as {@code bin/census} child processes on their own classpath),
 * records each step's outcome in {@code study.json} as it goes, and finally writes the report.
 */
final class StudyRunner {
  static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path home;
  private final Path studyDir;
  private final Map<String, String> engineUser;
  private final List<String> censusUser;
  private final PrintStream err;
  /** The client processes of every engine step ({@code --clients N}), or null: the engine in this process. */
  private final ClientProcesses clients;

  StudyRunner(Path home, Path studyDir, Map<String, String> engineUser, List<String> censusUser,
      ClientProcesses clients, PrintStream err) {
    this.home = home;
    this.clients = clients;
    this.studyDir = studyDir;
    this.engineUser = engineUser;
    this.censusUser = censusUser;
    this.err = err;
  }

  /**
   * Per table, the key number after the last key that earlier run steps inserted ({@code extra.core.nextInsertKey}
   * of their results): a later run on the table counts those records in its {@code recordcount}, so that its reads
   * cover them and its own inserts take fresh keys (seed 002's three read-latest runs share one table).
   */
  private final Map<String, Long> nextInsertKey = new LinkedHashMap<>();

  /** The {@code recordcount} an engine step runs with: its own, or more when earlier runs inserted into its table. */
  String recordcount(Step s) {
    String own = s.properties().get("recordcount");
    if (s.kind() != Step.Kind.RUN || own == null) {
      return own;
    }
    Long grown = nextInsertKey.get(tableOf(s));
    try {
      return grown != null && grown > Long.parseLong(own) ? Long.toString(grown) : own;
    } catch (NumberFormatException e) {
      return own; // a bad value is the engine's to report
    }
  }

  private String tableOf(Step s) {
    return engineUser.getOrDefault("table", s.properties().getOrDefault("table", "usertable"));
  }

  /** After a run step: the keys its inserts used, from its results. */
  private void noteInserts(Step s, JsonNode res) {
    JsonNode core = res == null ? null : res.path("extra").path("core");
    if (s.kind() == Step.Kind.RUN && core != null && core.path("nextInsertKey").isNumber()) {
      nextInsertKey.merge(core.path("table").asText(tableOf(s)), core.path("nextInsertKey").asLong(), Math::max);
    }
  }

  /** The command line a step runs, with ${dir:STEP} placeholders resolved and the runner's additions. */
  List<String> command(Step s) {
    List<String> argv = new ArrayList<>();
    for (String a : s.argv()) {
      argv.add(resolve(a));
    }
    if (s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN) {
      String rc = recordcount(s);
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
   * fault, {@code -p fault.*}, is an experiment on its measured runs, on data loaded without it).
   */
  private Map<String, String> userFor(Step s) {
    if (s.kind() != Step.Kind.LOAD) {
      return engineUser;
    }
    Map<String, String> m = new LinkedHashMap<>(engineUser);
    m.keySet().removeIf(k -> k.startsWith("fault."));
    return m;
  }

  /** Failed operations are part of the experiment: the plan says so, or the step runs under a fault. */
  private boolean failuresExpected(Step s) {
    return s.failuresExpected() || s.kind() == Step.Kind.RUN && engineUser.containsKey("fault.at");
  }

  /** An engine step as the engine's spec: its files and properties, the user's, then its results folder. */
  RunSpec spec(Step s, PrintStream out, PrintStream log) throws ConfigException {
    RunSpec.Builder b = RunSpec.builder(s.kind() == Step.Kind.LOAD ? Phase.LOAD : Phase.RUN).binding(s.binding())
        .out(out).err(log).extension(RunHooks.EXTENSION)
        .extension(org.sciycsb.engine.fault.FaultSchedule.EXTENSION)
        .extension(org.sciycsb.metrics.PrometheusMetrics.EXTENSION);
    for (String f : s.files()) {
      b.propertyFile(Path.of(resolve(f)));
    }
    s.properties().forEach((k, v) -> b.property(k, resolve(v)));
    String rc = recordcount(s);
    if (rc != null) {
      b.property("recordcount", rc);
    }
    b.properties(userFor(s));
    b.property("results.dir", studyDir.resolve(s.name()).toString());
    return b.build();
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

  /**
   * Checks every step: engine steps as bin/ycsb would before starting (binding, workload, files, keys, values),
   * census steps for the launcher and the servers they name. Returns the distinct warnings.
   */
  Set<String> validate(Plan plan, boolean checkServers) throws BenchmarkException {
    Set<String> warnings = new LinkedHashSet<>();
    Set<String> reached = new LinkedHashSet<>();
    for (Step s : plan.steps()) {
      switch (s.kind()) {
        case LOAD:
        case RUN:
          try {
            Benchmark.Prepared p = Benchmark.checked(spec(s, err, err));
            warnings.addAll(p.warnings());
            if (clients != null) {
              clients.check(p);
            }
          } catch (ConfigException e) {
            throw new ConfigException("step " + s.name() + ": " + e.getMessage());
          }
          break;
        case CENSUS:
          CensusFaults.validate(s, checkServers);
          Path census = home.resolve("bin/census");
          if (!Files.isExecutable(census)) {
            throw new ConfigException("step " + s.name() + " needs " + census + " (the census launcher), not found");
          }
          for (String a : s.argv()) {
            int eq = a.indexOf('=');
            if (eq > 0 && (a.startsWith("census.input=") || a.startsWith("census.output=")
                || a.startsWith("census.staging="))) {
              String url = a.substring(eq + 1);
              if (checkServers && (url.startsWith("hdfs://") || url.startsWith("mongodb://"))
                  && reached.add(hostPort(url))) {
                reachable(url, s.name());
              }
            }
          }
          break;
        default:
          break;
      }
    }
    return warnings;
  }

  private static String hostPort(String url) {
    URI u = URI.create(url.replaceFirst("^mongodb://[^@/]*@", "mongodb://"));
    return u.getHost() + ":" + u.getPort();
  }

  /** A TCP connect to the server of url (exit 3 when nothing listens: start it with bin/servers). */
  static void reachable(String url, String step) throws BenchmarkException {
    URI u = URI.create(url.replaceFirst("^mongodb://[^@/]*@", "mongodb://"));
    int port = u.getPort() > 0 ? u.getPort() : url.startsWith("hdfs") ? 8020 : 27017;
    try (Socket sock = new Socket()) {
      sock.connect(new InetSocketAddress(u.getHost(), port), 3000);
    } catch (IOException | IllegalArgumentException e) {
      String hint = url.startsWith("hdfs") ? "bin/servers start hdfs" : "bin/servers start mongo-standin";
      throw new BenchmarkException(BenchmarkException.EXIT_BINDING, "step " + step + ": cannot reach "
          + u.getHost() + ":" + port + " (" + url.replaceAll("://[^@/]*@", "://***@") + "): " + e.getMessage()
          + " (start it: " + hint + ", or set -p study.hdfs / study.mongo)");
    }
  }

  /** Runs the steps, recording each in header.steps and study.json; returns the exit code. */
  int run(Plan plan, Map<String, Object> header, StudyReportWriter writer) throws BenchmarkException {
    try {
      Files.createDirectories(studyDir.resolve("logs"));
    } catch (IOException e) {
      throw new ConfigException("cannot create the study folder " + studyDir + ": " + e.getMessage());
    }
    List<Map<String, Object>> records = new ArrayList<>();
    for (Step s : plan.steps()) {
      records.add(record(s));
    }
    header.put("steps", records);
    save(header);
    // an interrupt (SIGINT/SIGTERM) lets the current step end (the engine's own hook writes its results), marks
    // the rest "not run" and writes the report before the JVM exits
    java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
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

  private volatile boolean interrupted;

  private int steps(Plan plan, Map<String, Object> header, List<Map<String, Object>> records,
      StudyReportWriter writer) throws BenchmarkException {
    int worst = 0;
    boolean stop = false;
    int n = 0;
    Map<String, String> status = new LinkedHashMap<>();
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
      String blocked = blockedBy(s, status);
      if (blocked != null) {
        rec.put("status", "skipped");
        rec.put("reason", "step " + blocked + " did not finish");
        status.put(s.name(), "skipped");
        err.println("study: [" + n + "/" + plan.steps().size() + "] " + s.name() + ": skipped (" + blocked
            + " did not finish)");
        save(header);
        continue;
      }
      err.println("study: [" + n + "/" + plan.steps().size() + "] " + s.name() + " ...");
      Instant t0 = Instant.now();
      rec.put("started", t0.toString());
      rec.put("status", "running");
      save(header);
      int code = execute(s, rec);
      double secs = Math.max(0, (Instant.now().toEpochMilli() - t0.toEpochMilli()) / 1000.0);
      rec.put("seconds", Math.round(secs * 10) / 10.0);
      rec.put("exitCode", code);
      boolean ok = code == 0 || code == 5;
      String st = ok ? "ok" : code == BenchmarkException.EXIT_INTERRUPTED || interrupted ? "interrupted" : "failed";
      status.put(s.name(), st);
      JsonNode res = resultsOf(s);
      noteInserts(s, res);
      faultReport(s, res, rec);
      String failures = failedOperations(res, rec);
      if (res != null) {
        rec.put("outcome", res.path("summary").path("outcome").asText(null));
        rec.put("summary", summary(res));
      }
      if (ok && failures != null && !failuresExpected(s)) {
        st = FAILED_OPERATIONS; // measured, and its figures are shown, but the study did not go as planned
        rec.put("reason", failures);
        worst = worst == 0 ? BenchmarkException.EXIT_RUN_FAILED : worst;
      }
      rec.put("status", st);
      err.println("study:     " + st + (code != 0 ? " (exit " + code + ")" : "") + ", " + Math.round(secs) + " s"
          + headline(res) + (failures != null ? ", " + failures : "")
          + (ok ? "" : ", log: " + studyDir.relativize(logOf(s))));
      if (!ok) {
        rec.put("reason", lastError(s));
        worst = worst == 0 ? code : worst;
        if (code == BenchmarkException.EXIT_INTERRUPTED) {
          stop = true;
        } else if (code == BenchmarkException.EXIT_BINDING && s.kind() != Step.Kind.CENSUS) {
          stop = true;
          err.println("study: stopping: the store could not be reached (exit 3); the remaining steps are not run");
        }
      }
      save(header);
    }
    finish(header, status, worst, stop, writer);
    return worst;
  }

  /** The first step {@code s} depends on that did not finish ok, or null. */
  private static String blockedBy(Step s, Map<String, String> status) {
    for (String d : s.dependsOn()) {
      if (!"ok".equals(status.get(d))) {
        return d;
      }
    }
    return null;
  }

  /** The study's end in study.json (when, outcome, exit code), and its report. */
  private void finish(Map<String, Object> header, Map<String, String> status, int worst, boolean stop,
      StudyReportWriter writer) throws BenchmarkException {
    header.put("finished", Instant.now().toString());
    boolean allOk = status.values().stream().allMatch("ok"::equals) && worst == 0;
    header.put("outcome", allOk ? "completed" : interrupted ? "interrupted" : stop ? "stopped"
        : "completed with failures");
    header.put("exitCode", worst);
    save(header);
    writer.write(header);
  }

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
      m.put("command", command(s));
    }
    if (s.note() != null) {
      m.put("note", s.note());
    }
    m.put("status", "pending");
    return m;
  }

  Path logOf(Step s) {
    return studyDir.resolve("logs").resolve(s.name().replace('/', '_') + ".log");
  }

  /** Runs an engine step; every failure becomes one line in its log and the exit code bin/ycsb would give. */
  private int runEngineStep(Step s, PrintStream out, PrintStream log) {
    try {
      return Benchmark.run(spec(s, out, log)).exitCode();
    } catch (BenchmarkException e) {
      log.println("error: " + Secrets.maskText(e.getMessage()));
      return e.exitCode();
    } catch (RuntimeException | LinkageError e) {
      log.println("error: unexpected " + e.getClass().getSimpleName() + ": " + Secrets.maskText(e.getMessage()));
      e.printStackTrace(log);
      return BenchmarkException.EXIT_RUN_FAILED;
    }
  }

  /**
   * Per table, with {@code --clients}: each client's next insert key number after the run steps so far (its
   * {@code extra.core.nextInsertKey}: the clients' inserts interleave, so each continues its own sequence and reads
   * only keys that exist for it; on YARN, whose runner makes the shares, the next run reads below the lowest of them
   * and inserts above the highest).
   */
  private final Map<String, long[]> clientsNextInsertKey = new LinkedHashMap<>();

  /** An engine step as {@code --clients} processes, merged into the step's folder. */
  private int runClients(Step s, PrintStream log, Map<String, Object> rec) {
    List<Map<String, String>> shares;
    try {
      shares = clients.check(Benchmark.checked(spec(s, log, log)));
    } catch (ConfigException e) {
      log.println("error: " + Secrets.maskText(e.getMessage()));
      return e.exitCode();
    }
    long[] next = clientsNextInsertKey.get(tableOf(s));
    List<String> command = new ArrayList<>(command(s));
    if (s.kind() == Step.Kind.RUN && next != null && next.length == shares.size()) {
      long min = java.util.Arrays.stream(next).min().orElse(0);
      if (clients.onYarn() && min > 0) { // the runner makes the shares: every key below the lowest next key exists
        long max = java.util.Arrays.stream(next).max().orElse(0);
        command.addAll(List.of("-p", "recordcount=" + min, "-p", "coreworkload.clientbase=" + max));
      } else if (!clients.onYarn()) {
        for (int i = 0; i < next.length; i++) {
          if (next[i] > 0) {
            shares.get(i).put("recordcount", Long.toString(next[i]));
          }
        }
      }
    }
    Path dir = studyDir.resolve(s.name());
    int code = clients.run(command, shares, dir, logOf(s), log, rec);
    if (s.kind() == Step.Kind.RUN) {
      long[] now = next != null && next.length == shares.size() ? next.clone() : new long[shares.size()];
      int first = clients.onYarn() ? 0 : 1; // the YARN runner numbers its clients from 0
      for (int i = 0; i < now.length; i++) {
        JsonNode core = readJson(dir.resolve("clients").resolve(Integer.toString(i + first)).resolve("results.json"))
            .path("extra").path("core");
        now[i] = core.path("nextInsertKey").isNumber() ? core.path("nextInsertKey").asLong() : now[i];
      }
      clientsNextInsertKey.put(tableOf(s), now);
    }
    return code;
  }

  /** A JSON file, or a missing node when it cannot be read. */
  private static JsonNode readJson(Path f) {
    try {
      return MAPPER.readTree(f.toFile());
    } catch (IOException e) {
      return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
  }

  private int execute(Step s, Map<String, Object> rec) {
    switch (s.kind()) {
      case PAUSE:
        try {
          long end = System.nanoTime() + s.seconds() * 1_000_000_000L;
          while (System.nanoTime() < end) {
            if (interrupted) {
              return BenchmarkException.EXIT_INTERRUPTED;
            }
            Thread.sleep(Math.min(200, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
          }
          return 0;
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return BenchmarkException.EXIT_INTERRUPTED;
        }
      case LOAD:
      case RUN:
        try (OutputStream log = Files.newOutputStream(logOf(s));
            PrintStream logErr = new PrintStream(log, true, StandardCharsets.UTF_8)) {
          PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
          logErr.println("$ bin/ycsb " + String.join(" ", command(s)));
          return clients == null ? runEngineStep(s, quiet, logErr) : runClients(s, logErr, rec);
        } catch (IOException e) {
          rec.put("reason", "cannot write the log: " + e.getMessage());
          return BenchmarkException.EXIT_RUN_FAILED;
        }
      case CENSUS:
        return runCensus(s, rec);
      default:
        return 0;
    }
  }

  /** Each finished census step's job time (ms), by name: what places a later step's fault. */
  private final Map<String, Long> censusJobMs = new LinkedHashMap<>();

  /**
   * A census step: {@code bin/census} as a child process, its output in the step's log, with the step's fault
   * schedule (if any) run around it, its clock started by the job's start ({@code census.startfile}). A schedule
   * that went wrong fails a job that succeeded (exit 4).
   */
  private int runCensus(Step s, Map<String, Object> rec) {
    java.util.Optional<CensusFaults> faults;
    Path startFile = studyDir.resolve(s.name()).resolve("job.started");
    try {
      faults = CensusFaults.open(s, censusJobMs, studyDir.resolve(s.name()));
      Files.deleteIfExists(startFile);
    } catch (ConfigException | IOException e) {
      rec.put("reason", e.getMessage());
      appendLog(s, "error: " + e.getMessage());
      return BenchmarkException.EXIT_RUN_FAILED;
    }
    List<String> cmd = new ArrayList<>(command(s));
    if (faults.isPresent()) {
      cmd.addAll(List.of("-p", "census.startfile=" + startFile));
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(logOf(s).toFile());
    Process p = null;
    Thread hook = null;
    try {
      p = pb.start();
      Process child = p;
      hook = new Thread(child::destroy, "study-census-stop");
      Runtime.getRuntime().addShutdownHook(hook);
      if (faults.isPresent() && awaitFile(p, startFile)) {
        faults.get().started();
      }
      p.waitFor();
      int code = p.exitValue();
      long jobMs = readJson(studyDir.resolve(s.name()).resolve("results.json")).path("summary").path("totalMs")
          .asLong(-1);
      if (code == 0 && jobMs >= 0) {
        censusJobMs.put(s.name(), jobMs);
      }
      return faultsEnded(s, rec, faults, code);
    } catch (IOException e) {
      rec.put("reason", "cannot start bin/census: " + e.getMessage());
      return faultsEnded(s, rec, faults, BenchmarkException.EXIT_RUN_FAILED);
    } catch (InterruptedException e) {
      p.destroy();
      Thread.currentThread().interrupt();
      return faultsEnded(s, rec, faults, BenchmarkException.EXIT_INTERRUPTED);
    } finally {
      if (hook != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the hook stops the child
        }
      }
      if (p != null && p.isAlive()) {
        p.destroy();
        try {
          p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /** Waits until the file exists (true) or the process ended without writing it (false). */
  private static boolean awaitFile(Process p, Path f) throws InterruptedException {
    while (!Files.exists(f)) {
      if (!p.isAlive()) {
        return Files.exists(f);
      }
      Thread.sleep(20);
    }
    return true;
  }

  /** Ends a census step's fault schedule (if it has one); the step's exit code after it. */
  private int faultsEnded(Step s, Map<String, Object> rec, java.util.Optional<CensusFaults> faults, int code) {
    if (faults.isEmpty()) {
      return code;
    }
    java.util.Optional<String> problem = faults.get().ended(studyDir.resolve(s.name()).resolve("results.json"), rec);
    appendLog(s, "study: the fault schedule (fault.at=" + faults.get().at() + " after the job started): "
        + problem.orElse("ran as planned") + " (" + studyDir.relativize(studyDir.resolve(s.name()).resolve(
        "fault.log")) + ")");
    if (problem.isPresent() && code == 0) {
      appendLog(s, "error: " + problem.get());
      return BenchmarkException.EXIT_RUN_FAILED;
    }
    return code;
  }

  private void appendLog(Step s, String line) {
    try {
      Files.writeString(logOf(s), line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      err.println("study: cannot write " + logOf(s) + ": " + e.getMessage());
    }
  }

  private JsonNode resultsOf(Step s) {
    if (s.kind() == Step.Kind.PAUSE) {
      return null;
    }
    Path f = studyDir.resolve(s.name()).resolve("results.json");
    if (!Files.isRegularFile(f)) {
      return null;
    }
    try {
      return MAPPER.readTree(f.toFile());
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * A run step under a fault schedule gets the run's own report beside its results ({@code report.html}: the time
   * charts with the fault and its restore marked), named in the step's record as {@code report}; a report that
   * cannot be written is a line in the step's log, not a failed step.
   */
  private void faultReport(Step s, JsonNode res, Map<String, Object> rec) {
    if (res == null || res.path("metadata").path("faults").isEmpty()) {
      return;
    }
    Path dir = studyDir.resolve(s.name());
    try {
      ResultData d = ResultData.load(dir);
      Hlog h = d.hlog();
      Files.writeString(dir.resolve("report.html"), HtmlReport.render(res,
          h == null ? Map.of() : h.totals()));
      rec.put("report", s.name() + "/report.html");
    } catch (IOException | ConfigException e) {
      appendLog(s, "cannot write the step's report.html: " + e.getMessage());
    }
  }

  /** The status of a step that ran to its end with failed operations the study did not expect. */
  static final String FAILED_OPERATIONS = "failed operations";

  /**
   * Counts the step's failed operations (calls that ended in neither OK nor BATCHED_OK) into its record
   * ({@code failedOperations}, and {@code failedByOperation}: per operation, per status); returns the one-line
   * account ("500 failed operations: INSERT ERROR 500"), or null when none failed.
   */
  static String failedOperations(JsonNode res, Map<String, Object> rec) {
    if (res == null) {
      return null;
    }
    long total = 0;
    Map<String, Map<String, Long>> by = new LinkedHashMap<>();
    for (JsonNode op : res.path("operations")) {
      String name = op.path("name").asText();
      if (name.equals("OVERALL")) {
        continue;
      }
      op.path("statuses").fields().forEachRemaining(e -> {
        if (!e.getKey().equals("OK") && !e.getKey().equals("BATCHED_OK") && e.getValue().asLong() > 0) {
          by.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(e.getKey(), e.getValue().asLong());
        }
      });
    }
    StringBuilder what = new StringBuilder();
    for (Map.Entry<String, Map<String, Long>> op : by.entrySet()) {
      for (Map.Entry<String, Long> st : op.getValue().entrySet()) {
        total += st.getValue();
        what.append(what.length() == 0 ? "" : ", ").append(op.getKey()).append(' ').append(st.getKey()).append(' ')
            .append(st.getValue());
      }
    }
    rec.put("failedOperations", total);
    if (total == 0) {
      return null;
    }
    rec.put("failedByOperation", by);
    return total + " failed operations: " + what;
  }

  private static Map<String, Object> summary(JsonNode res) {
    Map<String, Object> m = new LinkedHashMap<>();
    JsonNode s = res.path("summary");
    for (String k : new String[] {"operations", "throughput", "runtimeMs", "recordsRead", "recordsWritten",
        "totalMs", "recordsPerMinute"}) {
      if (s.path(k).isNumber()) {
        m.put(k, s.path(k).numberValue());
      }
    }
    return m;
  }

  private static String headline(JsonNode res) {
    if (res == null) {
      return "";
    }
    JsonNode s = res.path("summary");
    if (s.path("recordsPerMinute").isNumber()) {
      return ", " + org.sciycsb.report.Fmt.num(s.path("recordsPerMinute").asDouble(), 0) + " records/min";
    }
    if (s.path("throughput").isNumber()) {
      return ", " + s.path("operations").asLong() + " ops, "
          + org.sciycsb.report.Fmt.num(s.path("throughput").asDouble(), 1) + " ops/s";
    }
    return "";
  }

  /** The last line starting with "error:" in the step's log, or its last line. */
  private String lastError(Step s) {
    try {
      List<String> lines = Files.readAllLines(logOf(s), StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (lines.get(i).startsWith("error:")) {
          return lines.get(i);
        }
      }
      return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    } catch (IOException e) {
      return "no log";
    }
  }

  void save(Map<String, Object> header) throws ConfigException {
    write(studyDir.resolve("study.json"), json(header));
  }

  static String json(Object tree) {
    try {
      return MAPPER.writeValueAsString(tree) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Writes a file atomically (temporary file, then rename). */
  static void write(Path file, String content) throws ConfigException {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.writeString(tmp, content, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new ConfigException("cannot write " + file + ": " + e.getMessage());
    }
  }

  /** Writes the report from the recorded header (steps included). */
  interface StudyReportWriter {
    void write(Map<String, Object> header) throws BenchmarkException;
  }
}
