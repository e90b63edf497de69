package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.sciycsb.api.StoreInfo;

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
}
