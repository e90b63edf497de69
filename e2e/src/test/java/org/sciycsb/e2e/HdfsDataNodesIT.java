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
 * DataNode back.
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
