package org.sciycsb.study.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.report.StudyJson;

/**
 * A census step: {@code bin/census} as a child process, its output in the step's log, with the step's fault
 * schedule (if any) run around it, its clock started by the job's start ({@code census.startfile}). A schedule
 * that went wrong fails a job that succeeded (exit 4).
 */
final class CensusStep {
  private final StepCommands commands;
  private final StudyFolder folder;
  /** Each finished census step's job time (ms), by name: what places a later step's fault. */
  private final Map<String, Long> censusJobMs = new LinkedHashMap<>();

  CensusStep(StepCommands commands, StudyFolder folder) {
    this.commands = commands;
    this.folder = folder;
  }

  int run(Step s, Map<String, Object> rec) {
    Optional<CensusFaults> faults;
    Path startFile = folder.of(s).resolve("job.started");
    try {
      faults = CensusFaults.open(s, censusJobMs, folder.of(s));
      Files.deleteIfExists(startFile);
    } catch (ConfigException | IOException e) {
      rec.put("reason", e.getMessage());
      folder.appendLog(s, "error: " + e.getMessage());
      return BenchmarkException.EXIT_RUN_FAILED;
    }
    List<String> cmd = new ArrayList<>(commands.command(s));
    if (faults.isPresent()) {
      cmd.addAll(List.of("-p", "census.startfile=" + startFile));
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(folder.logOf(s).toFile());
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
      long jobMs = StudyJson.read(folder.of(s).resolve("results.json")).path("summary").path("totalMs").asLong(-1);
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
      stop(p, hook);
    }
  }

  /** Removes the child's shutdown hook and stops the child if it still runs. */
  private static void stop(Process p, Thread hook) {
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
  private int faultsEnded(Step s, Map<String, Object> rec, Optional<CensusFaults> faults, int code) {
    if (faults.isEmpty()) {
      return code;
    }
    Optional<String> problem = faults.get().ended(folder.of(s).resolve("results.json"), rec);
    folder.appendLog(s, "study: the fault schedule (fault.at=" + faults.get().at() + " after the job started): "
        + problem.orElse("ran as planned") + " (" + folder.dir().relativize(folder.of(s).resolve("fault.log"))
        + ")");
    problem.ifPresent(pr -> rec.put("faultProblem", pr)); // a failed schedule is never the job's result
    if (problem.isPresent() && code == 0) {
      folder.appendLog(s, "error: " + problem.get());
      return BenchmarkException.EXIT_RUN_FAILED;
    }
    return code;
  }
}
