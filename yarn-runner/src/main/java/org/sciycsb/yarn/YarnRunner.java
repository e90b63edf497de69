package org.sciycsb.yarn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.Phase;
import org.sciycsb.api.Secrets;
import org.sciycsb.cli.Args;
import org.sciycsb.cli.Main;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.ClientShares;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.GitRevision;
import org.sciycsb.report.Sla;
import org.sciycsb.results.ResultsDir;

/**
 * The submitter of a cluster run: validates the whole configuration as a local run does (bad input = one line,
 * exit 2, nothing submitted), ships the engine's classpath, submits one map task per client, waits, downloads every
 * client's results folder into {@code <results.dir>/clients/<i>/} and merges them exactly into {@code <results.dir>}
 * with {@code bin/ycsb merge}'s code. Exit code: a failed client's (or 4 when a task or the job failed), else the
 * merge's (5 when an {@code sla.*} threshold of the merged result is breached), else 0.
 */
public final class YarnRunner {
  /** What to run: the phase, the arguments without --yarn/--clients, the cluster and the engine's classpath. */
  public record Request(Phase phase, Args args, String confDir, int clients, List<String> engineClasspath,
      List<String> engineJvmOpts, PrintStream out, PrintStream err) {}

  /** Flags Hadoop 3.4's JVMs need on JDK 17 (the AM's and the tasks'). */
  static final String OPENS = "--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
      + " --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED"
      + " --add-opens java.base/java.net=ALL-UNNAMED";
  /** Heap of the task JVM, which only starts the client JVM and copies files. */
  static final int TASK_HEAP_MB = 200;

  private final Request req;

  public YarnRunner(Request req) {
    this.req = req;
  }

  /** One client's outcome as its task left it. */
  record ClientOutcome(int index, boolean present, int exitCode, String error, String host, long barrierWaitMs,
      long startAtMs, String taskDiagnostics) {
    boolean failed() {
      return !present || exitCode != 0;
    }
  }

  /** The user's properties as the submitter hands them on: to every client, as job secrets, or to the merge. */
  private record SplitProperties(Map<String, String> common, Map<String, String> secrets, Map<String, String> sla) {}

  /** The job, ready to submit, with the file system and folder where its clients leave their results. */
  private record StagedJob(Job job, FileSystem fs, Path runDir) {}

  public int run() throws BenchmarkException {
    PrintStream err = req.err();
    Phase phase = req.phase();
    String phaseName = phase.name().toLowerCase(Locale.ROOT);
    // 1. everything a local run checks, and the split, before anything reaches the cluster
    Benchmark.Prepared p = Main.prepare(phase, req.args(), List.of(YarnOptions.all()), err);
    Config cfg = p.config();
    for (Option<?> o : YarnOptions.all().options()) {
      cfg.get(o);
    }
    int n = req.clients();
    List<Map<String, String>> shares = ClientShares.of(p.workload(), phase, cfg, n);
    refuseHostLocalStore(p);
    Configuration hconf = hadoopConf(req.confDir());
    List<File> entries = Shipper.entries(req.engineClasspath());
    if (entries.isEmpty()) {
      throw new ConfigException("no engine classpath to ship to the cluster: start cluster runs through bin/ycsb");
    }
    String label = cfg.get(EngineOptions.LABEL);
    ResultsDir results = ResultsDir.create(cfg.get(EngineOptions.RESULTS_DIR), phaseName, p.bindingName(), label);
    java.nio.file.Path clientsDir = results.path().resolve("clients");
    if (Files.exists(clientsDir)) {
      throw new ConfigException("results.dir " + results.path() + " already holds a clients/ folder of an earlier "
          + "cluster run: give a new results.dir");
    }
    SplitProperties props = splitProperties(p);

    // 2. the cluster
    StagedJob staged = stage(p, phaseName, hconf, entries, shares, label, props);
    submit(staged.job(), hconf);
    err.println("yarn: submitted " + staged.job().getJobID() + " (" + n + " clients, " + phaseName + " "
        + p.bindingName() + ") to " + hconf.get("yarn.resourcemanager.address") + "; client results under "
        + staged.runDir());
    try {
      err.println("yarn: tracking " + staged.job().getTrackingURL());
    } catch (RuntimeException ignored) {
      // the URL is for people; the run does not need it
    }

    // 3. wait (a signal kills the job; what the clients wrote is still collected and merged)
    return awaitAndCollect(staged, hconf, results, clientsDir, label, props.sla(), cfg);
  }

  /** The properties of every client: the user's, less what the submitter does itself. */
  private SplitProperties splitProperties(Benchmark.Prepared p) throws ConfigException {
    Map<String, String> common = new TreeMap<>();
    Map<String, String> secrets = new TreeMap<>();
    Map<String, String> sla = new TreeMap<>();
    for (Map.Entry<String, String> e : req.args().properties().entrySet()) {
      String k = e.getKey();
      if (k.startsWith("yarn.") || k.equals(EngineOptions.RESULTS_DIR.name())
          || k.equals(EngineOptions.EXPORT_FILE.name()) || k.equals(EngineOptions.LABEL.name())) {
        continue;
      }
      if (Sla.isSlaKey(k)) {
        sla.put(k, e.getValue()); // thresholds apply to the merged result
      } else if (p.secrets().contains(k) || Secrets.looksSecret(k)
          || !Secrets.maskText(e.getValue()).equals(e.getValue())) { // mongodb://user:pw@host, ?password=...
        secrets.put(k, e.getValue());
      } else {
        common.put(k, e.getValue());
      }
    }
    return new SplitProperties(common, secrets, sla);
  }

  /** The run's folder on the cluster's file system, the shipped classpath and the configured job. */
  private StagedJob stage(Benchmark.Prepared p, String phaseName, Configuration hconf, List<File> entries,
      List<Map<String, String>> shares, String label, SplitProperties props) throws BenchmarkException {
    Config cfg = p.config();
    int n = req.clients();
    String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + phaseName + "-"
        + java.util.UUID.randomUUID().toString().substring(0, 8);
    try {
      FileSystem fs = FileSystem.get(hconf);
      Path staging = new Path(cfg.get(YarnOptions.STAGING));
      staging = fs.makeQualified(staging.isAbsolute() ? staging : new Path(fs.getHomeDirectory(), staging));
      Path runDir = new Path(staging, "runs/" + id);
      fs.mkdirs(runDir);
      Job job = Job.getInstance(hconf, "sciycsb " + phaseName + " " + p.bindingName() + " (" + n + " clients)");
      job.setJar(Shipper.jarOf(ClientMapper.class));
      req.err().println("yarn: shipping the engine's classpath (" + entries.size() + " entries) to " + staging
          + "/jars");
      List<String> links = Shipper.ship(job, fs, new Path(staging, "jars"), entries);
      configure(job, cfg, phaseName, shares, label, props, links, runDir);
      return new StagedJob(job, fs, runDir);
    } catch (IOException | RuntimeException e) {
      throw new BindingException("cannot prepare the job on the cluster's file system " + hconf.get("fs.defaultFS")
          + ": " + firstLine(e), e);
    }
  }

  /** What every client task reads from the job's configuration, and how YARN runs the tasks. */
  private void configure(Job job, Config cfg, String phaseName, List<Map<String, String>> shares, String label,
      SplitProperties props, List<String> links, Path runDir) throws ConfigException {
    int n = req.clients();
    int memory = cfg.get(YarnOptions.MEMORY_MB);
    Configuration jc = job.getConfiguration();
    jc.setInt(JobKeys.CLIENTS, n);
    jc.set(JobKeys.COMMAND, phaseName);
    jc.set(JobKeys.BINDING, req.args().binding() == null ? "" : req.args().binding());
    jc.set(JobKeys.COMMON_PROPS, JobKeys.encode(propertiesText(props.common())));
    for (int i = 0; i < n; i++) {
      Map<String, String> own = new LinkedHashMap<>(shares.get(i));
      own.put(EngineOptions.LABEL.name(), label == null ? "client" + i : label + "-client" + i);
      jc.set(JobKeys.CLIENT_PROPS + i, JobKeys.encode(propertiesText(own)));
    }
    for (Map.Entry<String, String> e : props.secrets().entrySet()) {
      job.getCredentials().addSecretKey(new Text(JobKeys.SECRET + e.getKey()),
          e.getValue().getBytes(StandardCharsets.UTF_8));
    }
    jc.set(JobKeys.CLASSPATH, String.join(",", links));
    jc.set(JobKeys.JVM_OPTS, JobKeys.encodeLines(req.engineJvmOpts()));
    jc.setInt(JobKeys.HEAP_MB, memory - 512); // the task JVM (200 MB heap) and both JVMs' native memory take the rest
    jc.set(JobKeys.JAVA_HOME, cfg.get(YarnOptions.JAVA_HOME) == null ? "" : cfg.get(YarnOptions.JAVA_HOME));
    jc.setBoolean(JobKeys.DEBUG, req.args().debug());
    jc.set(JobKeys.GIT_REVISION, GitRevision.of(java.nio.file.Path.of(System.getProperty("sciycsb.home", "."))));
    jc.set(JobKeys.BINDINGS, System.getProperty("sciycsb.bindings", ""));
    jc.set(JobKeys.RUN_DIR, runDir.toString());
    jc.setLong(JobKeys.BARRIER_MS, cfg.get(YarnOptions.BARRIER).toMillis());
    jc.setLong(JobKeys.START_LEAD_MS, cfg.get(YarnOptions.START_LEAD).toMillis());
    // one attempt, no speculation: a benchmark client must not run twice
    jc.setInt("mapreduce.job.maps", n);
    jc.setInt("mapreduce.map.maxattempts", 1);
    jc.setBoolean("mapreduce.map.speculative", false);
    jc.setBoolean("mapreduce.job.ubertask.enable", false);
    jc.setInt("mapreduce.map.memory.mb", memory);
    jc.setInt("mapreduce.map.cpu.vcores", cfg.get(YarnOptions.VCORES));
    jc.set("mapreduce.map.java.opts", "-Xmx" + TASK_HEAP_MB + "m " + OPENS);
    String am = jc.get("yarn.app.mapreduce.am.command-opts", "-Xmx1024m");
    if (!am.contains("java.base/java.lang=")) {
      jc.set("yarn.app.mapreduce.am.command-opts", am + " " + OPENS);
    }
    if (cfg.get(YarnOptions.QUEUE) != null) {
      jc.set("mapreduce.job.queuename", cfg.get(YarnOptions.QUEUE));
    }
    job.setInputFormatClass(ClientInputFormat.class);
    job.setMapperClass(ClientMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
  }

  private static void submit(Job job, Configuration hconf) throws BenchmarkException {
    try {
      job.submit();
    } catch (IOException | RuntimeException e) {
      throw new BindingException("cannot submit the job to the ResourceManager at "
          + hconf.get("yarn.resourcemanager.address") + ": " + firstLine(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchmarkException(BenchmarkException.EXIT_INTERRUPTED, "interrupted while submitting the job");
    } catch (ClassNotFoundException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "cannot submit the job: " + e.getMessage());
    }
  }

  /** Waits for the job and collects its results; a signal kills the job and still collects what the clients left. */
  private int awaitAndCollect(StagedJob staged, Configuration hconf, ResultsDir results,
      java.nio.file.Path clientsDir, String label, Map<String, String> sla, Config cfg) throws BenchmarkException {
    PrintStream err = req.err();
    final Job submitted = staged.job();
    CountDownLatch collected = new CountDownLatch(1);
    boolean[] signalled = {false};
    Thread hook = new Thread(() -> {
      signalled[0] = true;
      try {
        if (!submitted.isComplete()) {
          err.println("yarn: interrupted: killing " + submitted.getJobID());
          submitted.killJob();
        }
        collected.await(120, TimeUnit.SECONDS);
      } catch (IOException | InterruptedException | RuntimeException e) {
        // exiting anyway
      }
    }, "sciycsb-yarn-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      waitFor(submitted, cfg.get(EngineOptions.STATUS_INTERVAL), err);
      return collect(submitted, staged.fs(), staged.runDir(), hconf, results, clientsDir, label, sla, cfg, signalled);
    } catch (BenchmarkException e) {
      if (!signalled[0]) {
        throw e;
      }
      // a signal: the JVM halts as soon as the hook above returns, so the last line is printed here, before
      // the hook is released (printed by the caller, it raced the halt and was sometimes lost)
      err.println("error: " + Secrets.maskText(e.getMessage()));
      err.flush();
      return e.exitCode();
    } finally {
      collected.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running and waited for the collection above
      }
    }
  }

  private static void waitFor(Job job, int statusSeconds, PrintStream err) throws BenchmarkException {
    long last = System.nanoTime();
    String lastCounts = "";
    try {
      while (!job.isComplete()) {
        Thread.sleep(500);
        long now = System.nanoTime();
        boolean due = now - last >= statusSeconds * 1_000_000_000L;
        TaskReport[] tasks = job.getTaskReports(TaskType.MAP);
        int running = 0;
        int pending = 0;
        int done = 0;
        for (TaskReport t : tasks) {
          switch (t.getCurrentStatus()) {
            case RUNNING -> running++;
            case PENDING -> pending++;
            default -> done++;
          }
        }
        String counts = running + " running, " + pending + " waiting for a container, " + done + " done";
        if (due || !counts.equals(lastCounts)) {
          err.println("yarn: " + job.getJobID() + " " + job.getJobState() + ": clients " + counts);
          last = now;
          lastCounts = counts;
        }
      }
    } catch (IOException e) {
      throw new BindingException("lost the ResourceManager while waiting for " + job.getJobID() + ": "
          + firstLine(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchmarkException(BenchmarkException.EXIT_INTERRUPTED, "interrupted");
    }
  }

  /** How the job ended, as the ResourceManager tells it, and each task's last diagnostic line. */
  private record JobEnd(boolean ok, String state, String failure, Map<Integer, String> diagnostics) {}

  private int collect(Job job, FileSystem fs, Path runDir, Configuration hconf, ResultsDir results,
      java.nio.file.Path clientsDir, String label, Map<String, String> sla, Config cfg, boolean[] signalled)
      throws BenchmarkException {
    int n = req.clients();
    JobEnd end;
    List<ClientOutcome> outcomes = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    try {
      end = jobEnd(job);
      Files.createDirectories(clientsDir);
      download(fs, runDir, hconf, clientsDir, end.diagnostics(), json, outcomes);
      if (!cfg.get(YarnOptions.KEEP)) {
        fs.delete(runDir, true);
      }
    } catch (IOException e) {
      throw new BindingException("cannot download the clients' results from " + runDir + ": " + firstLine(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchmarkException(BenchmarkException.EXIT_INTERRUPTED, "interrupted while collecting the results");
    }

    // the exact merge of every client that left results
    List<String> inputs = mergeable(outcomes, clientsDir);
    int mergeCode = inputs.isEmpty() ? -1 : merge(inputs, results, label, sla);
    Map<String, Object> summary = summarize(job, outcomes, results, end.state(), end.failure(), cfg, json,
        req.err());
    writeSummary(summary, results, cfg, json);

    if (signalled[0]) {
      throw new BenchmarkException(BenchmarkException.EXIT_INTERRUPTED, "interrupted: the job was killed; "
          + inputs.size() + " of " + n + " clients' results merged into " + results.path());
    }
    failOnFailures(job, end, outcomes, inputs, results);
    return mergeCode;
  }

  private static JobEnd jobEnd(Job job) throws IOException, InterruptedException {
    boolean jobOk = job.isSuccessful();
    JobStatus status = job.getStatus();
    Map<Integer, String> diagnostics = new TreeMap<>();
    try {
      for (TaskReport t : job.getTaskReports(TaskType.MAP)) {
        if (t.getDiagnostics() != null && t.getDiagnostics().length > 0) {
          diagnostics.put(t.getTaskID().getId(), firstLine(t.getDiagnostics()[t.getDiagnostics().length - 1]));
        }
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      // diagnostics are a help only
    }
    return new JobEnd(jobOk, String.valueOf(status.getState()), status.getFailureInfo(), diagnostics);
  }

  /** Each client's folder from the cluster into clients/<i>/, and its outcome from its client.json. */
  private void download(FileSystem fs, Path runDir, Configuration hconf, java.nio.file.Path clientsDir,
      Map<Integer, String> diagnostics, ObjectMapper json, List<ClientOutcome> outcomes) throws IOException {
    FileSystem local = FileSystem.getLocal(hconf).getRaw();
    for (int i = 0; i < req.clients(); i++) {
      Path src = new Path(runDir, JobKeys.clientDir(i));
      java.nio.file.Path dst = clientsDir.resolve(Integer.toString(i));
      if (!fs.exists(src)) {
        outcomes.add(new ClientOutcome(i, false, -1, null, null, 0, 0, diagnostics.get(i)));
        continue;
      }
      FileUtil.copy(fs, src, local, new Path(dst.toAbsolutePath().toString()), false, hconf);
      JsonNode c = json.readTree(dst.resolve(JobKeys.CLIENT_JSON).toFile());
      String e = c.path("error").asText("");
      outcomes.add(new ClientOutcome(i, true, c.path("exitCode").asInt(-1), e.isEmpty() ? null : e,
          c.path("host").asText(null), c.path("barrierWaitMs").asLong(), c.path("startAtEpochMs").asLong(),
          diagnostics.get(i)));
    }
  }

  /** The folders of the clients that left results to merge. */
  private static List<String> mergeable(List<ClientOutcome> outcomes, java.nio.file.Path clientsDir) {
    List<String> inputs = new ArrayList<>();
    for (ClientOutcome o : outcomes) {
      java.nio.file.Path d = clientsDir.resolve(Integer.toString(o.index()));
      if (o.present() && Files.isRegularFile(d.resolve("results.json")) && Files.isRegularFile(d.resolve("latency.hlog"))) {
        inputs.add(d.toString());
      }
    }
    return inputs;
  }

  /** bin/ycsb merge of the inputs into the results folder: its exit code. */
  private int merge(List<String> inputs, ResultsDir results, String label, Map<String, String> sla) {
    List<String> argv = new ArrayList<>();
    argv.add("merge");
    argv.addAll(inputs);
    argv.add("-p");
    argv.add("results.dir=" + results.path());
    argv.add("-p");
    argv.add("merge.missing=" + (req.clients() - inputs.size())); // failed clients that left nothing: the outcome is failed
    if (label != null) {
      argv.add("-p");
      argv.add("label=" + label);
    }
    for (Map.Entry<String, String> e : sla.entrySet()) {
      argv.add("-p");
      argv.add(e.getKey() + "=" + e.getValue());
    }
    return Main.run(argv.toArray(new String[0]), req.out(), req.err());
  }

  /** yarn.json, and the export file's copy of results.txt when one is asked for. */
  private static void writeSummary(Map<String, Object> summary, ResultsDir results, Config cfg, ObjectMapper json)
      throws ConfigException {
    try {
      json.enable(SerializationFeature.INDENT_OUTPUT);
      results.writeAtomically("yarn.json", json.writeValueAsString(summary) + "\n");
      String export = cfg.get(EngineOptions.EXPORT_FILE);
      if (export != null && Files.isRegularFile(results.file("results.txt"))) {
        Files.copy(results.file("results.txt"), java.nio.file.Path.of(export),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new ConfigException("cannot write to " + results.path() + ": " + e.getMessage());
    }
  }

  /** The run's failure, if any: the job's when no client left results, else the first failed client's. */
  private void failOnFailures(Job job, JobEnd end, List<ClientOutcome> outcomes, List<String> inputs,
      ResultsDir results) throws BenchmarkException {
    int n = req.clients();
    String jobFailure = end.failure();
    Map<Integer, String> diagnostics = end.diagnostics();
    List<ClientOutcome> failed = outcomes.stream().filter(ClientOutcome::failed).toList();
    if (!end.ok() && outcomes.stream().noneMatch(ClientOutcome::present)) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "the YARN job " + job.getJobID() + " ended "
          + end.state() + " and no client left results" + (jobFailure == null || jobFailure.isBlank() ? ""
          : ": " + firstLine(jobFailure)) + (diagnostics.isEmpty() ? "" : "; task: "
          + diagnostics.values().iterator().next()) + " (its logs: yarn logs -applicationId " + String.valueOf(job.getJobID()).replace("job_", "application_")
          + ")");
    }
    if (!failed.isEmpty()) {
      ClientOutcome f = failed.get(0);
      int code = f.present() && f.exitCode() > 0 ? f.exitCode() : BenchmarkException.EXIT_RUN_FAILED;
      String why = f.present() ? "exit " + f.exitCode() + (f.error() == null ? "" : ": " + f.error())
          : "no results (its task failed" + (f.taskDiagnostics() == null ? "" : ": " + f.taskDiagnostics())
              + (jobFailure == null || jobFailure.isBlank() ? "" : "; job: " + firstLine(jobFailure)) + ")";
      throw new BenchmarkException(code, "client " + f.index() + " of " + n + " failed (" + why + ")"
          + (failed.size() > 1 ? "; " + failed.size() + " of " + n + " clients failed" : "") + "; "
          + (inputs.isEmpty() ? "no client left results" : inputs.size() + (inputs.size() == 1 ? " client's" : " clients'")
          + " results merged into "
          + results.path()) + " (each client's log: clients/<i>/client.log)");
    }
    if (!end.ok()) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "the YARN job " + job.getJobID() + " ended "
          + end.state() + (jobFailure == null || jobFailure.isBlank() ? "" : ": " + firstLine(jobFailure)));
    }
  }

  /** Each client's measured span, how far the spans overlapped, and the job: printed and kept in yarn.json. */
  private Map<String, Object> summarize(Job job, List<ClientOutcome> outcomes, ResultsDir results, String jobState,
      String jobFailure, Config cfg, ObjectMapper json, PrintStream err) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("format", "sciycsb-yarn");
    s.put("formatVersion", 1);
    s.put("jobId", String.valueOf(job.getJobID()));
    s.put("jobState", jobState);
    s.put("jobFailure", jobFailure == null || jobFailure.isBlank() ? null : jobFailure);
    s.put("hadoopConfDir", new File(req.confDir()).getAbsolutePath());
    s.put("clients", req.clients());
    try {
      s.put("barrierSeconds", cfg.get(YarnOptions.BARRIER).toMillis() / 1000.0);
    } catch (ConfigException e) {
      throw new IllegalStateException(e); // parsed before submission
    }
    Map<String, JsonNode> spans = mergedSpans(results, json, err);
    List<Map<String, Object>> list = new ArrayList<>();
    long maxStart = Long.MIN_VALUE;
    long minStart = Long.MAX_VALUE;
    long minEnd = Long.MAX_VALUE;
    int measured = 0;
    for (ClientOutcome o : outcomes) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("client", o.index());
      c.put("host", o.host());
      c.put("exitCode", o.present() ? o.exitCode() : null);
      c.put("error", o.error());
      c.put("barrierWaitMs", o.barrierWaitMs());
      c.put("startAtEpochMs", o.startAtMs() > 0 ? o.startAtMs() : null);
      if (!o.present()) {
        c.put("taskDiagnostics", o.taskDiagnostics());
      }
      JsonNode span = spans.get(Integer.toString(o.index()));
      String line = "yarn: client " + o.index() + (o.host() == null ? "" : " on " + o.host()) + ": ";
      if (span != null) {
        long start = span.path("startEpochMs").asLong();
        long ms = span.path("runtimeMs").asLong();
        c.put("measuredStartEpochMs", start);
        c.put("measuredRuntimeMs", ms);
        c.put("operations", span.path("operations").asLong());
        c.put("throughput", span.path("throughput").asDouble());
        if (span.path("operations").asLong() > 0) { // a client that failed at once ran no measured phase
          maxStart = Math.max(maxStart, start);
          minStart = Math.min(minStart, start);
          minEnd = Math.min(minEnd, start + ms);
          measured++;
        }
        line += span.path("operations").asLong() + " operations, measured from " + Instant.ofEpochMilli(start)
            + " for " + ms / 1000.0 + " s, exit " + o.exitCode();
      } else {
        line += o.present() ? "exit " + o.exitCode() + ", no results to merge" : "no results (its task did not finish)";
      }
      if (o.error() != null) {
        line += " (" + o.error() + ")";
      }
      err.println(line);
      list.add(c);
    }
    s.put("clientResults", list);
    if (measured > 1) {
      long skew = maxStart - minStart;
      long overlap = minEnd - maxStart;
      s.put("measuredStartSkewMs", skew);
      s.put("measuredOverlapMs", Math.max(0, overlap));
      err.println("yarn: the clients' measured phases started within " + skew / 1000.0 + " s of each other; "
          + (overlap > 0 ? "all " + measured + " ran together for " + overlap / 1000.0 + " s"
              : "they did NOT all run at the same time: a client was not ready by start.at (yarn.start.lead), the "
                  + "cluster lacked containers for " + req.clients() + " clients at once, or the runs are shorter "
                  + "than the skew; throughput is over the union of their spans"));
    }
    return s;
  }

  /** Each merged input's measured span, by its client folder's name, from the merged results.json. */
  private static Map<String, JsonNode> mergedSpans(ResultsDir results, ObjectMapper json, PrintStream err) {
    Map<String, JsonNode> spans = new TreeMap<>();
    try {
      if (Files.isRegularFile(results.file("results.json"))) {
        for (JsonNode in : json.readTree(results.file("results.json").toFile()).path("metadata").path("merged")
            .path("inputs")) {
          spans.put(new File(in.path("source").asText()).getName(), in);
        }
      }
    } catch (IOException e) {
      err.println("warning: cannot read the merged results.json: " + e.getMessage());
    }
    return spans;
  }

  /** A store only the submitting host can use would be a separate, throw-away store in each client's container. */
  static void refuseHostLocalStore(Benchmark.Prepared p) throws ConfigException {
    String why = p.binding().hostLocalStore(p.config());
    if (why != null) {
      throw new ConfigException("cannot run on a cluster: " + why);
    }
  }

  /** The cluster's Hadoop configuration from its folder: yarn-site.xml required, every *-site.xml read now. */
  static Configuration hadoopConf(String dir) throws ConfigException {
    File d = new File(dir);
    String hint = " (--yarn takes the cluster's Hadoop configuration folder, HADOOP_CONF_DIR, with yarn-site.xml)";
    if (!d.exists()) {
      throw new ConfigException("--yarn " + dir + ": no such folder" + hint);
    }
    if (!d.isDirectory()) {
      throw new ConfigException("--yarn " + dir + " is not a folder" + hint);
    }
    if (!new File(d, "yarn-site.xml").isFile()) {
      throw new ConfigException("--yarn " + dir + " has no yarn-site.xml" + hint);
    }
    Configuration own = new Configuration(false);
    Configuration conf = new Configuration();
    for (String f : new String[] {"core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml"}) {
      File x = new File(d, f);
      if (x.isFile()) {
        own.addResource(new Path(x.getAbsolutePath()));
        conf.addResource(new Path(x.getAbsolutePath()));
      }
    }
    try {
      own.get("yarn.resourcemanager.address"); // parses every file now
      conf.get("yarn.resourcemanager.address");
    } catch (RuntimeException e) {
      throw new ConfigException("cannot read the Hadoop configuration in " + dir + ": " + firstLine(e));
    }
    conf.set("mapreduce.framework.name", "yarn"); // never the local job runner in this JVM
    // an unreachable ResourceManager fails in seconds (exit 3), not after Hadoop's 15 minutes, unless configured
    if (own.get("yarn.resourcemanager.connect.max-wait.ms") == null) {
      conf.setLong("yarn.resourcemanager.connect.max-wait.ms", 30_000);
    }
    if (own.get("yarn.resourcemanager.connect.retry-interval.ms") == null) {
      conf.setLong("yarn.resourcemanager.connect.retry-interval.ms", 1_000);
    }
    return conf;
  }

  static String propertiesText(Map<String, String> m) {
    Properties p = new Properties();
    p.putAll(m);
    StringWriter w = new StringWriter();
    try {
      p.store(w, null);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return w.toString();
  }

  static String firstLine(Object e) {
    String m = e instanceof Throwable t ? (t.getMessage() == null ? t.getClass().getSimpleName()
        : t.getMessage()) : String.valueOf(e);
    m = m.strip();
    int nl = m.indexOf('\n');
    return Secrets.maskText(nl < 0 ? m : m.substring(0, nl));
  }
}
