package org.sciycsb.sequoiadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sequoiadb.base.Sequoiadb;
import com.sequoiadb.exception.SDBError;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.Vector;
import org.bson.BSON;
import org.bson.BSONObject;
import org.bson.BasicBSONObject;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The binding's own requests and its handling of the answers, end to end through the real driver against
 * {@link SequoiadbStandIn}, a protocol-level STAND-IN, not SequoiaDB: batched loads, selectors, scans across
 * cursor batches, the bankmark preset's options, error mapping, connection loss, unreachable nodes, refused
 * credentials, store info, and the stand-in's own request checks. Nothing here says how SequoiaDB behaves or how
 * fast it is; {@link SequoiadbBindingIT} checks the binding against a real node.
 */
@DisplayName("SequoiadbStandInTest (stand-in, not SequoiaDB)")
class SequoiadbStandInTest {
  @RegisterExtension
  static final SequoiadbStandInExtension STAND_IN = new SequoiadbStandInExtension();

  private final List<SequoiadbRun> runs = new ArrayList<>();
  private final String table = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private final String full = "sciycsb_it." + table;

  @AfterEach
  void closeAll() {
    for (SequoiadbRun r : runs) {
      r.close();
    }
  }

  private static SequoiadbStandIn standIn() {
    return STAND_IN.standIn();
  }

  private SequoiadbRun open(String... kv) throws Exception {
    Map<String, String> p = ItServer.props(STAND_IN, kv);
    p.put("table", table);
    SequoiadbRun run = (SequoiadbRun) new SequoiadbBinding().open(ItServer.context(p, Phase.LOAD, 2));
    runs.add(run);
    return run;
  }

  private static Map<String, ByteIterator> rec(int i) {
    Map<String, String> m = new HashMap<>();
    for (int f = 0; f < 3; f++) {
      m.put("field" + f, "value-" + i + "-" + f);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  private static String key(int i) {
    return String.format("user%06d", i);
  }

  /** The requests of one opcode on this test's collection. */
  private List<SequoiadbStandIn.Received> sent(int opCode) {
    return standIn().received(opCode).stream().filter(r -> r.name().equals(full)).toList();
  }

  @Test
  void batchedLoadSendsBulkInsertsOfTheBatchSizeAndTheCountMatches() throws Exception {
    SequoiadbRun run = open("sequoiadb.batchsize", "1000");
    DB db = ItServer.db(run, 0);
    for (int i = 0; i < 2500; i++) {
      db.insert(table, key(i), rec(i));
    }
    assertThat(sent(SequoiadbStandIn.OP_INSERT)).extracting(SequoiadbStandIn.Received::records)
        .as("two full batches before cleanup").containsExactly(1000, 1000);
    assertThat(run.count(table)).hasValue(2000);
    db.cleanup();
    List<SequoiadbStandIn.Received> inserts = sent(SequoiadbStandIn.OP_INSERT);
    assertThat(inserts).extracting(SequoiadbStandIn.Received::records).containsExactly(1000, 1000, 500);
    assertThat(inserts).allSatisfy(r -> assertThat(r.flags() & SequoiadbStandIn.FLG_INSERT_CONTONDUP)
        .as("continue on duplicate").isNotZero());
    assertThat(run.count(table)).as("the post-load count").hasValue(2500);
    assertThat(standIn().records(full)).hasSize(2500);
    assertThat(run.failedBatchedRecords()).isZero();
  }

  @Test
  void withoutBatchingEachInsertIsOneSingleRecordMessage() throws Exception {
    SequoiadbRun run = open();
    DB db = ItServer.db(run, 0);
    for (int i = 0; i < 5; i++) {
      assertThat(db.insert(table, key(i), rec(i))).isEqualTo(Status.OK);
    }
    assertThat(sent(SequoiadbStandIn.OP_INSERT)).hasSize(5).allSatisfy(r -> {
      assertThat(r.records()).isEqualTo(1);
      assertThat(r.flags() & SequoiadbStandIn.FLG_INSERT_CONTONDUP).as("a single insert must fail on a duplicate")
          .isZero();
    });
    BSONObject stored = standIn().records(full).get(0);
    assertThat(stored.get("_id")).isEqualTo(key(0));
    assertThat(stored.get("field1")).isInstanceOfSatisfying(Binary.class,
        b -> assertThat(new String(b.getData(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("value-0-1"));
  }

  @Test
  void readSendsAnIncludeSelectorAndUpdateASetOnTheId() throws Exception {
    SequoiadbRun run = open();
    DB db = ItServer.db(run, 0);
    db.insert(table, key(1), rec(1));
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, key(1), Set.of("field2"), out)).isEqualTo(Status.OK);
    assertThat(out.keySet()).containsExactly("field2");
    assertThat(out.get("field2").toString()).isEqualTo("value-1-2");
    SequoiadbStandIn.Received read = sent(SequoiadbStandIn.OP_QUERY).get(0);
    assertThat(read.arg(0)).isEqualTo(new BasicBSONObject("_id", key(1)));
    assertThat(read.arg(1)).isEqualTo(new BasicBSONObject("field2", new BasicBSONObject("$include", 1)));
    assertThat(read.limit()).as("queryOne").isEqualTo(1);

    assertThat(db.update(table, key(1), StringByteIterator.getByteIteratorMap(Map.of("field0", "new"))))
        .isEqualTo(Status.OK);
    SequoiadbStandIn.Received update = sent(SequoiadbStandIn.OP_UPDATE).get(0);
    assertThat(update.arg(0)).isEqualTo(new BasicBSONObject("_id", key(1)));
    assertThat(((BSONObject) update.arg(1).get("$set")).keySet()).containsExactly("field0");
    assertThat(db.update(table, key(9), rec(9))).as("no record matched").isEqualTo(Status.NOT_FOUND);
    assertThat(db.delete(table, key(9))).isEqualTo(Status.NOT_FOUND);
    assertThat(db.delete(table, key(1))).isEqualTo(Status.OK);
    assertThat(standIn().records(full)).isEmpty();
  }

  @Test
  void aScanLongerThanOneReplyIsReadThroughGetMore() throws Exception {
    SequoiadbRun run = open("sequoiadb.batchsize", "50");
    DB db = ItServer.db(run, 0);
    for (int i = 249; i >= 0; i--) { // stored out of key order: the order is the query's
      db.insert(table, key(i), rec(i));
    }
    db.cleanup();
    standIn().clearReceived();
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertThat(db.scan(table, key(10), 230, null, out)).isEqualTo(Status.OK);
    assertThat(out).hasSize(230);
    assertThat(out.get(0).get("field0").toString()).isEqualTo("value-10-0");
    assertThat(out.get(229).get("field0").toString()).isEqualTo("value-239-0");
    SequoiadbStandIn.Received q = sent(SequoiadbStandIn.OP_QUERY).get(0);
    assertThat(q.arg(0)).isEqualTo(new BasicBSONObject("_id", new BasicBSONObject("$gte", key(10))));
    assertThat(q.arg(2)).isEqualTo(new BasicBSONObject("_id", 1));
    assertThat(q.limit()).isEqualTo(230);
    assertThat(standIn().received(SequoiadbStandIn.OP_GET_MORE)).as("230 records in replies of "
        + SequoiadbStandIn.BATCH).hasSize(2);
  }

  @Test
  void bankmarkPresetSendsItsCollectionOptionsAndReadPreference() throws Exception {
    open("sequoiadb.preset", "bankmark");
    List<SequoiadbStandIn.Received> creates = standIn().commands("$create collection").stream()
        .filter(r -> full.equals(r.arg(0).get("Name"))).toList();
    assertThat(creates).hasSize(1);
    assertThat(creates.get(0).arg(0).get("ReplSize")).isEqualTo(1);
    assertThat(creates.get(0).arg(0).get("Compressed")).isEqualTo(true);
    assertThat(creates.get(0).arg(0).get("CompressionType")).isEqualTo("snappy");
    assertThat(standIn().collectionOptions(full).get("CompressionType")).isEqualTo("snappy");
    // the driver sends PreferredInstance "M" as the instance code 8, with the text as PreferedInstanceV1
    assertThat(standIn().sessionAttributes()).anySatisfy(a -> {
      assertThat(a.get("PreferedInstanceV1")).isEqualTo("M");
      assertThat(a.get("PreferredInstance")).isEqualTo(8);
    });
  }

  @Test
  void aSecondOpenFindsTheCollectionAndDoesNotCreateItAgain() throws Exception {
    open();
    open();
    assertThat(standIn().commands("$create collection").stream().filter(r -> full.equals(r.arg(0).get("Name"))))
        .hasSize(1);
  }

  @Test
  void creationOffAndAMissingCollectionFailsOpenWithOneLine() {
    assertThatThrownBy(() -> open("sequoiadb.create", "false")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("collection 'sciycsb_it." + table + "' does not exist")
        .hasMessageContaining("sequoiadb.create=false").hasMessageNotContaining("\n");
    assertThat(standIn().commands("$create collection").stream().filter(r -> full.equals(r.arg(0).get("Name"))))
        .isEmpty();
  }

  @Test
  void aDuplicateKeyInABatchIsCountedAndTheRestIsWritten() throws Exception {
    SequoiadbRun run = open("sequoiadb.batchsize", "3");
    DB db = ItServer.db(run, 0);
    assertThat(db.insert(table, key(1), rec(1))).isEqualTo(Status.BATCHED_OK);
    assertThat(db.insert(table, key(1), rec(2))).isEqualTo(Status.BATCHED_OK);
    assertThat(db.insert(table, key(3), rec(3))).as("the batch with a duplicate").isEqualTo(Status.ERROR);
    assertThat(run.failedBatchedRecords()).isEqualTo(1);
    db.cleanup();
    assertThat(run.count(table)).as("keys 1 and 3").hasValue(2);
  }

  @Test
  void insertOfAnExistingKeyIsAnError() throws Exception {
    DB db = ItServer.db(open(), 0);
    assertThat(db.insert(table, key(1), rec(1))).isEqualTo(Status.OK);
    assertThat(db.insert(table, key(1), rec(2))).as("SDB_IXM_DUP_KEY").isEqualTo(Status.ERROR);
  }

  @ParameterizedTest(name = "error {0} -> {1}")
  @CsvSource({"-38, ERROR", "-23, ERROR", "-6, ERROR", "-13, SERVICE_UNAVAILABLE", "-15, SERVICE_UNAVAILABLE",
      "-104, SERVICE_UNAVAILABLE", "-105, SERVICE_UNAVAILABLE"})
  void errorCodesMapToTheBindingsStatuses(int code, String status) throws Exception {
    SequoiadbRun run = open();
    DB db = ItServer.db(run, 0);
    db.insert(table, key(1), rec(1));
    long opened = run.connectionsOpened().getAsLong();
    standIn().failNext(code, 1);
    assertThat(db.read(table, key(1), null, new HashMap<>()).getName()).isEqualTo(status);
    assertThat(db.read(table, key(1), null, new HashMap<>())).as("the next one").isEqualTo(Status.OK);
    assertThat(run.connectionsOpened().getAsLong() - opened)
        .as("a connection that failed with a network error is replaced")
        .isEqualTo(status.equals("SERVICE_UNAVAILABLE") ? 1 : 0);
  }

  @Test
  void aLostConnectionIsServiceUnavailableAndTheNextOperationReconnects() throws Exception {
    SequoiadbRun run = open();
    DB db = ItServer.db(run, 0);
    db.insert(table, key(1), rec(1));
    standIn().dropNext(1);
    assertThat(db.read(table, key(1), null, new HashMap<>())).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(db.read(table, key(1), null, new HashMap<>())).isEqualTo(Status.OK);
    standIn().dropConnections(); // the node restarts between two operations
    assertThat(db.update(table, key(1), rec(2))).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(db.update(table, key(1), rec(2))).isEqualTo(Status.OK);
    assertThat(run.connectionsOpened()).hasValue(3);
  }

  @Test
  void anUnreachablePortFailsOpenWithOneLine() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      port = s.getLocalPort();
    }
    Map<String, String> p = ItServer.props(STAND_IN, "sequoiadb.hosts", "127.0.0.1:" + port,
        "sequoiadb.connecttimeout", "2s");
    assertThatThrownBy(() -> new SequoiadbBinding().open(ItServer.context(p, Phase.LOAD, 1)))
        .isInstanceOf(BindingException.class).hasMessageContaining("not reachable within 2s")
        .hasMessageContaining("sequoiadb.hosts").hasMessageContaining("127.0.0.1:" + port)
        .hasMessageNotContaining("\n");
  }

  @Test
  void refusedCredentialsFailOpenNamingTheUserAndNeverThePassword() throws Exception {
    standIn().requireUser("bench", "right-secret");
    assertThatThrownBy(() -> open("sequoiadb.user", "bench", "sequoiadb.password", "wrong-secret"))
        .isInstanceOf(BindingException.class).hasMessageContaining("refused user 'bench'")
        .hasMessageNotContaining("wrong-secret").hasMessageNotContaining("\n");
    SequoiadbRun run = open("sequoiadb.user", "bench", "sequoiadb.password", "right-secret");
    assertThat(ItServer.db(run, 0).insert(table, key(1), rec(1))).isEqualTo(Status.OK);
  }

  @Test
  void storeInfoNamesTheStandInAndNoSequoiadbVersion() throws Exception {
    StoreInfo info = open().storeInfo();
    assertThat(info.version()).isEqualTo(SequoiadbStandIn.VERSION);
    assertThat(info.label()).isEqualTo("SequoiaDB " + SequoiadbStandIn.VERSION);
    assertThat(info.details()).containsEntry("release", SequoiadbStandIn.VERSION)
        .containsEntry("role", SequoiadbStandIn.VERSION).containsEntry("collection", table)
        .containsEntry("node", standIn().hosts());
  }

  @Test
  void theTimelineCreatesItsIndexAndReadsNewestFirstWithTheIndexAsHint() throws Exception {
    SequoiadbRun run = open();
    SubjectTimeline.Schema schema = new SubjectTimeline.Schema(table + "_s", table + "_e");
    try (SubjectTimeline t = (SubjectTimeline) run.accessPaths().get(SubjectTimeline.class).open(0)) {
      t.prepare(schema);
      for (int i = 0; i < 5; i++) {
        assertThat(t.putEvent("p1", 1000 + i, "e" + i, "{\"i\":" + i + "}")).isEqualTo(Status.OK);
      }
      List<String> out = new ArrayList<>();
      assertThat(t.recentEvents("p1", 3, out)).isEqualTo(Status.OK);
      assertThat(out).containsExactly("{\"i\":4}", "{\"i\":3}", "{\"i\":2}");
    }
    String events = "sciycsb_it." + table + "_e";
    assertThat(standIn().indexes(events).get("subject_time").get("key"))
        .isEqualTo(new BasicBSONObject("subject", 1).append("time", -1));
    SequoiadbStandIn.Received q = standIn().received(SequoiadbStandIn.OP_QUERY).stream()
        .filter(r -> r.name().equals(events)).reduce((a, b) -> b).orElseThrow();
    assertThat(q.arg(0)).isEqualTo(new BasicBSONObject("subject", "p1"));
    assertThat(q.arg(2)).isEqualTo(new BasicBSONObject("time", -1));
    assertThat(q.arg(3)).isEqualTo(new BasicBSONObject("", "subject_time"));
    assertThat(q.limit()).isEqualTo(3);
  }

  @Test
  void anOperationOnACollectionDroppedBehindTheBindingsBackIsAnErrorAndAViolation() throws Exception {
    SequoiadbRun run = open();
    DB db = ItServer.db(run, 0);
    assertThat(db.insert(table, key(1), rec(1))).isEqualTo(Status.OK);
    try (Sequoiadb admin = new Sequoiadb(standIn().hosts(), "", "")) {
      admin.getCollectionSpace("sciycsb_it").dropCollection(table);
    }
    assertThat(db.read(table, key(1), null, new HashMap<>())).as("SDB_DMS_NOTEXIST").isEqualTo(Status.ERROR);
    assertThat(standIn().takeViolations()).singleElement().asString().contains(full).contains("does not exist");
  }

  // ------------------------------------------------------------ the stand-in's own checks, on raw messages

  /** A raw connection that has done the handshake and authentication the way the driver does. */
  private static final class Raw implements AutoCloseable {
    final Socket socket;
    final DataInputStream in;
    final OutputStream out;

    Raw() throws Exception {
      socket = new Socket(InetAddress.getLoopbackAddress(), standIn().port());
      in = new DataInputStream(socket.getInputStream());
      out = socket.getOutputStream();
      out.write(ByteBuffer.allocate(12).putInt(-1).putInt(-66052).putInt(12).array());
      byte[] sys = new byte[128];
      in.readFully(sys);
      assertThat(send(message(7000, BSON.encode(new BasicBSONObject("User", "").append("Passwd", "x")), 0)))
          .as("auth flag").isZero();
    }

    /** Sends a message and returns the flag (error code) of its reply. */
    int send(byte[] message) throws Exception {
      out.write(message);
      out.flush();
      byte[] len = new byte[4];
      in.readFully(len);
      int n = ByteBuffer.wrap(len).order(ByteOrder.LITTLE_ENDIAN).getInt();
      byte[] rest = new byte[n - 4];
      in.readFully(rest);
      return ByteBuffer.wrap(rest).order(ByteOrder.LITTLE_ENDIAN).getInt(56 - 4 + 8);
    }

    @Override
    public void close() throws Exception {
      socket.close();
    }
  }

  /** A v2 message: header, then the body; {@code lengthDelta} falsifies the length field. */
  private static byte[] message(int opCode, byte[] body, int lengthDelta) {
    int len = 56 + body.length;
    ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(len + lengthDelta).putInt(0).putInt(0).putLong(0).putLong(1).putInt(opCode).putShort((short) 2)
        .putShort((short) 0);
    b.position(56);
    b.put(body);
    return b.array();
  }

  /** A query body on a name with four BSON arguments (each 4-byte aligned). */
  private static byte[] queryBody(String name, byte[]... args) {
    byte[] n = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int nameLen = (n.length + 1 + 3) / 4 * 4;
    int size = 32 + nameLen;
    for (byte[] a : args) {
      size += (a.length + 3) / 4 * 4;
    }
    ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(1).putShort((short) 0).putShort((short) 0).putInt(0).putInt(n.length).putLong(0).putLong(-1);
    b.put(n);
    b.position(32 + nameLen);
    for (byte[] a : args) {
      b.put(a);
      b.position(b.position() + (4 - a.length % 4) % 4);
    }
    return b.array();
  }

  @Test
  void anUnknownOpcodeIsRefusedAndRecorded() throws Exception {
    try (Raw raw = new Raw()) {
      assertThat(raw.send(message(2999, new byte[0], 0))).isEqualTo(SDBError.SDB_UNKNOWN_MESSAGE.getErrorCode());
    }
    assertThat(standIn().takeViolations()).singleElement().asString().contains("unknown opcode 2999");
  }

  @Test
  void malformedBsonAndTrailingBytesAreRefusedAndRecorded() throws Exception {
    byte[] empty = BSON.encode(new BasicBSONObject());
    byte[] bad = empty.clone();
    bad[0] = 99; // a BSON length past the message's end
    try (Raw raw = new Raw()) {
      assertThat(raw.send(message(2004, queryBody("$snapshot database", bad, empty, empty, empty), 0)))
          .isEqualTo(SDBError.SDB_INVALIDARG.getErrorCode());
      assertThat(raw.send(message(2004, queryBody("$snapshot database", empty, empty, empty, empty, empty), 0)))
          .as("a fifth argument").isEqualTo(SDBError.SDB_INVALIDARG.getErrorCode());
      assertThat(raw.send(message(2004, queryBody("$snapshot database", empty, empty, empty, empty), 0)))
          .as("the same message, well formed").isZero();
    }
    assertThat(standIn().takeViolations()).hasSize(2).anySatisfy(v -> assertThat(v).contains("malformed BSON"))
        .anySatisfy(v -> assertThat(v).contains("bytes unread"));
  }

  @Test
  void aLengthFieldThatDoesNotMatchIsRecorded() throws Exception {
    try (Raw raw = new Raw()) {
      raw.out.write(message(2004, queryBody("$snapshot database", new byte[0]), 1_000_000_000));
      raw.out.flush();
      assertThat(raw.in.read()).as("the stand-in closes the connection").isEqualTo(-1);
    }
    assertThat(standIn().takeViolations()).singleElement().asString().contains("message length");
  }

  @Test
  void anUnimplementedMatcherOperatorIsRefusedLoudly() throws Exception {
    SequoiadbRun run = open();
    run.call(db -> run.collection(db, table).insertRecord(new BasicBSONObject("_id", "a")));
    assertThatThrownBy(() -> run.call(db -> run.collection(db, table).queryOne(
        new BasicBSONObject("_id", new BasicBSONObject("$regex", "a.*")), null, null, null, 0)))
        .hasMessageContaining("$regex");
    assertThat(standIn().takeViolations()).singleElement().asString().contains("$regex not implemented");
  }

  @Test
  void theStandInAnswersOnlyWhatItStores() throws Exception {
    // guards the fixture itself: a read of a key never written is NOT_FOUND, not a canned OK
    SequoiadbRun run = open();
    DB db = ItServer.db(run, 0);
    assertThat(db.read(table, key(42), null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(run.count(table)).hasValue(0);
  }
}
