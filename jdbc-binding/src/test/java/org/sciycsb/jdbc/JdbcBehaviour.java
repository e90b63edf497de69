package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Behaviour beyond the CRUD contract, run against each SQL engine by a subclass. */
abstract class JdbcBehaviour {
  protected Path work;
  protected String table;
  private final List<JdbcRun> runs = new ArrayList<>();

  /** Properties reaching the store under test. */
  protected abstract Map<String, String> store();

  @BeforeEach
  void setUp() throws Exception {
    work = TestStores.tempWork();
    table = TestStores.freshTable();
  }

  @AfterEach
  void tearDown() throws Exception {
    for (JdbcRun r : runs) {
      r.close();
    }
    Map<String, String> p = props();
    p.put("jdbc.droptable", "true");
    try (JdbcRun r = TestStores.open(p, Phase.LOAD, work)) {
      // dropped and created again empty; the fresh table is dropped below
      try (java.sql.Connection c = r.connect(); java.sql.Statement st = c.createStatement()) {
        st.execute(Sql.dropTable(table));
      }
    }
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(work)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }

  protected Map<String, String> props(String... kv) {
    Map<String, String> m = new HashMap<>(store());
    m.put("table", table);
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  protected JdbcRun open(String... kv) throws Exception {
    JdbcRun r = TestStores.open(props(kv), Phase.LOAD, work);
    runs.add(r);
    return r;
  }

  protected static Map<String, ByteIterator> record(int fields, String value) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < fields; i++) {
      m.put("field" + i, value + i);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  private static long load(JdbcRun run, int threadId, int from, int to) throws Exception {
    DB db = run.newDb(threadId);
    db.init();
    long ok = 0;
    for (int i = from; i < to; i++) {
      Status s = db.insert(run.settings().table().name(), String.format("user%06d", i), record(10, "v"));
      assertThat(s.isOk()).as("insert %d: %s", i, s).isTrue();
      ok++;
    }
    db.cleanup();
    return ok;
  }

  @Test
  void batchedLoadLeavesExactlyTheRecordsAfterCleanup() throws Exception {
    JdbcRun run = open("db.batchsize", "100");
    DB db = run.newDb(0);
    db.init();
    int batched = 0;
    for (int i = 0; i < 1001; i++) {
      Status s = db.insert(table, String.format("user%06d", i), record(10, "v"));
      assertThat(s.isOk()).isTrue();
      if (s == Status.BATCHED_OK) {
        batched++;
      }
    }
    assertThat(batched).isEqualTo(1001 - 10);
    assertThat(run.count(table).getAsLong()).isEqualTo(1000);
    db.cleanup();
    assertThat(run.count(table).getAsLong()).isEqualTo(1001);
  }

  @Test
  void batchedLoadWithoutAutoCommitFromSeveralThreads() throws Exception {
    JdbcRun run = open("db.batchsize", "64", "jdbc.autocommit", "false");
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<Long>> done = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        int id = t;
        done.add(pool.submit(() -> load(run, id, id * 333, id * 333 + 333)));
      }
      long total = 0;
      for (Future<Long> f : done) {
        total += f.get();
      }
      assertThat(total).isEqualTo(999);
    } finally {
      pool.shutdownNow();
    }
    assertThat(run.count(table).getAsLong()).isEqualTo(999);
  }

  @Test
  void groupedCommitsWithoutTheBatchApi() throws Exception {
    JdbcRun run = open("db.batchsize", "50", "jdbc.autocommit", "false", "jdbc.batchupdateapi", "false");
    assertThat(load(run, 0, 0, 120)).isEqualTo(120);
    assertThat(run.count(table).getAsLong()).isEqualTo(120);
  }

  @Test
  void closingTheRunEndsThreadsThatDidNotCleanUp() throws Exception {
    JdbcRun run = TestStores.open(props(), Phase.LOAD, work);
    DB db = run.newDb(0);
    db.init();
    assertThat(db.insert(table, "a", record(1, "x"))).isEqualTo(Status.OK);
    run.close();
    assertThat(db.read(table, "a", null, new HashMap<>())).isIn(Status.SERVICE_UNAVAILABLE, Status.ERROR);
    assertThat(db.read(table, "a", null, new HashMap<>())).isEqualTo(Status.SERVICE_UNAVAILABLE);
    db.cleanup();
  }

  @Test
  void missingKeysAreNotFound() throws Exception {
    JdbcRun run = open();
    DB db = run.newDb(0);
    db.init();
    assertThat(db.update(table, "nobody", record(1, "x"))).isEqualTo(Status.NOT_FOUND);
    assertThat(db.delete(table, "nobody")).isEqualTo(Status.NOT_FOUND);
    assertThat(db.read(table, "nobody", Set.of("field0"), new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    db.cleanup();
  }

  @Test
  void errorsAreStatusesNotExceptions() throws Exception {
    JdbcRun run = open();
    DB db = run.newDb(0);
    db.init();
    assertThat(db.insert(table, "dup", record(2, "a"))).isEqualTo(Status.OK);
    assertThat(db.insert(table, "dup", record(2, "b"))).isEqualTo(Status.ERROR);
    assertThat(db.read(table, "dup", Set.of("nosuchcolumn"), new HashMap<>())).isEqualTo(Status.ERROR);
    assertThat(db.read(table, "dup", Set.of("field0; DROP TABLE x"), new HashMap<>()))
        .isEqualTo(Status.BAD_REQUEST);
    assertThat(db.read("nosuchtable", "dup", null, new HashMap<>())).isEqualTo(Status.ERROR);
    // the connection still works after the errors
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, "dup", null, out)).isEqualTo(Status.OK);
    assertThat(StringByteIterator.getStringMap(out)).containsEntry("field0", "a0").containsEntry("field1", "a1");
    db.cleanup();
  }

  @Test
  void readAllGivesTheLayoutsFieldNamesAndScanProjects() throws Exception {
    JdbcRun run = open("fieldcount", "4");
    DB db = run.newDb(0);
    db.init();
    for (int i = 0; i < 10; i++) {
      assertThat(db.insert(table, "k" + i, record(4, "r" + i + "-"))).isEqualTo(Status.OK);
    }
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, "k3", null, out)).isEqualTo(Status.OK);
    assertThat(StringByteIterator.getStringMap(out)).containsOnlyKeys("field0", "field1", "field2", "field3")
        .containsEntry("field3", "r3-3");
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(db.scan(table, "k7", 100, Set.of("field2"), rows)).isEqualTo(Status.OK);
    assertThat(rows).hasSize(3);
    assertThat(StringByteIterator.getStringMap(rows.get(0))).containsOnlyKeys("field2").containsEntry("field2", "r7-2");
    rows.clear();
    assertThat(db.scan(table, "zzz", 5, null, rows)).isEqualTo(Status.OK);
    assertThat(rows).isEmpty();
    // the same field set again is served by the cached statement
    for (int i = 0; i < 3; i++) {
      assertThat(db.update(table, "k1", record(2, "u"))).isEqualTo(Status.OK);
    }
    out.clear();
    db.read(table, "k1", Set.of("field0", "field1", "field2"), out);
    assertThat(StringByteIterator.getStringMap(out)).containsEntry("field0", "u0").containsEntry("field1", "u1")
        .containsEntry("field2", "r1-2");
    db.cleanup();
  }

  @Test
  void missingTableWithoutCreateIsABindingError() {
    assertThatThrownBy(() -> open("jdbc.createtable", "false"))
        .isInstanceOf(BindingException.class)
        .hasMessageContaining("table " + table + " does not exist")
        .hasMessageContaining("jdbc.createtable");
  }

  @Test
  void tableWithFewerColumnsThanTheLayoutIsABindingError() throws Exception {
    open("fieldcount", "2").close();
    assertThatThrownBy(() -> open("fieldcount", "5", "jdbc.createtable", "false"))
        .isInstanceOf(BindingException.class).hasMessageContaining("lacks the columns");
  }

  @Test
  void dropTableStartsTheLoadEmpty() throws Exception {
    JdbcRun first = open();
    load(first, 0, 0, 5);
    assertThat(first.count(table).getAsLong()).isEqualTo(5);
    JdbcRun again = open("jdbc.droptable", "true");
    assertThat(again.count(table).getAsLong()).isZero();
  }

  @Test
  void storeInfoComesFromTheServer() throws Exception {
    StoreInfo info = open().storeInfo();
    checkStoreInfo(info);
    assertThat(info.details()).containsKey("driver").containsKey("url");
    assertThat(info.details().values()).noneMatch(v -> v.contains(passwordInUse()));
  }

  protected abstract void checkStoreInfo(StoreInfo info);

  @Test
  void serverConfigurationComesFromTheServer() throws Exception {
    org.sciycsb.api.ServerConfiguration c = open().serverConfiguration().orElseThrow();
    assertThat(c.source()).as("where the settings come from").isNotBlank();
    checkServerSettings(c.settings());
  }

  /** The server's settings as read: the ones every server of the kind has, with their values' form. */
  protected abstract void checkServerSettings(Map<String, String> settings);

  /** The password when it is worth looking for (not empty, not equal to the user name shown on purpose). */
  protected String passwordInUse() {
    String p = store().get("db.passwd");
    return p == null || p.isEmpty() || p.equals(store().get("db.user")) ? "\u0000none" : p;
  }

  @Test
  void wrongPasswordIsOneMaskedLine() throws Exception {
    open(); // an embedded store is created by its first connection: create it with the right password
    String secret = "Wr0ng-S3cret-pw";
    assertThatThrownBy(() -> open("db.passwd", secret))
        .isInstanceOf(BindingException.class)
        .hasMessageContaining("credentials")
        .hasMessageNotContaining(secret)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
