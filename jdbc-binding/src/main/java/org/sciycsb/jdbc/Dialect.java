package org.sciycsb.jdbc;

import java.util.Locale;

/** What differs between the SQL engines the binding knows: column types and connect-timeout properties. */
public enum Dialect {
  H2, POSTGRESQL, MARIADB, OTHER;

  /** MariaDB/MySQL rows may hold at most 65,535 bytes outside TEXT columns (4 bytes a character in utf8mb4). */
  static final int MARIADB_ROW_BYTES = 60_000;

  /** The dialect of a JDBC URL, before connecting. */
  public static Dialect ofUrl(String url) {
    String u = url.toLowerCase(Locale.ROOT);
    if (u.startsWith("jdbc:h2:")) {
      return H2;
    }
    if (u.startsWith("jdbc:postgresql:")) {
      return POSTGRESQL;
    }
    if (u.startsWith("jdbc:mariadb:") || u.startsWith("jdbc:mysql:")) {
      return MARIADB;
    }
    return OTHER;
  }

  /** The dialect of a product name as {@link java.sql.DatabaseMetaData#getDatabaseProductName()} gives it. */
  public static Dialect ofProduct(String product) {
    String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
    if (p.startsWith("h2")) {
      return H2;
    }
    if (p.contains("postgres")) {
      return POSTGRESQL;
    }
    if (p.contains("mariadb") || p.contains("mysql")) {
      return MARIADB;
    }
    return OTHER;
  }

  /** The SQL type of one value column holding up to {@code length} characters, in a row of {@code count}. */
  public String valueType(int length, int count) {
    int n = Math.max(1, length);
    switch (this) {
      case POSTGRESQL:
        return "TEXT";
      case H2:
        return n <= 1_000_000 ? "VARCHAR(" + n + ")" : "CLOB";
      case MARIADB:
        if ((long) n * 4 * Math.max(1, count) <= MARIADB_ROW_BYTES) {
          return "VARCHAR(" + n + ")";
        }
        return n <= 16_383 ? "TEXT" : n <= 4_194_303 ? "MEDIUMTEXT" : "LONGTEXT";
      default:
        return "VARCHAR(" + n + ")";
    }
  }
}
