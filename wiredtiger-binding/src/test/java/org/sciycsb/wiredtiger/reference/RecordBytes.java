package org.sciycsb.wiredtiger.reference;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A record's fields as one value, the layout upstream YCSB's rocksdb binding writes: for each field a 4-byte
 * big-endian length and the name's UTF-8 bytes, then a 4-byte length and the value's bytes.
 */
final class RecordBytes {
  private RecordBytes() {}

  static byte[] encode(Map<String, ByteIterator> values) {
    int size = 0;
    byte[][] parts = new byte[values.size() * 2][];
    int i = 0;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      parts[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
      parts[i + 1] = e.getValue().toArray();
      size += 8 + parts[i].length + parts[i + 1].length;
      i += 2;
    }
    ByteBuffer b = ByteBuffer.allocate(size);
    for (byte[] p : parts) {
      b.putInt(p.length).put(p);
    }
    return b.array();
  }

  /** Puts the fields of {@code bytes} into {@code out}: those in {@code fields}, or every one when it is null. */
  static void decode(byte[] bytes, Set<String> fields, Map<String, ByteIterator> out) {
    ByteBuffer b = ByteBuffer.wrap(bytes);
    while (b.remaining() >= 4) {
      byte[] name = new byte[b.getInt()];
      b.get(name);
      int length = b.getInt();
      String field = new String(name, StandardCharsets.UTF_8);
      if (fields == null || fields.contains(field)) {
        out.put(field, new ByteArrayByteIterator(bytes, b.position(), length));
      }
      b.position(b.position() + length);
    }
  }
}
