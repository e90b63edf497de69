package org.sciycsb.fasta.doc;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One document ready for a store: its type, its id (16 lower-case hex digits, deterministic, not monotonic) and
 * its compact JSON (UTF-8 bytes, including {@code "_id"} and {@code "t"}). Immutable; the JSON array is owned by the
 * document and must not be modified.
 */
public final class Document {
  private final DocType type;
  private final String id;
  private final byte[] json;

  public Document(DocType type, String id, byte[] json) {
    this.type = Objects.requireNonNull(type, "type");
    this.id = Objects.requireNonNull(id, "id");
    this.json = Objects.requireNonNull(json, "json");
  }

  public DocType type() {
    return type;
  }

  public String id() {
    return id;
  }

  /** The JSON as UTF-8 bytes (not copied: do not modify). */
  public byte[] jsonBytes() {
    return json;
  }

  /** The JSON as a string (decoded on each call). */
  public String json() {
    return new String(json, StandardCharsets.UTF_8);
  }

  /** Size of the JSON in bytes, the figure seed 001 reported per document type. */
  public int size() {
    return json.length;
  }

  @Override
  public String toString() {
    return type.code() + " " + id + " " + json();
  }
}
