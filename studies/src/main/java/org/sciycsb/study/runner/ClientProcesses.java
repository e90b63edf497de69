package org.sciycsb.study.runner;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.ClientShares;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.report.MergedRun;

/**
 * An engine step as several client processes on this host ({@code bin/ycsb study --clients N}), as the papers ran
 * several client hosts (seed 004: 5 x 64 threads; seed 001: 4 x 30 workers): each process is {@code bin/ycsb
 * load|run} with the step's command, its share of the work ({@link ClientShares}: a load's record range, a run's
 * operations and target) and every thread count of the step, in {@code <step>/clients/<i>/}; all begin their
 * measured phases together at one {@code start.at}, written once every client is ready (its JVM started, its
 * threads initialised: the engine's {@code start.file} barrier). The step's own
 * results are the exact merge of theirs ({@link MergedRun}: summed interval histograms), so the report reads them
 * as any step's.
 *
 * <p>With {@code --yarn DIR} the step is one {@code bin/ycsb load|run ... --yarn DIR --clients N} instead: the
 * clients are map tasks of one Hadoop job on that YARN cluster (yarn-runner: its own shares, start barrier and exact
 * merge into the step's folder, each client's results in {@code <step>/clients/<i>/} as here).
 */
public final class ClientProcesses {
  /** Measured starts further apart than this are reported: a client was not ready by start.at. */
  static final long SKEW_WARN_MS = 1000;
  /** From the common start time's writing to the start itself: the clients poll for it every 20 ms. */
  static final long START_DELAY_MS = 300;

  private final Path home;
  private final int clients;
  private final Path yarn;
  private final long readyMs;

  /**
   * {@code yarn}: the Hadoop configuration folder of the YARN cluster that runs the clients (null: this host);
   * {@code readyMs}: how long to wait for every client to be ready ({@code study.clients.ready}; on YARN the
   * runner's own {@code yarn.barrier}).
   */
  public ClientProcesses(Path home, int clients, Path yarn, long readyMs) {
    this.home = home;
    this.clients = clients;
    this.yarn = yarn;
    this.readyMs = readyMs;
  }

  /** Whether the clients run on a YARN cluster rather than on this host. */
  boolean onYarn() {
    return yarn != null;
  }

  /**
   * Checks that a step can run as {@link #clients} processes, before anything runs: a store every process can open,
   * no schedule or emptying each process would repeat, a share of the work for every client. Returns the shares.
   */
  List<Map<String, String>> check(Benchmark.Prepared p) throws ConfigException {
    String why = p.binding().hostLocalStore(p.config());
    if (why != null) {
      throw new ConfigException("--clients " + clients + " runs every step as " + clients + " processes, and "
          + why.replace("give -p db.url", "one process only can open it: give -p db.url"));
    }
    if (p.config().asMap().keySet().stream().anyMatch(k -> k.startsWith("fault."))) {
      throw new ConfigException("--clients " + clients + " with a fault schedule (fault.*): every client process "
          + "would run it; run a study with faults with one client");
    }
    if (p.config().get(EngineOptions.EMPTY)) {
      throw new ConfigException("--clients " + clients + " with load.empty=true: every client process would empty "
          + "the table the others are loading");
    }
    return ClientShares.of(p.workload(), p.phase(), p.config(), clients);
  }

  /**
   * Runs the step's processes ({@code command}: the step's bin/ycsb arguments), waits for all, merges what they
   * wrote into {@code stepDir}; every line goes to {@code log}, each client's output beside
   * {@code stepLog} ({@code <step>_client-<i>.log}). Returns the step's exit code: the first failed
   * client's, else the merge's (5: an SLA of the merged result breached).
   */
  int run(List<String> command, List<Map<String, String>> shares, Path stepDir, Path stepLog, PrintStream log,
      Map<String, Object> rec) {
    if (yarn != null) {
      return runOnYarn(command, stepLog, log, rec);
    }
    Path startFile = stepDir.resolve("clients").resolve("start.at");
    List<Process> procs = new ArrayList<>();
    Thread hook = new Thread(() -> procs.forEach(Process::destroy), "study-clients-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    int worst = 0;
    try {
      Files.createDirectories(startFile.getParent());
      for (int i = 0; i < clients; i++) {
        List<String> cmd = clientCommand(command, shares.get(i), stepDir.resolve("clients").resolve(
            Integer.toString(i + 1)), startFile);
        log.println("$ bin/ycsb " + Secrets.maskText(String.join(" ", cmd.subList(1, cmd.size()))));
        Path out = stepLog.resolveSibling(stepLog.getFileName().toString().replaceFirst("\\.log$", "")
            + "_client-" + (i + 1) + ".log");
        procs.add(new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start());
      }
      release(procs, startFile, log, rec);
      for (int i = 0; i < procs.size(); i++) {
        int code = procs.get(i).waitFor();
        log.println("client " + (i + 1) + ": exit " + code);
        worst = worst == 0 && code != 0 && code != 5 ? code : worst;
      }
    } catch (IOException e) {
      log.println("error: cannot start a client process: " + e.getMessage());
      worst = BenchmarkException.EXIT_RUN_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      worst = BenchmarkException.EXIT_INTERRUPTED;
    } finally {
      stop(procs);
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook stops the clients
      }
    }
    int merged = merge(stepDir, log, rec);
    return worst != 0 ? worst : merged;
  }

  /**
   * The step as one job on the YARN cluster: {@code bin/ycsb <command> --yarn DIR --clients N}, which splits the
   * work, starts the clients together and merges their results into the step's folder; its output beside
   * {@code stepLog} ({@code <step>_yarn.log}). Returns its exit code.
   */
  private int runOnYarn(List<String> command, Path stepLog, PrintStream log, Map<String, Object> rec) {
    List<String> cmd = new ArrayList<>();
    cmd.add(home.resolve("bin").resolve("ycsb").toString());
    cmd.addAll(command);
    cmd.addAll(List.of("--yarn", yarn.toString(), "--clients", Integer.toString(clients)));
    log.println("$ bin/ycsb " + Secrets.maskText(String.join(" ", cmd.subList(1, cmd.size()))));
    Path out = stepLog.resolveSibling(stepLog.getFileName().toString().replaceFirst("\\.log$", "") + "_yarn.log");
    rec.put("clients", clients);
    rec.put("yarn", yarn.toString());
    Process p = null;
    try {
      p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
      int code = p.waitFor();
      log.println("yarn job: exit " + code + " (its output: " + out.getFileName() + ")");
      return code;
    } catch (IOException e) {
      log.println("error: cannot start bin/ycsb for the YARN job: " + e.getMessage());
      return BenchmarkException.EXIT_RUN_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return BenchmarkException.EXIT_INTERRUPTED;
    } finally {
      if (p != null) {
        stop(List.of(p));
      }
    }
  }

  /**
   * The start barrier: waits until every client that is still running is ready (its threads initialised: it
   * created {@code start.at.ready-<pid>}), at most {@link #readyMs}, then writes their common start time.
   */
  private void release(List<Process> procs, Path startFile, PrintStream log, Map<String, Object> rec)
      throws IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    long ready = 0;
    while (System.currentTimeMillis() - t0 < readyMs) {
      try (var files = Files.list(startFile.getParent())) {
        ready = files.filter(f -> f.getFileName().toString().startsWith("start.at.ready-")).count();
      }
      if (ready + procs.stream().filter(p -> !p.isAlive()).count() >= procs.size()) {
        break;
      }
      Thread.sleep(50);
    }
    long at = System.currentTimeMillis() + START_DELAY_MS;
    Path tmp = startFile.resolveSibling("start.at.tmp");
    Files.writeString(tmp, Long.toString(at), StandardCharsets.UTF_8);
    Files.move(tmp, startFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    rec.put("clientsReadyMs", System.currentTimeMillis() - t0);
    log.println(ready + " of " + procs.size() + " clients ready after " + (System.currentTimeMillis() - t0) / 1000.0
        + " s; start.at " + java.time.Instant.ofEpochMilli(at));
  }

  /**
   * The step's command for client {@code dir}: later -p keys win, so the share, folder, barrier, the study's pid
   * (the client stops when the study ends) and metrics client id go last.
   */
  private List<String> clientCommand(List<String> command, Map<String, String> share, Path dir, Path startFile) {
    List<String> cmd = new ArrayList<>();
    cmd.add(home.resolve("bin").resolve("ycsb").toString());
    cmd.addAll(command);
    share.forEach((k, v) -> cmd.addAll(List.of("-p", k + "=" + v)));
    cmd.addAll(List.of("-p", "results.dir=" + dir, "-p", "start.file=" + startFile));
    // a study killed outright (SIGKILL: no shutdown hook) must not leave its clients loading the store
    cmd.addAll(List.of("-p", "stop.withpid=" + ProcessHandle.current().pid()));
    // live metrics: each client process its own id, after its results folder (client-1, client-2, ...)
    cmd.addAll(List.of("-p", "metrics.client=client-" + dir.getFileName()));
    return cmd;
  }

  private static void stop(List<Process> procs) {
    for (Process p : procs) {
      if (p.isAlive()) {
        p.destroy();
        try {
          p.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /**
   * The exact merge of the clients that left results into the step's folder ({@code merge.missing}: those that
   * did not, so the outcome is failed); records the clients and how far apart they started in {@code rec}.
   */
  private int merge(Path stepDir, PrintStream log, Map<String, Object> rec) {
    List<Path> inputs = new ArrayList<>();
    for (int i = 1; i <= clients; i++) {
      Path d = stepDir.resolve("clients").resolve(Integer.toString(i));
      if (Files.isRegularFile(d.resolve("results.json")) && Files.isRegularFile(d.resolve("latency.hlog"))) {
        inputs.add(d);
      }
    }
    rec.put("clients", clients);
    rec.put("clientsWithResults", inputs.size());
    if (inputs.isEmpty()) {
      log.println("error: none of the " + clients + " client processes left results");
      return BenchmarkException.EXIT_RUN_FAILED;
    }
    try {
      MergedRun.Outcome m = MergedRun.write(inputs, Map.of("results.dir", stepDir.toString(), "merge.missing",
          Integer.toString(clients - inputs.size())), new PrintStream(OutputStream.nullOutputStream(), true,
          StandardCharsets.UTF_8), log);
      rec.put("clientStartSkewMs", m.startSkewMs());
      rec.put("clientsTogetherMs", m.overlapMs());
      if (inputs.size() > 1 && (m.startSkewMs() > SKEW_WARN_MS || m.overlapMs() == 0)) {
        rec.put("clientsWarning", "the clients' measured phases started " + m.startSkewMs() / 1000.0 + " s apart"
            + (m.overlapMs() == 0 ? " and never all ran together" : "") + ": a client was not ready by start.at "
            + "(raise -p study.clients.ready); throughput is over the union of their spans");
      }
      return m.exitCode();
    } catch (ConfigException e) {
      log.println("error: cannot merge the clients' results: " + e.getMessage());
      return BenchmarkException.EXIT_RUN_FAILED;
    }
  }
}
