package org.sciycsb.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.Vector;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Everything beyond the shared contract, on the one-node test server ({@code bin/servers start cassandra}). */
@Tag("server-cassandra")
class CassandraBindingIT {
  private static String newTable() {
    return "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
  }

  private static Map<String, ByteIterator> rec(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  /** Inserts, reads, updates, scans and deletes one record with the given properties; returns the statuses. */
  private static List<Status> roundTrip(Map<String, String> props) throws Exception {
    String table = newTable();
    props.put("table", table);
    try (BindingRun run = ItSupport.open(props)) {
      DB db = run.newDb(0);
      db.init();
      Map<String, ByteIterator> out = new HashMap<>();
      Status ins = db.insert(table, "k1", rec("field0", "a", "field1", "b"));
      Status read = db.read(table, "k1", null, out);
      Status upd = db.update(table, "k1", rec("field1", "c"));
      Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
      Status scan = db.scan(table, "k1", 1, null, scanned);
      Status del = db.delete(table, "k1");
      db.cleanup();
      if (read == Status.OK) {
        assertThat(StringByteIterator.getStringMap(out)).containsEntry("field0", "a").containsEntry("field1", "b");
      }
      return List.of(ins, read, upd, scan, del);
    }
  }

  @Test
  void storeInfoReportsTheServerRelease() throws Exception {
    try (BindingRun run = ItSupport.open(ItSupport.props("table", newTable()))) {
      StoreInfo info = run.storeInfo();
      assertThat(info.product()).isEqualTo("Apache Cassandra");
      assertThat(info.version()).matches("\\d+\\.\\d+\\.\\d+.*").startsWith("5.0");
      assertThat(info.details()).containsEntry("datacenter", "datacenter1").containsKey("driver")
          .containsEntry("replication", "{'class': 'SimpleStrategy', 'replication_factor': 1}")
          .containsEntry("read_consistency", "ONE").containsEntry("write_consistency", "ONE");
    }
  }

  @Test
  void serverConfigurationAndTroubleSignalsAreTheServers() throws Exception {
    try (BindingRun run = ItSupport.open(ItSupport.props("table", newTable()))) {
      org.sciycsb.api.ServerConfiguration c = run.serverConfiguration().orElseThrow();
      assertThat(c.source()).startsWith("system_views.settings of ");
      assertThat(c.settings()).as("Cassandra 5.0's settings").containsKeys("commitlog_sync", "concurrent_reads");
      c.settings().forEach((k, v) -> assertThat(!k.toLowerCase(java.util.Locale.ROOT).contains("password")
          || v.equals(org.sciycsb.api.Secrets.MASK)).as("password setting %s masked", k).isTrue());
      // the trouble signals validity judges are gauges this server reports (a misspelt pool would never rise)
      org.sciycsb.api.ServerStats stats = run.serverStats().orElseThrow();
      assertThat(stats.trouble()).isEqualTo(CassandraServerStats.TROUBLE);
      assertThat(stats.gauges()).as("Cassandra 5.0's thread pools").containsKeys(
          CassandraServerStats.TROUBLE.toArray(new String[0]));
    }
  }

  @Test
  void countScanProjectionAndDeletes() throws Exception {
    String table = newTable();
    try (BindingRun run = ItSupport.open(ItSupport.props("table", table))) {
      DB db = run.newDb(0);
      for (int i = 0; i < 30; i++) {
        assertThat(db.insert(table, "user" + i, rec("field0", "a" + i, "field1", "b" + i, "field2", "c" + i)))
            .isEqualTo(Status.OK);
      }
      assertThat(run.count(table)).hasValue(30);
      Vector<HashMap<String, ByteIterator>> out = new Vector<>();
      assertThat(db.scan(table, "user7", 30, Set.of("field1", "field2"), out)).isEqualTo(Status.OK);
      assertThat(out).hasSize(30); // the whole ring, wrapping around
      for (HashMap<String, ByteIterator> r : out) {
        assertThat(r).containsOnlyKeys("field1", "field2");
      }
      assertThat(db.delete(table, "user3")).isEqualTo(Status.OK);
      // Cassandra writes a tombstone either way: a delete of a missing key is OK too
      assertThat(db.delete(table, "nobody")).isEqualTo(Status.OK);
      assertThat(run.count(table)).hasValue(29);
      // update of a missing key is an upsert in Cassandra
      assertThat(db.update(table, "fresh", rec("field0", "x"))).isEqualTo(Status.OK);
      assertThat(db.read(table, "fresh", Set.of("field0"), new HashMap<>())).isEqualTo(Status.OK);
    }
  }

  @Test
  void everyConsistencyLevelUsableOnOneNode() throws Exception {
    for (String level : List.of("ONE", "LOCAL_ONE", "QUORUM", "LOCAL_QUORUM", "ALL")) {
      assertThat(roundTrip(ItSupport.props("cassandra.readconsistency", level, "cassandra.writeconsistency", level)))
          .as(level).containsOnly(Status.OK);
    }
    for (String level : List.of("EACH_QUORUM", "ANY")) {
      assertThat(roundTrip(ItSupport.props("cassandra.writeconsistency", level))).as("write " + level)
          .containsOnly(Status.OK);
    }
    // upstream YCSB's names
    assertThat(roundTrip(ItSupport.props("cassandra.readconsistencylevel", "QUORUM",
        "cassandra.writeconsistencylevel", "ALL"))).containsOnly(Status.OK);
  }

  @Test
  void levelsNeedingMoreReplicasThanExistAreServiceUnavailable() throws Exception {
    List<Status> s = roundTrip(ItSupport.props("cassandra.writeconsistency", "TWO", "cassandra.readconsistency",
        "THREE"));
    assertThat(s).containsOnly(Status.SERVICE_UNAVAILABLE);
  }

  @Test
  void presets() throws Exception {
    for (String preset : List.of("strong", "eventual")) {
      Map<String, String> p = ItSupport.props("cassandra.consistency", preset, "table", newTable());
      try (BindingRun run = ItSupport.open(p)) {
        Map<String, String> d = run.storeInfo().details();
        assertThat(d.get("write_consistency")).isEqualTo(preset.equals("strong") ? "EACH_QUORUM" : "ONE");
        assertThat(d.get("read_consistency")).isEqualTo(preset.equals("strong") ? "LOCAL_QUORUM" : "ONE");
      }
      assertThat(roundTrip(ItSupport.props("cassandra.consistency", preset))).as(preset).containsOnly(Status.OK);
    }
  }

  @Test
  void driverOptionsWorkEndToEnd() throws Exception {
    assertThat(roundTrip(ItSupport.props("cassandra.compression", "lz4", "cassandra.poolsize", "2",
        "cassandra.requesttimeout", "5s", "cassandra.tracing", "true", "cassandra.tracing.fraction", "1")))
        .containsOnly(Status.OK);
    Map<String, String> upstream = new HashMap<>(Map.of("hosts", ItSupport.hosts(), "port", "9042",
        "cassandra.keyspace", "sciycsb_it"));
    assertThat(roundTrip(upstream)).containsOnly(Status.OK);
    Map<String, String> nts = ItSupport.props("cassandra.keyspace", "sciycsb_it_nts",
        "cassandra.replication.dcs", "datacenter1:1", "cassandra.consistency", "strong");
    assertThat(roundTrip(nts)).containsOnly(Status.OK);
  }

  @Test
  void tlsWithTheTestServersTruststore() throws Exception {
    String ts = ItSupport.truststore().toAbsolutePath().toString();
    assertThat(roundTrip(ItSupport.props("cassandra.ssl", "true", "cassandra.ssl.truststore", ts,
        "cassandra.ssl.truststore.password", "truststore"))).containsOnly(Status.OK);
    // the JVM's default truststore does not trust the test server's self-signed certificate
    BenchmarkException e = ItSupport.openFails(ItSupport.props("cassandra.ssl", "true",
        "cassandra.connecttimeout", "2s"));
    assertThat(e).isInstanceOf(BindingException.class).hasMessageContaining("cannot reach Cassandra");
    // a wrong truststore password is refused and never shown
    BenchmarkException w = ItSupport.openFails(ItSupport.props("cassandra.ssl", "true", "cassandra.ssl.truststore",
        ts, "cassandra.ssl.truststore.password", "wrong-pw-123"));
    assertThat(w.getMessage()).doesNotContain("wrong-pw-123");
  }

  @Test
  void existingKeyspaceWithOtherReplicationIsReported() throws Exception {
    ItSupport.open(ItSupport.props("table", newTable())).close(); // the keyspace exists, at RF 1
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    Map<String, String> p = ItSupport.props("cassandra.replication.factor", "2", "table", newTable());
    try (PrintStream log = new PrintStream(buf, true, StandardCharsets.UTF_8);
        BindingRun run = new CassandraBinding().open(ItSupport.context(p, log))) {
      assertThat(run.storeInfo().details()).containsEntry("replication",
          "{'class': 'SimpleStrategy', 'replication_factor': 1}");
    }
    assertThat(buf.toString(StandardCharsets.UTF_8)).contains("already exists with replication")
        .contains("'replication_factor': 2");
  }

  @Test
  void unknownFieldIsBadRequestNotAnException() throws Exception {
    String table = newTable();
    try (BindingRun run = ItSupport.open(ItSupport.props("table", table))) {
      DB db = run.newDb(0);
      assertThat(db.insert(table, "k", rec("nosuchfield", "x"))).isEqualTo(Status.BAD_REQUEST);
      assertThat(db.read(table, "k", Set.of("nosuchfield"), new HashMap<>())).isEqualTo(Status.BAD_REQUEST);
      assertThat(db.insert(table, "k", rec("field0", "x"))).isEqualTo(Status.OK);
    }
  }

  @Test
  void missingKeyspaceWithCreationDisabled() {
    BenchmarkException e = ItSupport.openFails(ItSupport.props("cassandra.keyspace", "no_such_keyspace",
        "cassandra.createschema", "false"));
    assertThat(e).isInstanceOf(BindingException.class)
        .hasMessageContaining("keyspace 'no_such_keyspace' does not exist")
        .hasMessageContaining("cassandra.createschema");
    assertThat(e.exitCode()).isEqualTo(BenchmarkException.EXIT_BINDING);
  }

  @Test
  void missingTableWithCreationDisabled() throws Exception {
    try (BindingRun run = ItSupport.open(ItSupport.props("table", newTable()))) {
      assertThat(run.storeInfo().version()).isNotBlank(); // the keyspace exists now
    }
    BenchmarkException e = ItSupport.openFails(ItSupport.props("table", "no_such_table",
        "cassandra.createschema", "false"));
    assertThat(e).isInstanceOf(BindingException.class).hasMessageContaining("sciycsb_it.no_such_table");
  }

  @Test
  void unknownConsistencyLevel() {
    BenchmarkException e = ItSupport.openFails(ItSupport.props("cassandra.writeconsistency", "QUORUMISH"));
    assertThat(e).isInstanceOf(ConfigException.class).hasMessageContaining("cassandra.writeconsistency")
        .hasMessageContaining("QUORUMISH").hasMessageContaining("EACH_QUORUM");
    assertThat(e.exitCode()).isEqualTo(BenchmarkException.EXIT_CONFIG);
  }

  @Test
  void unreachableHostFailsWithinTheConnectTimeout() {
    long t0 = System.nanoTime();
    BenchmarkException e = ItSupport.openFails(ItSupport.props("cassandra.hosts", "127.0.0.1:9,127.0.0.9:9042",
        "cassandra.connecttimeout", "2s"));
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertThat(e).isInstanceOf(BindingException.class).hasMessageContaining("cannot reach Cassandra")
        .hasMessageContaining("127.0.0.1:9");
    assertThat(e.getMessage()).doesNotContain("\n");
    assertThat(e.exitCode()).isEqualTo(BenchmarkException.EXIT_BINDING);
    assertThat(ms).isLessThan(10_000);
  }

  @Test
  void wrongLocalDatacenter() {
    BenchmarkException e = ItSupport.openFails(ItSupport.props("cassandra.localdc", "dc-mars"));
    assertThat(e).isInstanceOf(ConfigException.class).hasMessageContaining("dc-mars")
        .hasMessageContaining("datacenter1");
  }

  @Test
  void credentialsAgainstAnOpenServerNeverLeakThePassword() throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    Map<String, String> p = ItSupport.props("cassandra.username", "bob", "cassandra.password", "s3cr3t-pw",
        "table", newTable(), "cassandra.hosts", "127.0.0.1:9", "cassandra.connecttimeout", "1s");
    try (PrintStream log = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
      new CassandraBinding().open(ItSupport.context(p, log)).close();
      throw new AssertionError("open succeeded");
    } catch (BenchmarkException e) {
      assertThat(e.getMessage()).doesNotContain("s3cr3t-pw");
    }
    assertThat(buf.toString(StandardCharsets.UTF_8)).doesNotContain("s3cr3t-pw");
  }
}
