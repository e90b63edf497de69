package org.sciycsb.jdbc;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The SQL text of every statement the binding sends. Identifiers are never quoted (so the upstream YCSB table
 * layout, {@code YCSB_KEY} and {@code FIELD0..FIELDn}, works on every engine whatever its case folding) and
 * therefore must be plain SQL identifiers: {@link #checkIdentifier} rejects anything else, which also keeps
 * field names out of the SQL text unless they are safe.
 */
public final class Sql {
  /** The primary-key column of upstream YCSB's JDBC table layout. */
  public static final String KEY = "YCSB_KEY";

  private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
  private static final Pattern TABLE = Pattern.compile("(?:[A-Za-z_][A-Za-z0-9_]{0,62}\\.)?[A-Za-z_][A-Za-z0-9_]{0,62}");

  private Sql() {}

  /** True when the name can be used unquoted as a column name. */
  public static boolean isIdentifier(String name) {
    return name != null && IDENT.matcher(name).matches();
  }

  /** True when the name can be used unquoted as a table name, optionally schema-qualified. */
  public static boolean isTableName(String name) {
    return name != null && TABLE.matcher(name).matches();
  }

  /** The column names of the record layout: {@code prefix0 .. prefix(count-1)}. */
  public static List<String> layoutFields(String prefix, int count) {
    List<String> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(prefix + i);
    }
    return out;
  }

  public static String createTable(String table, List<String> fields, String valueType) {
    StringBuilder sb = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(table).append(" (")
        .append(KEY).append(" VARCHAR(255) PRIMARY KEY");
    for (String f : fields) {
      sb.append(", ").append(f.toUpperCase(Locale.ROOT)).append(' ').append(valueType);
    }
    return sb.append(')').toString();
  }

  public static String dropTable(String table) {
    return "DROP TABLE IF EXISTS " + table;
  }

  /** A statement that fails when the table or one of the columns is missing and reads nothing otherwise. */
  public static String probe(String table, Collection<String> fields) {
    return "SELECT " + columns(fields) + " FROM " + table + " WHERE 1 = 0";
  }

  /** One row, any row: tells whether a table is empty without counting it. */
  public static String anyRow(String table) {
    return "SELECT " + KEY + " FROM " + table + " ORDER BY " + KEY + " LIMIT 1";
  }

  public static String count(String table) {
    return "SELECT COUNT(*) FROM " + table;
  }

  /** Read one record; {@code fields == null} reads every column. */
  public static String read(String table, List<String> fields) {
    return "SELECT " + selectList(fields) + " FROM " + table + " WHERE " + KEY + " = ?";
  }

  /** Up to {@code ?} records from the start key {@code ?} on, in key order. */
  public static String scan(String table, List<String> fields) {
    return "SELECT " + selectList(fields) + " FROM " + table + " WHERE " + KEY + " >= ? ORDER BY " + KEY
        + " LIMIT ?";
  }

  /** Sets the given fields; the key is the last parameter. */
  public static String update(String table, List<String> fields) {
    StringBuilder sb = new StringBuilder("UPDATE ").append(table).append(" SET ");
    for (int i = 0; i < fields.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(fields.get(i)).append(" = ?");
    }
    return sb.append(" WHERE ").append(KEY).append(" = ?").toString();
  }

  /** The key is the first parameter, then the fields in order. */
  public static String insert(String table, List<String> fields) {
    StringBuilder sb = new StringBuilder("INSERT INTO ").append(table).append(" (").append(KEY);
    for (String f : fields) {
      sb.append(", ").append(f);
    }
    sb.append(") VALUES (?");
    for (int i = 0; i < fields.size(); i++) {
      sb.append(", ?");
    }
    return sb.append(')').toString();
  }

  public static String delete(String table) {
    return "DELETE FROM " + table + " WHERE " + KEY + " = ?";
  }

  private static String selectList(List<String> fields) {
    return fields == null ? "*" : columns(fields);
  }

  private static String columns(Collection<String> fields) {
    StringBuilder sb = new StringBuilder(KEY);
    for (String f : fields) {
      sb.append(", ").append(f);
    }
    return sb.toString();
  }
}
