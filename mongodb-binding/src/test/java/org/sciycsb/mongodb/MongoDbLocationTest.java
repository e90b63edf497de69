package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.StoreLocation;
import org.sciycsb.api.StoreLocation.Endpoint;

/** The binding says where its server is: the hosts of mongodb.url; unknown for a DNS seed list. */
class MongoDbLocationTest {
  @Test
  void theHostsOfTheUrl() throws Exception {
    MongoDbBinding b = new MongoDbBinding();
    assertThat(b.location(new Config(Map.of()), Path.of("/w")).endpoints()).containsExactly(
        new Endpoint("127.0.0.1", 27017));
    assertThat(b.location(new Config(Map.of("mongodb.url", "mongodb://u:pw@m1:27018,m2/db?replicaSet=r")),
        Path.of("/w")).endpoints()).containsExactly(new Endpoint("m1", 27018), new Endpoint("m2", 27017));
    assertThat(b.location(new Config(Map.of("mongodb.url", "mongodb+srv://cluster.example/db")), Path.of("/w")))
        .isEqualTo(StoreLocation.UNKNOWN);
  }
}
