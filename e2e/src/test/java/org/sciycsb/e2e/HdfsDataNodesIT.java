package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HDFS with three DataNodes on one host ({@code bin/servers start hdfs@dn3 --datanodes 3}, its own ports from
 * {@code SCIYCSB_DN3_HDFS_PORT}, default 9200; DataNode K's ports the first one's + 100 x (K - 1)), as seed 000's
 * cluster runs need: a load at replication 3 reports the 3 nodes and every DataNode's own figures, its records are
 * read back, every one of them, after a DataNode is killed with SIGKILL, and {@code start} brings the killed
 * DataNode back. And seed 000's Figure 11 as study steps: dede's filter job with a DataNode killed mid-job by the
 * study's fault schedule, the job completing at replication 3 and 2, its overhead reported (at replication 1 it may
 * fail: a result, not the study's failure).
 */
class HdfsDataNodesIT {
  static final String INSTANCE = "hdfs@dn3";

  @TempDir
  static Path tmp;

  static int port() {
    return Integer.parseInt(Launcher.env("SCIYCSB_DN3_HDFS_PORT", "9200"));
  }

  static String url() {
    return "hdfs://127.0.0.1:" + port();
  }

  static Map<String, String> env() {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("SCIYCSB_WORK", Launcher.serversWork());
    int p = port();
    e.put("SCIYCSB_HDFS_PORT", Integer.toString(p));
    e.put("SCIYCSB_HDFS_HTTP_PORT", Integer.toString(p + 1));
    e.put("SCIYCSB_HDFS_DN_PORT", Integer.toString(p + 2));
    e.put("SCIYCSB_HDFS_DN_HTTP_PORT", Integer.toString(p + 3));
    e.put("SCIYCSB_HDFS_DN_IPC_PORT", Integer.toString(p + 4));
    return e;
  }

  static String servers(String... args) throws IOException, InterruptedException {
    return Launcher.servers(env(), args);
  }

  @BeforeAll
  static void startCluster() throws Exception {
    servers("setup", INSTANCE);
    servers("start", INSTANCE, "--datanodes", "3");
  }

  @AfterAll
  static void stopCluster() throws Exception {
    servers("stop", INSTANCE);
  }

  /**
   * {@code bin/ycsb study dede --only 'faults/*'}: the filter over HDFS input and over mongo-hadoop input (an
   * in-test mongo-java-server stand-in), each without a fault and with DataNode 2 killed by the study a third of the
   * way into the job (placed from the job without a fault), restarted when the job ended. Every job completes and
   * reads every record; each fault ran inside its job; the cluster has 3 DataNodes again after; every report cell
   * is the results.json field it names; a fault on a server bin/servers cannot kill nodes of is one line, exit 2.
   */
  /**
   * The Figure 11 steps run: replication 3 with 0, 1 and 2 DataNodes killed, replication 1 with one (the paper's
   * failure: its job may fail, a result), the mongo-hadoop input with 0 and 1; replication 2 is the same code at
   * another -p value (the study's plan tests list all 16 steps).
   */
  static final String ONLY = "faults/hdfs-hdfs/*,faults/hdfs-hdfs-r1/1-killed,faults/mongo-hdfs/0-killed,"
      + "faults/mongo-hdfs/1-killed";

  @Test
  void dedeFigure11KillsADataNodeMidJobAndTheJobCompletes() throws Exception {
    de.bwaldvogel.mongo.MongoServer standin = new de.bwaldvogel.mongo.MongoServer(
        new de.bwaldvogel.mongo.backend.memory.MemoryBackend());
    try {
      standin.bind("127.0.0.1", 0);
      Path dir = tmp.resolve("dede-faults");
      String mongo = "mongodb://127.0.0.1:" + standin.getLocalAddress().getPort();
      Launcher.Result r = Launcher.ycsb(tmp, env(), "study", "dede", "--scale", "1e-4", "--repeat", "1", "--only",
          ONLY, "-p", "study.fault.hdfs=" + url(), "-p", "study.fault.server=" + INSTANCE, "-p",
          "study.mongo=" + mongo, "-p", "results.dir=" + dir);
      assertThat(r.exit()).as(Launcher.studyFailure(r, dir)).isZero();
      JsonNode doc = Launcher.json(dir.resolve("study.json"));
      assertThat(doc.path("outcome").asText()).isEqualTo("completed");
      // the HDFS input at replication 3 (0, 1, 2 killed) and 1 (1 killed, after its 0 killed: the job it is placed
      // from), the mongo-hadoop input (0, 1 killed): 3 loads, 7 jobs
      assertThat(doc.path("steps")).hasSize(10);
      java.util.Set<String> mayFail = java.util.Set.of("faults/hdfs-hdfs-r1/1-killed", "faults/hdfs-hdfs-r1/2-killed",
          "faults/hdfs-hdfs-r2/2-killed");
      for (JsonNode s : doc.path("steps")) {
        String name = s.path("name").asText();
        // as many DataNodes killed as the input has replicas: they may have held a block's only copies, the
        // paper's failure (where HDFS placed the blocks decides)
        assertThat(s.path("status").asText()).as(name).isIn(mayFail.contains(name)
            ? java.util.List.of("ok", "job failed (a result)") : java.util.List.of("ok"));
        if (s.path("status").asText().equals("job failed (a result)")) {
          assertThat(s.path("reason").asText()).contains("Hadoop-HDFS failure");
          assertThat(dir.resolve("logs/" + name.replace('/', '_') + ".log")).content()
              .contains("Could not obtain block");
        }
      }
      for (String path : new String[] {"hdfs-hdfs", "mongo-hdfs"}) {
        JsonNode none = Launcher.json(dir.resolve("faults/" + path + "/0-killed/results.json"));
        assertThat(none.path("metadata").has("faults")).isFalse();
        JsonNode res = Launcher.json(dir.resolve("faults/" + path + "/1-killed/results.json"));
        assertThat(res.path("summary").path("outcome").asText()).isEqualTo("completed");
        assertThat(res.path("summary").path("recordsRead").asLong()).as("every record read").isEqualTo(3720);
        JsonNode faults = res.path("metadata").path("faults");
        assertThat(faults).hasSize(2);
        assertThat(faults.get(0).path("command").asText()).endsWith("kill-node " + INSTANCE + " 2");
        assertThat(faults.get(1).path("command").asText()).endsWith("restore-node " + INSTANCE + " 2");
        assertThat(faults.get(1).path("atEnd").asBoolean()).isTrue();
        assertThat(faults.findValuesAsText("exitCode")).containsExactly("0", "0");
        long at = res.path("metadata").path("faultAtJobMs").asLong();
        assertThat(at).as("the kill came inside the job").isPositive()
            .isLessThan(res.path("metadata").path("jobEndEpochMs").asLong()
                - res.path("metadata").path("jobStartEpochMs").asLong());
        assertThat(dir.resolve("faults/" + path + "/1-killed/fault.log")).content()
            .contains("datanode2 killed with SIGKILL").contains("3 DataNode(s)");
      }
      JsonNode t = StudyEndToEndIT.table(doc, "faults");
      assertThat(t.path("rows")).hasSize(12);
      assertThat(t.path("rows").get(1).path("overhead").path("value").isNumber()).isTrue();
      assertThat(t.path("rows").get(6).path("replication").path("text").asText()).isEqualTo("1");
      assertThat(StudyEndToEndIT.checkCells(dir, doc)).isGreaterThanOrEqualTo(4 * 2 + 2 * 2);
      assertThat(servers("status", INSTANCE)).contains("running").contains("3 DataNode(s)");
      assertThat(java.nio.file.Files.readString(dir.resolve("study.md"))).contains("Figure 11");

      Launcher.Result bad = Launcher.ycsb(tmp, env(), "study", "dede", "--scale", "1e-4", "--only", "faults/*",
          "-p", "study.fault.hdfs=" + url(), "-p", "study.fault.server=postgres", "-p", "study.mongo=" + mongo,
          "-p", "results.dir=" + tmp.resolve("bad"));
      assertThat(bad.exit()).as(bad.toString()).isEqualTo(2);
      assertThat(bad.err().lines().filter(l -> l.startsWith("error:")).toList()).singleElement()
          .satisfies(l -> assertThat(l).contains("not of 'postgres'"));
      assertThat(tmp.resolve("bad")).doesNotExist();
    } finally {
      standin.shutdownNow();
    }
  }

  /**
   * Seed 001 scaled its database nodes: {@code study niec hdfs --clusters 1dn=...,3dn=...} writes and reads the
   * FASTA documents on the one-DataNode test server and on this three-DataNode cluster (replication 3); each
   * cluster's runs report their DataNodes, and every line figure gets a twin by node count, x = 1 and 3.
   */
  @Test
  void niecOnOneAndThreeDataNodesDrawsItsFiguresByNodeCount() throws Exception {
    Path one = java.nio.file.Files.writeString(tmp.resolve("1dn.properties"), "hdfs.url=" + Launcher.hdfsUrl()
        + "\n");
    Path three = java.nio.file.Files.writeString(tmp.resolve("3dn.properties"), "hdfs.url=" + url()
        + "\nhdfs.replication=3\nhdfs.namenode.http=127.0.0.1:" + (port() + 1) + "\n");
    Path dir = tmp.resolve("niec-clusters");
    Launcher.Result r = Launcher.ycsb(tmp, env(), "study", "niec", "hdfs", "--clusters", "1dn=" + one + ",3dn="
        + three, "--scale", "1e-3", "--repeat", "1", "--only", "workers-1/*,workers-2/*", "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(Launcher.studyFailure(r, dir.resolve("1dn"), dir.resolve("3dn"))).isZero();
    JsonNode doc = Launcher.json(dir.resolve("study.json"));
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    for (String[] c : new String[][] {{"1dn", "1"}, {"3dn", "3"}}) {
      JsonNode details = Launcher.json(dir.resolve(c[0]).resolve("workers-2/write/results.json"))
          .path("metadata").path("store").path("details");
      assertThat(details.path("nodes").asText()).as(c[0]).isEqualTo(c[1]);
      assertThat(details.path("replication").asText()).as(c[0]).isEqualTo(c[0].equals("1dn") ? "1" : "3");
    }
    JsonNode byNodes = null;
    for (JsonNode f : doc.path("figures")) {
      if (f.path("id").asText().endsWith("-by-nodes")) {
        byNodes = byNodes == null ? f : byNodes;
      }
    }
    assertThat(byNodes).as("a figure by node count in " + doc.path("figures").findValuesAsText("id")).isNotNull();
    assertThat(byNodes.path("xLabel").asText()).isEqualTo("nodes");
    JsonNode line = byNodes.path("series").get(0);
    assertThat(line.path("name").asText()).startsWith("HDFS ");
    assertThat(line.path("points")).hasSize(2);
    assertThat(line.path("points").get(0).get(0).asDouble()).isEqualTo(1);
    assertThat(line.path("points").get(1).get(0).asDouble()).isEqualTo(3);
    assertThat(StudyEndToEndIT.checkCells(dir, doc)).isPositive();
  }

  @Test
  void recordsAtReplicationThreeSurviveAKilledDataNode() throws Exception {
    String base = "/dn3-" + System.nanoTime();
    Launcher.Result load = Launcher.ycsb(tmp, "load", "hdfs", "-P", "workloads/workloadc", "-p", "hdfs.url=" + url(),
        "-p", "hdfs.basepath=" + base, "-p", "hdfs.replication=3", "-p", "recordcount=400", "-threads", "2",
        "-p", "hdfs.namenode.http=127.0.0.1:" + (port() + 1), "-p", "results.dir=" + tmp.resolve("load"));
    assertThat(load.exit()).as(load.toString()).isZero();
    JsonNode results = Launcher.json(tmp.resolve("load/results.json"));
    JsonNode store = results.path("metadata").path("store");
    assertThat(store.path("details").path("liveDatanodes").asText()).isEqualTo("3");
    assertThat(store.path("details").path("nodes").asText()).as("the node count of a study's figures").isEqualTo("3");
    assertThat(store.path("details").path("replication").asText()).isEqualTo("3");
    // the store's own figures: the NameNode's, and every DataNode's reached at the address the NameNode reports
    JsonNode server = results.path("extra").path("server");
    assertThat(server.path("source").asText()).as(server.toString()).endsWith("summed over 3 DataNode(s)");
    assertThat(server.path("gauges").path("DataNodeActivity.dataNodes").path("max").asDouble()).isEqualTo(3);
    assertThat(server.path("gauges").path("FSNamesystemState.NumLiveDataNodes").path("max").asDouble()).isEqualTo(3);

    assertThat(servers("kill", INSTANCE, "datanode:2")).contains("datanode2 killed with SIGKILL");
    Launcher.Result run = Launcher.ycsb(tmp, "run", "hdfs", "-P", "workloads/workloadc", "-p", "hdfs.url=" + url(),
        "-p", "hdfs.basepath=" + base, "-p", "recordcount=400", "-p", "operationcount=1600", "-threads", "2",
        "-p", "results.dir=" + tmp.resolve("run"));
    assertThat(run.exit()).as(run.toString()).isZero();
    assertThat(run.text("READ", "Return=OK")).as("every read served by the two other replicas").isEqualTo("1600");
    assertThat(run.text("READ", "Operations")).isEqualTo("1600");

    assertThat(servers("start", INSTANCE)).contains("3 DataNode(s)");
    assertThat(servers("status", INSTANCE)).contains("running").contains("3 DataNode(s)");
  }
}
