package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/servers start postgres --device DEV --memory SIZE (docs/devices.md, "Memory caps"): PostgreSQL (an instance of
 * the test's own, on a free port) started on a small emulated HDD with a 256M cap has the cap in its cgroup
 * (memory.limit_in_bytes), every postgres process in that cgroup, its data folder on the device's loop device
 * (st_dev), shared_buffers at a quarter of the cap, and answers SQL; stop removes the cgroup. Bad input (an unknown
 * device, a cap below the 64M PostgreSQL needs, a server that has no --memory: hdfs) is one line, exit 2, and nothing
 * made;
 * a cap that only the start finds too small (the minimum lowered by PG_MEMCAP_MIN_SCIYCSB) is one line, exit 1,
 * nothing running and no cgroup. Needs root (loop devices, mounts, cgroups) and Debian's PostgreSQL, as CI has. The
 * device, the server and its state folder are removed after each test, also when it fails. The same for FerretDB and
 * its PostgreSQL (mongodb@INSTANCE on free ports; FerretDB built by bin/servers setup mongodb, as bin/test does):
 * FerretDB, the postmaster and its backends in the cgroup and nothing else, the cluster on the device, a login.
 */
class MemoryCapScriptIT {
  static final Path WORK = Launcher.HOME.resolve("work");
  static final Path CGROOT = Path.of("/sys/fs/cgroup/memory/sciycsb");

  @TempDir Path tmp;

  final String instance = "it-memcap-" + ProcessHandle.current().pid();
  final String server = "postgres@" + instance;
  final String device = "it-memcap-" + ProcessHandle.current().pid();
  final Path cgroup = CGROOT.resolve(server);
  final String mongo = "mongodb@" + instance;
  int port;
  int mongoPort;
  int mongoPgPort;


  @BeforeEach
  void freePort() throws IOException {
    try (ServerSocket a = new ServerSocket(0); ServerSocket b = new ServerSocket(0); ServerSocket c = new ServerSocket(0)) {
      port = a.getLocalPort();
      mongoPort = b.getLocalPort();
      mongoPgPort = c.getLocalPort();
    }
  }

  Launcher.ServersOut servers(Map<String, String> extraEnv, String... args) throws IOException, InterruptedException {
    Map<String, String> env = new HashMap<>(extraEnv);
    env.put("PGPORT_SCIYCSB", Integer.toString(port));
    env.put("SCIYCSB_MONGODB_PORT", Integer.toString(mongoPort));
    env.put("SCIYCSB_MONGODB_PGPORT", Integer.toString(mongoPgPort));
    return Launcher.serversCall(tmp, env, 180, List.of(args));
  }


  Launcher.ServersOut servers(String... args) throws IOException, InterruptedException {
    return servers(Map.of(), args);
  }

  @AfterEach
  void removeWhatWasMade() throws Exception {
    for (String s : List.of(server, mongo)) {
      if (Files.exists(WORK.resolve("servers").resolve(s))) {
        servers("stop", s);
      }
    }
    if (Files.exists(WORK.resolve("devices").resolve(device))) {
      servers("device", "remove", device);
    }
    for (String s : List.of(server, mongo)) {
      Path state = WORK.resolve("servers").resolve(s);
      if (Files.exists(state)) {
        try (Stream<Path> all = Files.walk(state)) {
          all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
      }
    }
    assertThat(traces()).isEmpty();
  }

  /** What the test's server leaves: its cgroup, its processes, its state folder; its device's mounts. */
  List<String> traces() throws IOException {
    List<String> found = new ArrayList<>();
    for (String s : List.of(server, mongo)) {
      if (Files.exists(CGROOT.resolve(s))) {
        found.add("cgroup: " + CGROOT.resolve(s));
      }
    }
    ProcessHandle.allProcesses()
        .filter(h -> h.info().commandLine().orElse("").contains(server)
            || h.info().commandLine().orElse("").contains(mongo))
        .forEach(h -> found.add("process: " + h.info().commandLine().orElse("")));
    for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
      if (line.contains("/work/devices/" + device + "/")) {
        found.add("mount: " + line);
      }
    }
    return found;
  }

  String sql(String query) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder("psql", "-X", "-h", "127.0.0.1", "-p", Integer.toString(port), "-U",
        "ycsb", "-d", "ycsb", "-tAc", query).redirectErrorStream(true);
    pb.environment().put("PGPASSWORD", "ycsb");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  /** The device number (major:minor) of a block device or of the file system holding a path, from stat(1). */
  static String devOf(String format, String path) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("stat", "-L", "-c", format, path).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    p.waitFor(10, TimeUnit.SECONDS);
    String[] hex = out.split(":");
    return Long.parseLong(hex[0], 16) + ":" + Long.parseLong(hex[1], 16);
  }

  @Test
  void postgresOnAnEmulatedHddWithA256MCap() throws Exception {
    Launcher.ServersOut create = servers("device", "create", device, "--profile", "hdd", "--size", "96M");
    assertThat(create.exit()).as(create.toString()).isZero();
    Path mnt = WORK.resolve("devices").resolve(device).resolve("mnt");
    assertThat(create.out()).isEqualTo(mnt + "\n");

    Launcher.ServersOut start = servers("start", server, "--device", device, "--memory", "256M");
    assertThat(start.exit()).as(start.toString()).isZero();

    // the cap, in the server's cgroup, and recorded in its state folder
    assertThat(Files.readString(cgroup.resolve("memory.limit_in_bytes")).trim()).isEqualTo("268435456");
    Path state = WORK.resolve("servers").resolve(server);
    assertThat(Files.readString(state.resolve("memory"))).isEqualTo("268435456 " + cgroup + "\n");
    assertThat(Files.readString(state.resolve("device"))).isEqualTo(device + " " + mnt + "\n");

    // every postgres process of this server in the cgroup: the postmaster and its children
    long postmaster = Long.parseLong(servers("pids", server).out().trim());
    List<Long> procs = Files.readAllLines(cgroup.resolve("cgroup.procs")).stream().map(Long::parseLong).toList();
    List<Long> mine = ProcessHandle.allProcesses()
        .filter(h -> h.pid() == postmaster || h.parent().map(pp -> pp.pid() == postmaster).orElse(false))
        .map(ProcessHandle::pid).toList();
    assertThat(mine).hasSizeGreaterThanOrEqualTo(4);   // postmaster, checkpointer, background writer, walwriter...
    assertThat(procs).containsAll(mine);

    // the data folder on the device: its file system's device number is the loop device's
    String data = servers("datadir", server).out().trim();
    assertThat(data).isEqualTo(mnt.resolve(server).resolve("data").toString());
    String loop = Files.readString(WORK.resolve("devices").resolve(device).resolve("loop")).trim();
    assertThat(devOfFs(data)).isEqualTo(devOf("%t:%T", loop));

    // SQL works, and shared_buffers is a quarter of the cap
    assertThat(sql("SELECT 40 + 2")).isEqualTo("42");
    assertThat(sql("SHOW shared_buffers")).isEqualTo("64MB");
    sql("CREATE TABLE memcap_it (k int PRIMARY KEY, v text)");
    sql("INSERT INTO memcap_it SELECT g, repeat('x', 100) FROM generate_series(1, 1000) g");
    assertThat(sql("SELECT count(*) FROM memcap_it")).isEqualTo("1000");

    // a crash (every process in the cgroup SIGKILLed, as the cap's OOM killer may): a plain start brings it back as
    // it ran, capped, on the device, its data kept
    for (String pid : Files.readAllLines(cgroup.resolve("cgroup.procs"))) {
      ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
    }
    ProcessHandle.of(postmaster).ifPresent(h -> h.onExit().orTimeout(10, TimeUnit.SECONDS).join());
    Launcher.ServersOut again = servers("start", server);
    assertThat(again.exit()).as(again.toString()).isZero();
    assertThat(again.errLines()).contains(
        server + ": as it last ran: device " + device + " memory 256M (bin/servers stop " + server + " forgets it)");
    assertThat(Files.readString(cgroup.resolve("memory.limit_in_bytes")).trim()).isEqualTo("268435456");
    long postmaster2 = Long.parseLong(servers("pids", server).out().trim());
    assertThat(Files.readAllLines(cgroup.resolve("cgroup.procs"))).contains(Long.toString(postmaster2));
    assertThat(sql("SELECT count(*) FROM memcap_it")).isEqualTo("1000");

    Launcher.ServersOut stop = servers("stop", server);
    assertThat(stop.exit()).as(stop.toString()).isZero();
    assertThat(Files.exists(cgroup)).as("cgroup removed by stop").isFalse();
    assertThat(state.resolve("memory")).as("stop forgets the cap").doesNotExist();
    assertThat(state.resolve("device")).doesNotExist();
    // the postmaster is gone (as a zombie it waits a moment for PID 1 to reap it)
    ProcessHandle.of(postmaster2).ifPresent(h -> {
      try {
        h.onExit().get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new AssertionError("postmaster " + postmaster2 + " still runs 10 s after stop", e);
      }
    });
  }

  @Test
  void ferretDbAndItsPostgresOnAnEmulatedHddWithA256MCap() throws Exception {
    Launcher.ServersOut create = servers("device", "create", device, "--profile", "hdd", "--size", "96M");
    assertThat(create.exit()).as(create.toString()).isZero();
    Path mnt = WORK.resolve("devices").resolve(device).resolve("mnt");
    Launcher.ServersOut start = servers("start", mongo, "--device", device, "--memory", "256M");
    assertThat(start.exit()).as(start.toString()).isZero();
    Path cg = CGROOT.resolve(mongo);
    assertThat(Files.readString(cg.resolve("memory.limit_in_bytes")).trim()).isEqualTo("268435456");

    // FerretDB, the postmaster and every process the postmaster forked: in the cgroup
    List<Long> pids = servers("pids", mongo).out().lines().map(Long::parseLong).toList();
    assertThat(pids).hasSize(2);
    long postmaster = pids.get(1);
    List<Long> procs = Files.readAllLines(cg.resolve("cgroup.procs")).stream().map(Long::parseLong).toList();
    List<Long> mine = new ArrayList<>(pids);
    ProcessHandle.allProcesses()
        .filter(h -> h.parent().map(pp -> pp.pid() == postmaster).orElse(false))
        .forEach(h -> mine.add(h.pid()));
    assertThat(mine).hasSizeGreaterThanOrEqualTo(5);
    assertThat(procs).containsAll(mine);
    // the script's own shell went back where it came from: only the server's processes are there
    for (long pid : procs) {
      ProcessHandle.of(pid).filter(ProcessHandle::isAlive).ifPresent(h -> assertThat(
          pids.contains(pid) || h.parent().map(pp -> pp.pid() == postmaster).orElse(false))
          .as("pid %d in the cgroup: %s", pid, h.info().commandLine().orElse("?")).isTrue());
    }

    String data = servers("datadir", mongo).out().trim();
    assertThat(data).isEqualTo(mnt.resolve(mongo).resolve("pg").resolve("data").toString());
    String loop = Files.readString(WORK.resolve("devices").resolve(device).resolve("loop")).trim();
    assertThat(devOfFs(data)).isEqualTo(devOf("%t:%T", loop));

    Launcher.ServersOut status = servers("status", mongo);   // a client logs in
    assertThat(status.exit()).as(status.toString()).isZero();

    Launcher.ServersOut stop = servers("stop", mongo);
    assertThat(stop.exit()).as(stop.toString()).isZero();
    assertThat(Files.exists(cg)).as("cgroup removed by stop").isFalse();
  }

  /** The device number of the file system holding a path (stat -c %d is a decimal dev_t: major 12 bits, minor). */
  static String devOfFs(String path) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("stat", "-c", "%d", path).redirectErrorStream(true).start();
    long dev = Long.parseLong(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
    p.waitFor(10, TimeUnit.SECONDS);
    long major = (dev >>> 8) & 0xfff;
    long minor = (dev & 0xff) | ((dev >>> 12) & 0xfff00);
    return major + ":" + minor;
  }

  @Test
  void badInputIsOneLineExitTwoAndNothingMade() throws Exception {
    Launcher.ServersOut unknown = servers("start", server, "--device", "no-such-device-" + instance, "--memory", "256M");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.errLines()).hasSize(1);
    assertThat(unknown.errLines().get(0)).startsWith(server + ": no device 'no-such-device-" + instance + "'");
    assertThat(traces()).isEmpty();
    assertThat(WORK.resolve("servers").resolve(server)).doesNotExist();

    Launcher.ServersOut small = servers("start", server, "--memory", "16M");
    assertThat(small.exit()).isEqualTo(2);
    assertThat(small.errLines()).containsExactly(server + ": --memory 16M is below what postgres needs to start, 64M");
    assertThat(traces()).isEmpty();
    assertThat(WORK.resolve("servers").resolve(server)).doesNotExist();

    Launcher.ServersOut badSize = servers("start", server, "--memory", "lots");
    assertThat(badSize.exit()).isEqualTo(2);
    assertThat(badSize.errLines()).hasSize(1);

    Launcher.ServersOut hdfs = servers("start", "hdfs@" + instance, "--memory", "1G");
    assertThat(hdfs.exit()).isEqualTo(2);
    assertThat(hdfs.errLines()).containsExactly(
        "hdfs@" + instance + ": start --memory is not supported for hdfs (supported by: postgres, mongodb, cassandra)");
    assertThat(WORK.resolve("servers").resolve("hdfs@" + instance)).doesNotExist();
  }

  @Test
  void aCapTheStartFindsTooSmallIsOneLineWithNothingLeft() throws Exception {
    Launcher.ServersOut start = servers(Map.of("PG_MEMCAP_MIN_SCIYCSB", "0", "PG_START_TIMEOUT_SCIYCSB", "20"), "start", server,
        "--memory", "32M");
    assertThat(start.exit()).as(start.toString()).isEqualTo(1);
    // the progress lines ("initdb into ...", "initdb failed": the cap's OOM killer strikes initdb or the server), then
    // why it did not start, in one line
    String last = start.errLines().get(start.errLines().size() - 1);
    assertThat(last).startsWith(server + ": did not start: the memory cap 32M is too small");
    assertThat(traces()).isEmpty();
  }
}
