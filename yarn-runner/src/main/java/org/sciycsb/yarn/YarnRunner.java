package org.sciycsb.yarn;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
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

  private final Request req;

  public YarnRunner(Request req) {
    this.req = req;
  }

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
    Configuration hconf = ClusterConf.read(req.confDir());
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
    JobStager stager = new JobStager(req);
    JobStager.SplitProperties props = stager.splitProperties(p);

    // 2. the cluster
    JobStager.StagedJob staged = stager.stage(p, phaseName, hconf, entries, shares, label, props);
    JobStager.submit(staged.job(), hconf);
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

  /** Waits for the job and collects its results; a signal kills the job and still collects what the clients left. */
  private int awaitAndCollect(JobStager.StagedJob staged, Configuration hconf, ResultsDir results,
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

  private int collect(Job job, FileSystem fs, Path runDir, Configuration hconf, ResultsDir results,
      java.nio.file.Path clientsDir, String label, Map<String, String> sla, Config cfg, boolean[] signalled)
      throws BenchmarkException {
    int n = req.clients();
    ClientResults.JobEnd end;
    List<ClientOutcome> outcomes = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    try {
      end = ClientResults.jobEnd(job);
      Files.createDirectories(clientsDir);
      ClientResults.download(n, fs, runDir, hconf, clientsDir, end.diagnostics(), json, outcomes);
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
    List<String> inputs = ClientResults.mergeable(outcomes, clientsDir);
    int mergeCode = inputs.isEmpty() ? -1 : merge(inputs, results, label, sla);
    Map<String, Object> summary = YarnSummary.summarize(req, job, outcomes, results, end.state(), end.failure(), cfg, json,
        req.err());
    YarnSummary.write(summary, results, cfg, json);

    if (signalled[0]) {
      throw new BenchmarkException(BenchmarkException.EXIT_INTERRUPTED, "interrupted: the job was killed; "
          + inputs.size() + " of " + n + " clients' results merged into " + results.path());
    }
    ClientFailures.check(n, job, end, outcomes, inputs, results);
    return mergeCode;
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

  /** A store only the submitting host can use would be a separate, throw-away store in each client's container. */
  static void refuseHostLocalStore(Benchmark.Prepared p) throws ConfigException {
    String why = p.binding().hostLocalStore(p.config());
    if (why != null) {
      throw new ConfigException("cannot run on a cluster: " + why);
    }
  }

  /** The first line of an exception's message (or of a text), masked. */
  static String firstLine(Object e) {
    String m = e instanceof Throwable t ? (t.getMessage() == null ? t.getClass().getSimpleName()
        : t.getMessage()) : String.valueOf(e);
    m = m.strip();
    int nl = m.indexOf('\n');
    return Secrets.maskText(nl < 0 ? m : m.substring(0, nl));
  }
}
