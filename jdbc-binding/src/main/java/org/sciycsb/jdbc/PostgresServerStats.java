package org.sciycsb.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ServerStats;

/**
 * PostgreSQL's own figures for the run's database, from {@code pg_stat_database}: transactions, blocks read and hit
 * in the buffer cache, tuples returned, fetched, inserted, updated and deleted as counters; the backends connected
 * as a gauge. PostgreSQL's backends publish their counts at the end of a transaction, at most once a second, so a
 * sample trails the operations by up to about a second.
 */
final class PostgresServerStats {
  static final String[] COUNTERS = {"xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned",
      "tup_fetched", "tup_inserted", "tup_updated", "tup_deleted"};

  private PostgresServerStats() {}

  /** One sample through {@code admin} (the caller holds its lock). */
  static Optional<ServerStats> read(Connection admin) throws BindingException {
    String sql = "SELECT current_database(), numbackends, " + String.join(", ", COUNTERS)
        + " FROM pg_stat_database WHERE datname = current_database()";
    try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      if (!rs.next()) {
        return Optional.empty();
      }
      Map<String, Double> counters = new TreeMap<>();
      for (String c : COUNTERS) {
        counters.put(c, rs.getDouble(c));
      }
      Map<String, Double> gauges = Map.of("numbackends", rs.getDouble("numbackends"));
      return Optional.of(new ServerStats("pg_stat_database of " + rs.getString(1), counters, gauges));
    } catch (SQLException e) {
      throw new BindingException("pg_stat_database: " + e.getMessage(), e);
    }
  }
}
