package org.sciycsb.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The CRUD contract every binding's integration test runs against its real server: extend it, give the binding
 * and its properties. Each test uses a fresh table name so runs do not see each other's data.
 */
public abstract class BindingConformance {
  protected BindingRun run;
  protected DB db;
  protected String table;

  /** The binding under test. */
  protected abstract Binding binding();

  /** Properties that reach the test server (each test adds {@code table}). */
  protected abstract Map<String, String> properties();

  @BeforeEach
  void open() throws Exception {
    table = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    Map<String, String> props = new HashMap<>(properties());
    props.put("table", table);
    Path dir = Files.createTempDirectory("conformance");
    RunContext ctx = new RunContext(new Config(props), Phase.LOAD, 1, dir, dir, new PrintStream(System.err, true));
    run = binding().open(ctx);
    db = run.newDb(0);
    db.setProperties(new Config(props).toProperties());
    db.init();
  }

  @AfterEach
  void close() throws Exception {
    if (db != null) {
      db.cleanup();
    }
    if (run != null) {
      run.close();
    }
  }

  protected static Map<String, ByteIterator> record(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  protected Map<String, String> read(String key, Set<String> fields) {
    Map<String, ByteIterator> out = new HashMap<>();
    Status s = db.read(table, key, fields, out);
    assertThat(s).as("read %s", key).isEqualTo(Status.OK);
    return StringByteIterator.getStringMap(out);
  }

  @Test
  void insertThenReadAllFields() {
    assertThat(db.insert(table, "user1", record("field0", "a", "field1", "b"))).isEqualTo(Status.OK);
    assertThat(read("user1", null)).containsEntry("field0", "a").containsEntry("field1", "b");
  }

  @Test
  void readProjectsFields() {
    db.insert(table, "user2", record("field0", "a", "field1", "b", "field2", "c"));
    Map<String, String> got = read("user2", Set.of("field1"));
    assertThat(got).containsOnlyKeys("field1").containsEntry("field1", "b");
  }

  @Test
  void readMissingIsNotFound() {
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, "nobody", null, out)).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void updateChangesOnlyGivenFields() {
    db.insert(table, "user3", record("field0", "a", "field1", "b"));
    assertThat(db.update(table, "user3", record("field1", "z"))).isEqualTo(Status.OK);
    assertThat(read("user3", null)).containsEntry("field0", "a").containsEntry("field1", "z");
  }

  @Test
  void deleteRemovesRecord() {
    db.insert(table, "user4", record("field0", "a"));
    assertThat(db.delete(table, "user4")).isEqualTo(Status.OK);
    assertThat(db.read(table, "user4", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  /** Scan returns up to count records starting at the start key, in the store's key order. */
  @Test
  void scanReturnsRecordsFromStartKey() {
    for (int i = 0; i < 20; i++) {
      db.insert(table, String.format("user%03d", i), record("field0", "v" + i));
    }
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertThat(db.scan(table, "user005", 5, null, out)).isEqualTo(Status.OK);
    assertThat(out).hasSize(5);
    for (int i = 0; i < out.size(); i++) {
      // read each value once (a ByteIterator may be consumed by reading) and hand on re-readable copies
      Map<String, String> r = StringByteIterator.getStringMap(out.get(i));
      assertThat(r).containsKey("field0");
      out.set(i, new HashMap<>(StringByteIterator.getByteIteratorMap(r)));
    }
    checkScanOrder(out);
  }

  /** Ordered stores check that the scan starts at the start key; hash-partitioned stores override. */
  protected void checkScanOrder(Vector<HashMap<String, ByteIterator>> out) {
    assertThat(StringByteIterator.getStringMap(out.get(0))).containsEntry("field0", "v5");
  }
}
