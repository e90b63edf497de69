package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Cursor;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * One collection as mongod lays it out in WiredTiger, on one thread's session: a table of BSON documents keyed by a
 * 64-bit record id ({@code table:collection-NAME}, key_format=q, value_format=u) and the {@code _id} index
 * ({@code table:index-NAME-_id}: the id's bytes to the record id). Every write changes both in one transaction, as
 * mongod's does; the caller runs it in {@link ThreadSession#transaction}.
 */
final class Collection {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,200}");

  /** What {@link #insert} returns for an existing id it does not replace. */
  static final long DUPLICATE = -1;

  private final ThreadSession ts;
  private final String recordsUri;
  private final String idIndexUri;
  /** The create configurations, built once: a cursor asks for them on every operation, uses them on the first. */
  private final String recordsConfig;
  private final String idIndexConfig;

  Collection(ThreadSession ts, String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("'" + name + "' is not a collection name WiredTiger's URIs take "
          + "(letters, digits, _ . -)");
    }
    this.ts = ts;
    this.recordsUri = "table:collection-" + name;
    this.idIndexUri = "table:index-" + name + "-_id";
    this.recordsConfig = ts.run().settings().collectionConfig();
    this.idIndexConfig = ts.run().settings().indexConfig("u");
  }

  static byte[] key(String id) {
    return id.getBytes(StandardCharsets.UTF_8);
  }

  static String id(byte[] key) {
    return new String(key, StandardCharsets.UTF_8);
  }

  Cursor records() {
    return ts.cursor(recordsUri, recordsConfig);
  }

  Cursor idIndex() {
    return ts.cursor(idIndexUri, idIndexConfig);
  }

  /** Creates the collection's tables when they are missing. */
  void create() {
    records();
    idIndex();
  }

  String recordsUri() {
    return recordsUri;
  }

  String idIndexUri() {
    return idIndexUri;
  }

  /** The record id of {@code id}, or -1. */
  long recordId(byte[] id) {
    Cursor c = idIndex();
    c.putKeyByteArray(id);
    long rid = c.search() == 0 ? c.getValueLong() : -1;
    c.reset();
    return rid;
  }

  /** The document of a record id, or null. */
  byte[] document(long recordId) {
    Cursor c = records();
    c.putKeyLong(recordId);
    byte[] doc = c.search() == 0 ? c.getValueByteArray() : null;
    c.reset();
    return doc;
  }

  /** The document of {@code id}, or null. */
  byte[] find(byte[] id) {
    long rid = recordId(id);
    return rid < 0 ? null : document(rid);
  }

  /**
   * Inserts a document under a new record id and its index entry, and returns the record id; an existing id's
   * document is replaced (same record id) or the insert is a {@link #DUPLICATE}.
   */
  long insert(byte[] id, byte[] doc, boolean replace) {
    long rid = recordId(id);
    if (rid >= 0) {
      if (!replace) {
        return DUPLICATE;
      }
      write(rid, doc);
      return rid;
    }
    Cursor r = records();
    rid = ts.run().tables().nextRecordId(recordsUri, r);
    write(rid, doc);
    Cursor i = idIndex();
    i.putKeyByteArray(id);
    i.putValueLong(rid);
    i.insert();
    return rid;
  }

  /** Writes the document of a record id (a new one or over the old). */
  void write(long recordId, byte[] doc) {
    Cursor r = records();
    r.putKeyLong(recordId);
    r.putValueByteArray(doc);
    r.insert();
  }

  /** Removes the document of {@code id} and its index entry; false when there is none. */
  boolean remove(byte[] id) {
    long rid = recordId(id);
    if (rid < 0) {
      return false;
    }
    Cursor r = records();
    r.putKeyLong(rid);
    r.remove();
    Cursor i = idIndex();
    i.putKeyByteArray(id);
    i.remove();
    return true;
  }
}
