package org.sciycsb.wiredtiger;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ServerStats;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * What the binding does with records, checked against what was written: scans in key order from any start key
 * (present or not) through the _id index, deletes of document and index entry, read-modify-write of some fields,
 * data found again after a reopen, WiredTiger's own statistics, and the open configuration as the store's.
 */
class WiredTigerBehaviourTest {
  @TempDir
  Path work;

  private static Map<String, ByteIterator> rec(String... kv) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  private static Map<String, String> read(DB db, String key, Set<String> fields) {
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read("t", key, fields, out)).as("read %s", key).isEqualTo(Status.OK);
    return StringByteIterator.getStringMap(out);
  }

  /** 200 records written in shuffled order; each scan's keys are those of a sorted model from its start on. */
  @Test
  void scansDeletesAndUpdatesMatchAModelOfWhatWasWritten() throws Exception {
    TreeMap<String, Map<String, String>> model = new TreeMap<>();
    try (WiredTigerRun run = Runs.open(work, Map.of())) {
      DB db = run.newDb(0);
      db.init();
      java.util.List<Integer> order = new java.util.ArrayList<>();
      for (int i = 0; i < 200; i++) {
        order.add(i * 2);
      }
      java.util.Collections.shuffle(order, new java.util.Random(7));
      for (int i : order) {
        String k = String.format("user%04d", i);
        assertThat(db.insert("t", k, rec("f0", "a" + i, "f1", "b" + i))).isEqualTo(Status.OK);
        model.put(k, new HashMap<>(Map.of("f0", "a" + i, "f1", "b" + i)));
      }
      assertThat(db.insert("t", "user0002", rec("f0", "x"))).as("a second insert of an _id").isEqualTo(Status.ERROR);
      for (int i = 0; i < 400; i += 6) {
        String k = String.format("user%04d", i);
        assertThat(db.delete("t", k)).isEqualTo(Status.OK);
        model.remove(k);
      }
      assertThat(db.delete("t", "user0000")).as("deleted already").isEqualTo(Status.NOT_FOUND);
      for (int i = 2; i < 400; i += 10) {
        String k = String.format("user%04d", i);
        Status s = db.update("t", k, rec("f1", "u" + i, "f2", "new"));
        if (model.containsKey(k)) {
          assertThat(s).isEqualTo(Status.OK);
          model.get(k).putAll(Map.of("f1", "u" + i, "f2", "new"));
        } else {
          assertThat(s).isEqualTo(Status.NOT_FOUND);
        }
      }
      for (String start : new String[] {"user0000", "user0001", "user0150", "user0397", "user0398", "user9", "a"}) {
        Vector<HashMap<String, ByteIterator>> out = new Vector<>();
        assertThat(db.scan("t", start, 25, null, out)).isEqualTo(Status.OK);
        java.util.List<Map<String, String>> expected = model.tailMap(start, true).values().stream().limit(25).toList();
        assertThat(out.stream().map(StringByteIterator::getStringMap).toList()).as("scan from %s", start)
            .isEqualTo(expected);
      }
      for (Map.Entry<String, Map<String, String>> e : model.entrySet()) {
        assertThat(read(db, e.getKey(), null)).isEqualTo(e.getValue());
      }
      assertThat(read(db, "user0002", Set.of("f1"))).isEqualTo(Map.of("f1", "u2"));
      assertThat(run.count("t")).hasValue(model.size());
      db.cleanup();
    }
    try (WiredTigerRun again = Runs.open(work, Map.of())) {
      DB db = again.newDb(0);
      db.init();
      assertThat(again.count("t")).as("after a reopen").hasValue(model.size());
      for (Map.Entry<String, Map<String, String>> e : model.entrySet()) {
        assertThat(read(db, e.getKey(), null)).isEqualTo(e.getValue());
      }
      assertThat(db.insert("t", "user9999", rec("f0", "z"))).isEqualTo(Status.OK);
      assertThat(read(db, "user9999", null)).isEqualTo(Map.of("f0", "z"));
      db.cleanup();
      assertThat(again.empty("t")).isTrue();
      assertThat(again.count("t")).hasValue(0);
    }
  }

  @Test
  void statisticsAndConfigurationAreWiredTigersOwn() throws Exception {
    try (WiredTigerRun run = Runs.open(work, Map.of("wiredtiger.journal.interval", "20ms"))) {
      DB db = run.newDb(0);
      db.init();
      for (int i = 0; i < 500; i++) {
        assertThat(db.insert("t", "k" + i, rec("f0", "v".repeat(100)))).isEqualTo(Status.OK);
      }
      Thread.sleep(200); // a few of the journal flusher's intervals
      ServerStats s = run.serverStats().orElseThrow();
      assertThat(s.gauges().get("cache.bytes currently in the cache")).isPositive();
      assertThat(s.gauges()).containsKeys("cache.tracked dirty bytes in the cache",
          "transaction.transaction checkpoint most recent time (msecs)");
      assertThat(s.gauges().get("cache.maximum bytes configured")).isEqualTo(64.0 * (1 << 20));
      assertThat(s.counters().get("transaction.transactions committed")).isGreaterThanOrEqualTo(500);
      assertThat(s.counters().get("log.log sync operations")).as("the background flusher's syncs").isPositive();
      assertThat(s.counters()).containsKeys("cache.bytes read into cache", "cache.modified pages evicted",
          "transaction.transaction checkpoints", "transaction.transaction checkpoint total time (msecs)");
      assertThat(run.serverConfiguration().orElseThrow().settings().get("wiredtiger_open"))
          .contains("cache_size=67108864", "eviction=(threads_min=4,threads_max=4)", "checkpoint=(wait=60",
              "compressor=snappy", "libwiredtiger_snappy.so");
      assertThat(run.storeInfo().version()).isEqualTo("3.2.1");
      db.cleanup();
    }
  }

  @Test
  void theDataFolderIsWiredTigerDirCreatedWhenMissing() throws Exception {
    Path dir = work.resolve("a/b/data");
    try (WiredTigerRun run = Runs.open(work, Map.of("wiredtiger.dir", dir.toString()))) {
      assertThat(dir.resolve("WiredTiger")).exists();
      assertThat(new WiredTigerBinding().location(new org.sciycsb.api.Config(Map.of("wiredtiger.dir",
          dir.toString())), work).dataPath()).isEqualTo(dir);
    }
    assertThat(new WiredTigerBinding().location(new org.sciycsb.api.Config(Map.of()), work).dataPath())
        .isEqualTo(work.resolve("wiredtiger/data"));
  }
}
