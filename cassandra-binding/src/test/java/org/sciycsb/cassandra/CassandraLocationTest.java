package org.sciycsb.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.StoreLocation.Endpoint;

/** The binding says where its cluster is: the contact points, on their port. */
class CassandraLocationTest {
  @Test
  void contactPointsOnTheirPort() throws Exception {
    CassandraBinding b = new CassandraBinding();
    assertThat(b.location(new Config(Map.of()), Path.of("/w")).endpoints()).containsExactly(
        new Endpoint("127.0.0.1", 9042));
    assertThat(b.location(new Config(Map.of("cassandra.hosts", "127.0.0.1,127.0.0.2:9043", "cassandra.port", "9044")),
        Path.of("/w")).endpoints()).containsExactly(new Endpoint("127.0.0.1", 9044), new Endpoint("127.0.0.2", 9043));
    assertThat(b.location(new Config(Map.of("hosts", "c1", "port", "7")), Path.of("/w")).endpoints())
        .containsExactly(new Endpoint("c1", 7));
  }
}
