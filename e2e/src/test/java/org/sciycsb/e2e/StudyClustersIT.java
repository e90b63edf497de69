package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * The cluster dimension of a study for real: seed 003's 80/20 mix at 2 threads on the one-node Cassandra test server
 * and on a three-node Cassandra 5.0.9 cluster (RF 3) that this test starts ({@code bin/servers start
 * cassandra@cluster3 --nodes 3}: 127.0.0.21-23, {@code SCIYCSB_CLUSTER_CASSANDRA_OFFSET}, default 20) and stops,
 * through {@code bin/ycsb study sei cassandra --clusters 1node=...,3node=...}. The runs must name the nodes and
 * replication they met, and the report must put both clusters side by side, each cell naming its results.json.
 * On the same cluster, a run's fault schedule ({@code fault.*}) kills node 2 mid-run and restarts it.
 */
class StudyClustersIT {
  static final String INSTANCE = "cluster3";

  @TempDir
  static Path tmp;

  static int offset() {
    return Integer.parseInt(Launcher.env("SCIYCSB_CLUSTER_CASSANDRA_OFFSET", "20"));
  }

  static String host(int node) {
    return Launcher.env("SCIYCSB_CASSANDRA_NET", "127.0.0") + "." + (node + offset());
  }

  static void servers(String... args) throws IOException, InterruptedException {
    Launcher.servers(Map.of("SCIYCSB_CASSANDRA_NODE_OFFSET", Integer.toString(offset())), args);
  }

  @BeforeAll
  static void startCluster() throws Exception {
    servers("setup", "cassandra@" + INSTANCE);
    servers("start", "cassandra@" + INSTANCE, "--nodes", "3");
  }

  @AfterAll
  static void stopCluster() throws Exception {
    servers("stop", "cassandra@" + INSTANCE);
  }

  /**
   * A failed study's output, with what tells why (the 3-node loads failed "could not be reached" twice in CI runs
   * and never alone): the end of each step log, the cluster's status and the end of each node's system.log.
   */
  static String explain(Launcher.Result r, Path storeDir) throws IOException, InterruptedException {
    if (r.exit() == 0) {
      return r.toString();
    }
    StringBuilder b = new StringBuilder(Launcher.studyFailure(r, storeDir));
    try {
      b.append("\n--- bin/servers status cassandra@" + INSTANCE + "\n").append(Launcher.servers(Map.of(
          "SCIYCSB_CASSANDRA_NODE_OFFSET", Integer.toString(offset())), "status", "cassandra@" + INSTANCE));
    } catch (AssertionError e) {
      b.append(e.getMessage());
    }
    for (int n = 1; n <= 3; n++) {
      Path sys = Path.of(Launcher.serversWork(), "servers", "cassandra@" + INSTANCE, "node" + n, "logs",
          "system.log");
      b.append("\n--- ").append(sys).append(" (end)\n").append(Files.isRegularFile(sys) ? Launcher.tail(sys, 15) : "none");
    }
    return b.toString();
  }

  @Test
  void seiOnOneNodeAndOnThreeNodesInOneReport() throws Exception {
    String ks = "sciycsb_clusters_" + System.currentTimeMillis();
    Path one = Files.writeString(tmp.resolve("one.properties"), "cassandra.hosts=" + TestServers.cassandraHosts()
        + "\ncassandra.keyspace=" + ks + "\n");
    Path three = Files.writeString(tmp.resolve("three.properties"), "cassandra.hosts=" + host(1) + "," + host(2)
        + "," + host(3) + "\ncassandra.keyspace=" + ks + "\ncassandra.replication.factor=3\n");
    Path dir = tmp.resolve("sei-clusters");
    Launcher.Result r = Launcher.ycsb(tmp, "study", "sei", "cassandra", "--clusters", "1node=" + one + ",3node="
        + three, "--scale", "1e-4", "--repeat", "1", "--only", "strong/8020/threads-2", "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(explain(r, dir.resolve("3node"))).isZero();
    JsonNode doc = Launcher.json(dir.resolve("study.json"));
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    String[] nodes = {"1", "3"};
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      String c = i == 0 ? "1node" : "3node";
      JsonNode store = Launcher.json(dir.resolve(c).resolve("strong/8020/threads-2/results.json"))
          .path("metadata").path("store");
      assertThat(store.path("details").path("nodes").asText()).as(c).isEqualTo(nodes[i]);
      assertThat(store.path("details").path("replication").asText()).as(c).contains("'replication_factor': "
          + nodes[i] + "}");
      labels.add(store.path("product").asText() + " " + store.path("version").asText() + ", " + c);
      // the store's own figures come from every node: each write of the load coordinated once, stored RF times
      JsonNode server = Launcher.json(dir.resolve(c).resolve("strong/load/results.json")).path("extra")
          .path("server");
      assertThat(server.path("source").asText()).contains(" of " + nodes[i] + " node(s): ");
      double coordinated = server.path("counters").path("coordinator_write.count").path("delta").asDouble();
      double stored = server.path("counters").path("local_write.count").path("delta").asDouble();
      assertThat(coordinated).as(c + ": writes coordinated, " + server).isPositive();
      assertThat(stored / coordinated).as(c + ": replicas written per write").isBetween(
          Integer.parseInt(nodes[i]) - 0.1, (double) Integer.parseInt(nodes[i]));
    }
    assertThat(labels.get(0)).startsWith("Apache Cassandra 5.0");
    assertThat(doc.path("stores").findValuesAsText("label")).containsExactlyElementsOf(labels);
    JsonNode t = StudyEndToEndIT.table(doc, "throughput");
    assertThat(t.path("columns").findValuesAsText("groupLabel")).containsAll(labels);
    assertThat(StudyEndToEndIT.checkCells(dir, doc)).isGreaterThanOrEqualTo(2 * 5);
    // the store's own figures beside the client's, each cluster's in its own columns (checked by checkCells too)
    JsonNode server = StudyEndToEndIT.table(doc, "server");
    assertThat(server.path("rows")).hasSize(1);
    assertThat(server.path("columns").findValuesAsText("groupLabel")).containsAll(labels);
    assertThat(server.path("columns").findValuesAsText("title")).contains("client ops/s");
    JsonNode first = doc.path("figures").get(0);
    for (String l : labels) {
      assertThat(first.path("series").findValuesAsText("name")).anyMatch(n -> n.startsWith(l + ": "));
    }
    // node count as an x axis: the figure's twin over the clusters' nodes (1, 3), its points the clusters' own
    JsonNode byNodes = null;
    for (JsonNode f : doc.path("figures")) {
      if (f.path("id").asText().equals(first.path("id").asText() + "-by-nodes")) {
        byNodes = f;
      }
    }
    assertThat(byNodes).as("a figure by node count").isNotNull();
    assertThat(byNodes.path("xLabel").asText()).isEqualTo("nodes");
    JsonNode line = byNodes.path("series").get(0);
    String product = labels.get(0).substring(0, labels.get(0).lastIndexOf(", "));
    assertThat(line.path("name").asText()).startsWith(product + ": ");
    assertThat(line.path("points")).hasSize(2);
    assertThat(line.path("points").get(0).get(0).asDouble()).isEqualTo(1);
    assertThat(line.path("points").get(1).get(0).asDouble()).isEqualTo(3);
    String original = line.path("name").asText().substring(product.length() + 2,
        line.path("name").asText().lastIndexOf(" at "));
    for (int i = 0; i < 2; i++) {
      JsonNode s = null;
      for (JsonNode x : first.path("series")) {
        if (x.path("name").asText().equals(labels.get(i) + ": " + original)) {
          s = x;
        }
      }
      assertThat(s).as(labels.get(i) + ": " + original).isNotNull();
      JsonNode last = s.path("points").get(s.path("points").size() - 1);
      assertThat(line.path("points").get(i).get(1).asDouble()).isEqualTo(last.get(1).asDouble());
    }
  }

  /** The fault run's pace: a third of what 3 nodes and the client sustained on 2 cores on a slow day (138 ops/s). */
  static final int TARGET = 50;

  /**
   * Seed 003's strong consistency (Cassandra QUORUM) at RF 3 under a fault, as a study step: {@code study sei
   * cassandra --clusters 3node=...} with {@code -p fault.*}, node 2 of 3 killed (SIGKILL, through bin/servers) 10 s
   * into a paced run of 50 ops/s after a 3 s warmup, restarted at 18 s. No operation fails; the results record
   * both commands on the time series' clock and the nodes the run met; the cluster kept up with the pace before the
   * kill (the p99 of the seconds after the kill against those before it is printed, not checked: see
   * {@link #printBlip}); the run's report marks the fault and the restore on its time charts. A kill of a node the cluster does
   * not have is one line, exit 2, nothing run.
   */
  @Test
  void aNodeKilledMidRunAtQuorumFailsNoOperation() throws Exception {
    String ks = "sciycsb_fault3_" + System.currentTimeMillis();
    Path three = Files.writeString(tmp.resolve("fault3.properties"), "cassandra.hosts=" + host(1) + "," + host(2)
        + "," + host(3) + "\ncassandra.keyspace=" + ks + "\ncassandra.replication.factor=3\n");
    Map<String, String> env = Map.of("SCIYCSB_CASSANDRA_NODE_OFFSET", Integer.toString(offset()),
        "SCIYCSB_WORK", Launcher.serversWork()); // the run's bin/servers calls find the cluster the test started
    Path dir = tmp.resolve("sei-fault");
    List<String> argv = new ArrayList<>(List.of("study", "sei", "cassandra", "--clusters", "3node=" + three,
        "--scale", "1e-4", "--repeat", "1", "--only", "strong/8020/threads-2", "-p", "target=" + TARGET, "-p",
        "warmuptime=3s", "-p", "operationcount=1000000", "-p", "maxexecutiontime=40", "-p", "fault.at=10s", "-p",
        "fault.server=cassandra@" + INSTANCE, "-p", "fault.restore=18s"));
    List<String> bad = new ArrayList<>(argv);
    bad.addAll(List.of("-p", "fault.action=kill-node:4", "-p", "results.dir=" + tmp.resolve("bad")));
    Launcher.Result b = Launcher.ycsb(tmp, env, bad.toArray(String[]::new));
    assertThat(b.exit()).as(b.toString()).isEqualTo(2);
    assertThat(b.err().lines().filter(l -> l.startsWith("error:")).toList()).singleElement().satisfies(l ->
        assertThat(l).contains("cassandra@" + INSTANCE + " has 3 node(s), no node 4"));
    assertThat(tmp.resolve("bad")).doesNotExist();

    argv.addAll(List.of("-p", "fault.action=kill-node:2", "-p", "results.dir=" + dir));
    Launcher.Result r = Launcher.ycsb(tmp, env, argv.toArray(String[]::new));
    assertThat(r.exit()).as(explain(r, dir.resolve("3node"))).isZero();
    JsonNode doc = StudyEndToEndIT.finished(dir, 2);
    assertThat(doc.path("steps").findValuesAsText("failedOperations")).containsOnly("0");
    Path step = dir.resolve(doc.path("steps").get(1).path("dir").asText());
    assertThat(step.toString()).endsWith("3node/strong/8020/threads-2");
    JsonNode res = Launcher.json(step.resolve("results.json"));
    JsonNode faults = res.path("metadata").path("faults");
    assertThat(faults).hasSize(2);
    assertThat(faults.get(0).path("command").asText()).endsWith("kill-node cassandra@" + INSTANCE + " 2");
    assertThat(faults.get(1).path("command").asText()).endsWith("restore-node cassandra@" + INSTANCE + " 2");
    assertThat(faults.findValuesAsText("exitCode")).containsExactly("0", "0");
    long killed = faults.get(0).path("atMs").asLong();
    assertThat(killed).as("10 s after the threads started, 3 s of them warmup").isBetween(5000L, 10000L);
    assertThat(res.path("metadata").path("store").path("details").path("nodes").asText()).isEqualTo("3");
    assertThat(step.resolve("fault.log")).content().contains("kill-node").contains("restore-node")
        .contains("node 2 stopped");
    System.out.printf("StudyClustersIT: %d operations at %.0f ops/s (target %d); p99 per second (ms): %s%n",
        res.path("summary").path("operations").asLong(), res.path("summary").path("throughput").asDouble(), TARGET,
        res.path("timeseries").findValues("OVERALL").stream()
            .map(o -> Math.round(o.path("response").path("p99").asDouble() / 1000)).toList());
    assertKeptUpBefore(res.path("timeseries"), killed);
    printBlip(res.path("timeseries"), killed);
    assertThat(okAfter(res.path("timeseries"), faults.get(1).path("atMs").asLong()))
        .as("operations completed after node 2 came back (the run went on to its 40 s)").isPositive();
    assertThat(doc.path("steps").get(1).path("report").asText()).isEqualTo("3node/strong/8020/threads-2/report.html");
    String html = Files.readString(step.resolve("report.html"));
    // every time chart (latency and throughput, and the data device's charts now that the run finds the node's
    // data device itself) carries the fault and the restore: two marks each, on three charts at least
    List<Integer> marks = java.util.Arrays.stream(html.split("<svg class=\"chart\"")).skip(1)
        .map(svg -> svg.substring(0, svg.indexOf("</svg>")).split("<line class=\"marker\"", -1).length - 1)
        .filter(n -> n > 0).toList();
    assertThat(marks).as("a fault and a restore mark on each time chart").hasSizeGreaterThanOrEqualTo(3)
        .allMatch(n -> n == 2);
    assertThat(html).contains("<h2>Faults").contains("kill-node cassandra@" + INSTANCE + " 2");
    assertThat(Files.readString(dir.resolve("study.html"))).contains("<a href=\"3node/strong/8020/threads-2/report.html\">");
  }

  /**
   * Every measured second before the kill completed at least 80 % of the target: the cluster kept up, so response
   * times were steady and a blip after the kill is the kill's. (At 200 ops/s on a slow day the 3 nodes and the
   * client on 2 cores managed 138: the backlog grew the p99 by half a second each second, a rise that would have
   * passed for a blip.)
   */
  static void assertKeptUpBefore(JsonNode series, long killedMs) {
    List<Long> counts = new ArrayList<>();
    for (JsonNode i : series) {
      if (i.path("endMs").asLong() <= killedMs && i.path("endMs").asLong() - i.path("startMs").asLong() >= 1000) {
        counts.add(i.path("ops").path("OVERALL").path("count").asLong());
      }
    }
    assertThat(counts).as("operations per second before the kill, target " + TARGET).isNotEmpty()
        .allSatisfy(c -> assertThat(c).isGreaterThanOrEqualTo(TARGET * 8L / 10));
  }

  /** Operations that completed without error in the seconds that started at or after {@code fromMs}. */
  static long okAfter(JsonNode series, long fromMs) {
    long ok = 0;
    for (JsonNode i : series) {
      if (i.path("startMs").asLong() >= fromMs) {
        JsonNode all = i.path("ops").path("OVERALL");
        ok += all.path("count").asLong() - all.path("errors").asLong();
      }
    }
    return ok;
  }

  /**
   * Prints the worst 1-second p99 of the 3 s from the kill against the median 1-second p99 of the measured seconds
   * before it. Not a check: the kill need not show in the response times. It showed on 2026-11-25 (17.5 ms before,
   * 178 ms after) and 11-26 (9.3x), but on 2026-11-27 the worst was 15.9 ms against a median of 18.8 ms: the
   * driver sees a SIGKILLed node's connections close at once, QUORUM needs only the two live replicas, and
   * Cassandra's speculative retry covers a read sent to the dead one. That the kill happened is checked through
   * the fault record (both commands' exit codes) and the nodes the run met.
   */
  static void printBlip(JsonNode series, long killedMs) {
    List<Double> before = new ArrayList<>();
    double after = 0;
    for (JsonNode i : series) {
      double p99 = i.path("ops").path("OVERALL").path("response").path("p99").asDouble();
      long start = i.path("startMs").asLong();
      if (i.path("endMs").asLong() <= killedMs) {
        before.add(p99);
      } else if (start >= killedMs - 1000 && start < killedMs + 3000) {
        after = Math.max(after, p99);
      }
    }
    assertThat(before).as("measured seconds before the kill").hasSizeGreaterThanOrEqualTo(4);
    before.sort(null);
    double median = before.get(before.size() / 2);
    System.out.printf("StudyClustersIT: p99 per second before the kill: median %.1f ms; worst in the 3 s from the"
        + " kill: %.1f ms (%.1fx)%n", median / 1000, after / 1000, after / median);
  }
}
