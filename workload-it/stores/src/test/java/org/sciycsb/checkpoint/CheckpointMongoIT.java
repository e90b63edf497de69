package org.sciycsb.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.InProcessRun;
import org.sciycsb.testkit.TestServers;

/**
 * The checkpoint workload on the MongoDB-wire test server ({@code bin/servers start mongodb}: FerretDB), each task
 * with a MongoClient of its own (connections=perthread). The address comes from {@code -Dsciycsb.mongodb.url} or
 * {@code SCIYCSB_MONGODB_URL} (default {@code mongodb://127.0.0.1:27017}, the server script's); the test fails when
 * no server answers there.
 */
class CheckpointMongoIT {
  @TempDir
  static Path tmp;
  private static String oldHome;
  private static final String DB = "sciycsb_checkpoint_it_" + System.currentTimeMillis();

  static String url() {
    return TestServers.mongodb();
  }

  @BeforeAll
  static void home() {
    oldHome = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", tmp.toString());
  }

  @AfterAll
  static void cleanUp() {
    if (oldHome == null) {
      System.clearProperty("sciycsb.home");
    } else {
      System.setProperty("sciycsb.home", oldHome);
    }
    try (MongoClient c = MongoClients.create(url())) {
      c.getDatabase(DB).drop();
    }
  }

  static InProcessRun cli(String results, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "mongodb", "-P", "../../workloads/checkpoint-i1-64k",
        "-p", "mongodb.url=" + TestServers.mongodb(DB), "-p", "mongodb.connecttimeout=5s",
        "-p", "checkpoint.duration=1s", "-p", "checkpoint.interval=250ms", "-p", "status.interval=1",
        "-p", "results.dir=" + tmp.resolve(results)));
    a.addAll(List.of(more));
    return InProcessRun.run(a.toArray(new String[0]));
  }

  @Test
  void eachTaskWritesItsStatusThroughAClientOfItsOwn() throws Exception {
    InProcessRun c = cli("run1", "-threads", "4");
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode j = InProcessRun.results(tmp.resolve("run1"));
    assertThat(j.path("metadata").path("store").path("product").asText()).isEqualTo("FerretDB");
    JsonNode ck = j.path("extra").path("checkpoint");
    assertThat(ck.path("tasksFinished").asInt()).isEqualTo(4);
    assertThat(ck.path("checkpointsWritten").asLong()).isEqualTo(16);
    assertThat(ck.path("checkpointsFailed").asLong()).isZero();
    assertThat(ck.path("applicationTimeS").asDouble()).isGreaterThanOrEqualTo(1.0);
    assertThat(ck.path("overhead").path("jobS").asDouble()).isPositive();
    assertThat(c.text("CHECKPOINT", "Operations")).isEqualTo("16");
    assertThat(c.text("TASK_OVERHEAD", "Operations")).isEqualTo("4");
    assertThat(CheckpointJdbcTest.op(j, "CHECKPOINT").path("response").path("p95").asDouble()).isPositive();

    // a MongoClient per thread, each with a pool of one connection, plus the run's shared client
    JsonNode conn = j.path("metadata").path("connections");
    assertThat(conn.path("mode").asText()).isEqualTo("perthread");
    assertThat(conn.path("clients").asInt()).isEqualTo(5);
    assertThat(conn.path("clientOpened").asLong()).isBetween(5L, 6L);
    // FerretDB answers serverStatus without a connections section: the server's count is unknown
    assertThat(conn.path("server").asText()).startsWith("unknown");

    try (MongoClient m = MongoClients.create(url())) {
      MongoCollection<Document> coll = m.getDatabase(DB).getCollection("checkpoint64k");
      assertThat(coll.countDocuments()).isEqualTo(4);
      for (Document d : coll.find()) {
        assertThat(new String(((Binary) d.get("field0")).getData(), java.nio.charset.StandardCharsets.US_ASCII))
            .contains(";checkpoint=4/4;state=done;");
        assertThat(((Binary) d.get("field1")).getData()).isEqualTo(CheckpointWorkload.payload(1, 65_536));
      }
    }
  }

  @Test
  void insertModeWithSharedConnections() throws Exception {
    InProcessRun c = cli("run2", "-threads", "3", "-p", "checkpoint.mode=insert", "-p", "connections=shared",
        "-p", "table=checkpoint_ins", "-p", "checkpoint.runid=it");
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode conn = InProcessRun.results(tmp.resolve("run2")).path("metadata").path("connections");
    assertThat(conn.path("mode").asText()).isEqualTo("shared");
    assertThat(conn.path("clients").asInt()).isEqualTo(1);
    assertThat(conn.path("clientOpened").asLong()).isBetween(1L, 4L); // one pool, up to a connection per thread
    try (MongoClient m = MongoClients.create(url())) {
      MongoCollection<Document> coll = m.getDatabase(DB).getCollection("checkpoint_ins");
      assertThat(coll.countDocuments()).isEqualTo(12);
      assertThat(coll.countDocuments(new Document("_id", "task2-4-it"))).isEqualTo(1);
    }
  }
}
