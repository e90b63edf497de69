package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** Behaviour on PostgreSQL ({@code bin/servers start postgres}); fails when the server is down. */
class JdbcPostgresIT extends JdbcBehaviour {
  @Override
  protected Map<String, String> store() {
    return TestStores.postgres();
  }

  @Override
  protected void checkStoreInfo(StoreInfo info) {
    assertThat(info.product()).isEqualTo("PostgreSQL");
    assertThat(info.version()).matches("\\d+(\\.\\d+)*");
    assertThat(info.details().get("dialect")).isEqualTo("postgresql");
  }

  @Override
  protected void checkServerSettings(Map<String, String> settings) {
    assertThat(settings).as("pg_settings: the ones always reported, with their unit")
        .containsKeys(JdbcServerConfiguration.POSTGRES_ALWAYS);
    assertThat(settings.get("shared_buffers")).matches("\\d+ \\(8kB\\)");
    assertThat(settings.get("fsync")).isIn("on", "off");
    assertThat(settings).as("set by the server's start (not a built-in default)").containsKey("port");
  }

  @Test
  void aLostConnectionIsUnavailableThenReconnects() throws Exception {
    JdbcRun run = open();
    DB db = run.newDb(0);
    db.init();
    assertThat(db.insert(table, "k1", record(2, "v"))).isEqualTo(Status.OK);
    Map<String, String> p = store();
    int killed;
    try (Connection c = DriverManager.getConnection(p.get("db.url"), p.get("db.user"), p.get("db.passwd"));
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            + "WHERE usename = current_user AND datname = current_database() AND pid <> pg_backend_pid()")) {
      rs.next();
      killed = rs.getInt(1);
    }
    assertThat(killed).isGreaterThanOrEqualTo(1);
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, "k1", null, out)).isIn(Status.SERVICE_UNAVAILABLE, Status.ERROR);
    Status again = Status.ERROR;
    for (int i = 0; i < 30 && !again.isOk(); i++) {
      again = db.read(table, "k1", null, out);
      Thread.sleep(100);
    }
    assertThat(again).isEqualTo(Status.OK);
    assertThat(out).containsKey("field1");
    db.cleanup();
  }
}
