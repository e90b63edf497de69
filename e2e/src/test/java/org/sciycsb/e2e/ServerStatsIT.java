package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's own figures sampled during a run ({@code extra.server}), read back against what the run did, on the
 * PostgreSQL, MongoDB-wire (FerretDB 1.24 on PostgreSQL 15), Cassandra and HDFS test servers; and a local server
 * process sampled beside the client ({@code resources.pids}). Each fails when its server is missing. Riak's:
 * {@link RiakServerStatsIT}, against a Riak node the user brings.
 */
class ServerStatsIT {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final int RECORDS = 3000;

  @TempDir
  Path tmp;

  JsonNode load(String name, String binding, String... props) throws Exception {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("load", binding, "-P",
        "workloads/workloada", "-p", "recordcount=" + RECORDS, "-p", "threadcount=4"));
    args.addAll(java.util.List.of(props));
    args.addAll(java.util.List.of("-p", "results.dir=" + tmp.resolve(name)));
    Launcher.Result r = Launcher.ycsb(tmp, args.toArray(new String[0]));
    assertThat(r.exit()).as(r.err()).isZero();
    return MAPPER.readTree(tmp.resolve(name).resolve("results.json").toFile());
  }

  static double delta(JsonNode server, String counter) {
    JsonNode c = server.path("counters").path(counter);
    assertThat(c.isMissingNode()).as(counter + " in " + server.path("counters").fieldNames()).isFalse();
    return c.path("delta").asDouble();
  }

  @Test
  void postgresCountsTheInsertedTuplesAndItsServerProcessIsSampled() throws Exception {
    Path pid = Path.of(Launcher.serversWork(), "servers", "postgres", "data", "postmaster.pid");
    assertThat(pid).as("the PostgreSQL test server's pid file (bin/servers start postgres)").isRegularFile();
    JsonNode r = load("pg", "jdbc", "-p", "db.url=" + Launcher.postgresUrl(), "-p", "db.user=ycsb", "-p",
        "db.passwd=ycsb", "-p", "table=serverstats_" + System.currentTimeMillis(), "-p", "resources.pids=" + pid);
    JsonNode server = r.path("extra").path("server");
    assertThat(server.path("source").asText()).isEqualTo("pg_stat_database of ycsb");
    // PostgreSQL publishes a backend's counts at its transactions' ends, at most once a second: the closing sample
    // (after the client's connections closed) has them all, or all but the last second's of a backend
    assertThat(delta(server, "tup_inserted")).isBetween(0.5 * RECORDS, RECORDS + 100.0);
    assertThat(server.path("gauges").path("numbackends").path("max").asDouble()).isGreaterThanOrEqualTo(1);
    JsonNode procs = r.path("resources").path("processes");
    assertThat(procs).hasSize(2);
    assertThat(procs.get(1).path("pid").asLong()).isEqualTo(Long.parseLong(Files.readAllLines(pid).get(0).trim()));
    assertThat(procs.get(1).path("problem").isNull()).as(procs.toString()).isTrue();
    assertThat(procs.get(1).path("command").asText()).contains("postgres");
    Launcher.Result rep = Launcher.ycsb(tmp, "report", tmp.resolve("pg").toString(), "-p", "report.png=false");
    assertThat(rep.exit()).as(rep.err()).isZero();
    assertThat(Files.readString(tmp.resolve("pg").resolve("report.html"))).contains("The store's own figures")
        .contains("tup_inserted").contains("CPU per process");
  }

  @Test
  void theMongoDbWireServerCountsEveryInsert() throws Exception {
    String db = "sciycsb_serverstats_" + System.currentTimeMillis();
    JsonNode r = load("mongo", "mongodb", "-p", "mongodb.url=" + org.sciycsb.testkit.TestServers.mongodb(db));
    JsonNode server = r.path("extra").path("server");
    assertThat(server.path("source").asText()).startsWith("serverStatus of ");
    // MongoDB counts inserts in opcounters, FerretDB per command; a server may count a command just after it
    // answered it, so the closing sample can miss each thread's last insert (4 threads), never more
    String counter = server.path("counters").has("opcounters.insert") ? "opcounters.insert" : "commands.insert.total";
    assertThat(delta(server, counter)).isBetween(RECORDS - 4.0, (double) RECORDS);
  }

  @Test
  void cassandraCountsTheRequestsItServed() throws Exception {
    JsonNode r = load("cassandra", "cassandra", "-p", "cassandra.hosts=" + Launcher.cassandraHost(),
        "-p", "cassandra.keyspace=sciycsb_serverstats");
    JsonNode server = r.path("extra").path("server");
    assertThat(server.path("source").asText()).startsWith("system_views (thread_pools; latency tables of keyspace"
        + " sciycsb_serverstats) of 1 node(s): ");
    assertThat(delta(server, "threadpool.Native-Transport-Requests.completed")).isGreaterThanOrEqualTo(RECORDS);
    // the keyspace's own write latency table counts every insert the node coordinated and stored, and nothing else
    assertThat(delta(server, "coordinator_write.count")).isEqualTo(RECORDS);
    assertThat(delta(server, "local_write.count")).isEqualTo(RECORDS);
    assertThat(delta(server, "coordinator_read.count")).isZero();
    // the recent percentiles are Cassandra's forward-decayed estimates, rounded per bucket: a CI run on 2026-11-27
    // read p99 0.0 just after 3,000 counted writes, so only their presence and sign are Cassandra's promise
    for (String g : new String[] {"coordinator_write.p50_ms", "coordinator_write.p99_ms", "coordinator_write.max_ms"}) {
      JsonNode gauge = server.path("gauges").path(g);
      assertThat(gauge.isMissingNode()).as(g + " in " + server.path("gauges").fieldNames()).isFalse();
      assertThat(gauge.path("max").asDouble(-1)).as(g).isNotNegative();
    }
    assertThat(server.path("gauges").path("nodes").path("max").asDouble()).isEqualTo(1);
  }

  /**
   * HDFS: each of the 4 threads creates one file at its first insert (after the first sample: the engine waits for
   * it), and each file (about 0.9 MB) gets one block when its first 64 KB packet leaves. The test server refreshes
   * its JMX figures every second and the load is paced to last about 3 s, so the closing sample counts all 4 creates
   * and blocks; the DataNode has received all but the last second's bytes (and each thread's unsent packet) of the
   * 3,000 records of at least 1,000 bytes each, and never more than the records' lines.
   */
  @Test
  void hdfsCountsTheFilesAndBlocksTheLoadCreatedAndTheBytesItsDataNodeReceived() throws Exception {
    String http = "127.0.0.1:" + Launcher.env("SCIYCSB_HDFS_HTTP_PORT", "9870");
    JsonNode r = load("hdfs", "hdfs", "-p", "hdfs.url=" + Launcher.hdfsUrl(), "-p", "hdfs.namenode.http=" + http,
        "-p", "hdfs.basepath=/serverstats-" + System.currentTimeMillis(), "-p", "target=1000");
    assertThat(r.path("metadata").path("store").path("details").path("nodes").asText()).isEqualTo("1");
    JsonNode server = r.path("extra").path("server");
    assertThat(server.path("source").asText()).isEqualTo("NameNode JMX of " + Launcher.hdfsUrl() + " (http://"
        + http + "/jmx) and DataNodeActivity summed over 1 DataNode(s)");
    assertThat(delta(server, "NameNodeActivity.CreateFileOps")).isEqualTo(4);
    assertThat(delta(server, "NameNodeActivity.AddBlockOps")).isEqualTo(4);
    assertThat(delta(server, "DataNodeActivity.BytesWritten")).isBetween(RECORDS * 1000 / 2.0, RECORDS * 1500.0);
    assertThat(server.path("gauges").path("DataNodeActivity.dataNodes").path("max").asDouble()).isEqualTo(1);
    assertThat(server.path("gauges").path("FSNamesystemState.NumLiveDataNodes").path("max").asDouble())
        .isEqualTo(1);
  }
}
