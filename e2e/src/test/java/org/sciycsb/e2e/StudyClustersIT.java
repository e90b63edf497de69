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
    assertThat(r.exit()).as(r.toString()).isZero();
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
    }
    assertThat(labels.get(0)).startsWith("Apache Cassandra 5.0");
    assertThat(doc.path("stores").findValuesAsText("label")).containsExactlyElementsOf(labels);
    JsonNode t = StudyEndToEndIT.table(doc, "throughput");
    assertThat(t.path("columns").findValuesAsText("groupLabel")).containsAll(labels);
    assertThat(StudyEndToEndIT.checkCells(dir, doc)).isGreaterThanOrEqualTo(2 * 5);
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

  /**
   * Seed 004's setting under a fault: RF 3, QUORUM reads and writes, node 2 of 3 killed (SIGKILL, through bin/servers)
   * 8 s into a paced run and restarted at 16 s: no operation fails, and the results record both commands, their
   * times on the time series' clock and the nodes the run met.
   */
  @Test
  void aNodeKilledMidRunAtQuorumFailsNoOperation() throws Exception {
    String ks = "sciycsb_fault3_" + System.currentTimeMillis();
    List<String> common = List.of("-P", "workloads/workloada", "-p", "cassandra.hosts=" + host(1) + "," + host(2)
        + "," + host(3), "-p", "cassandra.keyspace=" + ks, "-p", "cassandra.replication.factor=3",
        "-p", "cassandra.readconsistency=QUORUM", "-p", "cassandra.writeconsistency=QUORUM", "-p", "recordcount=1000");
    List<String> load = new ArrayList<>(List.of("load", "cassandra"));
    load.addAll(common);
    load.addAll(List.of("-threads", "4", "-p", "results.dir=" + tmp.resolve("fault-load")));
    Launcher.Result l = Launcher.ycsb(tmp, load.toArray(String[]::new));
    assertThat(l.exit()).as(l.toString()).isZero();
    List<String> run = new ArrayList<>(List.of("run", "cassandra"));
    run.addAll(common);
    run.addAll(List.of("-threads", "4", "-target", "200", "-p", "operationcount=1000000", "-p",
        "maxexecutiontime=40", "-p", "fault.at=8s", "-p", "fault.action=kill-node:2", "-p",
        "fault.server=cassandra@" + INSTANCE, "-p", "fault.restore=16s", "-p", "results.dir=" + tmp.resolve("fault")));
    // the run's bin/servers calls find the cluster where the test started it: the servers' work folder, its offset
    Launcher.Result r = Launcher.ycsb(tmp, Map.of("SCIYCSB_CASSANDRA_NODE_OFFSET", Integer.toString(offset()),
        "SCIYCSB_WORK", Launcher.serversWork()), run.toArray(String[]::new));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.text("OVERALL", "Return=ERROR")).as(r.out()).isNull();
    assertThat(r.text("OVERALL", "Return=SERVICE_UNAVAILABLE")).as(r.out()).isNull();
    assertThat(Long.parseLong(r.text("OVERALL", "Return=OK"))).isGreaterThan(4000);
    JsonNode res = Launcher.json(tmp.resolve("fault/results.json"));
    JsonNode faults = res.path("metadata").path("faults");
    assertThat(faults).hasSize(2);
    assertThat(faults.get(0).path("command").asText()).endsWith("stop-node cassandra@" + INSTANCE + " 2");
    assertThat(faults.get(1).path("command").asText()).endsWith("start-node cassandra@" + INSTANCE + " 2");
    assertThat(faults.findValuesAsText("exitCode")).containsExactly("0", "0");
    assertThat(faults.get(0).path("atMs").asLong()).isBetween(4000L, 12000L);
    assertThat(res.path("metadata").path("store").path("details").path("nodes").asText()).isEqualTo("3");
    assertThat(Files.readString(tmp.resolve("fault/fault.log"))).contains("stop-node").contains("start-node");
  }
}
