package org.sciycsb.study.runner;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.study.plan.Step;

/**
 * A load or run step: the engine in this process through {@link Benchmark#run}, or the {@code --clients}
 * processes ({@link ClientsStep}); its command line and errors in the step's log, its output discarded.
 */
final class EngineStep {
  private final StepCommands commands;
  private final StudyFolder folder;
  /** The client processes of every engine step ({@code --clients N}), or null: the engine in this process. */
  private final ClientsStep clients;
  /** Every engine step as one child process (an embedded store in its own memory cgroup), or null. */
  private ProcessStep process;

  EngineStep(StepCommands commands, StudyFolder folder, ClientsStep clients) {
    this.commands = commands;
    this.folder = folder;
    this.clients = clients;
  }

  /** Runs every engine step as one child process that {@code launcher} starts. */
  void inProcesses(StepLauncher launcher) {
    this.process = new ProcessStep(launcher, commands, folder);
  }

  int run(Step s, Map<String, Object> rec) {
    try (OutputStream log = Files.newOutputStream(folder.logOf(s));
        PrintStream logErr = new PrintStream(log, true, StandardCharsets.UTF_8)) {
      PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
      logErr.println("$ bin/ycsb " + String.join(" ", commands.command(s)));
      return process != null ? process.run(s, logErr, rec) : clients == null ? inProcess(s, quiet, logErr)
          : clients.run(s, logErr, rec);
    } catch (IOException e) {
      rec.put("reason", "cannot write the log: " + e.getMessage());
      return BenchmarkException.EXIT_RUN_FAILED;
    }
  }

  /** Runs an engine step; every failure becomes one line in its log and the exit code bin/ycsb would give. */
  private int inProcess(Step s, PrintStream out, PrintStream log) {
    try {
      return Benchmark.run(commands.spec(s, out, log)).exitCode();
    } catch (BenchmarkException e) {
      log.println("error: " + Secrets.maskText(e.getMessage()));
      return e.exitCode();
    } catch (RuntimeException | LinkageError e) {
      log.println("error: unexpected " + e.getClass().getSimpleName() + ": " + Secrets.maskText(e.getMessage()));
      e.printStackTrace(log);
      return BenchmarkException.EXIT_RUN_FAILED;
    }
  }
}
