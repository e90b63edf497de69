package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Riak KV ring of 3 nodes on one host (its own instance {@code riak@fault}, started here with
 * {@code bin/servers start riak@fault --nodes 3}): one node killed with SIGKILL mid-run and started again (the run
 * goes on, failures counted); the quorum settings sent and honoured with one node down (n_val 3: quorum reads and
 * writes succeed, as fallback vnodes stand in for the dead node's, {@code pr=all} fails every read, {@code pw=all}
 * every write; {@code pr/pw=quorum} is not asserted: with 3 nodes some preflists of a ring of 8 (or of any power of
 * 2) hold two replicas on one node, so a few keys lose two primaries); the strongly consistent bucket type
 * the script makes on a ring of 3 (its load reporting the ring's 3 nodes and node 1's own figures); and the whole
 * ring killed under {@code errors.max}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RiakRingFaultIT extends FaultScenario {
  @TempDir
  static Path tmp; // static: filled before @BeforeAll
  private final String table = "fault" + System.currentTimeMillis();

  @Override
  void startServer() throws Exception {
    FaultServers.start("riak", "--nodes", "3");
  }

  @Override
  void killServer() throws Exception {
    FaultServers.servers("stop-node", "riak", "2");
  }

  @Override
  void restartServer() throws Exception {
    FaultServers.servers("start-node", "riak", "2");
  }

  @Override
  void killServerForGood() throws Exception {
    FaultServers.servers("kill", "riak");
  }

  /** Besides refusals, a read of a dying ring may meet a fallback vnode that holds nothing yet: NOT_FOUND. */
  @Override
  List<String> failureStatuses() {
    return List.of("SERVICE_UNAVAILABLE", "ERROR", "NOT_FOUND");
  }

  @Override
  void stopServer() {
    FaultServers.stopQuietly("riak");
  }

  /**
   * The fault scenario's client knows node 2 only: the Riak client fails over to the other nodes it knows (it
   * retries a request on another node), so a client of the whole ring counts no failures when one node dies (seen
   * here: 2,033 operations, all OK). With node 2 as its only contact point, the failures show and are counted.
   */
  @Override
  List<String> binding() {
    return binding("127.0.0.1:" + (FaultServers.riakPort() + 10), table);
  }

  static List<String> binding(String hosts, String table) {
    return List.of("riak", "-p", "riak.hosts=" + hosts, "-p", "table=" + table, "-p", "riak.timeout=3s",
        "-p", "riak.connect_timeout=2s");
  }

  @BeforeAll
  void setUp() throws Exception {
    // a ring left by an earlier run may have other settings: start from nothing
    FaultServers.servers("setup", "riak");
    FaultServers.servers("clean", "riak");
    startServer();
    load(tmp);
  }

  @AfterAll
  void tearDown() {
    stopServer();
  }

  @Test
  @Order(2)
  void theRunContinuesThroughANodeKilledAndRestarted() throws Exception {
    continuesThroughAKillAndRestart(tmp, 40, Duration.ofSeconds(3));
  }

  /** A run against nodes 1 and 2 only (node 3 is down), with extra settings; returns its results. */
  JsonNode runWithNode3Down(String name, String workload, int expectedExit, String... settings) throws Exception {
    Path dir = tmp.resolve(name);
    List<String> a = new ArrayList<>(List.of("run"));
    a.addAll(binding(FaultServers.riakHosts(2), table));
    a.addAll(List.of("-P", workload, "-p", "recordcount=" + RECORDS, "-p", "operationcount=200",
        "-threads", "2", "-p", "results.dir=" + dir));
    for (String s : settings) {
      a.addAll(List.of("-p", s));
    }
    Launcher.Result r = Launcher.ycsb(tmp, a.toArray(String[]::new));
    assertThat(r.exit()).as(r.toString()).isEqualTo(expectedExit);
    assertThat(r.err()).doesNotContain("\tat ");
    return Launcher.json(dir.resolve("results.json"));
  }

  static String statuses(JsonNode results) {
    StringBuilder b = new StringBuilder();
    for (JsonNode o : results.path("operations")) {
      b.append(o.path("name").asText()).append(' ').append(o.path("statuses")).append("; ");
    }
    return b.toString();
  }

  static long ok(JsonNode results, String op) {
    return operation(results, op).path("statuses").path("OK").asLong();
  }

  static long unavailable(JsonNode results, String op) {
    return operation(results, op).path("statuses").path("SERVICE_UNAVAILABLE").asLong();
  }

  @Test
  @Order(3)
  void withOneNodeDownQuorumIsServedAndAllPrimariesIsRefused() throws Exception {
    FaultServers.servers("stop-node", "riak", "3");
    try {
      // quorum (and one): no request is refused for want of replicas, the fallback vnodes stand in for node 3's.
      // A read may answer NOT_FOUND: a fallback holds nothing yet and its notfound counts towards r (notfound_ok)
      for (String preset : List.of("strong", "eventual")) {
        JsonNode res = runWithNode3Down(preset, "workloads/workloada", 0, "riak.consistency=" + preset);
        for (String op : List.of("READ", "UPDATE")) {
          assertThat(operation(res, op).path("statuses").properties()).as(preset + ": " + statuses(res))
              .allMatch(e -> e.getKey().equals("OK") || e.getKey().equals("NOT_FOUND"));
        }
        assertThat(ok(res, "READ") + ok(res, "UPDATE")).as(statuses(res)).isGreaterThan(100);
      }

      // pr=all: a read needs all 3 primaries: every read of a key with a replica on node 3 is refused, the rest
      // (a few preflists of a ring of 8 on 3 nodes lie on nodes 1 and 2 only) are served
      JsonNode prAll = runWithNode3Down("pr-all", "workloads/workloadc", 0, "riak.pr=all");
      assertThat(unavailable(prAll, "READ")).as(statuses(prAll)).isGreaterThan(ok(prAll, "READ"));
      assertThat(unavailable(prAll, "READ") + ok(prAll, "READ")).as(statuses(prAll)).isEqualTo(200);

      // pw=all: the same for updates, while reads (no pr) are all served: the setting reaches the writes only
      JsonNode pwAll = runWithNode3Down("pw-all", "workloads/workloada", 0, "riak.pw=all");
      assertThat(unavailable(pwAll, "UPDATE")).as(statuses(pwAll)).isGreaterThan(ok(pwAll, "UPDATE"));
      assertThat(unavailable(pwAll, "READ")).as(statuses(pwAll)).isZero();
      assertThat(ok(pwAll, "READ")).isPositive();
    } finally {
      FaultServers.servers("start-node", "riak", "3");
    }
  }

  /**
   * The cluster dimension on Riak: {@code study sei riak --clusters 1node=...,3node=...} on the one-node test server
   * and on this ring of 3 (the ring's members as its runs report them), one report with both, every line figure
   * twinned by node count (x = 1 and 3), every cell checked against the results.json it names.
   */
  @Test
  @Order(0)
  void seiOnOneNodeAndOnTheRingInOneReport() throws Exception {
    Path one = java.nio.file.Files.writeString(tmp.resolve("riak1.properties"), "riak.hosts="
        + org.sciycsb.testkit.TestServers.riakHosts() + "\n");
    Path three = java.nio.file.Files.writeString(tmp.resolve("riak3.properties"), "riak.hosts="
        + FaultServers.riakHosts(3) + "\n");
    Path dir = tmp.resolve("sei-clusters");
    Launcher.Result r = Launcher.ycsb(tmp, "study", "sei", "riak", "--clusters", "1node=" + one + ",3node=" + three,
        "--scale", "1e-4", "--repeat", "1", "--only", "strong/8020/threads-2", "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode doc = Launcher.json(dir.resolve("study.json"));
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    for (String[] c : new String[][] {{"1node", "1"}, {"3node", "3"}}) {
      JsonNode store = Launcher.json(dir.resolve(c[0]).resolve("strong/8020/threads-2/results.json"))
          .path("metadata").path("store");
      assertThat(store.path("product").asText()).isEqualTo("Riak KV");
      assertThat(store.path("details").path("nodes").asText()).as(c[0]).isEqualTo(c[1]);
    }
    JsonNode byNodes = null;
    for (JsonNode f : doc.path("figures")) {
      byNodes = byNodes == null && f.path("id").asText().endsWith("-by-nodes") ? f : byNodes;
    }
    assertThat(byNodes).as("a figure by node count").isNotNull();
    JsonNode line = byNodes.path("series").get(0);
    assertThat(line.path("name").asText()).startsWith("Riak KV ");
    assertThat(line.path("points").get(0).get(0).asDouble()).isEqualTo(1);
    assertThat(line.path("points").get(1).get(0).asDouble()).isEqualTo(3);
    assertThat(StudyEndToEndIT.checkCells(dir, doc)).isPositive();
  }

  @Test
  @Order(1)
  void theStronglyConsistentBucketTypeLoadsRunsAndScans() throws Exception {
    String sc = table + "_sc";
    List<String> strong = new ArrayList<>(binding(FaultServers.riakHosts(3), sc));
    strong.addAll(List.of("-p", "riak.bucket_type=strong", "-p", "riak.strong_consistency=true",
        "-p", "riak.scan_bucket_type=eventual", "-p", "recordcount=300", "-threads", "2",
        // two threads updating one hot key: a conditional write that lost the race is retried from the fetch
        "-p", "riak.retries=5"));
    List<String> load = new ArrayList<>(List.of("load"));
    load.addAll(strong);
    load.addAll(List.of("-P", "workloads/workloade", "-p", "results.dir=" + tmp.resolve("sc-load")));
    Launcher.Result l = Launcher.ycsb(tmp, load.toArray(String[]::new));
    assertThat(l.exit()).as(l.toString()).isZero();
    JsonNode loaded = Launcher.json(tmp.resolve("sc-load/results.json"));
    assertThat(loaded.path("extra").path("countCheck").asText()).isEqualTo("ok");
    // the ring's members as node 1 reports them (its HTTP /stats): the node count of a study's figures
    assertThat(loaded.path("metadata").path("store").path("details").path("nodes").asText()).isEqualTo("3");
    assertThat(loaded.path("extra").path("server").path("source").asText())
        .isEqualTo("/stats of riak_" + FaultServers.INSTANCE + "1@127.0.0.1");
    for (String w : List.of("workloada", "workloade")) {
      List<String> run = new ArrayList<>(List.of("run"));
      run.addAll(strong);
      run.addAll(List.of("-P", "workloads/" + w, "-p", "operationcount=300", "-p",
          "results.dir=" + tmp.resolve("sc-" + w)));
      Launcher.Result r = Launcher.ycsb(tmp, run.toArray(String[]::new));
      assertThat(r.exit()).as(r.toString()).isZero();
      JsonNode overall = operation(Launcher.json(tmp.resolve("sc-" + w + "/results.json")), "OVERALL");
      assertThat(overall.path("errors").asLong()).as(w + ": " + overall.path("statuses")).isZero();
      assertThat(overall.path("operations").asLong()).isEqualTo(300);
    }
  }

  @Test
  @Order(4)
  void theRunEndsEarlyAndCleanlyAtErrorsMaxWhenTheRingDies() throws Exception {
    endsEarlyAtErrorsMax(tmp, 20);
  }
}
