package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sciycsb.riak.RiakSettingsTest.settings;

import com.basho.riak.client.api.cap.BasicVClock;
import com.basho.riak.client.api.cap.Quorum;
import com.basho.riak.client.api.commands.kv.FetchValue;
import com.basho.riak.client.core.RiakMessage;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import shaded.com.basho.riak.protobuf.RiakKvPB;
import shaded.com.basho.riak.protobuf.RiakMessageCodes;

/**
 * What each YCSB operation puts on the wire, per preset: the requests are built by {@link RiakRequests} (pure) and
 * encoded by riak-client itself ({@link Wire}), then decoded here with the client's protocol buffers classes.
 * Riak's symbolic quorums travel as one = -2, quorum = -3, all = -4, default = -5 (as unsigned 32-bit values).
 */
class RiakRequestsTest {
  static final int ONE = -2;
  static final int QUORUM = -3;
  static final int ALL = -4;
  static final int DEFAULT = -5;

  static RiakKvPB.RpbGetReq get(Object command) throws Exception {
    RiakMessage m = Wire.message(command);
    assertThat(m.getCode()).isEqualTo(RiakMessageCodes.MSG_GetReq);
    return RiakKvPB.RpbGetReq.parseFrom(m.getData());
  }

  static RiakKvPB.RpbPutReq put(Object command) throws Exception {
    RiakMessage m = Wire.message(command);
    assertThat(m.getCode()).isEqualTo(RiakMessageCodes.MSG_PutReq);
    return RiakKvPB.RpbPutReq.parseFrom(m.getData());
  }

  static RiakKvPB.RpbDelReq del(Object command) throws Exception {
    RiakMessage m = Wire.message(command);
    assertThat(m.getCode()).isEqualTo(RiakMessageCodes.MSG_DelReq);
    return RiakKvPB.RpbDelReq.parseFrom(m.getData());
  }

  static RiakKvPB.RpbIndexReq index(Object command) throws Exception {
    RiakMessage m = Wire.message(command);
    assertThat(m.getCode()).isEqualTo(RiakMessageCodes.MSG_IndexReq);
    return RiakKvPB.RpbIndexReq.parseFrom(m.getData());
  }

  static String utf8(shaded.com.google.protobuf.ByteString b) {
    return b.toStringUtf8();
  }

  @Test
  void quorumConstantsAreRiaksSymbolicValues() {
    assertThat(Quorum.oneQuorum().getIntValue()).isEqualTo(ONE);
    assertThat(Quorum.quorumQuorum().getIntValue()).isEqualTo(QUORUM);
    assertThat(Quorum.allQuorum().getIntValue()).isEqualTo(ALL);
    assertThat(Quorum.defaultQuorum().getIntValue()).isEqualTo(DEFAULT);
  }

  // ---------------------------------------------------------------- read

  @Test
  void readWithoutPresetSendsNoQuorum() throws Exception {
    RiakKvPB.RpbGetReq g = get(new RiakRequests(settings()).fetch("usertable", "user1"));
    assertThat(utf8(g.getType())).isEqualTo("default");
    assertThat(utf8(g.getBucket())).isEqualTo("usertable");
    assertThat(utf8(g.getKey())).isEqualTo("user1");
    assertThat(g.hasR()).isFalse();
    assertThat(g.hasPr()).isFalse();
    assertThat(g.hasNVal()).isFalse();
    assertThat(g.getTimeout()).isEqualTo(10_000);
  }

  @Test
  void strongPresetReadsAtQuorum() throws Exception {
    RiakKvPB.RpbGetReq g = get(new RiakRequests(settings("riak.consistency", "strong", "riak.bucket_type", "ehr",
        "riak.timeout", "2s")).fetch("patients", "p42"));
    assertThat(utf8(g.getType())).isEqualTo("ehr");
    assertThat(utf8(g.getBucket())).isEqualTo("patients");
    assertThat(g.getR()).isEqualTo(QUORUM);
    assertThat(g.hasPr()).isFalse();
    assertThat(g.getTimeout()).isEqualTo(2000);
  }

  @Test
  void eventualPresetReadsAtOne() throws Exception {
    RiakKvPB.RpbGetReq g = get(new RiakRequests(settings("riak.consistency", "eventual")).fetch("t", "k"));
    assertThat(g.getR()).isEqualTo(ONE);
  }

  @Test
  void explicitReadOptions() throws Exception {
    RiakKvPB.RpbGetReq g = get(new RiakRequests(settings("riak.consistency", "eventual", "riak.r", "all",
        "riak.pr", "2", "riak.n_val", "5")).fetch("t", "k"));
    assertThat(g.getR()).isEqualTo(ALL);
    assertThat(g.getPr()).isEqualTo(2);
    assertThat(g.getNVal()).isEqualTo(5);
  }

  @Test
  void strongConsistencyBucketTypeSendsNoQuorum() throws Exception {
    RiakKvPB.RpbGetReq g = get(new RiakRequests(settings("riak.strong_consistency", "true",
        "riak.bucket_type", "strong", "riak.consistency", "strong", "riak.pr", "all")).fetch("t", "k"));
    assertThat(utf8(g.getType())).isEqualTo("strong");
    assertThat(g.hasR()).isFalse();
    assertThat(g.hasPr()).isFalse();
    assertThat(g.hasNVal()).isFalse();
  }

  // ---------------------------------------------------------------- insert / update

  @Test
  void insertStoresJsonWithKeyIndexAndWriteQuorum() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.consistency", "strong", "riak.dw", "one", "riak.pw", "1"));
    byte[] json = "{\"field0\":\"a\"}".getBytes(StandardCharsets.UTF_8);
    RiakKvPB.RpbPutReq p = put(r.store("usertable", "user7", r.object("user7", json), null));
    assertThat(utf8(p.getType())).isEqualTo("default");
    assertThat(utf8(p.getBucket())).isEqualTo("usertable");
    assertThat(utf8(p.getKey())).isEqualTo("user7");
    assertThat(p.hasVclock()).isFalse();
    assertThat(p.getW()).isEqualTo(QUORUM);
    assertThat(p.getDw()).isEqualTo(ONE);
    assertThat(p.getPw()).isEqualTo(1);
    assertThat(p.getTimeout()).isEqualTo(10_000);
    RiakKvPB.RpbContent c = p.getContent();
    assertThat(utf8(c.getValue())).isEqualTo("{\"field0\":\"a\"}");
    assertThat(utf8(c.getContentType())).isEqualTo("application/json");
    assertThat(c.getIndexesList()).hasSize(1);
    assertThat(utf8(c.getIndexes(0).getKey())).isEqualTo("key_bin");
    assertThat(utf8(c.getIndexes(0).getValue())).isEqualTo("user7");
  }

  @Test
  void eventualInsertWritesAtOne() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.consistency", "eventual"));
    RiakKvPB.RpbPutReq p = put(r.store("t", "k", r.object("k", new byte[] {'{', '}'}), null));
    assertThat(p.getW()).isEqualTo(ONE);
    assertThat(p.hasDw()).isFalse();
    assertThat(p.hasPw()).isFalse();
  }

  @Test
  void withoutScanIndexNoKeyBinIsWritten() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.scan_index", "false"));
    RiakKvPB.RpbPutReq p = put(r.store("t", "k", r.object("k", new byte[] {'{', '}'}), null));
    assertThat(p.getContent().getIndexesList()).isEmpty();
    assertThat(p.hasW()).isFalse();
  }

  @Test
  void updateCarriesTheFetchedVclock() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.consistency", "strong"));
    byte[] clock = {1, 2, 3, 4};
    RiakKvPB.RpbPutReq p = put(r.store("t", "k", r.object("k", new byte[] {'{', '}'}), new BasicVClock(clock)));
    assertThat(p.getVclock().toByteArray()).containsExactly(clock);
    assertThat(p.getW()).isEqualTo(QUORUM);
  }

  @Test
  void strongConsistencyWritesAreConditionalAndQuorumFree() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.strong_consistency", "true", "riak.bucket_type", "sc",
        "riak.consistency", "strong", "riak.n_val", "3"));
    RiakKvPB.RpbPutReq blind = put(r.store("t", "k", r.object("k", new byte[] {'{', '}'}), null));
    assertThat(utf8(blind.getType())).isEqualTo("sc");
    assertThat(blind.hasVclock()).isFalse(); // SC: succeeds only when the key does not exist yet
    assertThat(blind.hasW() || blind.hasDw() || blind.hasPw() || blind.hasNVal()).isFalse();
    assertThat(blind.getContent().getIndexesList()).as("SC types have no 2i").isEmpty();
    RiakKvPB.RpbPutReq cond = put(r.store("t", "k", r.object("k", new byte[] {'{', '}'}),
        new BasicVClock(new byte[] {9})));
    assertThat(cond.getVclock().toByteArray()).containsExactly(9);
  }

  @Test
  void strongConsistencyIndexEntryGoesToTheScanBucketType() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.strong_consistency", "true", "riak.bucket_type", "sc",
        "riak.strong_consistent_scans_bucket_type", "idx", "riak.consistency", "strong"));
    RiakKvPB.RpbPutReq p = put(r.storeIndexEntry("usertable", "user3"));
    assertThat(utf8(p.getType())).isEqualTo("idx");
    assertThat(utf8(p.getBucket())).isEqualTo("usertable");
    assertThat(utf8(p.getKey())).isEqualTo("user3");
    assertThat(utf8(p.getContent().getValue())).isEqualTo("{}");
    assertThat(utf8(p.getContent().getIndexes(0).getKey())).isEqualTo("key_bin");
    assertThat(utf8(p.getContent().getIndexes(0).getValue())).isEqualTo("user3");
    assertThat(p.getW()).isEqualTo(QUORUM);
    RiakKvPB.RpbDelReq d = del(r.deleteIndexEntry("usertable", "user3"));
    assertThat(utf8(d.getType())).isEqualTo("idx");
  }

  // ---------------------------------------------------------------- delete

  @Test
  void deleteCarriesReadAndWriteQuorums() throws Exception {
    RiakKvPB.RpbDelReq d = del(new RiakRequests(settings("riak.consistency", "strong", "riak.pw", "all"))
        .delete("usertable", "user1", null));
    assertThat(utf8(d.getBucket())).isEqualTo("usertable");
    assertThat(utf8(d.getKey())).isEqualTo("user1");
    assertThat(d.getR()).isEqualTo(QUORUM);
    assertThat(d.getW()).isEqualTo(QUORUM);
    assertThat(d.getPw()).isEqualTo(ALL);
    assertThat(d.hasVclock()).isFalse();
  }

  @Test
  void strongConsistencyDeleteIsConditional() throws Exception {
    RiakKvPB.RpbDelReq d = del(new RiakRequests(settings("riak.strong_consistency", "true",
        "riak.consistency", "eventual")).delete("t", "k", new BasicVClock(new byte[] {7, 7})));
    assertThat(d.getVclock().toByteArray()).containsExactly(7, 7);
    assertThat(d.hasR() || d.hasW()).isFalse();
  }

  // ---------------------------------------------------------------- scan

  @Test
  void scanIsASortedKeyBinRangeWithMaxResults() throws Exception {
    RiakKvPB.RpbIndexReq q = index(new RiakRequests(settings("riak.bucket_type", "ycsb")).scan("usertable",
        "user005", 5));
    assertThat(utf8(q.getType())).isEqualTo("ycsb");
    assertThat(utf8(q.getBucket())).isEqualTo("usertable");
    assertThat(utf8(q.getIndex())).isEqualTo("key_bin");
    assertThat(q.getQtype()).isEqualTo(RiakKvPB.RpbIndexReq.IndexQueryType.range);
    assertThat(utf8(q.getRangeMin())).isEqualTo("user005");
    assertThat(utf8(q.getRangeMax())).isEqualTo(RiakRequests.SCAN_RANGE_END);
    assertThat(q.getMaxResults()).isEqualTo(5);
    assertThat(q.getPaginationSort()).isTrue();
    assertThat(q.getTimeout()).isEqualTo(10_000);
  }

  @Test
  void strongConsistencyScanQueriesTheIndexBucketType() throws Exception {
    RiakKvPB.RpbIndexReq q = index(new RiakRequests(settings("riak.strong_consistency", "true",
        "riak.bucket_type", "sc", "riak.scan_bucket_type", "idx")).scan("usertable", "a", 3));
    assertThat(utf8(q.getType())).isEqualTo("idx");
    assertThat(utf8(q.getIndex())).isEqualTo("key_bin");
  }

  // ---------------------------------------------------------------- SubjectTimeline (FHIR) and DocumentStore

  @Test
  void timelineTermsSortNewestFirstWithinASubject() {
    java.util.List<String> terms = new java.util.ArrayList<>();
    long[] times = {0L, 1L, 1_262_304_000_000L, 1_262_304_000_001L, 1_700_000_000_000L, -5L, Long.MAX_VALUE,
        Long.MIN_VALUE};
    for (long t : times) {
      terms.add(RiakRequests.timelineTerm("p1", t, "o" + t));
    }
    java.util.Collections.sort(terms); // Riak sorts _bin terms bytewise; these are ASCII
    java.util.List<Long> order = new java.util.ArrayList<>();
    for (String t : terms) {
      order.add(Long.parseLong(t.substring(t.lastIndexOf("|o") + 2)));
    }
    assertThat(order).containsExactly(Long.MAX_VALUE, 1_700_000_000_000L, 1_262_304_000_001L, 1_262_304_000_000L,
        1L, 0L, -5L, Long.MIN_VALUE);
    assertThat(RiakRequests.invertedTime(1_700_000_000_000L)).hasSize(16).matches("[0-9a-f]{16}");
    // the same millisecond: by event id
    assertThat(RiakRequests.timelineTerm("p1", 5, "a")).isLessThan(RiakRequests.timelineTerm("p1", 5, "b"));
  }

  @Test
  void aSubjectsPrefixMatchesNoOtherSubjectsTerms() {
    String[] subjects = {"ab", "ab|x", "ab%7Cx", "a", "ab%", "abc"};
    for (String a : subjects) {
      for (String b : subjects) {
        String term = RiakRequests.timelineTerm(b, 42, "e");
        assertThat(term.startsWith(RiakRequests.timelinePrefix(a))).as("%s's prefix vs %s's term", a, b)
            .isEqualTo(a.equals(b));
      }
    }
    assertThat(RiakRequests.timelinePrefix("3f2a9c01d4e5b6a7")).isEqualTo("3f2a9c01d4e5b6a7|");
  }

  @Test
  void eventsCarryTheTimelineTermAndTheWriteQuorum() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.consistency", "strong", "riak.bucket_type", "ehr"));
    String term = RiakRequests.timelineTerm("p9", 1000, "p9-1");
    byte[] json = "{\"resourceType\":\"Observation\"}".getBytes(StandardCharsets.UTF_8);
    RiakKvPB.RpbPutReq p = put(r.store("observation", "p9-1", r.eventObject(term, json), null));
    assertThat(utf8(p.getType())).isEqualTo("ehr");
    assertThat(utf8(p.getBucket())).isEqualTo("observation");
    assertThat(utf8(p.getKey())).isEqualTo("p9-1");
    assertThat(p.getW()).isEqualTo(QUORUM);
    assertThat(utf8(p.getContent().getValue())).isEqualTo("{\"resourceType\":\"Observation\"}");
    assertThat(p.getContent().getIndexesList()).singleElement().satisfies(i -> {
      assertThat(utf8(i.getKey())).isEqualTo("timeline_bin");
      assertThat(utf8(i.getValue())).isEqualTo(term);
    });
  }

  @Test
  void recentEventsIsASortedRangeOnTheSubjectsPrefixWithMaxResultsAndTerms() throws Exception {
    RiakKvPB.RpbIndexReq q = index(new RiakRequests(settings("riak.bucket_type", "ehr", "riak.timeout", "3s"))
        .recentEvents("observation", "p42", 5));
    assertThat(utf8(q.getType())).isEqualTo("ehr");
    assertThat(utf8(q.getBucket())).isEqualTo("observation");
    assertThat(utf8(q.getIndex())).isEqualTo("timeline_bin");
    assertThat(q.getQtype()).isEqualTo(RiakKvPB.RpbIndexReq.IndexQueryType.range);
    assertThat(utf8(q.getRangeMin())).isEqualTo("p42|");
    assertThat(utf8(q.getRangeMax())).isEqualTo("p42|" + RiakRequests.SCAN_RANGE_END);
    assertThat(q.getMaxResults()).isEqualTo(5);
    assertThat(q.getPaginationSort()).isTrue();
    assertThat(q.getReturnTerms()).isTrue();
    assertThat(q.hasContinuation()).isFalse();
    assertThat(q.getTimeout()).isEqualTo(3000);
  }

  @Test
  void strongConsistencyTimelineEntriesAndQueriesGoToTheIndexBucketType() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.strong_consistency", "true", "riak.bucket_type", "sc",
        "riak.scan_bucket_type", "idx", "riak.consistency", "strong"));
    String term = RiakRequests.timelineTerm("p1", 7, "e1");
    RiakKvPB.RpbPutReq event = put(r.store("observation", "e1", r.eventObject(term, new byte[] {'{', '}'}), null));
    assertThat(utf8(event.getType())).isEqualTo("sc");
    assertThat(event.getContent().getIndexesList()).as("SC types have no 2i").isEmpty();
    assertThat(event.hasW()).isFalse();
    RiakKvPB.RpbPutReq entry = put(r.storeTimelineEntry("observation", "e1", term));
    assertThat(utf8(entry.getType())).isEqualTo("idx");
    assertThat(utf8(entry.getBucket())).isEqualTo("observation");
    assertThat(utf8(entry.getKey())).isEqualTo("e1");
    assertThat(utf8(entry.getContent().getIndexes(0).getKey())).isEqualTo("timeline_bin");
    assertThat(utf8(entry.getContent().getIndexes(0).getValue())).isEqualTo(term);
    assertThat(entry.getW()).isEqualTo(QUORUM);
    assertThat(utf8(index(r.recentEvents("observation", "p1", 5)).getType())).isEqualTo("idx");
  }

  @Test
  void theEventCountPagesThroughTheWholeTimelineIndex() throws Exception {
    RiakRequests r = new RiakRequests(settings());
    RiakKvPB.RpbIndexReq q = index(r.timelineCountPage("observation", null));
    assertThat(utf8(q.getIndex())).isEqualTo("timeline_bin");
    assertThat(utf8(q.getRangeMin())).isEmpty();
    assertThat(q.getMaxResults()).isEqualTo(RiakRequests.COUNT_PAGE);
    assertThat(q.hasContinuation()).isFalse();
    RiakKvPB.RpbIndexReq next = index(r.timelineCountPage("observation",
        com.basho.riak.client.core.util.BinaryValue.create(new byte[] {1, 2})));
    assertThat(next.getContinuation().toByteArray()).containsExactly(1, 2);
  }

  @Test
  void documentsAreJsonObjectsWithTheKeyIndex() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.consistency", "eventual"));
    byte[] json = "{\"_id\":\"00ff\",\"b\":1}".getBytes(StandardCharsets.UTF_8);
    RiakKvPB.RpbPutReq p = put(r.store("fasta_rna", "00ff", r.object("00ff", json), null));
    assertThat(utf8(p.getBucket())).isEqualTo("fasta_rna");
    assertThat(utf8(p.getContent().getValue())).isEqualTo("{\"_id\":\"00ff\",\"b\":1}");
    assertThat(utf8(p.getContent().getContentType())).isEqualTo("application/json");
    assertThat(utf8(p.getContent().getIndexes(0).getKey())).isEqualTo("key_bin");
    assertThat(p.getW()).isEqualTo(ONE);
  }

  @Test
  void commandsAreValueObjects() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.consistency", "eventual"));
    FetchValue expected = new FetchValue.Builder(r.location("t", "k"))
        .withOption(FetchValue.Option.R, Quorum.oneQuorum()).withTimeout(10_000).build();
    assertThat(r.fetch("t", "k")).isEqualTo(expected);
  }
}
