package org.sciycsb.cassandra;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The CQL text of every statement the binding runs; pure functions, unit-tested. */
final class Cql {
  /** The partition key column: upstream YCSB's name, so tables created by upstream's binding work too. */
  static final String KEY = "y_id";

  private Cql() {}

  /** Field names in a canonical (sorted) order, so one prepared statement serves every map with these keys. */
  static List<String> canonical(Collection<String> fields) {
    return List.copyOf(new TreeSet<>(fields));
  }

  static String createKeyspace(String keyspace, String replication) {
    return "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + replication;
  }

  static String createTable(String keyspace, String table, List<String> fields) {
    StringBuilder b = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(keyspace).append('.').append(table)
        .append(" (").append(KEY).append(" text PRIMARY KEY");
    for (String f : fields) {
      b.append(", ").append(f).append(" text");
    }
    return b.append(')').toString();
  }

  private static String projection(List<String> fields) {
    return fields == null ? "*" : String.join(", ", fields);
  }

  /** {@code fields} null means every column. */
  static String read(String keyspace, String table, List<String> fields) {
    return "SELECT " + projection(fields) + " FROM " + keyspace + "." + table + " WHERE " + KEY + " = ?";
  }

  /** Scans go in token (ring) order from the start key's token: Murmur3 does not keep key order. */
  static String scan(String keyspace, String table, List<String> fields) {
    return "SELECT " + projection(fields) + " FROM " + keyspace + "." + table + " WHERE token(" + KEY
        + ") >= token(?) LIMIT ?";
  }

  /** The rest of a scan that reached the end of the ring: it wraps around to the ring's start. */
  static String scanWrap(String keyspace, String table, List<String> fields) {
    return "SELECT " + projection(fields) + " FROM " + keyspace + "." + table + " WHERE token(" + KEY
        + ") < token(?) LIMIT ?";
  }

  static String insert(String keyspace, String table, List<String> fields) {
    StringBuilder b = new StringBuilder("INSERT INTO ").append(keyspace).append('.').append(table).append(" (")
        .append(KEY);
    for (String f : fields) {
      b.append(", ").append(f);
    }
    b.append(") VALUES (?");
    for (int i = 0; i < fields.size(); i++) {
      b.append(", ?");
    }
    return b.append(')').toString();
  }

  /** Binds the field values first, the key last. */
  static String update(String keyspace, String table, List<String> fields) {
    StringBuilder b = new StringBuilder("UPDATE ").append(keyspace).append('.').append(table).append(" SET ");
    for (int i = 0; i < fields.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(fields.get(i)).append(" = ?");
    }
    return b.append(" WHERE ").append(KEY).append(" = ?").toString();
  }

  static String delete(String keyspace, String table) {
    return "DELETE FROM " + keyspace + "." + table + " WHERE " + KEY + " = ?";
  }

  static String truncate(String keyspace, String table) {
    return "TRUNCATE " + keyspace + "." + table;
  }

  static String count(String keyspace, String table) {
    return "SELECT COUNT(*) FROM " + keyspace + "." + table;
  }

  /** Every row's value of one (partition key) column: a row count read page by page. */
  static String keys(String keyspace, String table, String column) {
    return "SELECT " + column + " FROM " + keyspace + "." + table;
  }

  /** The cache key of a prepared statement. */
  static String cacheKey(String op, String table, List<String> fields) {
    return op + '|' + table + '|' + (fields == null ? "*" : String.join(",", fields));
  }

  /** A field set as given by YCSB (null or empty = all, as null), in canonical order. */
  static List<String> fieldsOrAll(Set<String> fields) {
    return fields == null || fields.isEmpty() ? null : canonical(fields);
  }
}
