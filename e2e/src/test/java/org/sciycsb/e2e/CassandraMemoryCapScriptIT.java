package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/servers start cassandra --device DEV --memory SIZE (docs/devices.md, "Memory caps"): a node of an instance of
 * the test's own (cassandra@it-cmemcap-PID on a loopback net and JMX port of its own) started on a 1G emulated SSD
 * with a 768M cap has the cap in its node's cgroup (sciycsb/cassandra@.../node1, the cluster's above it), its JVM
 * in that cgroup with the heap the cap gives (-Xms = -Xmx = 768M / 2 - 128M = 256M) and cassandra.yaml's memory
 * settings from it, its data on the device, and serves CQL; stop removes both cgroups. A cap below the 512M minimum
 * is one line, exit 2, nothing made; a cap that only the start finds too small (320M, a 32M heap, the minimum
 * lowered by SCIYCSB_CASSANDRA_MEMCAP_MIN) is one line, exit 1, nothing running and no cgroup. Needs root (loop
 * devices, mounts, cgroups) and bin/servers setup cassandra, as CI has. The device, the server and its state folder
 * are removed after each test, also when it fails.
 */
class CassandraMemoryCapScriptIT {
  static final Path WORK = Launcher.HOME.resolve("work");
  static final Path CGROOT = Path.of("/sys/fs/cgroup/memory/sciycsb");

  @TempDir Path tmp;

  final long pid = ProcessHandle.current().pid();
  final String server = "cassandra@it-cmemcap-" + pid;
  final String device = "it-cmemcap-" + pid;
  final Path cgroup = CGROOT.resolve(server);
  /** A loopback net of the test's own (127.0.200-249.x), so that no other test cluster's port 9042 is in the way. */
  final String net = "127.0." + (200 + pid % 50);
  int jmx;


  @BeforeEach
  void freePort() throws IOException {
    try (ServerSocket a = new ServerSocket(0)) {
      jmx = a.getLocalPort();
    }
  }

  Launcher.ServersOut servers(Map<String, String> extraEnv, String... args) throws IOException, InterruptedException {
    Map<String, String> env = new HashMap<>(extraEnv);
    env.put("SCIYCSB_CASSANDRA_NET", net);
    env.put("SCIYCSB_CASSANDRA_JMX_BASE", Integer.toString(jmx));
    return Launcher.serversCall(tmp, env, 240, List.of(args));
  }


  Launcher.ServersOut servers(String... args) throws IOException, InterruptedException {
    return servers(Map.of(), args);
  }

  @AfterEach
  void removeWhatWasMade() throws Exception {
    Path state = WORK.resolve("servers").resolve(server);
    if (Files.exists(state)) {
      servers("clean", server);
    }
    if (Files.exists(WORK.resolve("devices").resolve(device))) {
      servers("device", "remove", device);
    }
    if (Files.exists(state)) {
      try (Stream<Path> all = Files.walk(state)) {
        all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
    assertThat(traces()).isEmpty();
  }

  /** What the test's server leaves: its cgroups, its processes; its device's mounts. */
  List<String> traces() throws IOException {
    List<String> found = new ArrayList<>();
    if (Files.exists(cgroup)) {
      found.add("cgroup: " + cgroup);
    }
    ProcessHandle.allProcesses().filter(h -> h.info().commandLine().orElse("").contains(server))
        .forEach(h -> found.add("process: " + h.info().commandLine().orElse("")));
    for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
      if (line.contains("/work/devices/" + device + "/")) {
        found.add("mount: " + line);
      }
    }
    return found;
  }

  @Test
  void aNodeOnAnEmulatedSsdWithA768MCap() throws Exception {
    Launcher.ServersOut create = servers("device", "create", device, "--profile", "ssd", "--size", "1G");
    assertThat(create.exit()).as(create.toString()).isZero();
    Path mnt = WORK.resolve("devices").resolve(device).resolve("mnt");

    Launcher.ServersOut start = servers("start", server, "--device", device, "--memory", "768M");
    assertThat(start.exit()).as(start.toString()).isZero();

    // the cap: the node's cgroup and the cluster's (one node: the same figure), recorded in the state folder
    Path node = cgroup.resolve("node1");
    assertThat(Files.readString(node.resolve("memory.limit_in_bytes")).trim()).isEqualTo("805306368");
    assertThat(Files.readString(cgroup.resolve("memory.limit_in_bytes")).trim()).isEqualTo("805306368");
    Path state = WORK.resolve("servers").resolve(server);
    assertThat(Files.readString(state.resolve("memory"))).isEqualTo("805306368 " + cgroup + "\n");

    // the node's JVM in its cgroup, with the heap and direct memory the cap gives
    long jvm = Long.parseLong(servers("pids", server).out().trim());
    assertThat(Files.readAllLines(node.resolve("cgroup.procs"))).contains(Long.toString(jvm));
    List<String> args = Arrays.asList(Files.readString(Path.of("/proc", Long.toString(jvm), "cmdline")).split("\0"));
    assertThat(args).contains("-Xms256M", "-Xmx256M", "-XX:MaxDirectMemorySize=96M").doesNotContain("-Xmx1G");
    String data = servers("datadir", server).out().trim();
    assertThat(data).isEqualTo(mnt.resolve(server).resolve("node1").toString());
    assertThat(Files.readString(Path.of(data, "conf", "cassandra.yaml"))).contains("memtable_heap_space: 64MiB",
        "key_cache_size: 12MiB", "file_cache_size: 48MiB", "networking_cache_size: 24MiB");
    String loop = Files.readString(WORK.resolve("devices").resolve(device).resolve("loop")).trim();
    assertThat(MemoryCapScriptIT.devOfFs(data)).isEqualTo(MemoryCapScriptIT.devOf("%t:%T", loop));

    // CQL: a keyspace, a table, 200 rows written and counted
    try (CqlSession s = CqlSession.builder().addContactPoint(new InetSocketAddress(net + ".1", 9042))
        .withLocalDatacenter("datacenter1").build()) {
      s.execute("CREATE KEYSPACE memcap WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE memcap.t (k int PRIMARY KEY, v text)");
      for (int i = 0; i < 200; i++) {
        s.execute("INSERT INTO memcap.t (k, v) VALUES (" + i + ", '" + "x".repeat(100) + "')");
      }
      assertThat(s.execute("SELECT count(*) FROM memcap.t").one().getLong(0)).isEqualTo(200);
    }
    assertThat(Files.readString(node.resolve("memory.max_usage_in_bytes")).trim()).as("charged to the node's cgroup")
        .isNotEqualTo("0");

    Launcher.ServersOut stop = servers("stop", server);
    assertThat(stop.exit()).as(stop.toString()).isZero();
    assertThat(Files.exists(cgroup)).as("cgroups removed by stop").isFalse();
    assertThat(state.resolve("memory")).as("stop forgets the cap").doesNotExist();
    assertThat(state.resolve("device")).doesNotExist();
    assertThat(ProcessHandle.of(jvm).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }

  @Test
  void aCapBelowTheMinimumIsOneLineExitTwoAndNothingMade() throws Exception {
    Launcher.ServersOut small = servers("start", server, "--memory", "256M");
    assertThat(small.exit()).isEqualTo(2);
    assertThat(small.errLines()).containsExactly(server + ": --memory 256M is below what cassandra needs to start, 512M");
    assertThat(traces()).isEmpty();
    assertThat(WORK.resolve("servers").resolve(server)).doesNotExist();

    Launcher.ServersOut nodes = servers("start", server, "--memory", "1G", "--nodes", "x");
    assertThat(nodes.exit()).isEqualTo(2);
    assertThat(nodes.errLines()).containsExactly(server + ": start: --nodes must be 1..9, got 'x'");
    assertThat(WORK.resolve("servers").resolve(server)).doesNotExist();
  }

  @Test
  void aCapTheStartFindsTooSmallIsOneLineWithNothingLeft() throws Exception {
    Launcher.ServersOut start = servers(Map.of("SCIYCSB_CASSANDRA_MEMCAP_MIN", "0"), "start", server, "--memory", "320M");
    assertThat(start.exit()).as(start.toString()).isEqualTo(1);
    String last = start.errLines().get(start.errLines().size() - 1);
    // a 32M heap runs out while Cassandra starts (if the cap's OOM killer struck first, the line says that instead)
    assertThat(last).startsWith(server + ": did not start: the memory cap 320M is too small (its ");
    assertThat(traces()).isEmpty();
    assertThat(servers("pids", server).exit()).as("nothing running").isNotZero();
  }
}
