package org.sciycsb.study.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Secrets;
import org.sciycsb.study.plan.Step;

/**
 * A load or run step as one child process ({@link StepLauncher}: e.g. {@code bin/ycsb} in the client's memory
 * cgroup), its output in the step's log; the process ends with the study ({@code stop.withpid}, and a shutdown hook
 * that stops it on an interrupt, after which it writes its partial results as {@code bin/ycsb} does).
 */
final class ProcessStep {
  private final StepLauncher launcher;
  private final StepCommands commands;
  private final StudyFolder folder;

  ProcessStep(StepLauncher launcher, StepCommands commands, StudyFolder folder) {
    this.launcher = launcher;
    this.commands = commands;
    this.folder = folder;
  }

  int run(Step s, PrintStream log, Map<String, Object> rec) {
    List<String> cmd = new ArrayList<>(launcher.prefix(s));
    cmd.addAll(commands.processCommand(s));
    cmd.addAll(List.of("-p", "stop.withpid=" + ProcessHandle.current().pid()));
    log.println("$ " + Secrets.maskText(String.join(" ", cmd)));
    log.flush();
    rec.put("process", Secrets.maskText(String.join(" ", cmd)));
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.appendTo(folder.logOf(s).toFile())).start();
    } catch (IOException e) {
      log.println("error: cannot start the step's process: " + e.getMessage());
      return BenchmarkException.EXIT_RUN_FAILED;
    }
    Thread hook = new Thread(p::destroy, "study-step-process-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroy();
      return BenchmarkException.EXIT_INTERRUPTED;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook stops the process
      }
    }
  }
}
