package org.sciycsb.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.Secrets;
import org.sciycsb.cassandra.CassandraOptions.HostPort;

class CassandraOptionsTest {
  private static CassandraSettings resolve(String... kv) throws ConfigException {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return CassandraSettings.from(new Config(m));
  }

  @Test
  void defaults() throws Exception {
    CassandraSettings s = resolve();
    assertThat(s.connection().contactPoints()).containsExactly(new HostPort("127.0.0.1", 9042));
    assertThat(s.connection().localDc()).isEqualTo("datacenter1");
    assertThat(s.schema().keyspace()).isEqualTo("ycsb");
    assertThat(s.schema().table()).isEqualTo("usertable");
    assertThat(s.schema().fields()).hasSize(10).startsWith("field0").endsWith("field9");
    assertThat(s.schema().create()).isTrue();
    assertThat(s.schema().replication()).isEqualTo("{'class': 'SimpleStrategy', 'replication_factor': 1}");
    assertThat(s.consistency().read()).isEqualTo(DefaultConsistencyLevel.ONE);
    assertThat(s.consistency().write()).isEqualTo(DefaultConsistencyLevel.ONE);
    assertThat(s.compression()).isEqualTo("none");
    assertThat(s.connection().poolSize()).isEqualTo(1);
    assertThat(s.tls().enabled()).isFalse();
    assertThat(s.tracing().enabled()).isFalse();
    assertThat(s.timeouts().connect()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void hostsWithPorts() throws Exception {
    CassandraSettings s = resolve("cassandra.hosts", "127.0.0.1, 127.0.0.2:9043,,127.0.0.3", "cassandra.port", "9050");
    assertThat(s.connection().contactPoints()).containsExactly(new HostPort("127.0.0.1", 9050),
        new HostPort("127.0.0.2", 9043),
        new HostPort("127.0.0.3", 9050));
    assertThatThrownBy(() -> resolve("cassandra.hosts", " , ")).hasMessageContaining("cassandra.hosts");
    assertThatThrownBy(() -> resolve("cassandra.hosts", "h:99999")).hasMessageContaining("bad port");
  }

  @Test
  void upstreamAliases() throws Exception {
    CassandraSettings s = resolve("hosts", "10.0.0.1,10.0.0.2", "port", "9000", "cassandra.readconsistencylevel", "quorum",
        "cassandra.writeconsistencylevel", "ALL", "cassandra.connecttimeoutmillis", "1500",
        "cassandra.readtimeoutmillis", "3000");
    assertThat(s.connection().contactPoints())
        .containsExactly(new HostPort("10.0.0.1", 9000), new HostPort("10.0.0.2", 9000));
    assertThat(s.consistency().read()).isEqualTo(DefaultConsistencyLevel.QUORUM);
    assertThat(s.consistency().write()).isEqualTo(DefaultConsistencyLevel.ALL);
    assertThat(s.timeouts().connect()).isEqualTo(Duration.ofMillis(1500));
    assertThat(s.timeouts().request()).isEqualTo(Duration.ofMillis(3000));
    // our names win over the aliases
    CassandraSettings t = resolve("hosts", "10.0.0.1", "cassandra.hosts", "127.0.0.5", "cassandra.readconsistencylevel", "ALL",
        "cassandra.readconsistency", "LOCAL_ONE");
    assertThat(t.connection().contactPoints()).containsExactly(new HostPort("127.0.0.5", 9042));
    assertThat(t.consistency().read()).isEqualTo(DefaultConsistencyLevel.LOCAL_ONE);
  }

  @Test
  void everyDriverLevelIsAccepted() throws Exception {
    for (DefaultConsistencyLevel l : DefaultConsistencyLevel.values()) {
      if (l != DefaultConsistencyLevel.ANY) {
        assertThat(resolve("cassandra.readconsistency", l.name().toLowerCase()).consistency().read()).isEqualTo(l);
      }
      if (!l.isSerial()) {
        assertThat(resolve("cassandra.writeconsistency", l.name()).consistency().write()).isEqualTo(l);
      }
    }
  }

  @Test
  void unknownLevelNamesItAndListsTheValidOnes() {
    assertThatThrownBy(() -> resolve("cassandra.readconsistency", "MOSTLY"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("cassandra.readconsistency").hasMessageContaining("MOSTLY")
        .hasMessageContaining("LOCAL_QUORUM").hasMessageContaining("EACH_QUORUM").hasMessageContaining("ANY");
    assertThatThrownBy(() -> resolve("cassandra.writeconsistencylevel", "TWELVE"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TWELVE").hasMessageContaining("QUORUM");
  }

  @Test
  void levelsInvalidForTheirUseAreRejected() {
    assertThatThrownBy(() -> resolve("cassandra.readconsistency", "ANY"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("only valid for writes");
    assertThatThrownBy(() -> resolve("cassandra.writeconsistency", "SERIAL"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("lightweight transactions");
  }

  @Test
  void presets() throws Exception {
    CassandraSettings strong = resolve("cassandra.consistency", "strong");
    assertThat(strong.consistency().write()).isEqualTo(DefaultConsistencyLevel.EACH_QUORUM);
    assertThat(strong.consistency().read()).isEqualTo(DefaultConsistencyLevel.LOCAL_QUORUM);
    CassandraSettings eventual = resolve("cassandra.consistency", "EVENTUAL");
    assertThat(eventual.consistency().write()).isEqualTo(DefaultConsistencyLevel.ONE);
    assertThat(eventual.consistency().read()).isEqualTo(DefaultConsistencyLevel.ONE);
    CassandraSettings overridden = resolve("cassandra.consistency", "strong", "cassandra.readconsistency", "ALL");
    assertThat(overridden.consistency().read()).isEqualTo(DefaultConsistencyLevel.ALL);
    assertThat(overridden.consistency().write()).isEqualTo(DefaultConsistencyLevel.EACH_QUORUM);
    assertThatThrownBy(() -> resolve("cassandra.consistency", "medium"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("strong").hasMessageContaining("eventual");
  }

  @Test
  void replication() throws Exception {
    assertThat(resolve("cassandra.replication.factor", "3").schema().replication())
        .isEqualTo("{'class': 'SimpleStrategy', 'replication_factor': 3}");
    assertThat(resolve("cassandra.replication.strategy", "networktopologystrategy", "cassandra.replication.factor",
        "3", "cassandra.localdc", "dcA").schema().replication())
        .isEqualTo("{'class': 'NetworkTopologyStrategy', 'dcA': 3}");
    assertThat(resolve("cassandra.replication.dcs", "dc1:3, dc2:2").schema().replication())
        .isEqualTo("{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 2}");
    assertThatThrownBy(() -> resolve("cassandra.replication.dcs", "dc1=3"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("dc:factor");
    assertThatThrownBy(() -> resolve("cassandra.replication.dcs", "dc1:x"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("numeric");
    assertThatThrownBy(() -> resolve("cassandra.replication.dcs", "dc1:3", "cassandra.replication.strategy",
        "SimpleStrategy")).isInstanceOf(ConfigException.class).hasMessageContaining("NetworkTopologyStrategy");
    assertThatThrownBy(() -> resolve("cassandra.replication.factor", "0")).isInstanceOf(ConfigException.class);
  }

  @Test
  void replicationRendersCanonically() {
    assertThat(CassandraOptions.render(Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy",
        "dc2", "3", "dc1", "2"))).isEqualTo("{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 3}");
    assertThat(CassandraOptions.render(Map.of("replication_factor", "1",
        "class", "org.apache.cassandra.locator.SimpleStrategy")))
        .isEqualTo("{'class': 'SimpleStrategy', 'replication_factor': 1}");
  }

  @Test
  void identifiersAreChecked() {
    assertThatThrownBy(() -> resolve("cassandra.keyspace", "ycsb; DROP")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("cassandra.keyspace");
    assertThatThrownBy(() -> resolve("table", "user-table")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("table");
  }

  @Test
  void credentialsGoTogetherAndThePasswordIsSecret() throws Exception {
    assertThatThrownBy(() -> resolve("cassandra.username", "bob")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("cassandra.password");
    CassandraSettings s = resolve("cassandra.username", "bob", "cassandra.password", "hunter2");
    assertThat(s.credentials().password()).isEqualTo("hunter2");
    assertThat(s.toString()).doesNotContain("hunter2");
    for (Option<?> o : CassandraOptions.optionSet().options()) {
      if (o.name().contains("password")) {
        assertThat(o.isSecret()).as(o.name()).isTrue();
      }
    }
    assertThat(Secrets.mask(Map.of("cassandra.password", "hunter2"), java.util.Set.of()))
        .containsEntry("cassandra.password", Secrets.MASK);
    assertThatThrownBy(() -> CassandraOptions.PASSWORD.check(v -> false, "never").parse("hunter2"))
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void compressionAndTls() throws Exception {
    assertThat(resolve("cassandra.compression", "LZ4").compression()).isEqualTo("lz4");
    assertThatThrownBy(() -> resolve("cassandra.compression", "snappy")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("snappy-java");
    assertThatThrownBy(() -> resolve("cassandra.compression", "zstd")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("cassandra.ssl", "true", "cassandra.ssl.truststore", "/nonexistent/ts.jks"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("/nonexistent/ts.jks");
    assertThat(resolve("cassandra.useSSL", "true").tls().enabled()).isTrue();
    assertThat(resolve("cassandra.ssl", "true").tls().enabled()).isTrue();
  }

  @Test
  void tracingAndPool() throws Exception {
    CassandraSettings s = resolve("cassandra.tracing", "true", "cassandra.tracing.fraction", "1", "cassandra.poolsize", "4");
    assertThat(s.tracing().enabled()).isTrue();
    assertThat(s.tracing().fraction()).isEqualTo(1.0);
    assertThat(s.connection().poolSize()).isEqualTo(4);
    assertThatThrownBy(() -> resolve("cassandra.tracing.fraction", "0")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("cassandra.poolsize", "0")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("cassandra.requesttimeout", "0s")).isInstanceOf(ConfigException.class);
  }

  @Test
  void driverConfigCarriesTheSettings() throws Exception {
    CassandraSettings s = resolve("cassandra.requesttimeout", "3s", "cassandra.poolsize", "2", "cassandra.compression", "lz4",
        "cassandra.connecttimeout", "700ms");
    var profile = CassandraConnection.configLoader(s).getInitialConfig().getDefaultProfile();
    var o = com.datastax.oss.driver.api.core.config.DefaultDriverOption.class;
    assertThat(profile.getDuration(Enum.valueOf(o, "REQUEST_TIMEOUT"))).isEqualTo(Duration.ofSeconds(3));
    assertThat(profile.getInt(Enum.valueOf(o, "CONNECTION_POOL_LOCAL_SIZE"))).isEqualTo(2);
    assertThat(profile.getString(Enum.valueOf(o, "PROTOCOL_COMPRESSION"))).isEqualTo("lz4");
    assertThat(profile.getDuration(Enum.valueOf(o, "CONNECTION_CONNECT_TIMEOUT"))).isEqualTo(Duration.ofMillis(700));
    assertThat(profile.getBoolean(Enum.valueOf(o, "REQUEST_DEFAULT_IDEMPOTENCE"))).isTrue();
    assertThat(profile.getInt(Enum.valueOf(o, "CONNECTION_MAX_REQUESTS"))).as("requests per connection, by default")
        .isEqualTo(32767);
    var given = CassandraConnection.configLoader(resolve("cassandra.maxrequests", "512")).getInitialConfig()
        .getDefaultProfile();
    assertThat(given.getInt(Enum.valueOf(o, "CONNECTION_MAX_REQUESTS"))).isEqualTo(512);
    assertThatThrownBy(() -> resolve("cassandra.maxrequests", "32768")).isInstanceOf(ConfigException.class);
  }

  @Test
  void optionSetOwnsThePrefix() {
    var set = new CassandraBinding().options();
    assertThat(set.owns("cassandra.readconsistency")).isTrue();
    assertThat(set.declares("cassandra.consistency")).isTrue();
    assertThat(set.declares("hosts")).isTrue();
    assertThat(new CassandraBinding().name()).isEqualTo("cassandra");
  }
}
