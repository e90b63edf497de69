package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.Vector;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Batching, upserts, presets, store info and failures against a MongoDB-wire server: the test server, or the one
 * {@code bin/test --server mongodb=URL} names (what is particular to the test server: {@link MongoDbTestServerIT}).
 */
@Tag("server-mongodb")
class MongoDbBindingIT {
  private final List<AutoCloseable> toClose = new ArrayList<>();
  private final String table = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

  @AfterEach
  void closeAll() throws Exception {
    for (AutoCloseable c : toClose) {
      try {
        ((MongoDbRun) c).collection(table).drop();
        break;
      } catch (RuntimeException closedAlready) {
        // try the next run
      }
    }
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  private MongoDbRun open(String... kv) throws Exception {
    Map<String, String> p = ItServer.props(kv);
    p.put("table", table);
    MongoDbRun run = (MongoDbRun) new MongoDbBinding().open(ItServer.context(p, Phase.LOAD, 1));
    toClose.add(run);
    return run;
  }

  private static DB db(BindingRun run, int thread) throws Exception {
    DB db = run.newDb(thread);
    db.init();
    return db;
  }

  private static Map<String, ByteIterator> rec(int i) {
    Map<String, String> m = new HashMap<>();
    for (int f = 0; f < 3; f++) {
      m.put("field" + f, "value-" + i + "-" + f + "-" + "x".repeat(40));
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  private static String key(int i) {
    return String.format("user%06d", i);
  }

  @Test
  void batchedLoadLeavesExactlyNRecordsAfterCleanup() throws Exception {
    MongoDbRun run = open("mongodb.batchsize", "1000");
    DB db = db(run, 0);
    int ok = 0;
    int batched = 0;
    for (int i = 0; i < 2500; i++) {
      Status s = db.insert(table, key(i), rec(i));
      if (s == Status.BATCHED_OK) {
        batched++;
      } else if (s == Status.OK) {
        ok++;
      }
    }
    assertThat(ok).isEqualTo(2);
    assertThat(batched).isEqualTo(2498);
    assertThat(run.count(table)).hasValue(2000);
    db.cleanup();
    assertThat(run.count(table)).hasValue(2500);
    assertThat(run.failedBatchedRecords()).isZero();
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, key(2499), Set.of("field1"), out)).isEqualTo(Status.OK);
    assertThat(out.get("field1").toString()).startsWith("value-2499-1-");
  }

  @Test
  void batchedLoadAcrossThreads() throws Exception {
    MongoDbRun run = open("mongodb.batchsize", "100");
    DB a = db(run, 0);
    DB b = db(run, 1);
    for (int i = 0; i < 250; i++) {
      a.insert(table, key(i), rec(i));
      b.insert(table, key(1000 + i), rec(i));
    }
    a.cleanup();
    b.cleanup();
    assertThat(run.count(table)).hasValue(500);
  }

  @Test
  void duplicateInABatchIsCountedAndTheRestIsWritten() throws Exception {
    MongoDbRun run = open("mongodb.batchsize", "10");
    DB db = db(run, 0);
    assertThat(run.collection(table).insertOne(new Document("_id", key(3))).wasAcknowledged()).isTrue();
    Status last = null;
    for (int i = 0; i < 10; i++) {
      last = db.insert(table, key(i), rec(i));
    }
    assertThat(last).isEqualTo(Status.ERROR);
    assertThat(run.failedBatchedRecords()).isEqualTo(1);
    assertThat(run.count(table)).hasValue(10);
    // a failing trailing batch makes cleanup fail
    db.insert(table, key(20), rec(20));
    db.insert(table, key(5), rec(5));
    assertThatThrownBy(db::cleanup).isInstanceOf(DBException.class).hasMessageContaining("lost");
    assertThat(run.failedBatchedRecords()).isEqualTo(2);
    assertThat(run.count(table)).hasValue(11);
  }

  @Test
  void insertOfExistingKeyIsErrorWithoutUpsert() throws Exception {
    MongoDbRun run = open();
    DB db = db(run, 0);
    assertThat(db.insert(table, "k", rec(1))).isEqualTo(Status.OK);
    assertThat(db.insert(table, "k", rec(2))).isEqualTo(Status.ERROR);
  }

  @Test
  void upsertReplacesExistingRecords() throws Exception {
    MongoDbRun run = open("mongodb.upsert", "true");
    DB db = db(run, 0);
    assertThat(db.insert(table, "k", rec(1))).isEqualTo(Status.OK);
    assertThat(db.insert(table, "k", rec(2))).isEqualTo(Status.OK);
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, "k", null, out)).isEqualTo(Status.OK);
    assertThat(out.get("field0").toString()).startsWith("value-2-0");
    assertThat(run.count(table)).hasValue(1);
  }

  @Test
  void batchedUpsertsOverExistingKeys() throws Exception {
    MongoDbRun run = open("mongodb.upsert", "true", "mongodb.batchsize", "7");
    DB db = db(run, 0);
    for (int i = 0; i < 20; i++) {
      db.insert(table, key(i), rec(i));
    }
    for (int i = 10; i < 30; i++) {
      assertThat(db.insert(table, key(i), rec(100 + i)).isOk()).isTrue();
    }
    db.cleanup();
    assertThat(run.count(table)).hasValue(30);
    assertThat(run.failedBatchedRecords()).isZero();
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, key(15), null, out)).isEqualTo(Status.OK);
    assertThat(out.get("field0").toString()).startsWith("value-115-0");
  }

  private static void allOperationsWork(MongoDbRun run, String table) throws Exception {
    DB db = db(run, 0);
    for (int i = 0; i < 10; i++) {
      assertThat(db.insert(table, key(i), rec(i))).isEqualTo(Status.OK);
    }
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, key(4), null, out)).isEqualTo(Status.OK);
    assertThat(out).containsOnlyKeys("field0", "field1", "field2");
    assertThat(db.update(table, key(4), StringByteIterator.getByteIteratorMap(Map.of("field1", "new"))))
        .isEqualTo(Status.OK);
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(db.scan(table, key(3), 4, Set.of("field1"), rows)).isEqualTo(Status.OK);
    assertThat(rows).hasSize(4);
    assertThat(rows.get(1)).containsOnlyKeys("field1");
    assertThat(rows.get(1).get("field1").toString()).isEqualTo("new");
    assertThat(db.delete(table, key(4))).isEqualTo(Status.OK);
    db.cleanup();
  }

  @Test
  void strongPreset() throws Exception {
    MongoDbRun run = open("mongodb.consistency", "strong");
    MongoCollection<Document> c = run.collection(table);
    assertThat(c.getWriteConcern()).isEqualTo(WriteConcern.W1);
    assertThat(c.getReadPreference()).isEqualTo(ReadPreference.primaryPreferred());
    allOperationsWork(run, table);
    assertThat(run.storeInfo().details()).containsEntry("consistency", "strong")
        .containsEntry("readPreference", "primaryPreferred").containsEntry("writeConcern", "w=1");
  }

  @Test
  void eventualPreset() throws Exception {
    MongoDbRun run = open("mongodb.consistency", "eventual");
    MongoCollection<Document> c = run.collection(table);
    assertThat(c.getWriteConcern()).isEqualTo(WriteConcern.W1);
    assertThat(c.getReadPreference()).isEqualTo(ReadPreference.nearest());
    allOperationsWork(run, table);
  }

  @Test
  void explicitOptionsOverrideThePreset() throws Exception {
    MongoDbRun run = open("mongodb.consistency", "eventual", "mongodb.readpreference", "primary",
        "mongodb.writeconcern.w", "majority", "mongodb.writeconcern.j", "true", "mongodb.writeconcern.wtimeout", "5s");
    MongoCollection<Document> c = run.collection(table);
    assertThat(c.getReadPreference()).isEqualTo(ReadPreference.primary());
    assertThat(c.getWriteConcern().getWObject()).isEqualTo("majority");
    assertThat(c.getWriteConcern().getJournal()).isTrue();
    allOperationsWork(run, table);
  }

  @Test
  void zlibCompressionProposed() throws Exception {
    MongoDbRun run = open("mongodb.compressors", "zlib");
    allOperationsWork(run, table);
    assertThat(run.storeInfo().details()).containsEntry("compressors", "zlib");
  }

  @Test
  void missingRecordsAreNotFound() throws Exception {
    MongoDbRun run = open();
    DB db = db(run, 0);
    assertThat(db.update(table, "ghost", rec(1))).isEqualTo(Status.NOT_FOUND);
    assertThat(db.delete(table, "ghost")).isEqualTo(Status.NOT_FOUND);
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(db.scan(table, "zzz", 10, null, rows)).isEqualTo(Status.OK);
    assertThat(rows).isEmpty();
  }

  @Test
  void readsStringFieldsWrittenByOtherTools() throws Exception {
    MongoDbRun run = open();
    run.collection(table).insertOne(new Document("_id", "other").append("field0", "text").append("n", 42));
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db(run, 0).read(table, "other", null, out)).isEqualTo(Status.OK);
    assertThat(StringByteIterator.getStringMap(out)).containsEntry("field0", "text").containsEntry("n", "42");
  }

  @Test
  void fieldsAreStoredAsBinary() throws Exception {
    MongoDbRun run = open();
    db(run, 0).insert(table, "bin", rec(1));
    Document d = run.collection(table).find(new Document("_id", "bin")).first();
    assertThat(d).isNotNull();
    assertThat(d.get("field0")).isInstanceOf(org.bson.types.Binary.class);
  }

  @Test
  void operationsAfterCloseReturnStatusesInsteadOfThrowing() throws Exception {
    MongoDbRun run = open();
    DB db = db(run, 0);
    run.close();
    assertThat(db.read(table, "k", null, new HashMap<>())).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(db.insert(table, "k", rec(1))).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(db.update(table, "k", rec(1))).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(db.delete(table, "k")).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(db.scan(table, "k", 3, null, new Vector<>())).isEqualTo(Status.SERVICE_UNAVAILABLE);
  }

  @Test
  void unreachableServerFailsFastWithOneMaskedLine() throws Exception {
    Map<String, String> p = ItServer.props("mongodb.url", "mongodb://benchuser:Hunter2pw@127.0.0.1:1/ycsb",
        "mongodb.connecttimeout", "2s");
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> new MongoDbBinding().open(ItServer.context(p, Phase.RUN, 4)))
        .isInstanceOf(BindingException.class)
        .satisfies(e -> {
          assertThat(((BenchmarkException) e).exitCode()).isEqualTo(BenchmarkException.EXIT_BINDING);
          assertThat(e.getMessage()).contains("127.0.0.1:1").contains("2s").contains("*****")
              .doesNotContain("Hunter2pw").doesNotContain("\n");
        });
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10.0);
  }

  @Test
  void indexWaitReturnsOnceBuiltAndNamesAMissingIndex() throws Exception {
    MongoDbRun run = open();
    MongoCollection<Document> c = run.collection(table);
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      docs.add(new Document("_id", key(i)).append("subject", "s" + (i % 50)).append("n", i));
    }
    c.insertMany(docs);
    c.createIndex(new Document("subject", 1).append("n", -1), new com.mongodb.client.model.IndexOptions()
        .name("subject_1_n_-1"));
    long t0 = System.nanoTime();
    IndexBuilds.await(run.admin(), c, "subject_1_n_-1", java.time.Duration.ofMinutes(1), System.err);
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(5.0);
    assertThatThrownBy(() -> IndexBuilds.await(run.admin(), c, "no_such_index", java.time.Duration.ofMillis(600),
        System.err)).isInstanceOf(BindingException.class).hasMessageContaining("no_such_index")
        .hasMessageContaining("not listed");
  }

  @Test
  void badOptionIsConfigErrorBeforeConnecting() throws Exception {
    Map<String, String> p = ItServer.props("mongodb.writeconcern.w", "lots");
    assertThatThrownBy(() -> new MongoDbBinding().open(ItServer.context(p, Phase.RUN, 1)))
        .isInstanceOf(ConfigException.class).hasMessageContaining("mongodb.writeconcern.w");
  }
}
