package org.sciycsb.census;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoClient;
import com.mongodb.MongoClientOptions;
import com.mongodb.MongoClientURI;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

/**
 * The OP_QUERY bridge: its message rewrites on hand-built messages, and the bridge itself between mongo-hadoop's
 * 3.x driver and a server in this JVM (the mongo-java-server stand-in, which would accept the driver anyway: the
 * test counts what the bridge rewrote and checks that every answer still reaches the driver intact). Against
 * FerretDB 1.24, which refuses the driver without it: e2e's CensusOnFerretDbIT.
 */
class OpQueryBridgeTest {
  static byte[] opQuery(int requestId, String ns, BsonDocument query) {
    byte[] name = ns.getBytes(StandardCharsets.UTF_8);
    byte[] doc = WireFrames.bytes(query);
    ByteBuffer b = ByteBuffer.allocate(16 + 4 + name.length + 1 + 8 + doc.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(b.capacity()).putInt(requestId).putInt(0).putInt(WireFrames.OP_QUERY).putInt(0).put(name).put((byte) 0);
    b.putInt(0).putInt(-1).put(doc);
    return b.array();
  }

  /** An OP_MSG: the body, then a document sequence "documents" of the given documents, then the checksum if asked. */
  static byte[] opMsg(int requestId, int responseTo, BsonDocument body, List<BsonDocument> sequence, boolean checksum) {
    byte[] doc = WireFrames.bytes(body);
    List<byte[]> seq = new ArrayList<>();
    int seqLength = 4 + "documents".length() + 1;
    for (BsonDocument d : sequence) {
      seq.add(WireFrames.bytes(d));
      seqLength += seq.get(seq.size() - 1).length;
    }
    int length = 16 + 4 + 1 + doc.length + (sequence.isEmpty() ? 0 : 1 + seqLength) + (checksum ? 4 : 0);
    ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(length).putInt(requestId).putInt(responseTo).putInt(WireFrames.OP_MSG).putInt(checksum ? 1 : 0);
    b.put((byte) 0).put(doc);
    if (!sequence.isEmpty()) {
      b.put((byte) 1).putInt(seqLength).put("documents".getBytes(StandardCharsets.UTF_8)).put((byte) 0);
      seq.forEach(b::put);
    }
    if (checksum) {
      b.putInt(0x12345678);
    }
    return b.array();
  }

  static BsonDocument bodyOf(byte[] opMsg) {
    int at = 16 + 4 + 1;
    return new RawBsonDocument(opMsg, at, ByteBuffer.wrap(opMsg).order(ByteOrder.LITTLE_ENDIAN).getInt(at)).decode(
        new org.bson.codecs.BsonDocumentCodec());
  }

  @Test
  void anOpQueryCommandBecomesAnOpMsgOnItsDatabaseUnwrappedFromQuery() {
    BsonDocument cmd = new BsonDocument("buildinfo", new BsonInt32(1));
    byte[] q = opQuery(42, "admin.$cmd", new BsonDocument("$query", cmd)
        .append("$readPreference", new BsonDocument("mode", new BsonString("primary"))));
    byte[] m = WireFrames.commandAsOpMsg(q);
    assertThat(WireFrames.opCode(m)).isEqualTo(WireFrames.OP_MSG);
    assertThat(WireFrames.requestId(m)).isEqualTo(42);
    assertThat(ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN).getInt(0)).isEqualTo(m.length);
    assertThat(bodyOf(m)).isEqualTo(new BsonDocument("buildinfo", new BsonInt32(1)).append("$db", new BsonString("admin")));
    byte[] unwrapped = WireFrames.commandAsOpMsg(opQuery(43, "census.$cmd", new BsonDocument("count", new BsonString("c"))));
    assertThat(bodyOf(unwrapped).getString("$db").getValue()).isEqualTo("census");
  }

  @Test
  void theHandshakeAuthenticationAndQueriesOnCollectionsStayOpQuery() {
    for (String native_ : new String[] {"isMaster", "ismaster", "hello", "saslStart", "saslContinue"}) {
      assertThat(WireFrames.commandAsOpMsg(opQuery(1, "admin.$cmd", new BsonDocument(native_, new BsonInt32(1)))))
          .as(native_).isNull();
    }
    assertThat(WireFrames.commandAsOpMsg(opQuery(1, "census.records", new BsonDocument("a", new BsonInt32(1))))).isNull();
    assertThat(WireFrames.commandAsOpMsg(opMsg(1, 0, new BsonDocument("ping", new BsonInt32(1)), List.of(), false)))
        .isNull();
  }

  @Test
  void anOpMsgAnswerBecomesAnOpReplyWithItsOneDocument() {
    BsonDocument answer = new BsonDocument("ok", new BsonInt32(1)).append("version", new BsonString("7.0.42"));
    byte[] r = WireFrames.opMsgAsReply(opMsg(9, 42, answer, List.of(), false));
    ByteBuffer b = ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(b.getInt(0)).isEqualTo(r.length);
    assertThat(WireFrames.opCode(r)).isEqualTo(WireFrames.OP_REPLY);
    assertThat(WireFrames.responseTo(r)).isEqualTo(42);
    assertThat(b.getInt(16)).as("flags").isZero();
    assertThat(b.getLong(20)).as("cursor id").isZero();
    assertThat(b.getInt(32)).as("numberReturned").isEqualTo(1);
    assertThat(new RawBsonDocument(r, 36, r.length - 36).decode(new org.bson.codecs.BsonDocumentCodec()))
        .isEqualTo(answer);
    assertThatThrownBy(() -> WireFrames.opMsgAsReply(opQuery(1, "a.$cmd", answer))).hasMessageContaining("OP_MSG");
  }

  @Test
  void noCursorTimeoutIsTakenOutAndTheDocumentSequenceKeptWhileAStaleChecksumGoes() {
    BsonDocument find = new BsonDocument("find", new BsonString("records")).append("noCursorTimeout",
        new org.bson.BsonBoolean(true)).append("$db", new BsonString("census"));
    List<BsonDocument> seq = List.of(new BsonDocument("_id", new BsonInt32(1)), new BsonDocument("_id", new BsonInt32(2)));
    byte[] m = WireFrames.withoutNoCursorTimeout(opMsg(5, 0, find, seq, true));
    BsonDocument expected = find.clone();
    expected.remove("noCursorTimeout");
    assertThat(bodyOf(m)).isEqualTo(expected);
    assertThat(ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN).getInt(16)).as("flags: no checksum").isZero();
    assertThat(m).hasSize(opMsg(5, 0, expected, seq, false).length);
    assertThat(m).isEqualTo(opMsg(5, 0, expected, seq, false));
    assertThat(WireFrames.withoutNoCursorTimeout(opMsg(5, 0, expected, seq, false))).isNull();
  }

  @Test
  void theThreeDriverWorksThroughTheBridgeWhichRewritesItsOpQueryCommandsAndNoCursorTimeout() throws Exception {
    MongoServer server = StandinServer.start(0);
    try (OpQueryBridge bridge = OpQueryBridge.start(0, server.getLocalAddress());
         MongoClient client = new MongoClient(new MongoClientURI("mongodb://127.0.0.1:" + bridge.port(),
             MongoClientOptions.builder().serverSelectionTimeout(5000)))) {
      MongoCollection<Document> c = client.getDatabase("census").getCollection("records");
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < 2500; i++) {
        docs.add(new Document("_id", i).append("pad", "x".repeat(1000)));
      }
      c.insertMany(docs);
      long n = 0;
      for (Document d : c.find().noCursorTimeout(true).batchSize(300)) {
        assertThat(d.getInteger("_id")).isEqualTo((int) n);
        n++;
      }
      assertThat(n).isEqualTo(2500);
      assertThat(client.getDatabase("admin").runCommand(new Document("buildinfo", 1)).get("version")).isNotNull();
      assertThat(bridge.translated()).as("OP_QUERY commands sent on as OP_MSG").isPositive();
      assertThat(bridge.strippedNoCursorTimeout()).isEqualTo(1);
    } finally {
      server.shutdownNow();
    }
  }

  @Test
  void describeNamesAnUpstreamThatDoesNotAnswer() throws Exception {
    int free;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      free = s.getLocalPort();
    }
    assertThatThrownBy(() -> OpQueryBridge.describe(new InetSocketAddress("127.0.0.1", free)))
        .isInstanceOf(IOException.class).hasMessageContaining("127.0.0.1:" + free).hasMessageContaining("buildInfo");
    MongoServer server = StandinServer.start(0);
    try {
      assertThat(OpQueryBridge.describe(server.getLocalAddress())).startsWith("a MongoDB-wire server reporting version ");
    } finally {
      server.shutdownNow();
    }
  }
}
