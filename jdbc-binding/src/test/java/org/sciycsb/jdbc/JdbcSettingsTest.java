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
    assertThat(s.url()).isEqualTo("jdbc:h2:file:" + work.toAbsolutePath().normalize()
        + "/h2/ycsb;DB_CLOSE_ON_EXIT=FALSE;MAX_COMPACT_TIME=0");
    assertThat(s.user()).isEqualTo("sa");
    assertThat(s.password()).isEmpty();
    assertThat(s.table()).isEqualTo("usertable");
    assertThat(s.fields()).hasSize(10).startsWith("field0").endsWith("field9");
    assertThat(s.fieldLength()).isEqualTo(100);
    assertThat(s.autoCommit()).isTrue();
    assertThat(s.createTable()).isTrue();
    assertThat(s.batching()).isFalse();
    assertThat(s.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void embeddedH2FileUrlsKeepTheUsersOwnSettingsAndOthersAreLeftAlone() throws Exception {
    assertThat(settings("db.url", "jdbc:h2:file:/tmp/x;MAX_COMPACT_TIME=500;").url())
        .isEqualTo("jdbc:h2:file:/tmp/x;MAX_COMPACT_TIME=500;DB_CLOSE_ON_EXIT=FALSE");
    assertThat(settings("db.url", "jdbc:h2:/tmp/y;db_close_on_exit=TRUE").url())
        .isEqualTo("jdbc:h2:/tmp/y;db_close_on_exit=TRUE;MAX_COMPACT_TIME=0");
    assertThat(settings("db.url", "jdbc:h2:mem:ycsb").url()).isEqualTo("jdbc:h2:mem:ycsb");
    assertThat(settings("db.url", "jdbc:h2:tcp://127.0.0.1/ycsb").url()).isEqualTo("jdbc:h2:tcp://127.0.0.1/ycsb");
  }

  @Test
  void upstreamNamesAreRead() throws Exception {
    JdbcSettings s = settings("db.url", "jdbc:postgresql://127.0.0.1:5433/ycsb", "db.user", "ycsb",
        "db.passwd", "pw", "db.driver", "org.postgresql.Driver", "db.batchsize", "100", "jdbc.fetchsize", "50",
        "jdbc.autocommit", "false", "jdbc.batchupdateapi", "false", "fieldcount", "3", "fieldnameprefix", "f",
        "fieldlength", "20", "table", "t1", "db.connecttimeout", "2");
    assertThat(s.user()).isEqualTo("ycsb");
    assertThat(s.password()).isEqualTo("pw");
    assertThat(s.driverClass()).isEqualTo("org.postgresql.Driver");
    assertThat(s.batchSize()).isEqualTo(100);
    assertThat(s.fetchSize()).isEqualTo(50);
    assertThat(s.autoCommit()).isFalse();
    assertThat(s.batching()).isFalse();
    assertThat(s.groupCommits()).isTrue();
    assertThat(s.fields()).containsExactly("f0", "f1", "f2");
    assertThat(s.fieldLength()).isEqualTo(20);
    assertThat(s.table()).isEqualTo("t1");
    assertThat(s.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(settings("db.batchsize", "100").batching()).isTrue();
    assertThat(settings("db.batchsize", "1").batching()).isFalse();
    assertThat(settings("db.batchsize", "-1").batching()).isFalse();
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
    assertThat(s.maskedUrl()).doesNotContain("urlsecret");
    assertThat(s.mask("FATAL: s3cret! rejected at jdbc:postgresql://h/db?password=urlsecret"))
        .doesNotContain("s3cret!").doesNotContain("urlsecret").contains("*****");
    assertThat(s.toString()).doesNotContain("s3cret!").doesNotContain("urlsecret");
    assertThatThrownBy(() -> settings("db.passwd", "x", "db.url", "nojdbc://u:topsecret@h"))
        .isInstanceOf(ConfigException.class).hasMessageNotContaining("topsecret");
  }

  @Test
  void driverMessagesBecomeOneMaskedLine() throws Exception {
    JdbcSettings s = settings("db.passwd", "hunter22");
    assertThat(JdbcRun.reason(s, new java.sql.SQLException(
        "Table \"X\" not found; SQL statement:\nSELECT * FROM x WHERE p = 'hunter22' [42102-224]")))
        .isEqualTo("Table \"X\" not found");
    assertThat(JdbcRun.reason(s, new java.sql.SQLException("login hunter22 refused"))).isEqualTo("login ***** refused");
    java.sql.SQLException refused = new java.sql.SQLException("Connection refused", "08001");
    assertThat(JdbcRun.connectFailure(s, refused).getMessage()).startsWith("jdbc: the server cannot be reached at ");
    java.sql.SQLException auth = new java.sql.SQLException("bad password hunter22", "28P01");
    assertThat(JdbcRun.connectFailure(s, auth).getMessage()).contains("refused the credentials of user sa")
        .doesNotContain("hunter22");
  }

  @Test
  void connectTimeoutReachesTheDriverProperties() throws Exception {
    JdbcSettings s = settings("db.url", "jdbc:postgresql://h/db", "db.user", "u", "db.passwd", "p",
        "db.connecttimeout", "3s");
    // the run's first connection: a silent server fails within db.connecttimeout
    assertThat(JdbcRun.connectionProperties(s, s.connectTimeout())).containsEntry("user", "u")
        .containsEntry("password", "p").containsEntry("connectTimeout", "3").containsEntry("loginTimeout", "3");
    // a thread's: db.logintimeout (30 s), at least db.connecttimeout
    assertThat(JdbcRun.connectionProperties(s, s.loginTimeout())).containsEntry("loginTimeout", "30");
    assertThat(settings("db.connecttimeout", "3s", "db.logintimeout", "1s").loginTimeout())
        .isEqualTo(Duration.ofSeconds(3));
    assertThat(settings("db.logintimeout", "90s").loginTimeout()).isEqualTo(Duration.ofSeconds(90));
    JdbcSettings maria = settings("db.url", "jdbc:mariadb://h/db", "db.connecttimeout", "1500ms");
    assertThat(JdbcRun.connectionProperties(maria, maria.loginTimeout())).containsEntry("connectTimeout", "1500")
        .doesNotContainKey("user");
    JdbcSettings own = settings("db.url", "jdbc:postgresql://h/db?connectTimeout=30");
    assertThat(JdbcRun.connectionProperties(own, own.loginTimeout())).doesNotContainKey("connectTimeout");
  }

  @Test
  void driverIsPickedFromTheUrl() throws Exception {
    assertThat(JdbcRun.driver(settings()).getClass().getName()).isEqualTo("org.h2.Driver");
    assertThat(JdbcRun.driver(settings("db.url", "jdbc:postgresql://h/db")).getClass().getName())
        .isEqualTo("org.postgresql.Driver");
    assertThat(JdbcRun.driver(settings("db.url", "jdbc:mariadb://h/db")).getClass().getName())
        .isEqualTo("org.mariadb.jdbc.Driver");
    assertThatThrownBy(() -> JdbcRun.driver(settings("db.url", "jdbc:nosuch://h/db")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("db.url");
    assertThatThrownBy(() -> JdbcRun.driver(settings("db.driver", "com.example.NoDriver")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("db.driver");
    assertThatThrownBy(() -> JdbcRun.driver(settings("db.driver", "org.postgresql.Driver")))
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
