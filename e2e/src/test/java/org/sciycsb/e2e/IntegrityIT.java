package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Data integrity on every real binding that reads: {@code -p dataintegrity=true} loads deterministic values and
 * verifies every value read (YCSB's VERIFY operation); then values are corrupted behind the tool's back, with the
 * store's own client, and the verification catches exactly those records. And the post-load count check: a load
 * of N leaves N ({@code countCheck: ok}), and a store that silently drops acknowledged records fails the load
 * (exit 4, results written). HDFS's corruption is in {@link #hdfs}; its count mismatch (a DataNode crash) in
 * {@link HdfsFaultIT}; Riak's count check against the stand-in in riak-binding's RiakCountCheckTest.
 */
class IntegrityIT {
  @TempDir
  Path tmp;

  static final int RECORDS = 300;
  static final int CORRUPTED = 10;
  static final String PG_URL = Launcher.postgresUrl();
  static final String MONGO_URL = Launcher.mongoUrl();
  static final String CASSANDRA = Launcher.cassandraHost();
  static final String HDFS_URL = Launcher.hdfsUrl();
  /** The binding's database: the URL's, else ycsb. */
  static final String DB = new com.mongodb.ConnectionString(MONGO_URL).getDatabase() == null ? "ycsb"
      : new com.mongodb.ConnectionString(MONGO_URL).getDatabase();

  private final String table = "integrity" + System.currentTimeMillis() % 100_000_000;

  private List<String> common(String phase, String binding, List<String> conn, String dir, String... more) {
    List<String> a = new ArrayList<>(List.of(phase, binding, "-P", "workloads/workloadc", "-p",
        "recordcount=" + RECORDS, "-p", "dataintegrity=true", "-p", "table=" + table, "-p",
        "results.dir=" + tmp.resolve(dir)));
    a.addAll(conn);
    a.addAll(List.of(more));
    return a;
  }

  /** A load of N with deterministic values: N in the store, by the binding's own count. */
  private void load(String binding, List<String> conn) throws Exception {
    Launcher.Result r = Launcher.ycsb(tmp, common("load", binding, conn, "load", "-threads", "2")
        .toArray(String[]::new));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.text("INSERT", "Operations")).isEqualTo(Integer.toString(RECORDS));
    assertThat(Launcher.json(tmp.resolve("load/results.json")).path("extra").path("countCheck").asText())
        .as("a load of N leaves N").isEqualTo("ok");
  }

  /** Reads every record exactly twice (one thread, sequential keys), verifying each value. */
  private Launcher.Result verify(String binding, List<String> conn, String dir, String... more) throws Exception {
    List<String> a = common("run", binding, conn, dir, "-threads", "1", "-p", "operationcount=" + 2 * RECORDS,
        "-p", "requestdistribution=sequential");
    a.addAll(List.of(more));
    return Launcher.ycsb(tmp, a.toArray(String[]::new));
  }

  private void verifiedClean(String binding, List<String> conn) throws Exception {
    Launcher.Result r = verify(binding, conn, "clean");
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.text("READ", "Operations")).isEqualTo(Integer.toString(2 * RECORDS));
    assertThat(r.text("VERIFY", "Return=OK")).isEqualTo(Integer.toString(2 * RECORDS));
    assertThat(r.text("VERIFY", "Return=UNEXPECTED_STATE")).isNull();
    assertThat(r.text("VERIFY", "Return=ERROR")).isNull();
    JsonNode verifyOp = FaultScenario.operation(Launcher.json(tmp.resolve("clean/results.json")), "VERIFY");
    assertThat(verifyOp.path("statuses").path("OK").asLong()).isEqualTo(2 * RECORDS);
  }

  /** After {@link #CORRUPTED} records were changed behind the tool's back: exactly their reads fail to verify. */
  private void corruptionCaught(String binding, List<String> conn) throws Exception {
    Launcher.Result r = verify(binding, conn, "corrupt");
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.text("VERIFY", "Return=UNEXPECTED_STATE")).isEqualTo(Integer.toString(2 * CORRUPTED));
    assertThat(r.text("VERIFY", "Return=OK")).isEqualTo(Integer.toString(2 * (RECORDS - CORRUPTED)));
    JsonNode verifyOp = FaultScenario.operation(Launcher.json(tmp.resolve("corrupt/results.json")), "VERIFY");
    assertThat(verifyOp.path("statuses").path("UNEXPECTED_STATE").asLong()).isEqualTo(2 * CORRUPTED);
  }

  private static void jdbcCorrupt(String url, String user, String pw, String table) throws Exception {
    try (Connection c = DriverManager.getConnection(url, user, pw); Statement st = c.createStatement()) {
      int n = st.executeUpdate("UPDATE " + table + " SET FIELD0 = 'corrupted behind the tool''s back'"
          + " WHERE YCSB_KEY IN (SELECT YCSB_KEY FROM " + table + " ORDER BY YCSB_KEY LIMIT " + CORRUPTED + ")");
      assertThat(n).isEqualTo(CORRUPTED);
    }
  }

  @Test
  void h2() throws Exception {
    String url = "jdbc:h2:file:" + tmp.resolve("h2/integrity");
    List<String> conn = List.of("-p", "db.url=" + url);
    load("jdbc", conn);
    verifiedClean("jdbc", conn);
    jdbcCorrupt(url + ";DB_CLOSE_ON_EXIT=FALSE", "sa", "", table);
    corruptionCaught("jdbc", conn);
    // a Jenkins job gates on it with a threshold: exit 5
    Launcher.Result gated = verify("jdbc", conn, "gated", "-p", "sla.VERIFY.errors=0");
    assertThat(gated.exit()).as(gated.toString()).isEqualTo(5);
  }

  @Test
  void postgresql() throws Exception {
    List<String> conn = List.of("-p", "db.url=" + PG_URL, "-p", "db.user=ycsb", "-p", "db.passwd=ycsb");
    load("jdbc", conn);
    verifiedClean("jdbc", conn);
    jdbcCorrupt(PG_URL, "ycsb", "ycsb", table);
    corruptionCaught("jdbc", conn);

    // a store that drops acknowledged rows (an AFTER INSERT trigger deletes every key ending in 7): exit 4
    String lossy = table + "_lossy";
    try (Connection c = DriverManager.getConnection(PG_URL, "ycsb", "ycsb"); Statement st = c.createStatement()) {
      StringBuilder cols = new StringBuilder("YCSB_KEY VARCHAR(255) PRIMARY KEY");
      for (int i = 0; i < 10; i++) {
        cols.append(", FIELD").append(i).append(" TEXT");
      }
      st.execute("CREATE TABLE " + lossy + " (" + cols + ")");
      st.execute("CREATE FUNCTION " + lossy + "_drop() RETURNS trigger AS $$ BEGIN IF right(NEW.ycsb_key, 1) = '7'"
          + " THEN DELETE FROM " + lossy + " WHERE ycsb_key = NEW.ycsb_key; END IF; RETURN NULL; END $$"
          + " LANGUAGE plpgsql");
      st.execute("CREATE TRIGGER " + lossy + "_drop AFTER INSERT ON " + lossy + " FOR EACH ROW EXECUTE FUNCTION "
          + lossy + "_drop()");
    }
    Launcher.Result r = Launcher.ycsb(tmp, "load", "jdbc", "-P", "workloads/workloada", "-p", "db.url=" + PG_URL,
        "-p", "db.user=ycsb", "-p", "db.passwd=ycsb", "-p", "recordcount=" + RECORDS, "-p", "table=" + lossy,
        "-p", "results.dir=" + tmp.resolve("lossy"));
    countMismatchFailsTheLoad(r, "lossy");
  }

  private void countMismatchFailsTheLoad(Launcher.Result r, String dir) throws Exception {
    assertThat(r.exit()).as(r.toString()).isEqualTo(4);
    assertThat(r.errorLines()).hasSize(1);
    assertThat(r.errorLines().get(0)).contains("count check failed: " + RECORDS + " inserts succeeded but the"
        + " store holds");
    JsonNode j = Launcher.json(tmp.resolve(dir).resolve("results.json"));
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("failed");
    assertThat(j.path("extra").path("countCheck").asText()).startsWith("count check failed");
    assertThat(FaultScenario.operation(j, "INSERT").path("operations").asLong()).isEqualTo(RECORDS);
  }

  @Test
  void mongodb() throws Exception {
    List<String> conn = List.of("-p", "mongodb.url=" + MONGO_URL);
    load("mongodb", conn);
    verifiedClean("mongodb", conn);
    try (MongoClient client = MongoClients.create(MONGO_URL)) {
      MongoCollection<Document> c = client.getDatabase(DB).getCollection(table);
      List<Object> ids = new ArrayList<>();
      c.find().sort(Sorts.ascending("_id")).limit(CORRUPTED).forEach(d -> ids.add(d.get("_id")));
      assertThat(c.updateMany(Filters.in("_id", ids), Updates.set("field0", "corrupted")).getModifiedCount())
          .isEqualTo(CORRUPTED);
    }
    corruptionCaught("mongodb", conn);

    // a store that loses acknowledged documents (another client deletes them during the load): exit 4
    String lossy = table + "_lossy";
    AtomicBoolean done = new AtomicBoolean();
    AtomicLong deleted = new AtomicLong();
    Thread deleter = new Thread(() -> {
      try (MongoClient client = MongoClients.create(MONGO_URL)) {
        MongoCollection<Document> c = client.getDatabase(DB).getCollection(lossy);
        while (!done.get()) {
          deleted.addAndGet(c.deleteMany(new Document()).getDeletedCount());
          Thread.sleep(50);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    deleter.start();
    Launcher.Result r;
    try {
      r = Launcher.ycsb(tmp, "load", "mongodb", "-P", "workloads/workloada", "-p", "mongodb.url=" + MONGO_URL,
          "-p", "recordcount=" + RECORDS, "-p", "table=" + lossy, "-target", "150",
          "-p", "results.dir=" + tmp.resolve("lossy"));
    } finally {
      done.set(true);
      deleter.join();
    }
    assertThat(deleted.get()).isPositive();
    countMismatchFailsTheLoad(r, "lossy");
  }

  @Test
  void cassandra() throws Exception {
    List<String> conn = List.of("-p", "cassandra.hosts=" + CASSANDRA);
    load("cassandra", conn);
    verifiedClean("cassandra", conn);
    try (CqlSession s = CqlSession.builder().addContactPoint(new InetSocketAddress(CASSANDRA, 9042))
        .withLocalDatacenter("datacenter1").build()) {
      List<String> keys = new ArrayList<>();
      for (Row row : s.execute("SELECT y_id FROM ycsb." + table + " LIMIT " + CORRUPTED)) {
        keys.add(row.getString(0));
      }
      assertThat(keys).hasSize(CORRUPTED);
      for (String k : keys) {
        s.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
            "UPDATE ycsb." + table + " SET field0 = 'corrupted' WHERE y_id = ?", k));
      }

      // a store that silently drops rows (a table whose rows expire after 1 s): exit 4
      StringBuilder cols = new StringBuilder("y_id text PRIMARY KEY");
      for (int i = 0; i < 10; i++) {
        cols.append(", field").append(i).append(" text");
      }
      s.execute("CREATE TABLE ycsb." + table + "_lossy (" + cols + ") WITH default_time_to_live = 1");
    }
    corruptionCaught("cassandra", conn);
    Launcher.Result r = Launcher.ycsb(tmp, "load", "cassandra", "-P", "workloads/workloada",
        "-p", "cassandra.hosts=" + CASSANDRA, "-p", "recordcount=" + RECORDS, "-p", "table=" + table + "_lossy",
        "-target", "100", "-p", "results.dir=" + tmp.resolve("lossy"));
    countMismatchFailsTheLoad(r, "lossy");
  }

  @Test
  void hdfs() throws Exception {
    String base = "/integrity" + table;
    List<String> conn = List.of("-p", "hdfs.url=" + HDFS_URL, "-p", "hdfs.basepath=" + base);
    load("hdfs", conn);
    verifiedClean("hdfs", conn);
    HdfsShell.corruptFirstRecords(tmp, HDFS_URL, base + "/" + table, CORRUPTED);
    corruptionCaught("hdfs", conn);
  }

}
