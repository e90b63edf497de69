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

  @Test
  void commandsAreValueObjects() throws Exception {
    RiakRequests r = new RiakRequests(settings("riak.consistency", "eventual"));
    FetchValue expected = new FetchValue.Builder(r.location("t", "k"))
        .withOption(FetchValue.Option.R, Quorum.oneQuorum()).withTimeout(10_000).build();
    assertThat(r.fetch("t", "k")).isEqualTo(expected);
  }
}
