package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.basho.riak.client.api.cap.Quorum;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

class RiakSettingsTest {
  /** Settings from the given properties, with riak.hosts 127.0.0.1 unless given (every run must name its nodes). */
  static RiakSettings settings(String... kv) throws ConfigException {
    Map<String, String> m = new HashMap<>();
    m.put("riak.hosts", "127.0.0.1");
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return RiakSettings.from(new Config(m));
  }

  @Test
  void withoutNodesARunIsRefusedInOneLine() {
    assertThatThrownBy(() -> RiakSettings.from(new Config(Map.of("riak.r", "2"))))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("missing required property riak.hosts")
        .hasMessageContaining("no package registry ships Riak KV").hasMessageNotContaining("\n");
  }

  @Test
  void defaults() throws Exception {
    RiakSettings s = settings();
    assertThat(s.hosts()).containsExactly(new RiakSettings.HostPort("127.0.0.1", 8087));
    assertThat(s.bucketType()).isEqualTo("default");
    assertThat(s.consistency()).isEqualTo("default");
    assertThat(s.r()).isNull();
    assertThat(s.w()).isNull();
    assertThat(s.pr()).isNull();
    assertThat(s.pw()).isNull();
    assertThat(s.dw()).isNull();
    assertThat(s.nVal()).isNull();
    assertThat(s.strongConsistency()).isFalse();
    assertThat(s.scansSupported()).isTrue();
    assertThat(s.retries()).isZero();
    assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void theStatsAreReadFromTheFirstHostsHttpPortProtocolBuffersPlus11UnlessSet() throws Exception {
    assertThat(settings().statsUri()).hasToString("http://127.0.0.1:8098/stats");
    assertThat(settings("riak.hosts", "10.0.0.5:8500,10.0.0.6:8510").statsUri())
        .hasToString("http://10.0.0.5:8511/stats");
    assertThat(settings("riak.hosts", "10.0.0.5:8500", "riak.http_port", "8098").statsUri())
        .hasToString("http://10.0.0.5:8098/stats");
    assertThat(settings().describe()).containsEntry("stats", "http://127.0.0.1:8098/stats");
  }

  @Test
  void strongPresetIsQuorumQuorum() throws Exception {
    RiakSettings s = settings("riak.consistency", "strong");
    assertThat(s.r()).isEqualTo(Quorum.quorumQuorum());
    assertThat(s.w()).isEqualTo(Quorum.quorumQuorum());
    assertThat(s.pr()).isNull();
    assertThat(s.pw()).isNull();
  }

  @Test
  void eventualPresetIsOneOne() throws Exception {
    RiakSettings s = settings("riak.consistency", "EVENTUAL");
    assertThat(s.r()).isEqualTo(Quorum.oneQuorum());
    assertThat(s.w()).isEqualTo(Quorum.oneQuorum());
  }

  @Test
  void explicitValuesOverrideThePreset() throws Exception {
    RiakSettings s = settings("riak.consistency", "strong", "riak.w", "all", "riak.pr", "2", "riak.dw", "one",
        "riak.n_val", "5");
    assertThat(s.r()).isEqualTo(Quorum.quorumQuorum());
    assertThat(s.w()).isEqualTo(Quorum.allQuorum());
    assertThat(s.pr()).isEqualTo(new Quorum(2));
    assertThat(s.dw()).isEqualTo(Quorum.oneQuorum());
    assertThat(s.nVal()).isEqualTo(5);
  }

  @Test
  void upstreamAliasesAreAccepted() throws Exception {
    RiakSettings s = settings("riak.r_val", "2", "riak.w_val", "3", "riak.read_retry_count", "5",
        "riak.wait_time_before_retry", "150", "riak.transaction_time_limit", "7",
        "riak.strong_consistency", "true", "riak.strong_consistent_scans_bucket_type", "fakeBucketType");
    assertThat(s.r()).isEqualTo(new Quorum(2));
    assertThat(s.w()).isEqualTo(new Quorum(3));
    assertThat(s.retries()).isEqualTo(5);
    assertThat(s.retryWait()).isEqualTo(Duration.ofMillis(150));
    assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(7));
    assertThat(s.scanBucketType()).isEqualTo("fakeBucketType");
    assertThat(s.scansSupported()).isTrue();
  }

  @Test
  void aliasAndCanonicalMustAgree() throws Exception {
    assertThat(settings("riak.r", "2", "riak.r_val", "2").r()).isEqualTo(new Quorum(2));
    assertThatThrownBy(() -> settings("riak.r", "quorum", "riak.r_val", "1"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("riak.r_val").hasMessageContaining("disagree");
  }

  @Test
  void badQuorumIsAConfigError() {
    assertThatThrownBy(() -> settings("riak.w", "most"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("riak.w").hasMessageContaining("quorum");
    assertThatThrownBy(() -> settings("riak.r", "0")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> settings("riak.consistency", "causal")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("riak.consistency");
  }

  @Test
  void hostsWithAndWithoutPorts() throws Exception {
    RiakSettings s = settings("riak.hosts", "10.0.0.1, 10.0.0.2:10017,node3", "riak.port", "18087");
    assertThat(s.hosts()).extracting(Object::toString)
        .containsExactly("10.0.0.1:18087", "10.0.0.2:10017", "node3:18087");
    assertThatThrownBy(() -> settings("riak.hosts", "a:port")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> settings("riak.hosts", " , ")).isInstanceOf(ConfigException.class);
  }

  @Test
  void strongConsistencyScansNeedAnIndexBucketType() throws Exception {
    assertThat(settings("riak.strong_consistency", "true").scansSupported()).isFalse();
    assertThat(settings("riak.scan_index", "false").scansSupported()).isFalse();
    assertThatThrownBy(() -> settings("riak.scan_bucket_type", "idx"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("strong_consistency");
  }

  @Test
  void optionSetOwnsThePrefixAndDeclaresTheAliases() {
    var set = RiakOptions.set();
    assertThat(set.owns("riak.whatever")).isTrue();
    assertThat(set.declares("riak.r_val")).isTrue();
    assertThat(set.declares("riak.debug")).isTrue();
    assertThat(set.declares("riak.min_connections")).isTrue();
  }
}
