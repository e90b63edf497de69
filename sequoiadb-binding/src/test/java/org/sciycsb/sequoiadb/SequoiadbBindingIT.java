package org.sciycsb.sequoiadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Batching, store info, presets, collection creation and failures against the test node (SequoiaDB 6.0). */
@Tag("server-sequoiadb")
class SequoiadbBindingIT {
  private final List<SequoiadbRun> runs = new ArrayList<>();
  private final String table = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

  @AfterEach
  void closeAll() {
    for (SequoiadbRun r : runs) {
      r.close();
    }
  }

  private SequoiadbRun open(String... kv) throws Exception {
    Map<String, String> p = ItServer.props(kv);
    p.put("table", table);
    SequoiadbRun run = (SequoiadbRun) new SequoiadbBinding().open(ItServer.context(p, Phase.LOAD, 2));
    runs.add(run);
    return run;
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
    SequoiadbRun run = open("sequoiadb.batchsize", "1000");
    DB db = ItServer.db(run, 0);
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
    assertThat(ok).as("inserts that filled a batch").isEqualTo(2);
    assertThat(batched).isEqualTo(2498);
    assertThat(run.count(table)).as("before the tail is flushed").hasValue(2000);
    db.cleanup();
    assertThat(run.count(table)).as("after cleanup flushed the tail").hasValue(2500);
    assertThat(run.failedBatchedRecords()).isZero();
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, key(2499), Set.of("field1"), out)).isEqualTo(Status.OK);
    assertThat(out.keySet()).containsExactly("field1");
    assertThat(out.get("field1").toString()).startsWith("value-2499-1-");
  }

  @Test
  void batchedLoadAcrossThreadsOnAPoolOfOne() throws Exception {
    SequoiadbRun run = open("sequoiadb.batchsize", "100", "sequoiadb.poolsize", "1");
    DB a = ItServer.db(run, 0);
    DB b = ItServer.db(run, 1);
    for (int i = 0; i < 250; i++) {
      a.insert(table, key(i), rec(i));
      b.insert(table, key(1000 + i), rec(i));
    }
    a.cleanup();
    b.cleanup();
    assertThat(run.count(table)).hasValue(500);
    assertThat(run.connectionsOpened()).hasValue(1);
  }

  @Test
  void duplicateKeyInABatchIsCountedAndTheRestIsWritten() throws Exception {
    SequoiadbRun run = open("sequoiadb.batchsize", "3");
    DB db = ItServer.db(run, 0);
    assertThat(db.insert(table, key(1), rec(1))).isEqualTo(Status.BATCHED_OK);
    assertThat(db.insert(table, key(1), rec(2))).isEqualTo(Status.BATCHED_OK);
    assertThat(db.insert(table, key(3), rec(3))).as("the batch with a duplicate").isEqualTo(Status.ERROR);
    assertThat(run.failedBatchedRecords()).isEqualTo(1);
    assertThat(db.insert(table, key(4), rec(4))).isEqualTo(Status.BATCHED_OK);
    db.cleanup();
    assertThat(run.count(table)).as("keys 1, 3 and 4").hasValue(3);
  }

  @Test
  void insertOfAnExistingKeyIsAnError() throws Exception {
    DB db = ItServer.db(open(), 0);
    assertThat(db.insert(table, key(1), rec(1))).isEqualTo(Status.OK);
    assertThat(db.insert(table, key(1), rec(2))).isEqualTo(Status.ERROR);
  }

  @Test
  void storeInfoNamesSequoiadbAndItsVersion() throws Exception {
    StoreInfo info = open().storeInfo();
    assertThat(info.product()).isEqualTo("SequoiaDB");
    assertThat(info.version()).matches("\\d+\\.\\d+\\.\\d+").startsWith("6.");
    assertThat(info.details()).containsKeys("release", "gitVersion", "driver").containsEntry("collection", table)
        .containsEntry("collectionSpace", "sciycsb_it");
  }

  @Test
  void bankmarkPresetCreatesCompressedCollectionsWithReplSizeOne() throws Exception {
    StoreInfo info = open("sequoiadb.preset", "bankmark").storeInfo();
    assertThat(info.details()).containsEntry("compression", "snappy").containsEntry("replSize", "1")
        .containsEntry("preferredInstance", "M");
    DB db = ItServer.db(runs.get(0), 0);
    assertThat(db.insert(table, key(7), rec(7))).isEqualTo(Status.OK);
    assertThat(db.read(table, key(7), null, new HashMap<>())).isEqualTo(Status.OK);
  }

  @Test
  void explicitOptionsOverrideThePreset() throws Exception {
    StoreInfo info = open("sequoiadb.preset", "bankmark", "sequoiadb.compression", "none",
        "sequoiadb.preferredinstance", "A").storeInfo();
    assertThat(info.details()).containsEntry("compression", "none").containsEntry("preferredInstance", "A");
  }

  @Test
  void missingCollectionSpaceWithCreationOffIsOneConfigLine() {
    Map<String, String> p = ItServer.props("sequoiadb.collectionspace", "nope_" + table, "sequoiadb.create",
        "false");
    assertThatThrownBy(() -> new SequoiadbBinding().open(ItServer.context(p, Phase.RUN, 1)))
        .isInstanceOf(ConfigException.class)
        .satisfies(e -> assertThat(((BenchmarkException) e).exitCode()).isEqualTo(BenchmarkException.EXIT_CONFIG))
        .hasMessageContaining("collection space 'nope_" + table + "' does not exist")
        .hasMessageContaining("sequoiadb.create=false").hasMessageNotContaining("\n");
  }

  @Test
  void missingCollectionWithCreationOffIsOneConfigLine() throws Exception {
    open(); // creates the collection space
    Map<String, String> p = ItServer.props("sequoiadb.collection", "absent_" + table, "sequoiadb.create", "false");
    assertThatThrownBy(() -> new SequoiadbBinding().open(ItServer.context(p, Phase.RUN, 1)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("collection 'sciycsb_it.absent_" + table + "' does not exist");
  }

  @Test
  void unreachableNodeFailsFastWithOneMaskedLine() {
    Map<String, String> p = ItServer.props("sequoiadb.hosts", "127.0.0.1:1", "sequoiadb.connecttimeout", "2s",
        "sequoiadb.user", "bench", "sequoiadb.password", "Hunter2pw");
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> new SequoiadbBinding().open(ItServer.context(p, Phase.RUN, 4)))
        .isInstanceOf(BindingException.class)
        .satisfies(e -> {
          assertThat(((BenchmarkException) e).exitCode()).isEqualTo(BenchmarkException.EXIT_BINDING);
          assertThat(e.getMessage()).contains("127.0.0.1:1").contains("not reachable").contains("2s")
              .doesNotContain("Hunter2pw").doesNotContain("\n");
        });
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10.0);
  }

  @Test
  void badBatchSizeIsAConfigErrorBeforeConnecting() {
    Map<String, String> p = ItServer.props("sequoiadb.batchsize", "0", "sequoiadb.hosts", "127.0.0.1:1");
    assertThatThrownBy(() -> new SequoiadbBinding().open(ItServer.context(p, Phase.RUN, 1)))
        .isInstanceOf(ConfigException.class).hasMessageContaining("sequoiadb.batchsize");
  }

  @Test
  void cleanupFailsLoudlyWhenTheTailCannotBeWritten() throws Exception {
    SequoiadbRun run = open("sequoiadb.batchsize", "10");
    DB db = ItServer.db(run, 0);
    assertThat(db.insert(table, key(1), rec(1))).isEqualTo(Status.BATCHED_OK);
    // another table flushes key 1; key 2 waits for cleanup, which finds no such collection
    assertThat(db.insert(table + "x", key(2), rec(2))).isEqualTo(Status.BATCHED_OK);
    assertThat(run.count(table)).hasValue(1);
    assertThatThrownBy(db::cleanup).isInstanceOf(DBException.class).hasMessageContaining("last batch of 1 record")
        .hasMessageContaining("1 record lost");
    assertThat(run.failedBatchedRecords()).isEqualTo(1);
  }
}
