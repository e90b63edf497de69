package org.sciycsb.riak;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * The stored form of a YCSB record: one flat JSON object of its fields, {@code {"field0":"...",...}}, stored with
 * content type {@code application/json}. Field values are written as UTF-8 text (YCSB's generated values are
 * printable ASCII). Readable by any Riak tool, unlike upstream YCSB's length-prefixed binary layout.
 */
public final class RecordCodec {
  private final JsonFactory json = new JsonFactory();

  /** Encodes the fields. */
  public byte[] encode(Map<String, ?> fields) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(128 + fields.size() * 120);
    try (JsonGenerator g = json.createGenerator(out)) {
      g.writeStartObject();
      for (Map.Entry<String, ?> e : fields.entrySet()) {
        g.writeStringField(e.getKey(), text(e.getValue()));
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static String text(Object v) {
    if (v instanceof ByteIterator) {
      return new String(((ByteIterator) v).toArray(), StandardCharsets.UTF_8);
    }
    return String.valueOf(v);
  }

  /**
   * Decodes a stored record into text values, keeping only {@code fields} (all when null): the projection is
   * applied here, client-side, since Riak returns whole objects.
   *
   * @throws IOException when the value is not a flat JSON object
   */
  public Map<String, String> decode(byte[] value, Set<String> fields) throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    try (JsonParser p = json.createParser(value)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("stored value is not a JSON object");
      }
      JsonToken t;
      while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken vt = p.nextToken();
        if (vt == JsonToken.START_OBJECT || vt == JsonToken.START_ARRAY) {
          throw new IOException("stored field " + name + " is not a scalar");
        }
        if (fields == null || fields.contains(name)) {
          m.put(name, vt == JsonToken.VALUE_NULL ? "" : p.getText());
        }
      }
      if (t != JsonToken.END_OBJECT) {
        throw new IOException("stored value is not a flat JSON object");
      }
    }
    return m;
  }

  /** Decodes into YCSB's result map. */
  public void decodeInto(byte[] value, Set<String> fields, Map<String, ByteIterator> result) throws IOException {
    for (Map.Entry<String, String> e : decode(value, fields).entrySet()) {
      // StringByteIterator: re-readable through toString(), which callers (and the conformance kit) rely on
      result.put(e.getKey(), new StringByteIterator(e.getValue()));
    }
  }
}
