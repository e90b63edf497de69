package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/lib/server.sh, the library every server script sources, and bin/lib/java.sh, which finds Java for it and the
 * launchers: the verb dispatch (a verb a script lacks is one line naming those it has, exit 2, for every server
 * script and for bin/servers), wait_until and wait_for_port (a timeout is one line naming what was awaited), the
 * pid-file stop (TERM, then KILL after the deadline), find_java (Java 17 or newer, a JAVA_HOME outside the range
 * passed over) and bin/servers drop-cache (the page cache of the files under folders). No server needed.
 */
class ServerLibScriptIT {
  static final Path LIB = Launcher.HOME.resolve("bin/lib/server.sh");

  @TempDir Path tmp;

  record Out(int exit, String out, List<String> errLines) {}

  /** Runs a bash snippet after sourcing the library and server_init demo, with SCIYCSB_WORK under tmp. */
  Out lib(Map<String, String> env, String snippet) throws IOException, InterruptedException {
    return run(env, "bash", "-c", "set -euo pipefail; . \"$0\"; server_init demo; " + snippet, LIB.toString());
  }

  Out run(Map<String, String> env, String... cmd) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(Launcher.HOME.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    pb.environment().putAll(env);
    Path out = tmp.resolve("out-" + System.nanoTime());
    Path err = tmp.resolve("err-" + System.nanoTime());
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", cmd) + " did not end within 60 s");
    }
    return new Out(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8).lines().toList());
  }

  @Test
  void aVerbTheScriptLacksIsOneLineNamingTheVerbsItHas() throws Exception {
    String script = "cmd_start() { echo started \"$@\"; }; cmd_stop_node() { echo node \"$1\"; }; server_main ";
    Out bogus = lib(Map.of(), script + "bogus");
    assertThat(bogus.exit()).as(bogus.toString()).isEqualTo(2);
    assertThat(bogus.errLines()).containsExactly("demo: no verb 'bogus' here (verbs: start stop-node)");
    Out stop = lib(Map.of(), script + "stop");
    assertThat(stop.exit()).isEqualTo(2);
    assertThat(stop.errLines()).containsExactly("demo: no verb 'stop' here (verbs: start stop-node)");
    Out none = lib(Map.of("SCIYCSB_SERVER_INSTANCE", "x"), script);
    assertThat(none.errLines()).containsExactly("demo@x: no verb '' here (verbs: start stop-node)");
    Out start = lib(Map.of(), script + "start --nodes 3");
    assertThat(start.exit()).isZero();
    assertThat(start.out()).isEqualTo("started --nodes 3\n");
    assertThat(lib(Map.of(), script + "stop-node 2").out()).isEqualTo("node 2\n");
  }

  @Test
  void everyServerScriptAnswersAnUnknownVerbInOneLine() throws Exception {
    List<Path> scripts;
    try (Stream<Path> s = Files.list(Launcher.HOME)) {
      scripts = s.map(m -> m.resolve("server")).filter(Files::isDirectory).flatMap(ServerLibScriptIT::shellFiles)
          .toList();
    }
    assertThat(scripts).hasSizeGreaterThanOrEqualTo(10);
    for (Path script : scripts) {
      Out o = run(Map.of(), "bash", script.toString(), "no-such-verb");
      assertThat(o.exit()).as(script + ": " + o).isEqualTo(2);
      assertThat(o.errLines()).as(script.toString()).hasSize(1);
      assertThat(Files.readString(script)).as(script + " uses the library").contains("bin/lib/server.sh")
          .contains("server_main \"$@\"");
    }
  }

  private static Stream<Path> shellFiles(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(f -> f.toString().endsWith(".sh")).toList().stream();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void binServersTakesTheLibrarysVerbsAndNoOther() throws Exception {
    String verbs = String.join("|", lib(Map.of(), "server_verbs").out().lines().toList());
    assertThat(verbs).isEqualTo("setup|start|stop|status|url|pids|datadir|nodes|kill|kill-node|restore-node"
        + "|pause-node|resume-node|stop-node|start-node|nodetool|topology|clean");
    String servers = Launcher.HOME.resolve("bin/servers").toString();
    Out bad = run(Map.of(), servers, "admin", "riak");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.errLines()).containsExactly("bin/servers: unknown verb 'admin' (" + verbs + "; bin/servers --help)");
    assertThat(run(Map.of(), servers, "--help").out()).startsWith("usage: bin/servers " + verbs + " <name>");
    Out noName = run(Map.of(), servers, "start");
    assertThat(noName.exit()).isEqualTo(2);
    assertThat(noName.errLines()).hasSize(1);
    assertThat(noName.errLines().get(0)).startsWith("bin/servers: start needs a server name (names: cassandra ");
  }

  /**
   * {@code datadir}: the folders each store server keeps its data in (what {@code -p storage.path=servers:<name>}
   * samples the devices of), those that exist, one a line; none yet is one line, exit 1. Under a work folder of the
   * test's own, with the folders the scripts would make.
   */
  @Test
  void datadirPrintsTheFoldersAServerKeepsItsDataIn() throws Exception {
    String servers = Launcher.HOME.resolve("bin/servers").toString();
    assertThat(run(Map.of(), servers, "list", "datadir").out().lines()).containsExactly("cassandra", "hdfs",
        "mongo-standin", "mongodb", "postgres", "wiredtiger");
    Out none = run(Map.of(), servers, "datadir", "postgres");
    assertThat(none.exit()).isEqualTo(1);
    assertThat(none.errLines()).singleElement().asString().startsWith("postgres: no data folder yet (");
    Path work = tmp.resolve("work/servers");
    Path pg = Files.createDirectories(work.resolve("postgres/data"));
    assertThat(run(Map.of(), servers, "datadir", "postgres").out().lines()).containsExactly(pg.toString());
    Files.createDirectories(work.resolve("cassandra@ring/node1"));
    Files.createDirectories(work.resolve("cassandra@ring/node2"));
    Files.writeString(work.resolve("cassandra@ring/nodes"), "2\n");
    assertThat(run(Map.of(), servers, "datadir", "cassandra@ring").out().lines()).containsExactly(
        work.resolve("cassandra@ring/node1").toString(), work.resolve("cassandra@ring/node2").toString());
    Out riak = run(Map.of(), servers, "datadir", "riak");
    assertThat(riak.exit()).isEqualTo(2);
    assertThat(riak.errLines()).singleElement().asString().startsWith("riak server: no package registry ships");
  }

  /**
   * Node faults ({@code kill-node}, {@code restore-node}: what a run's fault.action=kill-node runs):
   * {@code bin/servers list kill-node} names the servers whose script has them (those the engine's help names); a
   * server without them is one line naming the verbs it has, exit 2; an unknown verb to list is one line too; a bad
   * node number is refused before anything is killed.
   */
  @Test
  void nodeFaultVerbsAreTheServersOwnAndOthersAreRefusedInOneLine() throws Exception {
    String servers = Launcher.HOME.resolve("bin/servers").toString();
    Out able = run(Map.of(), servers, "list", "kill-node");
    assertThat(able.exit()).as(able.toString()).isZero();
    assertThat(able.out().lines()).as("what the engine's help names").containsExactlyElementsOf(
        org.sciycsb.engine.config.ProjectBindings.list("nodefaults")).contains("cassandra", "hdfs");
    assertThat(run(Map.of(), servers, "list", "restore-node").out().lines()).containsExactly("cassandra", "hdfs");
    assertThat(run(Map.of(), servers, "list", "pause-node").out().lines()).as("pause faults").containsExactlyElementsOf(
        org.sciycsb.engine.config.ProjectBindings.list("pausefaults")).containsExactly("cassandra");
    assertThat(run(Map.of(), servers, "list", "resume-node").out().lines()).containsExactly("cassandra");
    Out hdfsPause = run(Map.of(), servers, "pause-node", "hdfs", "1");
    assertThat(hdfsPause.exit()).isEqualTo(2);
    assertThat(hdfsPause.errLines()).singleElement().asString().startsWith("hdfs: no verb 'pause-node' here");
    Out mongo = run(Map.of(), servers, "kill-node", "mongodb", "2");
    assertThat(mongo.exit()).isEqualTo(2);
    assertThat(mongo.errLines()).singleElement().asString().startsWith("mongodb: no verb 'kill-node' here (verbs: ");
    Out riak = run(Map.of(), servers, "restore-node", "riak", "2");
    assertThat(riak.exit()).isEqualTo(2);
    assertThat(riak.errLines()).singleElement().asString().startsWith("riak server: no package registry ships");
    Out unknown = run(Map.of(), servers, "kill-node", "nosuch", "2");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.errLines()).singleElement().asString().startsWith("bin/servers: unknown server 'nosuch'");
    Out badList = run(Map.of(), servers, "list", "reboot");
    assertThat(badList.exit()).isEqualTo(2);
    assertThat(badList.errLines()).singleElement().asString().startsWith("bin/servers: list: unknown verb 'reboot'");
    Out badNode = run(Map.of(), servers, "kill-node", "hdfs@nodefaultcheck", "x");
    assertThat(badNode.exit()).isEqualTo(1);
    assertThat(badNode.errLines()).containsExactly("hdfs@nodefaultcheck: kill-node: a DataNode number, not 'x'");
    Out noNode = run(Map.of(), servers, "kill-node", "cassandra@nodefaultcheck");
    assertThat(noNode.exit()).isEqualTo(1);
    assertThat(noNode.errLines()).containsExactly("cassandra@nodefaultcheck: node number must be 1..1, got ''");
  }

  @Test
  void waitUntilPollsUntilTheCommandSucceedsAndTimesOutInOneLineNamingWhatItWaitedFor() throws Exception {
    Out ok = lib(Map.of(), "n=0; third() { n=$((n + 1)); [ $n -ge 3 ]; }; WAIT_POLL=0.01 wait_until 60 x third; "
        + "echo $n");
    assertThat(ok.exit()).as(ok.toString()).isZero();
    assertThat(ok.out()).isEqualTo("3\n");
    Out late = lib(Map.of(), "wait_until 1 'the moon to rise' false");
    assertThat(late.exit()).isEqualTo(1);
    assertThat(late.errLines()).containsExactly("demo: gave up waiting for the moon to rise after 1 s");
  }

  @Test
  void waitForPortSeesAListenerAndNamesTheAddressWhenNoneComes() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
      Out up = lib(Map.of(), "wait_for_port 127.0.0.1 " + port + " 30");
      assertThat(up.exit()).as(up.toString()).isZero();
    }
    Out down = lib(Map.of(), "wait_for_port 127.0.0.1 " + port + " 1");
    assertThat(down.exit()).isEqualTo(1);
    assertThat(down.errLines())
        .containsExactly("demo: gave up waiting for 127.0.0.1:" + port + " to accept connections after 1 s");
  }

  @Test
  void stopPidfileStopsASleepWithTermAndRemovesThePidFile() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "600").start();
    try {
      Path pidFile = tmp.resolve("sleep.pid");
      Files.writeString(pidFile, sleep.pid() + "\n");
      String f = "'" + pidFile + "'";
      assertThat(lib(Map.of(), "pid_alive " + f + " 'slee*' && pid_read " + f).out()).isEqualTo(sleep.pid() + "\n");
      assertThat(lib(Map.of(), "pid_alive " + f + " java").exit()).as("another process name").isEqualTo(1);
      Out stop = lib(Map.of(), "stop_pidfile " + f + " 30");
      assertThat(stop.exit()).as(stop.toString()).isZero();
      assertThat(sleep.waitFor(10, TimeUnit.SECONDS)).as("the sleep is gone").isTrue();
      assertThat(sleep.exitValue()).as("ended by SIGTERM").isEqualTo(128 + 15);
      assertThat(pidFile).doesNotExist();
      assertThat(lib(Map.of(), "stop_pidfile " + f + " 30").exit()).as("nothing runs any more").isEqualTo(1);
    } finally {
      sleep.destroyForcibly();
    }
  }

  @Test
  void stopPidKillsAProcessThatIgnoresTermAfterTheDeadline() throws Exception {
    Path ready = tmp.resolve("ready");
    Process stubborn = new ProcessBuilder("bash", "-c",
        "trap '' TERM; touch \"$0\"; while :; do read -r -t 1 _ || :; done", ready.toString()).start();
    try {
      Out wait = lib(Map.of(), "WAIT_POLL=0.05 wait_until 30 'the trap' test -e '" + ready + "'");
      assertThat(wait.exit()).as(wait.toString()).isZero();
      Out stop = lib(Map.of(), "stop_pid " + stubborn.pid() + " 1");
      assertThat(stop.exit()).as(stop.toString()).isZero();
      assertThat(stubborn.waitFor(10, TimeUnit.SECONDS)).as("the process is gone").isTrue();
      assertThat(stubborn.exitValue()).as("ended by SIGKILL").isEqualTo(128 + 9);
    } finally {
      stubborn.destroyForcibly();
    }
  }

  @Test
  void findJavaReturnsAJava17OrNewerAndPassesOverAJavaHomeOutsideTheRange() throws Exception {
    Out any = lib(Map.of(), "j=$(find_java); echo \"$j\"; java_major \"$j\"");
    assertThat(any.exit()).as(any.toString()).isZero();
    List<String> lines = any.out().lines().toList();
    assertThat(Integer.parseInt(lines.get(1))).isGreaterThanOrEqualTo(17);
    Out v = run(Map.of(), lines.get(0), "-version");
    assertThat(v.errLines().get(0)).as("the binary runs and is that version").contains("version \"" + lines.get(1));

    Map<String, String> jdk11 = Map.of("JAVA_HOME", fakeJdk("jdk11", "11.0.2").toString());
    Out old = lib(jdk11, "j=$(find_java); java_major \"$j\"");
    assertThat(Integer.parseInt(old.out().strip())).as("JAVA_HOME 11 passed over").isGreaterThanOrEqualTo(17);

    Path jdk21 = fakeJdk("jdk21", "21.0.1");
    Map<String, String> home21 = Map.of("JAVA_HOME", jdk21.toString());
    assertThat(lib(home21, "find_java").out()).as("JAVA_HOME first").isEqualTo(jdk21.resolve("bin/java") + "\n");
    Out at17 = lib(home21, "j=$(find_java 17); java_major \"$j\"");
    assertThat(at17.out()).as("at most 17: JAVA_HOME 21 passed over").isEqualTo("17\n");
  }

  @Test
  void dropCacheDropsTheFilesUnderTheFoldersAndSaysWhat() throws Exception {
    String servers = Launcher.HOME.resolve("bin/servers").toString();
    Path data = Files.createDirectories(tmp.resolve("data/base"));
    Files.write(data.resolve("1259"), new byte[3 << 20]);
    Files.writeString(tmp.resolve("data/PG_VERSION"), "15\n");
    Files.createSymbolicLink(tmp.resolve("data/link"), Path.of("/etc/hostname"));
    Out ok = run(Map.of(), servers, "drop-cache", tmp.resolve("data").toString());
    assertThat(ok.exit()).as(ok.toString()).isZero();
    assertThat(ok.out()).as("two files (the link is not followed), then what was cached before and after")
        .matches("drop-cache: 2 files, 3\\.1M under "
            + java.util.regex.Pattern.quote(tmp.resolve("data").toString()) + ": cached before \\S+, after \\S+\n");
    Out none = run(Map.of(), servers, "drop-cache", tmp.resolve("nope").toString());
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.errLines()).containsExactly("bin/servers drop-cache: no folder " + tmp.resolve("nope"));
    Out noArg = run(Map.of(), servers, "drop-cache");
    assertThat(noArg.exit()).isEqualTo(2);
    assertThat(noArg.errLines()).hasSize(1);
  }

  /** A folder shaped like a JDK: release names the version, bin/java prints it as java -version does. */
  private Path fakeJdk(String name, String version) throws IOException {
    Path home = tmp.resolve(name);
    Files.createDirectories(home.resolve("bin"));
    Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
    Path java = home.resolve("bin/java");
    Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"" + version + "\"' >&2\n");
    assertThat(java.toFile().setExecutable(true)).isTrue();
    return home;
  }
}
