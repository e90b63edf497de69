package org.sciycsb.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.sciycsb.testkit.BindingConformance;

/**
 * The CRUD contract on PostgreSQL ({@code bin/servers start postgres}; {@code -Dsciycsb.postgres.url} to point
 * elsewhere). Fails when the server is down.
 */
class PostgresConformanceIT extends BindingConformance {
  PostgresConformanceIT() {
    super(new JdbcBinding(), () -> TestStores.postgres());
  }

  @AfterEach
  void dropTable() throws Exception {
    Map<String, String> p = TestStores.postgres();
    try (Connection c = DriverManager.getConnection(p.get("db.url"), p.get("db.user"), p.get("db.passwd"));
        Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS " + table);
    }
  }
}
