package org.sciycsb.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun.DbOperation;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The CRUD contract every binding's integration test runs against its real server: extend it, give the binding
 * and its properties. Each test uses a fresh table name so runs do not see each other's data.
 *
 * <p>Each check is one dynamic test whose name says what was checked. An operation the run declares in
 * {@link org.sciycsb.api.BindingRun#unsupportedOperations()} is checked as not supported: its test is named
 * "{@code <OP>: NOT SUPPORTED ...}" and asserts that the binding answers {@link Status#NOT_IMPLEMENTED} and leaves
 * the record as it was. Every other operation must pass its contract; a supported operation whose check needs an
 * unsupported one (INSERT and READ are the suite's tools) fails, it does not pass unchecked.
 */
public abstract class BindingConformance extends StoreContract {
  protected DB db;
  protected String table;

  /** See {@link StoreContract#StoreContract}. */
  protected BindingConformance(Binding binding, Supplier<Map<String, String>> properties) {
    super(binding, properties);
  }

  @BeforeEach
  void open() throws Exception {
    table = freshName("t");
    openRun(Map.of("table", table));
    db = newDb();
  }

  private DB newDb() throws Exception {
    DB d = run.newDb(0);
    d.setProperties(config().toProperties());
    d.init();
    if (throughAsync()) {
      assertThat(d).as("an asynchronous binding's DB").isInstanceOf(org.sciycsb.api.AsyncDb.class);
      return new AsyncAsSyncDb(d);
    }
    return d;
  }

  /**
   * True to run every contract through the binding's non-blocking calls ({@link org.sciycsb.api.AsyncDb}), each
   * awaited, plus the test of many calls in flight at once: an asynchronous binding's suite runs twice, once by a
   * subclass that answers true here.
   */
  protected boolean throughAsync() {
    return false;
  }

  /** Only in the asynchronous suite (the synchronous contract is one call at a time): 200 writes, then 200 reads. */
  @TestFactory
  java.util.stream.Stream<DynamicTest> manyCallsInFlightAtOnce() {
    if (!throughAsync()) {
      return java.util.stream.Stream.empty();
    }
    return java.util.stream.Stream.of(contract(DbOperation.INSERT, "200 in flight at once, then 200 READs in flight",
        this::manyInFlight, DbOperation.READ));
  }

  private void manyInFlight() throws Exception {
    org.sciycsb.api.AsyncDb async = (org.sciycsb.api.AsyncDb) ((AsyncAsSyncDb) db).inner();
    java.util.List<java.util.concurrent.CompletableFuture<Status>> writes = new java.util.ArrayList<>();
    for (int i = 0; i < 200; i++) {
      writes.add(async.insertAsync(table, "many" + i, record("field0", "v" + i)).toCompletableFuture());
    }
    for (java.util.concurrent.CompletableFuture<Status> w : writes) {
      assertThat(w.get(60, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(Status.OK);
    }
    writesDone();
    async = (org.sciycsb.api.AsyncDb) ((AsyncAsSyncDb) db).inner(); // writesDone may have reopened it
    java.util.List<Map<String, ByteIterator>> results = new java.util.ArrayList<>();
    java.util.List<java.util.concurrent.CompletableFuture<Status>> reads = new java.util.ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Map<String, ByteIterator> out = new HashMap<>();
      results.add(out);
      reads.add(async.readAsync(table, "many" + i, null, out).toCompletableFuture());
    }
    for (int i = 0; i < 200; i++) {
      assertThat(reads.get(i).get(60, java.util.concurrent.TimeUnit.SECONDS)).as("read many%d", i)
          .isEqualTo(Status.OK);
      assertThat(StringByteIterator.getStringMap(results.get(i))).containsEntry("field0", "v" + i);
    }
  }

  @AfterEach
  void cleanupDb() throws Exception {
    if (db != null) {
      DB d = db;
      db = null;
      d.cleanup();
    }
  }

  /**
   * Makes the writes so far visible to the reads that follow, as the store promises. Nothing by default: the
   * store reads its writes at once. A store whose reads see what an earlier run wrote overrides it with
   * {@link #reopen} (hdfs: a thread's file is complete when its {@code DB} is cleaned up, and a run indexes a
   * table once, on its first read).
   */
  protected void writesDone() throws Exception {}

  /** Cleans up the thread's {@code DB} and closes the run, then opens a new run and {@code DB} on the same store. */
  protected final void reopen() throws Exception {
    cleanupDb();
    reopenRun();
    db = newDb();
  }

  /**
   * Whether the binding can empty a table ({@link org.sciycsb.api.BindingRun#empty}, for repeated loads): true by
   * default; a binding that cannot overrides it, and the test then holds it to answering false.
   */
  protected boolean canEmpty() {
    return true;
  }

  @Test
  void emptyRemovesEveryRecordAndKeepsTheTableUsable() throws Exception {
    boolean tools = !run.unsupportedOperations().contains(DbOperation.INSERT)
        && !run.unsupportedOperations().contains(DbOperation.READ);
    assertThat(tools).as("the check inserts and reads").isTrue();
    for (int i = 0; i < 3; i++) {
      assertThat(db.insert(table, "empty" + i, record("field0", "v" + i))).isEqualTo(Status.OK);
    }
    writesDone();
    cleanupDb(); // as in a load: nothing writes while the table is emptied
    boolean emptied = run.empty(table);
    assertThat(emptied).as("empty(table) answered").isEqualTo(canEmpty());
    reopen();
    if (!emptied) {
      assertThat(read("empty0", Set.of("field0"))).containsEntry("field0", "v0"); // refused: nothing removed
      return;
    }
    java.util.OptionalLong count = run.count(table);
    if (count.isPresent()) {
      assertThat(count.getAsLong()).as("records after empty").isZero();
    }
    assertThat(db.read(table, "empty0", Set.of("field0"), new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(db.insert(table, "empty0", record("field0", "again"))).isEqualTo(Status.OK);
    writesDone();
    assertThat(read("empty0", Set.of("field0"))).containsEntry("field0", "again");
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

  private boolean unsupported(DbOperation op) {
    return run.unsupportedOperations().contains(op);
  }

  /**
   * The test of one operation's contract: {@code check} when the operation is supported (after making sure the
   * operations it needs as tools are), else the not-supported check, named so.
   */
  private DynamicTest contract(DbOperation op, String promise, Executable check, DbOperation... tools) {
    if (unsupported(op)) {
      return dynamicTest(op + ": NOT SUPPORTED (declared in unsupportedOperations()): answers NOT_IMPLEMENTED and"
          + " changes nothing", () -> answersNotImplemented(op));
    }
    return dynamicTest(op + ": " + promise, () -> {
      for (DbOperation t : tools) {
        assertThat(unsupported(t)).as("%s is checked through %s, which the binding declares unsupported", op, t)
            .isFalse();
      }
      check.execute();
    });
  }

  private void answersNotImplemented(DbOperation op) throws Exception {
    String key = "unsupported1";
    boolean seeded = op != DbOperation.INSERT && !unsupported(DbOperation.INSERT);
    if (seeded) {
      assertThat(db.insert(table, key, record("field0", "a"))).isEqualTo(Status.OK);
      writesDone();
    }
    Status s;
    switch (op) {
      case INSERT -> s = db.insert(table, key, record("field0", "a"));
      case READ -> s = db.read(table, key, null, new HashMap<>());
      case UPDATE -> s = db.update(table, key, record("field0", "z"));
      case DELETE -> s = db.delete(table, key);
      default -> s = db.scan(table, key, 1, null, new Vector<>());
    }
    assertThat(s).as("%s, declared unsupported", op).isEqualTo(Status.NOT_IMPLEMENTED);
    if (!unsupported(DbOperation.READ)) {
      writesDone();
      Map<String, ByteIterator> out = new HashMap<>();
      Status r = db.read(table, key, null, out);
      if (seeded) {
        assertThat(r).as("the record after an unsupported %s", op).isEqualTo(Status.OK);
        assertThat(StringByteIterator.getStringMap(out)).as("the record after an unsupported %s", op)
            .containsEntry("field0", "a");
      } else {
        assertThat(r).as("no record after an unsupported %s", op).isEqualTo(Status.NOT_FOUND);
      }
    }
  }

  @TestFactory
  DynamicTest insertThenReadAllFields() {
    return contract(DbOperation.INSERT, "then READ returns every field", () -> {
      assertThat(db.insert(table, "user1", record("field0", "a", "field1", "b"))).isEqualTo(Status.OK);
      writesDone();
      assertThat(read("user1", null)).containsEntry("field0", "a").containsEntry("field1", "b");
    }, DbOperation.READ);
  }

  @TestFactory
  DynamicTest readProjectsFields() {
    return contract(DbOperation.READ, "with fields returns those fields only", () -> {
      assertThat(db.insert(table, "user2", record("field0", "a", "field1", "b", "field2", "c")))
          .isEqualTo(Status.OK);
      writesDone();
      Map<String, String> got = read("user2", Set.of("field1"));
      assertThat(got).containsOnlyKeys("field1").containsEntry("field1", "b");
    }, DbOperation.INSERT);
  }

  @TestFactory
  DynamicTest readMissingIsNotFound() {
    return contract(DbOperation.READ, "of a missing key is NOT_FOUND", () -> {
      Map<String, ByteIterator> out = new HashMap<>();
      assertThat(db.read(table, "nobody", null, out)).isEqualTo(Status.NOT_FOUND);
    });
  }

  @TestFactory
  DynamicTest updateChangesOnlyGivenFields() {
    return contract(DbOperation.UPDATE, "changes the given fields only", () -> {
      assertThat(db.insert(table, "user3", record("field0", "a", "field1", "b"))).isEqualTo(Status.OK);
      writesDone();
      assertThat(db.update(table, "user3", record("field1", "z"))).isEqualTo(Status.OK);
      writesDone();
      assertThat(read("user3", null)).containsEntry("field0", "a").containsEntry("field1", "z");
    }, DbOperation.INSERT, DbOperation.READ);
  }

  @TestFactory
  DynamicTest deleteRemovesRecord() {
    return contract(DbOperation.DELETE, "removes the record: READ is NOT_FOUND after it", () -> {
      assertThat(db.insert(table, "user4", record("field0", "a"))).isEqualTo(Status.OK);
      writesDone();
      assertThat(read("user4", null)).containsEntry("field0", "a");
      assertThat(db.delete(table, "user4")).isEqualTo(Status.OK);
      writesDone();
      assertThat(db.read(table, "user4", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    }, DbOperation.INSERT, DbOperation.READ);
  }

  /** Scan returns up to count records starting at the start key, in the store's key order. */
  @TestFactory
  DynamicTest scanReturnsRecordsFromStartKey() {
    return contract(DbOperation.SCAN, "returns count records from the start key on", () -> {
      for (int i = 0; i < 20; i++) {
        assertThat(db.insert(table, String.format("user%03d", i), record("field0", "v" + i)))
            .isEqualTo(Status.OK);
      }
      writesDone();
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
    }, DbOperation.INSERT);
  }

  /** Ordered stores check that the scan starts at the start key and follows key order; others override. */
  protected void checkScanOrder(Vector<HashMap<String, ByteIterator>> out) {
    for (int i = 0; i < out.size(); i++) {
      assertThat(StringByteIterator.getStringMap(out.get(i))).as("record %d of the scan", i)
          .containsEntry("field0", "v" + (5 + i));
    }
  }
}
