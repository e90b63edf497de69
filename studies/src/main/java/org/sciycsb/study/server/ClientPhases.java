package org.sciycsb.study.server;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.study.plan.Step;

/**
 * Which way the client that holds an embedded store runs for each step ({@link EmbeddedSetup}), as {@link
 * ServerPhases} for a server: with {@code loadUncapped}, a load step's process runs in no cgroup of the study's, and
 * before the first run step after a load the page cache of the data folder is dropped and the client's memory cgroup
 * made ({@code bin/servers memcap create}); the run steps' processes start in it, one after the other, so the page
 * cache charged to it stays within the cap from one run to the next, as a capped server's does. Going back to a load,
 * and at the study's end, the cgroup is removed ({@code memcap remove}: its peak and OOM kills recorded, its page
 * cache reclaimed). Every change is recorded ({@link #starts}).
 */
final class ClientPhases {
  private final BinServers servers;
  private final String cgroup;
  private final long capBytes;
  private final Path dataDir;
  private final boolean loadUncapped;
  /** Whether the cgroup exists now; null before the study started. */
  private Boolean capped;
  private final List<Map<String, Object>> starts = new ArrayList<>();

  ClientPhases(BinServers servers, String cgroup, long capBytes, Path dataDir, boolean loadUncapped) {
    this.servers = servers;
    this.cgroup = cgroup;
    this.capBytes = capBytes;
    this.dataDir = dataDir;
    this.loadUncapped = loadUncapped;
  }

  boolean loadUncapped() {
    return loadUncapped;
  }

  List<Map<String, Object>> starts() {
    return starts;
  }

  /** Whether the cgroup is there now (the steps that start now start in it). */
  boolean capped() {
    return Boolean.TRUE.equals(capped);
  }

  boolean wantsCap(Step s) {
    return !loadUncapped || s == null || s.kind() != Step.Kind.LOAD;
  }

  /** The data folder made; the cgroup too when the first load or run step of {@code steps} runs capped. */
  void start(List<Step> steps, PrintStream log) throws BenchmarkException {
    try {
      Files.createDirectories(dataDir);
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_BINDING, "cannot make the store's data folder " + dataDir
          + ": " + e.getMessage());
    }
    boolean cap = wantsCap(steps.stream().filter(ClientPhases::engine).findFirst().orElse(null));
    if (cap) {
      servers.memcapCreate(cgroup, capBytes, log);
    }
    record(null, cap, null);
  }

  /** Before step {@code s}: the cgroup made (page cache dropped first) or removed when {@code s} needs the other way. */
  void before(Step s, PrintStream log) throws BenchmarkException {
    if (!engine(s) || capped == null || wantsCap(s) == capped) {
      return;
    }
    if (wantsCap(s)) {
      log.println("study: the client's memory cap for the runs: page cache of " + dataDir + " dropped, cgroup "
          + cgroup + " made");
      String dropped = servers.dropCache(List.of(dataDir.toString()), log);
      servers.memcapCreate(cgroup, capBytes, log);
      record(s.name(), true, dropped);
    } else {
      log.println("study: the load runs without the client's memory cap");
      removed(servers.memcapRemove(cgroup, log));
      record(s.name(), false, null);
    }
  }

  /** At the study's end: the cgroup removed, when there is one; false when an earlier call ended it already. */
  boolean stop(PrintStream log) {
    if (stopped) {
      return false;
    }
    stopped = true;
    if (capped()) {
      try {
        removed(servers.memcapRemove(cgroup, log));
        capped = false;
      } catch (BenchmarkException e) {
        log.println("study: " + e.getMessage());
      }
    }
    return true;
  }

  private boolean stopped;

  /** memcap remove's line (limit, usage, peak, failcnt, OOM kills) on the start that made the cgroup. */
  private void removed(String line) {
    if (!starts.isEmpty()) {
      starts.get(starts.size() - 1).put("removed", line);
    }
  }

  private void record(String beforeStep, boolean cap, String pageCache) {
    capped = cap;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("beforeStep", beforeStep);
    m.put("memoryCapped", cap);
    m.put("command", cap ? "bin/servers memcap create " + cgroup + " --memory " + capBytes / 1024 + "K" : "(no cgroup)");
    if (pageCache != null) {
      m.put("pageCache", pageCache);
    }
    m.put("at", Instant.now().toString());
    starts.add(m);
  }

  private static boolean engine(Step s) {
    return s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN;
  }
}
