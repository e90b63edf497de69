package org.sciycsb.census;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * The MongoDB wire-protocol rewrites of {@link OpQueryBridge}, on whole messages (16-byte header included, little
 * endian): a command the 3.x driver sends as OP_QUERY on {@code <db>.$cmd} becomes the OP_MSG a current server
 * expects ({@code $db} added), the OP_MSG answer to it becomes the OP_REPLY the driver waits for, and
 * {@code noCursorTimeout: true} (which FerretDB 1.24 refuses) is taken out of an OP_MSG command. Everything else is
 * left byte for byte as it came.
 */
final class WireFrames {
  static final int OP_REPLY = 1;
  static final int OP_QUERY = 2004;
  static final int OP_MSG = 2013;
  static final int HEADER = 16;
  /** Commands FerretDB answers over OP_QUERY itself: the handshake and authentication. */
  static final Set<String> NATIVE_OP_QUERY = Set.of("hello", "ismaster", "saslstart", "saslcontinue");
  private static final int CHECKSUM_PRESENT = 1;

  private WireFrames() {}

  static int opCode(byte[] m) {
    return le(m).getInt(12);
  }

  static int requestId(byte[] m) {
    return le(m).getInt(4);
  }

  static int responseTo(byte[] m) {
    return le(m).getInt(8);
  }

  private static ByteBuffer le(byte[] m) {
    return ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * The OP_MSG for an OP_QUERY command on {@code <db>.$cmd} (the command unwrapped from {@code $query} when the
   * driver wrapped it, {@code $db} added, same request id), or null when the message is not such a command or is
   * one FerretDB answers over OP_QUERY itself ({@link #NATIVE_OP_QUERY}).
   */
  static byte[] commandAsOpMsg(byte[] m) {
    if (opCode(m) != OP_QUERY) {
      return null;
    }
    int end = HEADER + 4;
    while (m[end] != 0) {
      end++;
    }
    String ns = new String(m, HEADER + 4, end - HEADER - 4, StandardCharsets.UTF_8);
    if (!ns.endsWith(".$cmd")) {
      return null;
    }
    int docAt = end + 1 + 8; // numberToSkip, numberToReturn
    BsonDocument query = new RawBsonDocument(m, docAt, le(m).getInt(docAt)).decode(new BsonDocumentCodec());
    BsonDocument cmd = query.containsKey("$query") ? query.getDocument("$query") : query;
    if (cmd.isEmpty() || NATIVE_OP_QUERY.contains(cmd.getFirstKey().toLowerCase(Locale.ROOT))) {
      return null;
    }
    cmd.put("$db", new BsonString(ns.substring(0, ns.length() - ".$cmd".length())));
    byte[] body = bytes(cmd);
    ByteBuffer out = ByteBuffer.allocate(HEADER + 4 + 1 + body.length).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(out.capacity()).putInt(requestId(m)).putInt(0).putInt(OP_MSG);
    out.putInt(0).put((byte) 0).put(body);
    return out.array();
  }

  /** The OP_REPLY carrying an OP_MSG answer's body document (flags 0, cursor 0, one document). */
  static byte[] opMsgAsReply(byte[] m) {
    if (opCode(m) != OP_MSG || m[HEADER + 4] != 0) {
      throw new IllegalArgumentException("not an OP_MSG answer with its body first (opCode " + opCode(m) + ")");
    }
    int docAt = HEADER + 4 + 1;
    int docLength = le(m).getInt(docAt);
    ByteBuffer out = ByteBuffer.allocate(HEADER + 20 + docLength).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(out.capacity()).putInt(requestId(m)).putInt(responseTo(m)).putInt(OP_REPLY);
    out.putInt(0).putLong(0).putInt(0).putInt(1).put(m, docAt, docLength);
    return out.array();
  }

  /**
   * The OP_MSG without {@code noCursorTimeout: true} in its body (mongo-hadoop's record reader asks for it and
   * FerretDB 1.24 refuses the whole find), or null when the message is not an OP_MSG with that field. A checksum,
   * which would no longer match, is dropped with its flag.
   */
  static byte[] withoutNoCursorTimeout(byte[] m) {
    if (opCode(m) != OP_MSG) {
      return null;
    }
    int flags = le(m).getInt(HEADER);
    int end = (flags & CHECKSUM_PRESENT) != 0 ? m.length - 4 : m.length;
    int at = HEADER + 4;
    while (at < end) {
      int length = le(m).getInt(at + 1);
      if (m[at] == 0) {
        return stripped(m, flags, at, length, end);
      }
      at += 1 + length;
    }
    return null;
  }

  private static byte[] stripped(byte[] m, int flags, int bodyAt, int bodyLength, int end) {
    RawBsonDocument raw = new RawBsonDocument(m, bodyAt + 1, bodyLength);
    if (!raw.containsKey("noCursorTimeout")) {
      return null;
    }
    BsonDocument body = raw.decode(new BsonDocumentCodec());
    body.remove("noCursorTimeout");
    byte[] doc = bytes(body);
    int rest = end - (bodyAt + 1 + bodyLength);
    ByteBuffer out = ByteBuffer.allocate(bodyAt + 1 + doc.length + rest).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(out.capacity()).putInt(requestId(m)).putInt(responseTo(m)).putInt(OP_MSG);
    out.putInt(flags & ~CHECKSUM_PRESENT).put(m, HEADER + 4, bodyAt - HEADER - 4);
    out.put((byte) 0).put(doc).put(m, bodyAt + 1 + bodyLength, rest);
    return out.array();
  }

  static byte[] bytes(BsonDocument d) {
    ByteBuffer b = new RawBsonDocument(d, new BsonDocumentCodec()).getByteBuffer().asNIO();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }
}
