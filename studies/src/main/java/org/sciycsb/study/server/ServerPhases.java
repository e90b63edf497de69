package org.sciycsb.study.server;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.study.plan.Step;

/**
 * Which way the study's server runs for each step. With {@code loadUncapped}, a load step runs on the server started
 * without its memory cap (same device, same data), and the first run step after a load on the server restarted with
 * the cap, the page cache of its data files dropped in between: cgroup v1 charges a cached page to the cgroup that
 * first read or wrote it and leaves it there, so the capped server would otherwise read what the uncapped one left
 * cached, beyond its cap. Otherwise every step runs capped, the server started once. The server is restarted only
 * when a step needs it the other way, and every start is recorded ({@link #starts}).
 */
final class ServerPhases {
  private final BinServers servers;
  private final String server;
  private final List<String> uncapped;
  private final List<String> capped;
  private final boolean loadUncapped;
  /** The running server's way: true capped, false not; null before the study started it. */
  private Boolean runsCapped;
  /** Its data folders, asked once while it runs ({@code datadir} answers for a stopped server where it starts next). */
  private List<String> dirs;
  /** Every start the study made, in order; study.json holds this list, so it grows there as the study runs. */
  private final List<Map<String, Object>> starts = new ArrayList<>();

  /** {@code capped}: the start arguments with the cap; {@code uncapped}: without it (the device alone, or none). */
  ServerPhases(BinServers servers, String server, List<String> uncapped, List<String> capped, boolean loadUncapped) {
    this.servers = servers;
    this.server = server;
    this.uncapped = List.copyOf(uncapped);
    this.capped = List.copyOf(capped);
    this.loadUncapped = loadUncapped;
  }

  boolean loadUncapped() {
    return loadUncapped;
  }

  /** The starts so far: the step each came before (null: the study's first), capped or not, command, page cache. */
  List<Map<String, Object>> starts() {
    return starts;
  }

  /** Whether {@code s} runs on the capped server (everything but a load, unless loads run capped too). */
  boolean wantsCap(Step s) {
    return !loadUncapped || s == null || s.kind() != Step.Kind.LOAD;
  }

  /** Whether the first load or run step of {@code steps} runs on the capped server. */
  boolean startsCapped(List<Step> steps) {
    return wantsCap(steps.stream().filter(ServerPhases::engine).findFirst().orElse(null));
  }

  /** Stops the server and starts it the way the first load or run step of {@code steps} needs it. */
  void start(List<Step> steps, PrintStream log) throws BenchmarkException {
    boolean cap = startsCapped(steps);
    servers.restart(server, cap ? capped : uncapped, log);
    record(null, cap, null);
  }

  /**
   * Before step {@code s}: restarts the server when {@code s} is a load or a run that needs it the other way (to the
   * cap: stopped, its files' page cache dropped, started capped; from it: stopped, started without it).
   */
  void before(Step s, PrintStream log) throws BenchmarkException {
    if (!engine(s) || runsCapped == null || wantsCap(s) == runsCapped) {
      return;
    }
    if (wantsCap(s)) {
      log.println("study: restarting " + server + " with its memory cap for the runs, the page cache of its files "
          + "dropped");
      if (dirs == null) {
        dirs = servers.datadirs(server);
      }
      String dropped = servers.restartDropping(server, dirs, capped, log);
      record(s.name(), true, dropped);
    } else {
      log.println("study: restarting " + server + " without its memory cap for the load");
      servers.restart(server, uncapped, log);
      record(s.name(), false, null);
    }
  }

  private void record(String beforeStep, boolean cap, String pageCache) {
    runsCapped = cap;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("beforeStep", beforeStep);
    m.put("memoryCapped", cap);
    m.put("command", command(cap));
    if (pageCache != null) {
      m.put("pageCache", pageCache);
    }
    m.put("at", Instant.now().toString());
    starts.add(m);
  }

  /** The {@code bin/servers start} command line, with or without the cap. */
  String command(boolean cap) {
    List<String> args = cap ? capped : uncapped;
    return "bin/servers start " + server + (args.isEmpty() ? "" : " " + String.join(" ", args));
  }

  private static boolean engine(Step s) {
    return s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN;
  }
}
