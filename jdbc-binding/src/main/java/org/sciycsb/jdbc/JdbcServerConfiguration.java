package org.sciycsb.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ServerConfiguration;

/**
 * The SQL server's configuration for the run's manifest. PostgreSQL: {@code pg_settings} rows set anywhere but the
 * built-in default (configuration file, command line, ALTER SYSTEM, per database or user), and always the memory,
 * durability and planner-cost settings that decide a key-value benchmark's numbers, with their unit. H2: every row
 * of {@code INFORMATION_SCHEMA.SETTINGS}. Other servers: none (empty).
 */
final class JdbcServerConfiguration {
  /** PostgreSQL settings reported even at their default. */
  static final String[] POSTGRES_ALWAYS = {"shared_buffers", "effective_cache_size", "work_mem", "fsync",
      "synchronous_commit", "full_page_writes", "wal_level", "wal_buffers", "max_wal_size", "checkpoint_timeout",
      "max_connections", "random_page_cost", "effective_io_concurrency", "autovacuum", "huge_pages"};

  private JdbcServerConfiguration() {}

  /** Through {@code admin} (the caller holds its lock). */
  static Optional<ServerConfiguration> read(Dialect dialect, Connection admin) throws BindingException {
    switch (dialect) {
      case POSTGRESQL:
        return Optional.of(new ServerConfiguration("pg_settings: set other than by default, and "
            + String.join(", ", POSTGRES_ALWAYS), query(admin, "SELECT name, setting, unit FROM pg_settings"
            + " WHERE source <> 'default' OR name IN ('" + String.join("', '", POSTGRES_ALWAYS) + "')")));
      case H2:
        return Optional.of(new ServerConfiguration("INFORMATION_SCHEMA.SETTINGS",
            query(admin, "SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS")));
      default:
        return Optional.empty();
    }
  }

  /** Name, value and (a third column, when there is one) unit: {@code 16384 (8kB)}. */
  private static Map<String, String> query(Connection admin, String sql) throws BindingException {
    Map<String, String> m = new TreeMap<>();
    try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      boolean unit = rs.getMetaData().getColumnCount() > 2;
      while (rs.next()) {
        String v = rs.getString(2);
        String u = unit ? rs.getString(3) : null;
        m.put(rs.getString(1), v == null ? "" : u == null || u.isEmpty() ? v : v + " (" + u + ")");
      }
    } catch (SQLException e) {
      throw new BindingException("reading the server's settings: " + e.getMessage(), e);
    }
    return m;
  }
}
