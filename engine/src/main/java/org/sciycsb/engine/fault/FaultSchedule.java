package org.sciycsb.engine.fault;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.RunExtension;
import org.sciycsb.engine.RunListener;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.config.ProjectBindings;
import org.sciycsb.engine.servers.ServerControl;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/**
 * A fault injected while a run runs: {@code fault.at} after the client threads start, the action; at
 * {@code fault.restore} (or when the run ends: {@code fault.restoreatend}), the restore. An action is
 * {@code kill-node:N} or {@code kill-node:N,M,...} (nodes of a local test server, killed and restored through
 * {@link ServerControl}: how is the server's own business), {@code pause-node:N,...} (frozen with SIGSTOP and
 * resumed with SIGCONT: a node that answers nothing but keeps its sockets, as in a long GC pause; it must be
 * resumed within the run) or {@code command:<shell command>} for a user's own cluster (restored by
 * {@code fault.restorecommand}). The output of each goes to {@code fault.log} in the results
 * folder; when each ran, how long it took and its exit code go to {@code metadata.faults}, times relative to the
 * measured start as in the time series. An action that fails fails the run (exit 4) after its results are written.
 */
public final class FaultSchedule implements RunListener {
  public static final Option<Duration> AT = Option.duration("fault.at", null, "s",
      "when the fault action runs, after the client threads start (e.g. 30s); unset = no fault");
  public static final Option<String> ACTION = Option.string("fault.action", null,
      "the fault: kill-node:N (node N of the local test server, through bin/servers: "
          + ProjectBindings.get("nodefaults") + " DataNode N; kill-node:N,M,... several at once), pause-node:N[,M...]"
          + " (SIGSTOP, then SIGCONT at fault.restore: " + ProjectBindings.get("pausefaults") + ") or"
          + " command:<shell command> (your own cluster)");
  public static final Option<Duration> RESTORE = Option.duration("fault.restore", null, "s",
      "when the fault is undone, after the client threads start (e.g. 90s; after fault.at); unset = never");
  public static final Option<String> RESTORE_COMMAND = Option.string("fault.restorecommand", null,
      "the shell command that undoes a command: fault at fault.restore (kill-node:N and pause-node:N undo"
          + " themselves)");
  public static final Option<Boolean> RESTORE_AT_END = Option.bool("fault.restoreatend", false,
      "undo the fault as soon as the run (or a study's census job) ends, instead of at a time (not with"
          + " fault.restore)");
  /** The test servers kill-node faults act on, and an instance, as the help and error lines name them. */
  private static final String SERVERS_EXAMPLE = ProjectBindings.get("nodefaults") + ", or an instance such as "
      + ProjectBindings.get("nodefaults.instance");
  public static final Option<String> SERVER = Option.string("fault.server", null,
      "the bin/servers name (and instance) of the test server a kill-node or pause-node fault acts on: "
          + SERVERS_EXAMPLE);

  /** The extension on this checkout's test servers ({@link ServerControl#local()}). */
  public static final RunExtension EXTENSION = extension(ServerControl.local());

  /** The extension: declares and checks the options, opens a schedule for each run that sets fault.at. */
  public static RunExtension extension(ServerControl servers) {
    return new RunExtension() {
      @Override
      public OptionSet options() {
        return OptionSet.builder("faults").add(AT, ACTION, RESTORE, RESTORE_AT_END, RESTORE_COMMAND, SERVER)
            .ownPrefix("fault.").build();
      }

      @Override
      public void validate(Config config) throws ConfigException {
        if (!plan(config, servers).isEmpty()) {
          checkNodes(config, servers);
        }
      }

      @Override
      public RunListener open(Config config, Path resultsDir) throws ConfigException {
        List<Step> steps = plan(config, servers);
        return steps.isEmpty() ? new RunListener() {} : new FaultSchedule(steps, resultsDir.resolve("fault.log"));
      }
    };
  }

  /**
   * The schedule a configuration asks for, for a process other than an engine run (a study's census job): empty
   * without fault.at. The caller calls {@link #beforeThreadsStart()} when the process starts,
   * {@link #measurementEnded(long)} when it ended, then reads {@link #metadata()} and {@link #problem()}.
   */
  public static Optional<FaultSchedule> around(Config config, Path log) throws ConfigException {
    List<Step> steps = plan(config, ServerControl.local());
    return steps.isEmpty() ? Optional.empty() : Optional.of(new FaultSchedule(steps, log));
  }

  /**
   * One command of the schedule: what it is, when, and the command line; {@code atEnd}: a restore that runs when
   * the run ends (fault.restoreatend), whatever its time.
   */
  public record Step(String what, Duration at, List<String> command, boolean atEnd) {
    Step(String what, Duration at, List<String> command) {
      this(what, at, command, false);
    }
  }

  /** A restore run at the end (fault.restoreatend) is scheduled this late: the run's end comes first. */
  static final Duration AT_END = Duration.ofDays(365);

  private final List<Step> steps;
  private final Path log;
  private final List<Map<String, Object>> done = new ArrayList<>();
  private Thread thread;
  private volatile long threadsStartEpochMs;

  private FaultSchedule(List<Step> steps, Path log) {
    this.steps = steps;
    this.log = log;
  }

  /**
   * The schedule a configuration asks for (empty without fault.at), kill-node faults on {@code servers}; any
   * inconsistency is one clear line.
   */
  public static List<Step> plan(Config cfg, ServerControl servers) throws ConfigException {
    Duration at = cfg.get(AT);
    String action = cfg.get(ACTION);
    if (at == null && action == null) {
      if (cfg.get(RESTORE) != null || cfg.get(RESTORE_COMMAND) != null) {
        throw new ConfigException("fault.restore and fault.restorecommand need fault.at and fault.action");
      }
      return List.of();
    }
    if (at == null || action == null) {
      throw new ConfigException("a fault needs both fault.at (when) and fault.action (what)");
    }
    Duration restore = cfg.get(RESTORE);
    boolean atEnd = cfg.get(RESTORE_AT_END);
    if (atEnd && restore != null) {
      throw new ConfigException("fault.restore and fault.restoreatend=true exclude each other: restore at a time"
          + " or when the run ends");
    }
    if (atEnd) {
      restore = AT_END;
    }
    if (restore != null && restore.compareTo(at) <= 0) {
      throw new ConfigException("fault.restore (" + Option.formatDuration(restore) + ") must come after fault.at ("
          + Option.formatDuration(at) + ")");
    }
    return action.startsWith("command:") && action.length() > "command:".length()
        ? commands(cfg, action, at, restore) : nodeFault(cfg, servers, action, at, restore);
  }

  /** The node faults: the verb that makes one and the verb that undoes it. */
  private enum NodeFault {
    KILL("kill-node", "restore-node"),
    PAUSE("pause-node", "resume-node");

    final String verb;
    final String undo;

    NodeFault(String verb, String undo) {
      this.verb = verb;
      this.undo = undo;
    }

    /** The node fault an action names ({@code kill-node:...}, {@code pause-node:...}), or null. */
    static NodeFault of(String action) {
      for (NodeFault f : values()) {
        if (action.startsWith(f.verb + ":")) {
          return f;
        }
      }
      return null;
    }

    List<String> nodes(String action) {
      return List.of(action.substring(verb.length() + 1).split(","));
    }
  }

  /** A user's own commands: the fault, and its restore when one is scheduled. */
  private static List<Step> commands(Config cfg, String action, Duration at, Duration restore)
      throws ConfigException {
    List<Step> out = new ArrayList<>();
    out.add(new Step("fault", at, List.of("sh", "-c", action.substring("command:".length()))));
    String undo = cfg.get(RESTORE_COMMAND);
    if (restore != null && undo == null) {
      throw new ConfigException((restore == AT_END ? "fault.restoreatend" : "fault.restore")
          + " with fault.action=command:... needs fault.restorecommand");
    }
    if (restore != null) {
      out.add(new Step("restore", restore, List.of("sh", "-c", undo), restore == AT_END));
    }
    return out;
  }

  /**
   * kill-node:N[,M...] or pause-node:N[,M...] on a local test server: one command that kills (pauses) the nodes,
   * then the one that restores (resumes) them. A server whose script has no such verb is refused here, before
   * anything runs; so is a pause that would outlast the run.
   */
  private static List<Step> nodeFault(Config cfg, ServerControl servers, String action, Duration at,
      Duration restore) throws ConfigException {
    NodeFault f = NodeFault.of(action);
    if (f == null || !action.matches(f.verb + ":[1-9][0-9]*(,[1-9][0-9]*)*")) {
      throw new ConfigException("bad value for fault.action: '" + action + "' (kill-node:N, kill-node:N,M,...,"
          + " pause-node:N[,M...] or command:<shell command>)");
    }
    if (f == NodeFault.PAUSE) {
      checkPause(cfg, action, restore);
    }
    List<String> nodes = f.nodes(action);
    if (nodes.stream().distinct().count() < nodes.size()) {
      throw new ConfigException("fault.action=" + action + " names a node twice");
    }
    String server = cfg.get(SERVER);
    if (server == null) {
      throw new ConfigException("fault.action=" + action + " needs fault.server: the bin/servers name of the test"
          + " server (" + SERVERS_EXAMPLE + ")");
    }
    Optional<List<String>> able = servers.nodeFaultServers(f.verb);
    if (able.isPresent() && !able.get().contains(server.replaceFirst("@.*", ""))) {
      throw new ConfigException("fault.action=" + action + ": bin/servers " + (f == NodeFault.KILL ? "kills"
          : "pauses") + " nodes of the " + ProjectBindings.and(able.get())
          + " test servers, not of '" + server + "' (use fault.action=command:... for other stores, e.g. a "
          + ProjectBindings.get("nodefaults.elsewhere") + " cluster of your own)");
    }
    List<Step> out = new ArrayList<>();
    out.add(new Step("fault", at, servers.nodeCommand(f.verb, server, nodes)));
    if (restore != null) {
      out.add(new Step("restore", restore, servers.nodeCommand(f.undo, server, nodes), restore == AT_END));
    }
    return out;
  }

  /**
   * A paused node left paused holds its cluster's sockets and its clients' requests: a pause needs its resume
   * (fault.restore or fault.restoreatend), and a run of a known length (maxexecutiontime) must resume it before
   * it ends.
   */
  private static void checkPause(Config cfg, String action, Duration restore) throws ConfigException {
    if (restore == null) {
      throw new ConfigException("fault.action=" + action + " needs fault.restore (when the node goes on) or"
          + " fault.restoreatend=true: a node left paused answers nothing after the run");
    }
    long runSeconds = cfg.get(EngineOptions.MAX_EXECUTION_TIME);
    if (restore != AT_END && runSeconds > 0 && restore.compareTo(Duration.ofSeconds(runSeconds)) >= 0) {
      throw new ConfigException("fault.action=" + action + ": a pause longer than the run: fault.restore ("
          + Option.formatDuration(restore) + ") is not before the run's end (maxexecutiontime=" + runSeconds
          + "); resume it earlier or with fault.restoreatend=true");
    }
  }

  /**
   * Checks a schedule as {@link #EXTENSION} does, without asking the server about its nodes (a dry run's check: the
   * servers need not be running yet).
   */
  public static void validateWithoutServers(Config config) throws ConfigException {
    plan(config, ServerControl.local());
  }

  /**
   * A kill-node or pause-node fault's server must be running and have the nodes it names, asked of
   * {@code bin/servers nodes} before anything runs: a misspelt instance or a node the cluster does not have is bad
   * input (exit 2), not a fault that fails mid-run.
   */
  private static void checkNodes(Config cfg, ServerControl servers) throws ConfigException {
    String action = cfg.get(ACTION);
    NodeFault f = NodeFault.of(action);
    if (f == null) {
      return;
    }
    String server = cfg.get(SERVER);
    int count = servers.nodeCount(server, "fault.server=" + server);
    for (String n : f.nodes(action)) {
      if (Integer.parseInt(n) > count) {
        throw new ConfigException("fault.action=" + action + ": " + server + " has " + count + " node(s), no node "
            + n);
      }
    }
  }

  @Override
  public void beforeThreadsStart() {
    threadsStartEpochMs = System.currentTimeMillis();
    thread = new Thread(this::runSchedule, "fault-schedule");
    thread.setDaemon(true);
    thread.start();
  }

  private void runSchedule() {
    try (PrintStream out = new PrintStream(Files.newOutputStream(log), true, java.nio.charset.StandardCharsets.UTF_8)) {
      int next = 0;
      try {
        for (; next < steps.size(); next++) {
          Step s = steps.get(next);
          long wait = threadsStartEpochMs + s.at().toMillis() - System.currentTimeMillis();
          if (wait > 0) {
            Thread.sleep(wait);
          }
          long started = System.currentTimeMillis();
          record(s, started, execute(s, out), false);
        }
      } catch (InterruptedException e) {
        // the run ended first: a fault that ran is still undone, at once, so the server is left as it was found
        boolean faulted;
        synchronized (done) {
          faulted = done.stream().anyMatch(m -> "fault".equals(m.get("what")));
        }
        for (; next < steps.size(); next++) {
          if (faulted && steps.get(next).what().equals("restore")) {
            long started = System.currentTimeMillis();
            record(steps.get(next), started, execute(steps.get(next), out), true);
          }
        }
      }
    } catch (IOException e) {
      synchronized (done) {
        done.add(Map.of("what", "log", "error", "cannot write " + log + ": " + e.getMessage()));
      }
    }
  }

  /** Runs one command to its end (at most 5 minutes); its exit code, or -1 when it could not run or hung. */
  private static int execute(Step s, PrintStream out) {
    out.println("$ " + String.join(" ", s.command()));
    try {
      Process p = new ProcessBuilder(s.command()).redirectErrorStream(true).start();
      p.getInputStream().transferTo(out);
      return awaitExit(p, out);
    } catch (IOException e) {
      out.println("(cannot run: " + e.getMessage() + ")");
      return -1;
    }
  }

  /**
   * Waits for a command at most 5 minutes, through interrupts (the end of the run does not cut a restore short: it
   * is putting the server back); the interrupt is kept for the caller.
   */
  private static int awaitExit(Process p, PrintStream out) {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    boolean interrupted = false;
    try {
      while (true) {
        try {
          if (p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            out.println("(exit " + p.exitValue() + ")");
            return p.exitValue();
          }
          p.destroyForcibly();
          out.println("(did not finish within 5 minutes)");
          return -1;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void record(Step s, long startedEpochMs, int exit, boolean early) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("what", s.what());
    m.put("command", String.join(" ", s.command()));
    if (s.atEnd()) {
      m.put("atEnd", true); // fault.restoreatend: run when the run ended, as planned
    } else {
      m.put("scheduledMs", s.at().toMillis());
    }
    m.put("early", early && !s.atEnd()); // a restore run when the run ended before its time
    m.put("startedEpochMs", startedEpochMs);
    m.put("endedEpochMs", System.currentTimeMillis());
    m.put("exitCode", exit);
    synchronized (done) {
      done.add(m);
    }
  }

  /** Stops what has not run yet; the times become relative to the measured start. */
  @Override
  public Map<String, Object> measurementEnded(long measuredStartEpochMs) {
    if (thread != null) {
      thread.interrupt();
      try {
        thread.join(TimeUnit.MINUTES.toMillis(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (done) {
      for (Map<String, Object> m : done) {
        if (m.get("startedEpochMs") instanceof Long st) {
          m.put("atMs", st - measuredStartEpochMs);
          m.put("seconds", ((Long) m.get("endedEpochMs") - st) / 1000.0);
        }
      }
    }
    return null;
  }

  @Override
  public Map<String, Object> metadata() {
    synchronized (done) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("faults", List.copyOf(done));
      return m;
    }
  }

  /** A fault or restore command that failed, or a fault that never ran, fails the run: one line, exit 4. */
  @Override
  public Optional<Failure> finished(RunReport report, ResultsDir dir, PrintStream err) {
    return problem().map(p -> new Failure(p, org.sciycsb.api.BenchmarkException.EXIT_RUN_FAILED));
  }

  /**
   * What went wrong with the schedule, once the run ended: a fault or restore command that failed, or a schedule
   * the run did not last through; empty when every command ran at its time and succeeded.
   */
  public Optional<String> problem() {
    synchronized (done) {
      for (Map<String, Object> m : done) {
        if (m.containsKey("error")) { // fault.log could not be written: no command ran
          return Optional.of("the fault schedule did not run: " + m.get("error"));
        }
        if (!Integer.valueOf(0).equals(m.get("exitCode"))) {
          return Optional.of("the " + m.get("what") + " command failed (" + m.get("command") + ", exit "
              + m.get("exitCode") + "; see " + log + ")");
        }
      }
      if (done.size() < steps.size() || done.stream().anyMatch(m -> Boolean.TRUE.equals(m.get("early")))) {
        return Optional.of("the run ended before its fault schedule did (the run must last past fault.at and"
            + " fault.restore; a fault that ran was undone at the end)");
      }
    }
    return Optional.empty();
  }

  @Override
  public void close() {
    if (thread != null) {
      thread.interrupt();
    }
  }
}
