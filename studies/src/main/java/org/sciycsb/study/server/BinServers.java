package org.sciycsb.study.server;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;

/**
 * This checkout's {@code bin/servers}, as a study uses it: the emulated devices ({@code device list}), a server's
 * smallest memory cap ({@code memory-min}), its address ({@code url}) and data folders ({@code datadir}), stopping
 * and starting it on a device with or without a cap, and dropping its files' page cache in between ({@code
 * drop-cache}). A question it cannot answer is a {@link ConfigException} (one line, exit 2, before anything runs).
 */
public final class BinServers {
  private final Path home;
  private final Path script;

  public BinServers(Path home) {
    this.home = home;
    this.script = home.resolve("bin").resolve("servers");
  }

  /** The checkout. */
  Path home() {
    return home;
  }

  /** What a call printed and how it ended. */
  record Answer(int exit, List<String> out, List<String> err) {
    String last() {
      List<String> l = !err.isEmpty() ? err : out;
      return l.isEmpty() ? "exit " + exit : l.get(l.size() - 1);
    }
  }

  /** Every emulated device ({@code bin/servers device list}: name, profile, size, mount point a line). */
  public List<Device> devices() throws ConfigException {
    Answer a = ask("--devices", "device", "list");
    List<Device> out = new ArrayList<>();
    for (String line : a.out()) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 4) {
        out.add(new Device(f[0], f[1], f[2], Path.of(f[3])));
      }
    }
    return out;
  }

  /**
   * The smallest {@code --memory} that serves 32 client threads (the second figure of {@code bin/servers memory-min},
   * the first being what it starts with), in bytes; a server without caps is one line.
   */
  public long memoryMinimum(String server, String asker) throws ConfigException {
    Answer a = ask(asker, "memory-min", server);
    String v = a.out().isEmpty() ? "" : a.out().get(0).trim();
    if (!v.matches("\\d+ \\d+")) {
      throw new ConfigException(asker + ": bin/servers memory-min " + server + " answered '" + v + "', not two byte "
          + "counts");
    }
    return Long.parseLong(v.split(" ")[1]);
  }

  /** The address a client of the server uses. */
  public String url(String server, String asker) throws ConfigException {
    Answer a = ask(asker, "url", server);
    if (a.out().isEmpty()) {
      throw new ConfigException(asker + ": bin/servers url " + server + " printed nothing");
    }
    return a.out().get(0).trim();
  }

  /**
   * Stops the server and starts it with {@code args} ({@code --device DEV --memory SIZE}), its lines copied to
   * {@code log}; a start refused for its arguments is a {@link ConfigException}, one that fails otherwise exit 3.
   */
  public void restart(String server, List<String> args, PrintStream log) throws BenchmarkException {
    call(log, "stop", server);
    start(server, args, log);
  }

  /**
   * Stops the server, drops the page cache of the files under {@code dirs} ({@code bin/servers drop-cache}), then
   * starts it with {@code args}; returns drop-cache's line. A stop or a drop that fails is exit 3, as a start.
   */
  String restartDropping(String server, List<String> dirs, List<String> args, PrintStream log)
      throws BenchmarkException {
    checked(call(log, "stop", server), "stop", server);
    String dropped = dropCache(dirs, log);
    start(server, args, log);
    return dropped;
  }

  /** Drops the page cache of the files under {@code dirs} ({@code bin/servers drop-cache}); its line. Exit 3 on failure. */
  String dropCache(List<String> dirs, PrintStream log) throws BenchmarkException {
    List<String> drop = new ArrayList<>(List.of("drop-cache"));
    drop.addAll(dirs);
    Answer a = checked(call(log, drop.toArray(String[]::new)), drop.toArray(String[]::new));
    return a.out().isEmpty() ? "" : a.out().get(a.out().size() - 1).trim();
  }

  /** Makes the client memory cgroup {@code name} capped at {@code bytes} ({@code bin/servers memcap create}). */
  void memcapCreate(String name, long bytes, PrintStream log) throws BenchmarkException {
    Answer a = call(log, "memcap", "create", name, "--memory", Long.toString(bytes));
    if (a.exit() == 2) {
      throw new ConfigException("bin/servers memcap create " + name + ": " + a.last());
    }
    checked(a, "memcap", "create", name);
  }

  /** Removes the client memory cgroup {@code name} ({@code bin/servers memcap remove}); its line (peak, OOM kills). */
  String memcapRemove(String name, PrintStream log) throws BenchmarkException {
    Answer a = checked(call(log, "memcap", "remove", name), "memcap", "remove", name);
    return a.out().isEmpty() ? "" : a.out().get(a.out().size() - 1).trim();
  }

  /** The words that run a command in the client memory cgroup {@code name}. */
  List<String> memcapExec(String name) {
    return List.of(script.toString(), "memcap", "exec", name, "--");
  }

  /** The folders the server keeps its data in ({@code bin/servers datadir}: where it runs now). */
  List<String> datadirs(String server) throws BenchmarkException {
    Answer a = checked(run(null, "datadir", server), "datadir", server);
    return a.out().stream().map(String::trim).filter(l -> !l.isEmpty()).toList();
  }

  private void start(String server, List<String> args, PrintStream log) throws BenchmarkException {
    start(server, args, java.util.Map.of(), log);
  }

  /** Starts the server with {@code args}, {@code env} added to bin/servers' environment (a cluster's addresses). */
  void start(String server, List<String> args, java.util.Map<String, String> env, PrintStream log)
      throws BenchmarkException {
    List<String> start = new ArrayList<>(List.of("start", server));
    start.addAll(args);
    Answer a = run(log, env, start.toArray(String[]::new));
    if (a.exit() == 2) {
      throw new ConfigException("bin/servers " + String.join(" ", start) + ": " + a.last());
    }
    if (a.exit() != 0) {
      throw new BenchmarkException(BenchmarkException.EXIT_BINDING, "bin/servers " + String.join(" ", start)
          + " failed: " + a.last());
    }
  }

  /** {@code a}, when it ended with exit 0; else exit 3 naming the call. */
  private static Answer checked(Answer a, String... args) throws BenchmarkException {
    if (a.exit() != 0) {
      throw new BenchmarkException(BenchmarkException.EXIT_BINDING, "bin/servers " + String.join(" ", args)
          + " failed: " + a.last());
    }
    return a;
  }

  /** Stops the server (its cgroup removed, its data kept on the device); a failure is said, not thrown. */
  public void stop(String server, PrintStream log) {
    try {
      Answer a = call(log, "stop", server);
      if (a.exit() != 0) {
        log.println("study: bin/servers stop " + server + ": " + a.last());
      }
    } catch (BenchmarkException e) {
      log.println("study: " + e.getMessage());
    }
  }

  /** What {@code bin/servers topology} says of the server's nodes (number, address, data centre, rack, state). */
  List<String> topology(String server) throws BenchmarkException {
    Answer a = run(null, "topology", server);
    return a.exit() != 0 ? List.of() : a.out().stream().filter(l -> l.matches("\\d+ .*")).toList();
  }

  private Answer ask(String asker, String... args) throws ConfigException {
    Answer a;
    try {
      a = run(null, args);
    } catch (BenchmarkException e) {
      throw new ConfigException(asker + ": " + e.getMessage());
    }
    if (a.exit() != 0) {
      throw new ConfigException(asker + ": bin/servers " + String.join(" ", args) + ": " + a.last());
    }
    return a;
  }

  private Answer call(PrintStream log, String... args) throws BenchmarkException {
    return run(log, args);
  }

  /** Runs bin/servers with {@code args}; with {@code log}, its lines are copied there as they come. */
  private Answer run(PrintStream log, String... args) throws BenchmarkException {
    return run(log, java.util.Map.of(), args);
  }

  private Answer run(PrintStream log, java.util.Map<String, String> env, String... args) throws BenchmarkException {
    if (!Files.isExecutable(script)) {
      throw new ConfigException("the study's test server is run through " + script + ", which is not there");
    }
    List<String> cmd = new ArrayList<>(List.of(script.toString()));
    cmd.addAll(List.of(args));
    try {
      Path errFile = Files.createTempFile("sciycsb-servers", ".err");
      try {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(errFile.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        List<String> out = new ArrayList<>();
        try (var r = p.inputReader(StandardCharsets.UTF_8)) {
          for (String line; (line = r.readLine()) != null; ) {
            out.add(line);
            if (log != null) {
              log.println(line);
            }
          }
        }
        if (!p.waitFor(15, TimeUnit.MINUTES)) {
          p.destroyForcibly();
          throw new BenchmarkException(BenchmarkException.EXIT_BINDING, "bin/servers " + String.join(" ", args)
              + " did not end within 15 minutes");
        }
        List<String> err = Files.readAllLines(errFile, StandardCharsets.UTF_8);
        if (log != null) {
          err.forEach(log::println);
        }
        return new Answer(p.exitValue(), out, err);
      } finally {
        Files.deleteIfExists(errFile);
      }
    } catch (IOException e) {
      throw new ConfigException("cannot run " + script + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchmarkException(BenchmarkException.EXIT_INTERRUPTED, "interrupted while running bin/servers "
          + String.join(" ", args));
    }
  }
}
