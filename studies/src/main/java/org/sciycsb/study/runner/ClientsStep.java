package org.sciycsb.study.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.report.StudyJson;

/**
 * An engine step as {@code --clients} processes (on this host or on YARN), merged into the step's folder; a run
 * step's clients continue their own insert key sequences from the earlier run steps ({@link InsertKeyLedger}).
 */
final class ClientsStep {
  private final ClientProcesses clients;
  private final StepCommands commands;
  private final InsertKeyLedger ledger;
  private final StudyFolder folder;

  ClientsStep(ClientProcesses clients, StepCommands commands, InsertKeyLedger ledger, StudyFolder folder) {
    this.clients = clients;
    this.commands = commands;
    this.ledger = ledger;
    this.folder = folder;
  }

  int run(Step s, PrintStream log, Map<String, Object> rec) {
    List<Map<String, String>> shares;
    try {
      shares = clients.check(Benchmark.checked(commands.spec(s, log, log)));
    } catch (ConfigException e) {
      log.println("error: " + Secrets.maskText(e.getMessage()));
      return e.exitCode();
    }
    long[] next = ledger.clientsNext(s);
    List<String> command = new ArrayList<>(commands.command(s));
    if (s.kind() == Step.Kind.RUN && next != null && next.length == shares.size()) {
      long min = Arrays.stream(next).min().orElse(0);
      if (clients.onYarn() && min > 0) { // the runner makes the shares: every key below the lowest next key exists
        long max = Arrays.stream(next).max().orElse(0);
        command.addAll(List.of("-p", "recordcount=" + min, "-p", "coreworkload.clientbase=" + max));
      } else if (!clients.onYarn()) {
        for (int i = 0; i < next.length; i++) {
          if (next[i] > 0) {
            shares.get(i).put("recordcount", Long.toString(next[i]));
          }
        }
      }
    }
    Path dir = folder.of(s);
    int code = clients.run(command, shares, dir, folder.logOf(s), log, rec);
    if (s.kind() == Step.Kind.RUN) {
      noteInserts(s, dir, next, shares.size());
    }
    return code;
  }

  /** Each client's next insert key after a run step, from its results (or as before, when it wrote none). */
  private void noteInserts(Step s, Path dir, long[] next, int n) {
    long[] now = next != null && next.length == n ? next.clone() : new long[n];
    int first = clients.onYarn() ? 0 : 1; // the YARN runner numbers its clients from 0
    for (int i = 0; i < now.length; i++) {
      JsonNode core = StudyJson.read(dir.resolve("clients").resolve(Integer.toString(i + first))
          .resolve("results.json")).path("extra").path("core");
      now[i] = core.path("nextInsertKey").isNumber() ? core.path("nextInsertKey").asLong() : now[i];
    }
    ledger.noteClients(s, now);
  }
}
