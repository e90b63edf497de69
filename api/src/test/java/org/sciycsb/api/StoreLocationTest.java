package org.sciycsb.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.StoreLocation.Endpoint;

/** Host lists as bindings write them; the unknown location; an embedded store's folder. */
class StoreLocationTest {
  @Test
  void hostListsWithAndWithoutPorts() throws Exception {
    assertThat(StoreLocation.parseHosts(" db1:5433, db2 ,,[::1]:9042,[fe80::1],::1", 5432, "x")).containsExactly(
        new Endpoint("db1", 5433), new Endpoint("db2", 5432), new Endpoint("::1", 9042),
        new Endpoint("fe80::1", 5432), new Endpoint("::1", 5432));
    assertThat(StoreLocation.parseHosts(null, 1, "x")).isEmpty();
    assertThat(new Endpoint("::1", 9042)).hasToString("[::1]:9042");
    assertThat(new Endpoint("127.0.0.1", 9042)).hasToString("127.0.0.1:9042");
  }

  @Test
  void aBadPortIsOneLine() {
    assertThatThrownBy(() -> StoreLocation.parseHosts("db1:x", 1, "riak.hosts")).isInstanceOf(ConfigException.class)
        .hasMessage("bad value for riak.hosts: 'db1:x' has no port number after ':'");
  }

  @Test
  void unknownAndEmbedded() {
    assertThat(StoreLocation.UNKNOWN.endpoints()).isEmpty();
    assertThat(StoreLocation.UNKNOWN.dataPath()).isNull();
    assertThat(StoreLocation.embedded(Path.of("/d")).dataPath()).isEqualTo(Path.of("/d"));
    assertThat(StoreLocation.at(List.of(new Endpoint("h", 1))).dataPath()).isNull();
  }
}
