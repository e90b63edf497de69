package org.sciycsb.engine.servers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.ConfigException;

/**
 * {@link ServerControl} through this checkout's test servers, {@code bin/servers <verb> <server>} under
 * {@code sciycsb.home}: {@code list kill-node} (the servers with node faults), {@code nodes}, {@code pids}, {@code datadir},
 * {@code kill-node} and {@code restore-node}. A server that is not running, or no {@code bin/servers} (a release),
 * is a {@link ConfigException}: one line, exit 2, before the run starts.
 */
final class ServersScript implements ServerControl {
  static final ServersScript INSTANCE = new ServersScript();

  /** {@code bin/servers list VERB} by script and verb: the answer does not change while a process runs. */
  private final Map<String, List<String>> nodeFaultServers = new ConcurrentHashMap<>();

  private ServersScript() {}

  /** {@code bin/servers} of this checkout. */
  private static Path path() {
    return Path.of(System.getProperty("sciycsb.home", ".")).resolve("bin").resolve("servers");
  }

  @Override
  public Optional<List<String>> nodeFaultServers(String verb) {
    Path script = path();
    if (!Files.isExecutable(script)) {
      return Optional.empty();
    }
    String key = script + " " + verb;
    List<String> known = nodeFaultServers.get(key);
    if (known == null) {
      try {
        Answer a = run(script, "list", verb);
        if (a.exit() != 0) {
          return Optional.empty(); // a bin/servers without "list VERB": the run's own questions say what is wrong
        }
        known = a.lines();
      } catch (IOException e) {
        return Optional.empty();
      }
      nodeFaultServers.put(key, known);
    }
    return Optional.of(known);
  }

  @Override
  public int nodeCount(String server, String asker) throws ConfigException {
    List<String> out = ask("nodes", server, asker);
    String last = out.get(out.size() - 1);
    if (!last.matches("[0-9]+")) {
      throw notA("nodes", server, asker, last, "a node count");
    }
    return Integer.parseInt(last);
  }

  @Override
  public List<Long> pids(String server, String asker) throws ConfigException {
    List<Long> out = new ArrayList<>();
    for (String line : ask("pids", server, asker)) {
      if (!line.matches("\\d+")) {
        throw notA("pids", server, asker, line, "a PID");
      }
      out.add(Long.parseLong(line));
    }
    return out;
  }

  @Override
  public List<Path> dataDirs(String server, String asker) throws ConfigException {
    List<Path> out = new ArrayList<>();
    for (String line : ask("datadir", server, asker, "has no data folder")) {
      if (!line.startsWith("/")) {
        throw notA("datadir", server, asker, line, "an absolute folder");
      }
      out.add(Path.of(line));
    }
    return out;
  }

  @Override
  public Map<String, String> urls() {
    Path script = path();
    Map<String, String> out = new java.util.LinkedHashMap<>();
    if (!Files.isExecutable(script)) {
      return out;
    }
    try {
      Answer list = run(script, "list", "datadir");
      for (String name : list.exit() == 0 ? list.lines() : List.<String>of()) {
        Answer url = run(script, "url", name);
        if (url.exit() == 0 && !url.lines().isEmpty()) {
          out.put(name, url.lines().get(url.lines().size() - 1));
        }
      }
    } catch (IOException e) {
      return out; // what was answered so far
    }
    return out;
  }

  @Override
  public List<String> nodeCommand(String verb, String server, List<String> nodes) {
    List<String> out = new ArrayList<>(List.of(path().toString(), verb, server));
    out.addAll(nodes);
    return out;
  }

  private static ConfigException notA(String verb, String server, String asker, String answer, String what) {
    return new ConfigException(asker + ": bin/servers " + verb + " " + server + " answered '" + answer + "', not "
        + what);
  }

  /** What a {@code bin/servers} call printed: its exit code and its stdout and stderr, stripped. */
  private record Answer(int exit, String out, String err) {
    List<String> lines() {
      return out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }
  }

  private static Answer run(Path script, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(script.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.PIPE).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    try {
      return new Answer(p.waitFor(1, TimeUnit.MINUTES) ? p.exitValue() : -1, out, err);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /**
   * The lines {@code bin/servers <action> <server>} printed on success.
   *
   * @param asker the setting that asks, for the error line (e.g. {@code fault.server=<server>})
   */
  private static List<String> ask(String action, String server, String asker) throws ConfigException {
    return ask(action, server, asker, "is not a running test server");
  }

  /** As {@link #ask(String, String, String)}, with what a failure says of the server. */
  private static List<String> ask(String action, String server, String asker, String failure)
      throws ConfigException {
    Path script = path();
    if (!Files.isExecutable(script)) {
      throw new ConfigException(asker + " acts on this checkout's test servers through " + script + ", which is not"
          + " there");
    }
    Answer a;
    try {
      a = run(script, action, server);
    } catch (IOException e) {
      if (Thread.currentThread().isInterrupted()) {
        throw new ConfigException(asker + ": interrupted while asking " + script + " about " + server);
      }
      throw new ConfigException(asker + ": cannot run " + script + ": " + e.getMessage());
    }
    if (a.exit() != 0 || a.out().isEmpty()) {
      String last = a.err().lines().reduce((x, y) -> y).orElse("exit " + a.exit());
      throw new ConfigException(asker + ": " + server + " " + failure + " (bin/servers " + action + " "
          + server + ": " + last + ")");
    }
    return a.lines();
  }
}
