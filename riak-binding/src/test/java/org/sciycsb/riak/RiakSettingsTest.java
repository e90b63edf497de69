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
    assertThat(s.nodes().hosts()).containsExactly(new RiakSettings.HostPort("127.0.0.1", 8087));
    assertThat(s.buckets().type()).isEqualTo("default");
    assertThat(s.consistency().preset()).isEqualTo("default");
    assertThat(s.consistency().r()).isNull();
    assertThat(s.consistency().w()).isNull();
    assertThat(s.consistency().pr()).isNull();
    assertThat(s.consistency().pw()).isNull();
    assertThat(s.consistency().dw()).isNull();
    assertThat(s.consistency().nVal()).isNull();
    assertThat(s.buckets().strongConsistency()).isFalse();
    assertThat(s.buckets().scansSupported()).isTrue();
    assertThat(s.requests().retries()).isZero();
    assertThat(s.requests().timeout()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void theStatsAreReadFromTheFirstHostsHttpPortProtocolBuffersPlus11UnlessSet() throws Exception {
    assertThat(settings().nodes().statsUri()).hasToString("http://127.0.0.1:8098/stats");
    assertThat(settings("riak.hosts", "10.0.0.5:8500,10.0.0.6:8510").nodes().statsUri())
        .hasToString("http://10.0.0.5:8511/stats");
    assertThat(settings("riak.hosts", "10.0.0.5:8500", "riak.http_port", "8098").nodes().statsUri())
        .hasToString("http://10.0.0.5:8098/stats");
    assertThat(settings().describe()).containsEntry("stats", "http://127.0.0.1:8098/stats");
  }

  @Test
  void strongPresetIsQuorumQuorum() throws Exception {
    RiakSettings s = settings("riak.consistency", "strong");
    assertThat(s.consistency().r()).isEqualTo(Quorum.quorumQuorum());
    assertThat(s.consistency().w()).isEqualTo(Quorum.quorumQuorum());
    assertThat(s.consistency().pr()).isNull();
    assertThat(s.consistency().pw()).isNull();
  }

  @Test
  void eventualPresetIsOneOne() throws Exception {
    RiakSettings s = settings("riak.consistency", "EVENTUAL");
    assertThat(s.consistency().r()).isEqualTo(Quorum.oneQuorum());
    assertThat(s.consistency().w()).isEqualTo(Quorum.oneQuorum());
  }

  @Test
  void explicitValuesOverrideThePreset() throws Exception {
    RiakSettings s = settings("riak.consistency", "strong", "riak.w", "all", "riak.pr", "2", "riak.dw", "one",
        "riak.n_val", "5");
    assertThat(s.consistency().r()).isEqualTo(Quorum.quorumQuorum());
    assertThat(s.consistency().w()).isEqualTo(Quorum.allQuorum());
    assertThat(s.consistency().pr()).isEqualTo(new Quorum(2));
    assertThat(s.consistency().dw()).isEqualTo(Quorum.oneQuorum());
    assertThat(s.consistency().nVal()).isEqualTo(5);
  }

  @Test
  void upstreamAliasesAreAccepted() throws Exception {
    RiakSettings s = settings("riak.r_val", "2", "riak.w_val", "3", "riak.read_retry_count", "5",
        "riak.wait_time_before_retry", "150", "riak.transaction_time_limit", "7",
        "riak.strong_consistency", "true", "riak.strong_consistent_scans_bucket_type", "fakeBucketType");
    assertThat(s.consistency().r()).isEqualTo(new Quorum(2));
    assertThat(s.consistency().w()).isEqualTo(new Quorum(3));
    assertThat(s.requests().retries()).isEqualTo(5);
    assertThat(s.requests().retryWait()).isEqualTo(Duration.ofMillis(150));
    assertThat(s.requests().timeout()).isEqualTo(Duration.ofSeconds(7));
    assertThat(s.buckets().scanType()).isEqualTo("fakeBucketType");
    assertThat(s.buckets().scansSupported()).isTrue();
  }

  @Test
  void aliasAndCanonicalMustAgree() throws Exception {
    assertThat(settings("riak.r", "2", "riak.r_val", "2").consistency().r()).isEqualTo(new Quorum(2));
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
    assertThat(s.nodes().hosts()).extracting(Object::toString)
        .containsExactly("10.0.0.1:18087", "10.0.0.2:10017", "node3:18087");
    assertThatThrownBy(() -> settings("riak.hosts", "a:port")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> settings("riak.hosts", " , ")).isInstanceOf(ConfigException.class);
  }

  @Test
  void strongConsistencyScansNeedAnIndexBucketType() throws Exception {
    assertThat(settings("riak.strong_consistency", "true").buckets().scansSupported()).isFalse();
    assertThat(settings("riak.scan_index", "false").buckets().scansSupported()).isFalse();
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
