package org.sciycsb.sequoiadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/** Options resolved into settings, without a server: defaults, the bankmark preset, explicit options, bad values. */
class SequoiadbSettingsTest {
  /** Settings from the given properties, with sequoiadb.hosts 127.0.0.1:11810 unless given (a run must name it). */
  private static SequoiadbSettings resolve(String... kv) throws ConfigException {
    Map<String, String> m = new HashMap<>();
    m.put("sequoiadb.hosts", "127.0.0.1:11810");
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return SequoiadbSettings.resolve(new Config(m), 4);
  }

  @Test
  void withoutNodesARunIsRefusedInOneLine() {
    assertThatThrownBy(() -> SequoiadbSettings.resolve(new Config(Map.of("sequoiadb.batchsize", "10")), 4))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("missing required property sequoiadb.hosts")
        .hasMessageContaining("no package registry ships SequoiaDB").hasMessageNotContaining("\n");
  }

  @Test
  void defaults() throws Exception {
    SequoiadbSettings s = resolve();
    assertThat(s.hosts()).containsExactly("127.0.0.1:11810");
    assertThat(s.collectionSpace()).isEqualTo("ycsb");
    assertThat(s.collection()).isEqualTo("usertable");
    assertThat(s.poolSize()).as("one connection per thread").isEqualTo(4);
    assertThat(s.batchSize()).isEqualTo(1);
    assertThat(s.preferredInstance()).isNull();
    assertThat(s.replSize()).isNull();
    assertThat(s.collectionOptions().keySet()).isEmpty();
  }

  @Test
  void tableNamesTheCollectionUnlessSet() throws Exception {
    assertThat(resolve("table", "bm_1").collection()).isEqualTo("bm_1");
    assertThat(resolve("table", "bm_1", "sequoiadb.collection", "other").collection()).isEqualTo("other");
  }

  @Test
  void bankmarkPresetAndExplicitOptionsWin() throws Exception {
    SequoiadbSettings b = resolve("sequoiadb.preset", "bankmark");
    assertThat(b.compression()).isEqualTo("snappy");
    assertThat(b.replSize()).isEqualTo(1);
    assertThat(b.preferredInstance()).isEqualTo("M");
    assertThat(b.collectionOptions().toMap()).containsEntry("ReplSize", 1).containsEntry("Compressed", true)
        .containsEntry("CompressionType", "snappy");
    SequoiadbSettings o = resolve("sequoiadb.preset", "bankmark", "sequoiadb.replsize", "-1",
        "sequoiadb.preferredinstance", "s,1", "sequoiadb.compression", "none");
    assertThat(o.replSize()).isEqualTo(-1);
    assertThat(o.preferredInstance()).isEqualTo("s,1");
    assertThat(o.collectionOptions().toMap()).containsOnlyKeys("ReplSize");
  }

  @Test
  void severalHosts() throws Exception {
    assertThat(resolve("sequoiadb.hosts", "a:11810, b:11820").hosts()).containsExactly("a:11810", "b:11820");
  }

  @Test
  void badValuesNameTheOption() {
    assertThatThrownBy(() -> resolve("sequoiadb.batchsize", "0")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("sequoiadb.batchsize");
    assertThatThrownBy(() -> resolve("sequoiadb.batchsize", "ten")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("sequoiadb.batchsize");
    assertThatThrownBy(() -> resolve("sequoiadb.hosts", "localhost")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("sequoiadb.hosts");
    assertThatThrownBy(() -> resolve("sequoiadb.hosts", "h:70000")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("sequoiadb.preferredinstance", "X")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("sequoiadb.preferredinstance");
    assertThatThrownBy(() -> resolve("sequoiadb.preferredinstance", "256")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("sequoiadb.replsize", "8")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("sequoiadb.collectionspace", "a.b")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("table", "a$b")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("sequoiadb.collection");
  }

  @Test
  void passwordIsMaskedInMessagesAndNeverInToString() throws Exception {
    SequoiadbSettings s = resolve("sequoiadb.user", "u", "sequoiadb.password", "Pw-s3cret");
    assertThat(s.mask("login Pw-s3cret failed")).isEqualTo("login ***** failed");
    assertThat(s.toString()).doesNotContain("Pw-s3cret");
  }
}
