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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import shaded.com.basho.riak.protobuf.RiakKvPB;
import site.ycsb.Status;

/**
 * The SubjectTimeline (FHIR) and DocumentStore (FASTA) access paths end to end through riak-client and the wire
 * protocol against {@link RiakStandIn}, a protocol-level STAND-IN (not Riak, no benchmark numbers): the 2i query
 * and fetches a read sends, the order and limits of what comes back, presets on the wire, strongly consistent
 * bucket types, a backend without 2i, paged counts, retries.
 */
class RiakAccessPathsStandInTest {
  static final SubjectTimeline.Schema SCHEMA = new SubjectTimeline.Schema("patient", "observation");

  private RiakStandIn standIn;
  private BindingRun run;
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  private void open(RiakStandIn.Mode mode, String... kv) throws Exception {
    standIn = RiakStandIn.start(mode);
    Map<String, String> props = new HashMap<>();
    props.put("riak.hosts", standIn.hosts());
    for (int i = 0; i < kv.length; i += 2) {
      props.put(kv[i], kv[i + 1]);
    }
    Path dir = Files.createTempDirectory("riak-access");
    run = new RiakBinding().open(new RunContext(new Config(props), Phase.RUN, 1, dir, dir,
        new PrintStream(log, true, StandardCharsets.UTF_8)));
    standIn.clearReceived();
  }

  private SubjectTimeline timeline() throws Exception {
    try (SubjectTimeline setup = run.accessPath(SubjectTimeline.class, -1)) {
      setup.prepare(SCHEMA);
    }
    standIn.clearReceived();
    return run.accessPath(SubjectTimeline.class, 0);
  }

  @AfterEach
  void close() throws Exception {
    if (run != null) {
      run.close();
    }
    if (standIn != null) {
      standIn.close();
    }
  }

  static String obs(String id) {
    return "{\"resourceType\":\"Observation\",\"id\":\"" + id + "\"}";
  }

  @Test
  void recentEventsAreTheSubjectsNewestFirstLimitedAndNothingElse() throws Exception {
    open(RiakStandIn.Mode.eventual());
    SubjectTimeline t = timeline();
    assertThat(t.putSubject("p1", "{\"id\":\"p1\"}")).isEqualTo(Status.OK);
    // written out of time order, with neighbours whose ids share p1's first characters
    long[] times = {3000, 1000, 5000, 2000, 4000, 6000, 500};
    for (long time : times) {
      assertThat(t.putEvent("p1", time, "p1-" + time, obs("p1-" + time))).isEqualTo(Status.OK);
    }
    t.putEvent("p10", 9000, "p10-a", obs("p10-a"));
    t.putEvent("p", 9000, "p-a", obs("p-a"));
    t.putEvent("p1|x", 9000, "p1x-a", obs("p1x-a"));
    standIn.clearReceived();

    List<String> out = new ArrayList<>();
    assertThat(t.recentEvents("p1", 5, out)).isEqualTo(Status.OK);
    assertThat(out).containsExactly(obs("p1-6000"), obs("p1-5000"), obs("p1-4000"), obs("p1-3000"),
        obs("p1-2000"));
    // one 2i query, then one fetch per result
    assertThat(standIn.received(RiakKvPB.RpbIndexReq.class)).singleElement().satisfies(q -> {
      assertThat(q.getIndex().toStringUtf8()).isEqualTo("timeline_bin");
      assertThat(q.getMaxResults()).isEqualTo(5);
      assertThat(q.getReturnTerms()).isTrue();
    });
    assertThat(standIn.received(RiakKvPB.RpbGetReq.class)).extracting(g -> g.getKey().toStringUtf8())
        .containsExactlyInAnyOrder("p1-6000", "p1-5000", "p1-4000", "p1-3000", "p1-2000");

    out.clear();
    assertThat(t.recentEvents("p1", 50, out)).isEqualTo(Status.OK);
    assertThat(out).hasSize(7).first().isEqualTo(obs("p1-6000"));
    assertThat(out).last().isEqualTo(obs("p1-500"));
    out.clear();
    assertThat(t.recentEvents("p1|x", 5, out)).isEqualTo(Status.OK);
    assertThat(out).containsExactly(obs("p1x-a"));
    out.clear();
    assertThat(t.recentEvents("nobody", 5, out)).as("a patient without observations").isEqualTo(Status.OK);
    assertThat(out).isEmpty();
    assertThat(t.recentEvents("p1", 0, out)).isEqualTo(Status.OK);
    assertThat(out).isEmpty();

    // a newer event inserted later comes first
    t.putEvent("p1", 7000, "p1-7000", obs("p1-7000"));
    out.clear();
    t.recentEvents("p1", 2, out);
    assertThat(out).containsExactly(obs("p1-7000"), obs("p1-6000"));

    // the patient object, and the count of every event through the index (10 + 1)
    assertThat(standIn.siblings("default", "patient", "p1")).isEqualTo(1);
    assertThat(t.countEvents()).isEqualTo(11);
  }

  @Test
  void presetsReachTheWritesAndTheFetches() throws Exception {
    open(RiakStandIn.Mode.eventual(), "riak.consistency", "strong", "riak.bucket_type", "ehr");
    SubjectTimeline t = timeline();
    t.putSubject("p1", "{}");
    t.putEvent("p1", 1, "e1", obs("e1"));
    t.recentEvents("p1", 5, new ArrayList<>());
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).hasSize(2).allSatisfy(p -> {
      assertThat(p.getW()).isEqualTo(QUORUM);
      assertThat(p.getType().toStringUtf8()).isEqualTo("ehr");
    });
    assertThat(standIn.received(RiakKvPB.RpbGetReq.class)).singleElement()
        .satisfies(g -> assertThat(g.getR()).isEqualTo(QUORUM));
  }

  @Test
  void timeoutsAreRetriedFromTheIndexQueryAndThenUnavailable() throws Exception {
    open(RiakStandIn.Mode.eventual(), "riak.retries", "1", "riak.retry_wait", "1ms");
    SubjectTimeline t = timeline();
    t.putEvent("p1", 1, "e1", obs("e1"));
    t.putEvent("p1", 2, "e2", obs("e2"));
    standIn.failNext("timeout", 1);
    List<String> out = new ArrayList<>();
    assertThat(t.recentEvents("p1", 5, out)).isEqualTo(Status.OK);
    assertThat(out).containsExactly(obs("e2"), obs("e1"));
    standIn.failNext("timeout", 2);
    assertThat(t.recentEvents("p1", 5, out)).isEqualTo(Status.SERVICE_UNAVAILABLE);
    standIn.failNext("{insufficient_vnodes,0,need,1}", 2);
    assertThat(t.putEvent("p1", 3, "e3", obs("e3"))).isEqualTo(Status.SERVICE_UNAVAILABLE);
  }

  @Test
  void strongConsistencyWithoutAnIndexBucketTypeIsRefusedBeforeTheRun() throws Exception {
    open(new RiakStandIn.Mode(true, false, true), "riak.strong_consistency", "true", "riak.bucket_type", "sc");
    assertThatThrownBy(() -> run.accessPath(SubjectTimeline.class, -1)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("strongly consistent bucket types").hasMessageContaining("riak.scan_bucket_type")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).isEmpty();
  }

  @Test
  void strongConsistencyKeepsTheEventsStrongAndTheirIndexEntriesInTheIndexType() throws Exception {
    open(new RiakStandIn.Mode(true, false, true), "riak.strong_consistency", "true", "riak.bucket_type", "sc",
        "riak.scan_bucket_type", "idx", "riak.consistency", "strong");
    standIn.eventuallyConsistentType("idx");
    SubjectTimeline t = timeline();
    for (int i = 1; i <= 4; i++) {
      assertThat(t.putEvent("p1", i * 100L, "e" + i, obs("e" + i))).isEqualTo(Status.OK);
    }
    assertThat(t.putEvent("p1", 400, "e4", obs("e4"))).as("an upsert of the same event").isEqualTo(Status.OK);
    List<RiakKvPB.RpbPutReq> puts = standIn.received(RiakKvPB.RpbPutReq.class);
    assertThat(puts).filteredOn(p -> p.getType().toStringUtf8().equals("sc"))
        .allSatisfy(p -> {
          assertThat(p.getContent().getIndexesCount()).isZero();
          assertThat(p.hasW()).as("no quorum on SC types").isFalse();
        });
    assertThat(puts).filteredOn(p -> p.getType().toStringUtf8().equals("idx")).hasSize(5)
        .allSatisfy(p -> assertThat(p.getContent().getIndexes(0).getKey().toStringUtf8()).isEqualTo("timeline_bin"));
    List<String> out = new ArrayList<>();
    assertThat(t.recentEvents("p1", 3, out)).isEqualTo(Status.OK);
    assertThat(out).containsExactly(obs("e4"), obs("e3"), obs("e2"));
    assertThat(standIn.received(RiakKvPB.RpbIndexReq.class)).last()
        .satisfies(q -> assertThat(q.getType().toStringUtf8()).isEqualTo("idx"));
    assertThat(standIn.received(RiakKvPB.RpbGetReq.class)).last()
        .satisfies(g -> assertThat(g.getType().toStringUtf8()).isEqualTo("sc"));
    assertThat(t.countEvents()).isEqualTo(4);
  }

  @Test
  void aBackendWithout2iIsRefusedWhenTheTimelineIsPrepared() throws Exception {
    open(new RiakStandIn.Mode(false, false, false), "riak.scan_index", "false");
    SubjectTimeline setup = run.accessPath(SubjectTimeline.class, -1);
    assertThatThrownBy(() -> setup.prepare(SCHEMA)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("needs secondary indexes").hasMessageContaining("bucket type 'default'")
        .hasMessageContaining("indexes_not_supported");
  }

  @Test
  void theEventCountPagesThroughTheIndex() throws Exception {
    open(RiakStandIn.Mode.eventual());
    SubjectTimeline t = timeline();
    int n = RiakRequests.COUNT_PAGE + 3;
    for (int i = 0; i < n; i++) {
      assertThat(t.putEvent("p" + (i % 50), i, "e" + i, "{}")).isEqualTo(Status.OK);
    }
    standIn.clearReceived();
    assertThat(t.countEvents()).isEqualTo(n);
    assertThat(standIn.received(RiakKvPB.RpbIndexReq.class)).hasSize(2);
  }

  @Test
  void documentsAreStoredReadAndCountedPerCollection() throws Exception {
    open(RiakStandIn.Mode.eventual(), "riak.consistency", "eventual");
    try (DocumentStore setup = run.accessPath(DocumentStore.class, -1)) {
      setup.prepare(List.of("fasta_task", "fasta_rna"));
      assertThat(setup.count("fasta_rna")).isZero();
    }
    DocumentStore d = run.accessPath(DocumentStore.class, 0);
    for (int i = 0; i < 25; i++) {
      String id = String.format("%016x", i * 7919L);
      assertThat(d.insert("fasta_rna", id, "{\"_id\":\"" + id + "\",\"s\":\"ACGU\"}")).isEqualTo(Status.OK);
    }
    assertThat(d.insert("fasta_task", "t1", "{\"_id\":\"t1\",\"q\":\"\\u00e9\"}")).isEqualTo(Status.OK);
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).hasSize(26).allSatisfy(p -> {
      assertThat(p.getW()).isEqualTo(ONE);
      assertThat(p.getContent().getIndexes(0).getKey().toStringUtf8()).isEqualTo("key_bin");
    });
    DocumentStore.Result r = d.read("fasta_rna", String.format("%016x", 7919L));
    assertThat(r.status()).isEqualTo(Status.OK);
    assertThat(r.json()).isEqualTo("{\"_id\":\"" + String.format("%016x", 7919L) + "\",\"s\":\"ACGU\"}");
    assertThat(d.read("fasta_task", "t1").json()).isEqualTo("{\"_id\":\"t1\",\"q\":\"\\u00e9\"}");
    assertThat(d.read("fasta_rna", "t1").status()).isEqualTo(Status.NOT_FOUND);
    assertThat(d.count("fasta_rna")).isEqualTo(25);
    assertThat(d.count("fasta_task")).isEqualTo(1);
    assertThat(d.count("fasta_gs")).isZero();
    standIn.failNext("overload", 1);
    assertThat(d.read("fasta_task", "t1").status()).isEqualTo(Status.SERVICE_UNAVAILABLE);
  }

  @Test
  void documentCountIsUnknownWithoutAnIndex() throws Exception {
    open(new RiakStandIn.Mode(true, false, true), "riak.strong_consistency", "true");
    DocumentStore d = run.accessPath(DocumentStore.class, 0);
    assertThat(d.insert("fasta_gs", "g1", "{}")).isEqualTo(Status.OK);
    assertThat(d.insert("fasta_gs", "g1", "{\"v\":2}")).as("an upsert on an SC type").isEqualTo(Status.OK);
    assertThat(d.read("fasta_gs", "g1").json()).isEqualTo("{\"v\":2}");
    assertThat(d.count("fasta_gs")).isEqualTo(-1);
  }

  @Test
  void theStandInAnswersSortedPagedRangeQueriesWithTermsAsRiakDoes() throws Exception {
    open(RiakStandIn.Mode.eventual());
    SubjectTimeline t = timeline();
    t.putEvent("b", 1, "k2", "{}");
    t.putEvent("b", 1, "k1", "{}");
    t.putEvent("a", 5, "k3", "{}");
    t.putEvent("c", 9, "k0", "{}");
    List<String[]> postings = standIn.postings("default", "observation", "timeline_bin");
    assertThat(postings).extracting(p -> p[1]).containsExactly("k3", "k1", "k2", "k0");
    // pages of two through riak-client's continuation, in term order, with the terms
    RiakRun rr = (RiakRun) run;
    com.basho.riak.client.core.query.Namespace ns = rr.requests().namespace("observation");
    List<String> keys = new ArrayList<>();
    List<String> terms = new ArrayList<>();
    com.basho.riak.client.core.util.BinaryValue cont = null;
    int pages = 0;
    do {
      com.basho.riak.client.api.commands.indexes.BinIndexQuery.Builder b =
          new com.basho.riak.client.api.commands.indexes.BinIndexQuery.Builder(ns, "timeline", "", "\uffff")
              .withMaxResults(2).withPaginationSort(true).withKeyAndIndex(true);
      if (cont != null) {
        b.withContinuation(cont);
      }
      com.basho.riak.client.api.commands.indexes.BinIndexQuery.Response r = rr.execute(b.build());
      for (var e : r.getEntries()) {
        keys.add(e.getRiakObjectLocation().getKeyAsString());
        terms.add(e.getIndexKey());
      }
      cont = r.hasContinuation() ? r.getContinuation() : null;
      pages++;
    } while (cont != null);
    assertThat(keys).containsExactly("k3", "k1", "k2", "k0");
    assertThat(terms).containsExactly(postings.get(0)[0], postings.get(1)[0], postings.get(2)[0],
        postings.get(3)[0]);
    assertThat(pages).as("two full pages, then an empty one (a full page always carries a continuation)")
        .isEqualTo(3);
    // an equality query, without terms
    com.basho.riak.client.api.commands.indexes.BinIndexQuery.Response eq = rr.execute(
        new com.basho.riak.client.api.commands.indexes.BinIndexQuery.Builder(ns, "timeline", postings.get(1)[0])
            .build());
    assertThat(eq.getEntries()).extracting(e -> e.getRiakObjectLocation().getKeyAsString()).containsExactly("k1");
  }
}
