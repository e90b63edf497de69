package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.StoreInfo;

/** Behaviour on the default store: embedded H2 in file mode under the work folder. */
class JdbcH2IT extends JdbcBehaviour {
  @Override
  protected Map<String, String> store() {
    return Map.of();
  }

  @Override
  protected void checkStoreInfo(StoreInfo info) {
    assertThat(info.product()).isEqualTo("H2");
    assertThat(info.version()).isEqualTo("2.2.224");
  }

  @Override
  protected void checkServerSettings(Map<String, String> settings) {
    assertThat(settings).as("INFORMATION_SCHEMA.SETTINGS of H2 2.2.224").containsEntry("CREATE_BUILD", "224")
        .containsKey("MODE");
  }

  @Test
  void defaultStoreIsAFileUnderTheWorkFolder() throws Exception {
    JdbcRun run = open();
    assertThat(run.settings().connection().url()).startsWith("jdbc:h2:file:").endsWith("/h2/ycsb;DB_CLOSE_ON_EXIT=FALSE;MAX_COMPACT_TIME=0");
    assertThat(Files.exists(work.resolve("h2").resolve("ycsb.mv.db"))).isTrue();
    assertThat(run.dialect()).isEqualTo(Dialect.H2);
  }
}
