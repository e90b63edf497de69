package org.sciycsb.study.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;

/**
 * The checks before a study runs anything: engine steps as bin/ycsb would before starting (binding, workload,
 * files, keys, values; with {@code --clients}, the clients' shares), census steps for the launcher, their fault
 * schedules and the servers they name (a TCP connect).
 */
final class StudyPreflight {
  private final Path home;
  private final StepCommands commands;
  private final ClientProcesses clients;
  private final PrintStream err;

  StudyPreflight(Path home, StepCommands commands, ClientProcesses clients, PrintStream err) {
    this.home = home;
    this.commands = commands;
    this.clients = clients;
    this.err = err;
  }

  /** Checks every step; returns the distinct warnings. */
  Set<String> validate(Plan plan, boolean checkServers) throws BenchmarkException {
    Set<String> warnings = new LinkedHashSet<>();
    Set<String> reached = new LinkedHashSet<>();
    for (Step s : plan.steps()) {
      switch (s.kind()) {
        case LOAD:
        case RUN:
          try {
            Benchmark.Prepared p = Benchmark.checked(commands.spec(s, err, err));
            warnings.addAll(p.warnings());
            if (clients != null) {
              clients.check(p);
            }
          } catch (ConfigException e) {
            throw new ConfigException("step " + s.name() + ": " + e.getMessage());
          }
          break;
        case CENSUS:
          checkCensus(s, checkServers, reached);
          break;
        default:
          break;
      }
    }
    return warnings;
  }

  /** A census step: its fault schedule, the launcher, and each server it names, reached once per study. */
  private void checkCensus(Step s, boolean checkServers, Set<String> reached) throws BenchmarkException {
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
}
