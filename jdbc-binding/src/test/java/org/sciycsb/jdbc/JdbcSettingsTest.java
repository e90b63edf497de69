package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.Binding;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;

class JdbcSettingsTest {
  @TempDir
  Path work;

  private JdbcSettings settings(String... kv) throws ConfigException {
    java.util.Map<String, String> m = new java.util.HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return JdbcSettings.from(new Config(m), work);
  }

  @Test
  void defaultsToEmbeddedH2UnderTheWorkFolder() throws Exception {
    JdbcSettings s = settings();
    // the binding, not H2's shutdown hook, closes the embedded database (after the last batches are flushed)
    assertThat(s.connection().url()).isEqualTo("jdbc:h2:file:" + work.toAbsolutePath().normalize()
        + "/h2/ycsb;DB_CLOSE_ON_EXIT=FALSE;MAX_COMPACT_TIME=0");
    assertThat(s.connection().user()).isEqualTo("sa");
    assertThat(s.connection().password()).isEmpty();
    assertThat(s.table().name()).isEqualTo("usertable");
    assertThat(s.table().fields()).hasSize(10).startsWith("field0").endsWith("field9");
    assertThat(s.table().fieldLength()).isEqualTo(100);
    assertThat(s.writes().autoCommit()).isTrue();
    assertThat(s.table().create()).isTrue();
    assertThat(s.writes().batching()).isFalse();
    assertThat(s.connection().connectTimeout()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void embeddedH2FileUrlsKeepTheUsersOwnSettingsAndOthersAreLeftAlone() throws Exception {
    assertThat(settings("db.url", "jdbc:h2:file:/tmp/x;MAX_COMPACT_TIME=500;").connection().url())
        .isEqualTo("jdbc:h2:file:/tmp/x;MAX_COMPACT_TIME=500;DB_CLOSE_ON_EXIT=FALSE");
    assertThat(settings("db.url", "jdbc:h2:/tmp/y;db_close_on_exit=TRUE").connection().url())
        .isEqualTo("jdbc:h2:/tmp/y;db_close_on_exit=TRUE;MAX_COMPACT_TIME=0");
    assertThat(settings("db.url", "jdbc:h2:mem:ycsb").connection().url()).isEqualTo("jdbc:h2:mem:ycsb");
    assertThat(settings("db.url", "jdbc:h2:tcp://127.0.0.1/ycsb").connection().url()).isEqualTo("jdbc:h2:tcp://127.0.0.1/ycsb");
  }

  @Test
  void upstreamNamesAreRead() throws Exception {
    JdbcSettings s = settings("db.url", "jdbc:postgresql://127.0.0.1:5433/ycsb", "db.user", "ycsb",
        "db.passwd", "pw", "db.driver", "org.postgresql.Driver", "db.batchsize", "100", "jdbc.fetchsize", "50",
        "jdbc.autocommit", "false", "jdbc.batchupdateapi", "false", "fieldcount", "3", "fieldnameprefix", "f",
        "fieldlength", "20", "table", "t1", "db.connecttimeout", "2");
    assertThat(s.connection().user()).isEqualTo("ycsb");
    assertThat(s.connection().password()).isEqualTo("pw");
    assertThat(s.connection().driverClass()).isEqualTo("org.postgresql.Driver");
    assertThat(s.writes().batchSize()).isEqualTo(100);
    assertThat(s.fetchSize()).isEqualTo(50);
    assertThat(s.writes().autoCommit()).isFalse();
    assertThat(s.writes().batching()).isFalse();
    assertThat(s.writes().groupCommits()).isTrue();
    assertThat(s.table().fields()).containsExactly("f0", "f1", "f2");
    assertThat(s.table().fieldLength()).isEqualTo(20);
    assertThat(s.table().name()).isEqualTo("t1");
    assertThat(s.connection().connectTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(settings("db.batchsize", "100").writes().batching()).isTrue();
    assertThat(settings("db.batchsize", "1").writes().batching()).isFalse();
    assertThat(settings("db.batchsize", "-1").writes().batching()).isFalse();
  }

  @Test
  void badValuesAreConfigErrorsNamingTheKey() {
    assertThatThrownBy(() -> settings("db.batchsize", "-2")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("db.batchsize");
    assertThatThrownBy(() -> settings("db.batchsize", "many")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("db.batchsize");
    assertThatThrownBy(() -> settings("jdbc.fetchsize", "-1")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("jdbc.fetchsize");
    assertThatThrownBy(() -> settings("jdbc.autocommit", "maybe")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("jdbc.autocommit");
    assertThatThrownBy(() -> settings("db.connecttimeout", "soon")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("db.connecttimeout");
    assertThatThrownBy(() -> settings("table", "user table")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("table");
    assertThatThrownBy(() -> settings("fieldnameprefix", "f-")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("fieldnameprefix");
    assertThatThrownBy(() -> settings("db.url", "postgresql://h/db")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("db.url");
    assertThatThrownBy(() -> settings("jdbc.droptable", "true", "jdbc.createtable", "false"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("jdbc.droptable");
  }

  @Test
  void passwordsAreMasked() throws Exception {
    JdbcSettings s = settings("db.url", "jdbc:postgresql://h/db?user=u&password=urlsecret", "db.passwd", "s3cret!");
    assertThat(s.connection().maskedUrl()).doesNotContain("urlsecret");
    assertThat(s.connection().mask("FATAL: s3cret! rejected at jdbc:postgresql://h/db?password=urlsecret"))
        .doesNotContain("s3cret!").doesNotContain("urlsecret").contains("*****");
    assertThat(s.toString()).doesNotContain("s3cret!").doesNotContain("urlsecret");
    assertThatThrownBy(() -> settings("db.passwd", "x", "db.url", "nojdbc://u:topsecret@h"))
        .isInstanceOf(ConfigException.class).hasMessageNotContaining("topsecret");
  }

  @Test
  void driverMessagesBecomeOneMaskedLine() throws Exception {
    JdbcSettings s = settings("db.passwd", "hunter22");
    assertThat(s.connection().reason(new java.sql.SQLException(
        "Table \"X\" not found; SQL statement:\nSELECT * FROM x WHERE p = 'hunter22' [42102-224]")))
        .isEqualTo("Table \"X\" not found");
    assertThat(s.connection().reason(new java.sql.SQLException("login hunter22 refused"))).isEqualTo("login ***** refused");
    java.sql.SQLException refused = new java.sql.SQLException("Connection refused", "08001");
    assertThat(JdbcConnector.connectFailure(s.connection(), refused).getMessage()).startsWith("jdbc: the server cannot be reached at ");
    java.sql.SQLException auth = new java.sql.SQLException("bad password hunter22", "28P01");
    assertThat(JdbcConnector.connectFailure(s.connection(), auth).getMessage()).contains("refused the credentials of user sa")
        .doesNotContain("hunter22");
  }

  @Test
  void connectTimeoutReachesTheDriverProperties() throws Exception {
    JdbcSettings s = settings("db.url", "jdbc:postgresql://h/db", "db.user", "u", "db.passwd", "p",
        "db.connecttimeout", "3s");
    // the run's first connection: a silent server fails within db.connecttimeout
    assertThat(JdbcConnector.connectionProperties(s.connection(), s.connection().connectTimeout())).containsEntry("user", "u")
        .containsEntry("password", "p").containsEntry("connectTimeout", "3").containsEntry("loginTimeout", "3");
    // a thread's: db.logintimeout (30 s), at least db.connecttimeout
    assertThat(JdbcConnector.connectionProperties(s.connection(), s.connection().loginTimeout())).containsEntry("loginTimeout", "30");
    assertThat(settings("db.connecttimeout", "3s", "db.logintimeout", "1s").connection().loginTimeout())
        .isEqualTo(Duration.ofSeconds(3));
    assertThat(settings("db.logintimeout", "90s").connection().loginTimeout()).isEqualTo(Duration.ofSeconds(90));
    JdbcSettings maria = settings("db.url", "jdbc:mariadb://h/db", "db.connecttimeout", "1500ms");
    assertThat(JdbcConnector.connectionProperties(maria.connection(), maria.connection().loginTimeout())).containsEntry("connectTimeout", "1500")
        .doesNotContainKey("user");
    JdbcSettings own = settings("db.url", "jdbc:postgresql://h/db?connectTimeout=30");
    assertThat(JdbcConnector.connectionProperties(own.connection(), own.connection().loginTimeout())).doesNotContainKey("connectTimeout");
  }

  @Test
  void driverIsPickedFromTheUrl() throws Exception {
    assertThat(JdbcConnector.driver(settings().connection()).getClass().getName()).isEqualTo("org.h2.Driver");
    assertThat(JdbcConnector.driver(settings("db.url", "jdbc:postgresql://h/db").connection()).getClass().getName())
        .isEqualTo("org.postgresql.Driver");
    assertThat(JdbcConnector.driver(settings("db.url", "jdbc:mariadb://h/db").connection()).getClass().getName())
        .isEqualTo("org.mariadb.jdbc.Driver");
    assertThatThrownBy(() -> JdbcConnector.driver(settings("db.url", "jdbc:nosuch://h/db").connection()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("db.url");
    assertThatThrownBy(() -> JdbcConnector.driver(settings("db.driver", "com.example.NoDriver").connection()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("db.driver");
    assertThatThrownBy(() -> JdbcConnector.driver(settings("db.driver", "org.postgresql.Driver").connection()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("does not accept");
  }

  @Test
  void shortVersion() {
    assertThat(JdbcRun.shortVersion("2.2.224 (2023-09-17)")).isEqualTo("2.2.224");
    assertThat(JdbcRun.shortVersion("15.18 (Debian 15.18-0+deb12u1)")).isEqualTo("15.18");
    assertThat(JdbcRun.shortVersion("11.4.2-MariaDB")).isEqualTo("11.4.2-MariaDB");
    assertThat(JdbcRun.shortVersion(null)).isEqualTo("unknown");
  }

  @Test
  void registeredThroughServiceLoaderWithTypedOptions() {
    Binding jdbc = null;
    for (Binding b : ServiceLoader.load(Binding.class)) {
      if (b.name().equals("jdbc")) {
        jdbc = b;
      }
    }
    assertThat(jdbc).isNotNull();
    assertThat(jdbc.options().owner()).isEqualTo("jdbc");
    assertThat(jdbc.options().options()).extracting(Option::name).contains("db.url", "db.user", "db.passwd",
        "db.driver", "db.batchsize", "db.connecttimeout", "jdbc.autocommit", "jdbc.fetchsize",
        "jdbc.batchupdateapi", "jdbc.createtable", "jdbc.droptable");
    assertThat(jdbc.options().get("db.passwd").isSecret()).isTrue();
    assertThat(jdbc.options().get("db.url").defaultText()).isEqualTo("jdbc:h2:file:<workDir>/h2/ycsb");
    assertThat(jdbc.options().owns("jdbc.prependtablename")).isTrue();
    assertThat(jdbc.options().owns("db.urlsharddelimiter")).isTrue();
    assertThat(Map.of("k", jdbc.summary())).isNotEmpty();
  }
}
