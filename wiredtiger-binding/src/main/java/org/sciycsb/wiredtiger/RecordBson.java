package org.sciycsb.wiredtiger;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A YCSB record as BSON, as upstream YCSB's MongoDB binding stores it: {@code {_id: key, field0: BinData, ...}}, each
 * field's value as BSON binary (subtype 0).
 */
final class RecordBson {
  private RecordBson() {}

  /** The document of a new record. */
  static byte[] encode(String key, Map<String, ByteIterator> values) {
    BasicOutputBuffer out = new BasicOutputBuffer(64 + values.size() * 128);
    try (BsonBinaryWriter w = new BsonBinaryWriter(out)) {
      w.writeStartDocument();
      w.writeString("_id", key);
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        w.writeBinaryData(e.getKey(), new BsonBinary(e.getValue().toArray()));
      }
      w.writeEndDocument();
    }
    return out.toByteArray();
  }

  /** Puts the document's fields ({@code fields}, or all when null) into {@code out}; {@code _id} is not a field. */
  static void decode(byte[] doc, Set<String> fields, Map<String, ByteIterator> out) {
    try (BsonBinaryReader r = new BsonBinaryReader(ByteBuffer.wrap(doc))) {
      r.readStartDocument();
      while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
        String name = r.readName();
        if ("_id".equals(name) || (fields != null && !fields.contains(name))) {
          r.skipValue();
        } else if (r.getCurrentBsonType() == BsonType.BINARY) {
          out.put(name, new ByteArrayByteIterator(r.readBinaryData().getData()));
        } else {
          r.skipValue(); // not a field this binding wrote
        }
      }
      r.readEndDocument();
    }
  }

  /** The document with {@code values} set over its fields (a read-modify-write, as mongod's $set applies). */
  static byte[] update(byte[] doc, Map<String, ByteIterator> values) {
    BsonDocument d = mutable(doc);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      d.put(e.getKey(), new BsonBinary(e.getValue().toArray()));
    }
    return bytes(d);
  }

  /** A stored document as one that can be changed. */
  static BsonDocument mutable(byte[] doc) {
    return new RawBsonDocument(doc).decode(new BsonDocumentCodec());
  }

  /**
   * A timeline event as the mongodb binding stores it: {@code {_id: eventId, subject, effective: Date, resource:
   * {...the JSON...}}}.
   */
  static byte[] event(String eventId, String subject, long timeMillis, String json) {
    BsonDocument d = new BsonDocument("_id", new BsonString(eventId));
    d.put("subject", new BsonString(subject));
    d.put("effective", new org.bson.BsonDateTime(timeMillis));
    d.put("resource", RawBsonDocument.parse(json));
    return bytes(d);
  }

  /** The JSON of an event's resource (what {@link #event} stored). */
  static String resourceJson(byte[] event) {
    return new RawBsonDocument(event).getDocument("resource").toJson();
  }

  /** A document's bytes. */
  static byte[] bytes(BsonDocument d) {
    BasicOutputBuffer out = new BasicOutputBuffer();
    try (BsonBinaryWriter w = new BsonBinaryWriter(out)) {
      new BsonDocumentCodec().encode(w, d, EncoderContext.builder().build());
    }
    return out.toByteArray();
  }

  /** A JSON document as BSON, with {@code _id} the id given when the JSON has none. */
  static byte[] fromJson(String id, String json) {
    RawBsonDocument raw = RawBsonDocument.parse(json);
    if (raw.containsKey("_id")) {
      ByteBuffer b = raw.getByteBuffer().asNIO();
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return out;
    }
    BsonDocument d = new BsonDocument("_id", new BsonString(id));
    for (Map.Entry<String, BsonValue> e : raw.entrySet()) {
      d.put(e.getKey(), e.getValue());
    }
    return bytes(d);
  }

  /** A stored document as JSON (MongoDB's relaxed extended JSON, as the mongodb binding reads documents). */
  static String toJson(byte[] doc) {
    return new RawBsonDocument(doc).toJson();
  }
}
