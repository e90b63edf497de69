package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sciycsb.riak.RiakRequestsTest.ONE;
import static org.sciycsb.riak.RiakRequestsTest.QUORUM;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import shaded.com.basho.riak.protobuf.RiakKvPB;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * End-to-end behaviour of the binding against {@link RiakStandIn}, a protocol-level STAND-IN for a Riak node (not
 * Riak; no benchmark numbers): presets on the wire, strongly consistent conditional writes and their retries,
 * sibling resolution, missing 2i, error mapping.
 */
class RiakStandInTest {
  private RiakStandIn standIn;
  private BindingRun run;
  private DB db;
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  private void open(RiakStandIn.Mode mode, String... kv) throws Exception {
    standIn = RiakStandIn.start(mode);
    Map<String, String> props = new HashMap<>();
    props.put("riak.hosts", standIn.hosts());
    for (int i = 0; i < kv.length; i += 2) {
      props.put(kv[i], kv[i + 1]);
    }
    Path dir = Files.createTempDirectory("riak-standin");
    run = new RiakBinding().open(new RunContext(new Config(props), Phase.RUN, 1, dir, dir,
        new PrintStream(log, true, StandardCharsets.UTF_8)));
    db = run.newDb(0);
    db.init();
    standIn.clearReceived(); // drop the probes of open()
  }

  @AfterEach
  void close() throws Exception {
    if (db != null) {
      db.cleanup();
    }
    if (run != null) {
      run.close();
    }
    if (standIn != null) {
      standIn.close();
    }
  }

  static Map<String, ByteIterator> rec(String... kv) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  Map<String, String> read(String key) {
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read("usertable", key, null, out)).isEqualTo(Status.OK);
    return StringByteIterator.getStringMap(out);
  }

  @Test
  void storeInfoReportsWhatTheNodeSays() throws Exception {
    open(RiakStandIn.Mode.eventual());
    StoreInfo info = run.storeInfo();
    assertThat(info.product()).isEqualTo("Riak KV");
    assertThat(info.version()).isEqualTo(RiakStandIn.VERSION);
    assertThat(info.details()).containsEntry("node", "standin@127.0.0.1").containsEntry("client", "riak-client 2.1.1");
  }

  @Test
  void strongPresetSendsQuorumQuorum() throws Exception {
    open(RiakStandIn.Mode.eventual(), "riak.consistency", "strong");
    db.insert("usertable", "u1", rec("field0", "a"));
    db.read("usertable", "u1", null, new HashMap<>());
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).singleElement()
        .satisfies(p -> assertThat(p.getW()).isEqualTo(QUORUM));
    assertThat(standIn.received(RiakKvPB.RpbGetReq.class)).singleElement()
        .satisfies(g -> assertThat(g.getR()).isEqualTo(QUORUM));
  }

  @Test
  void eventualPresetSendsOneOne() throws Exception {
    open(RiakStandIn.Mode.eventual(), "riak.consistency", "eventual");
    db.insert("usertable", "u1", rec("field0", "a"));
    db.update("usertable", "u1", rec("field0", "b"));
    assertThat(standIn.received(RiakKvPB.RpbGetReq.class)).allSatisfy(g -> assertThat(g.getR()).isEqualTo(ONE));
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).hasSize(2)
        .allSatisfy(p -> assertThat(p.getW()).isEqualTo(ONE));
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class).get(1).hasVclock()).as("update sends the vclock")
        .isTrue();
  }

  @Test
  void siblingsResolveToTheLatestAndUpdateMergesThemAway() throws Exception {
    open(new RiakStandIn.Mode(false, true, true));
    standIn.addSibling("default", "usertable", "s1", "{\"field0\":\"old\",\"field1\":\"x\"}", 1000);
    standIn.addSibling("default", "usertable", "s1", "{\"field0\":\"new\",\"field1\":\"y\"}", 2000);
    assertThat(read("s1")).containsEntry("field0", "new").containsEntry("field1", "y");
    assertThat(db.update("usertable", "s1", rec("field1", "z"))).isEqualTo(Status.OK);
    assertThat(standIn.siblings("default", "usertable", "s1")).isEqualTo(1);
    assertThat(read("s1")).containsEntry("field0", "new").containsEntry("field1", "z");
  }

  @Test
  void strongConsistencyUpdatesAreConditionalAndRetriedOnConflict() throws Exception {
    open(new RiakStandIn.Mode(true, false, true), "riak.strong_consistency", "true", "riak.retries", "1",
        "riak.retry_wait", "1ms", "riak.consistency", "strong");
    assertThat(db.insert("usertable", "k", rec("field0", "a", "field1", "b"))).isEqualTo(Status.OK);
    assertThat(db.insert("usertable", "k", rec("field0", "a2", "field1", "b2"))).as("upsert").isEqualTo(Status.OK);
    standIn.clearReceived();
    standIn.failNext("failed", 1); // the conditional put of the first attempt loses a race
    assertThat(db.update("usertable", "k", rec("field1", "c"))).isEqualTo(Status.OK);
    assertThat(standIn.received(RiakKvPB.RpbGetReq.class)).as("fetched again after the conflict").hasSize(2)
        .allSatisfy(g -> assertThat(g.hasR()).as("no quorum on SC types").isFalse());
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).singleElement()
        .satisfies(p -> assertThat(p.hasVclock()).isTrue());
    assertThat(read("k")).containsEntry("field0", "a2").containsEntry("field1", "c");
    assertThat(db.scan("usertable", "k", 1, null, new Vector<>())).as("SC types have no 2i")
        .isEqualTo(Status.NOT_IMPLEMENTED);
    assertThat(db.delete("usertable", "k")).isEqualTo(Status.OK);
    assertThat(standIn.received(RiakKvPB.RpbDelReq.class)).singleElement()
        .satisfies(d -> assertThat(d.hasVclock()).isTrue());
    assertThat(db.delete("usertable", "k")).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void strongConsistencyConflictWithoutRetriesIsUnexpectedState() throws Exception {
    open(new RiakStandIn.Mode(true, false, true), "riak.strong_consistency", "true");
    db.insert("usertable", "k", rec("field0", "a"));
    standIn.failNext("failed", 1);
    assertThat(db.update("usertable", "k", rec("field0", "b"))).isEqualTo(Status.UNEXPECTED_STATE);
  }

  @Test
  void strongConsistencyScansGoThroughTheIndexBucketType() throws Exception {
    open(new RiakStandIn.Mode(true, false, true), "riak.strong_consistency", "true",
        "riak.strong_consistent_scans_bucket_type", "fakeBucketType", "riak.bucket_type", "strong");
    for (int i = 0; i < 10; i++) {
      db.insert("usertable", String.format("user%02d", i), rec("field0", "v" + i));
    }
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertThat(db.scan("usertable", "user04", 3, null, out)).isEqualTo(Status.OK);
    assertThat(out).extracting(r -> r.get("field0").toString()).containsExactly("v4", "v5", "v6");
    assertThat(standIn.received(RiakKvPB.RpbIndexReq.class)).last()
        .satisfies(q -> assertThat(q.getType().toStringUtf8()).isEqualTo("fakeBucketType"));
    db.delete("usertable", "user05");
    out.clear();
    assertThat(db.scan("usertable", "user04", 3, null, out)).isEqualTo(Status.OK);
    assertThat(out).extracting(r -> r.get("field0").toString()).containsExactly("v4", "v6", "v7");
  }

  @Test
  void backendWithout2iDegradesToNotImplementedScans() throws Exception {
    open(new RiakStandIn.Mode(false, false, false));
    assertThat(log.toString(StandardCharsets.UTF_8)).contains("no secondary indexes");
    assertThat(db.insert("usertable", "k", rec("field0", "a"))).as("stored without key_bin").isEqualTo(Status.OK);
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).singleElement()
        .satisfies(p -> assertThat(p.getContent().getIndexesCount()).isZero());
    assertThat(db.scan("usertable", "k", 5, null, new Vector<>())).isEqualTo(Status.NOT_IMPLEMENTED);
  }

  @Test
  void timeoutsAreServiceUnavailableAndRetried() throws Exception {
    open(RiakStandIn.Mode.eventual(), "riak.retries", "2", "riak.retry_wait", "1ms");
    db.insert("usertable", "k", rec("field0", "a"));
    standIn.failNext("timeout", 2);
    assertThat(read("k")).containsEntry("field0", "a");
    standIn.failNext("timeout", 3);
    assertThat(db.read("usertable", "k", null, new HashMap<>())).isEqualTo(Status.SERVICE_UNAVAILABLE);
    standIn.failNext("{insufficient_vnodes,0,need,2}", 3);
    assertThat(db.insert("usertable", "k2", rec("field0", "a"))).isEqualTo(Status.SERVICE_UNAVAILABLE);
    standIn.failNext("something odd", 1);
    assertThat(db.delete("usertable", "k")).isEqualTo(Status.ERROR);
  }

  @Test
  void aBucketTypeTheServerRejectsEndsTheRunAtOpen() throws Exception {
    standIn = RiakStandIn.start(RiakStandIn.Mode.eventual());
    standIn.failNext("No bucket-type named 'nosuch'", 1);
    Path dir = Files.createTempDirectory("riak-standin");
    assertThatThrownBy(() -> new RiakBinding().open(new RunContext(new Config(Map.of("riak.hosts",
        standIn.hosts(), "riak.bucket_type", "nosuch")), Phase.RUN, 1, dir, dir, System.err)))
        .isInstanceOf(BindingException.class).hasMessageContaining("bucket type 'nosuch'")
        .hasMessageContaining("No bucket-type named");
  }

  @Test
  void countPagesThroughTheKeyIndex() throws Exception {
    open(RiakStandIn.Mode.eventual());
    int n = RiakRequests.COUNT_PAGE + 5; // more than one page
    for (int i = 0; i < n; i++) {
      assertThat(db.insert("usertable", "user" + i, rec("field0", "v"))).isEqualTo(Status.OK);
    }
    assertThat(run.count("usertable")).hasValue(n);
    assertThat(standIn.received(RiakKvPB.RpbIndexReq.class)).hasSize(2);
    assertThat(run.count("othertable")).hasValue(0);
  }

  @Test
  void countIsUnknownWithoutTheIndex() throws Exception {
    open(new RiakStandIn.Mode(true, false, true), "riak.strong_consistency", "true");
    assertThat(run.count("usertable")).isEmpty();
  }

  @Test
  void threadsShareOneClient() throws Exception {
    open(RiakStandIn.Mode.eventual(), "riak.consistency", "strong", "riak.max_connections", "4");
    int threads = 4;
    int per = 150;
    java.util.List<Thread> ts = new java.util.ArrayList<>();
    java.util.concurrent.atomic.AtomicInteger bad = new java.util.concurrent.atomic.AtomicInteger();
    for (int t = 0; t < threads; t++) {
      DB mine = run.newDb(t + 1);
      int id = t;
      ts.add(new Thread(() -> {
        try {
          mine.init();
          for (int i = 0; i < per; i++) {
            String key = "t" + id + "-" + i;
            if (!mine.insert("usertable", key, rec("field0", key)).isOk()) {
              bad.incrementAndGet();
            }
            Map<String, ByteIterator> out = new HashMap<>();
            if (!mine.read("usertable", key, null, out).isOk() || !out.get("field0").toString().equals(key)) {
              bad.incrementAndGet();
            }
          }
          mine.cleanup();
        } catch (Exception e) {
          bad.incrementAndGet();
        }
      }));
    }
    ts.forEach(Thread::start);
    for (Thread t : ts) {
      t.join();
    }
    assertThat(bad.get()).isZero();
    assertThat(run.count("usertable")).hasValue(threads * per);
  }

  @Test
  void notFoundCases() throws Exception {
    open(RiakStandIn.Mode.eventual());
    assertThat(db.read("usertable", "none", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(db.update("usertable", "none", rec("field0", "a"))).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void aStoppedNodeMakesOperationsUnavailableNotThrow() throws Exception {
    open(RiakStandIn.Mode.eventual(), "riak.timeout", "500ms", "riak.connect_timeout", "200ms");
    db.insert("usertable", "k", rec("field0", "a"));
    standIn.close();
    // depending on timing riak-client reports a closed channel, a dropped connection or no node available
    assertThat(db.read("usertable", "k", null, new HashMap<>())).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(db.update("usertable", "k", rec("field0", "b"))).isEqualTo(Status.SERVICE_UNAVAILABLE);
  }
}
