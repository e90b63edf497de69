package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.StoreLocation;
import org.sciycsb.api.StoreLocation.Endpoint;

/** Where a JDBC URL's store is: a server's hosts and ports, an embedded H2 database's folder, or unknown. */
class JdbcLocationTest {
  @Test
  void serverUrls() throws Exception {
    assertThat(JdbcLocation.of("jdbc:postgresql://127.0.0.1:5433/ycsb?user=ycsb&password=ycsb").endpoints())
        .containsExactly(new Endpoint("127.0.0.1", 5433));
    assertThat(JdbcLocation.of("jdbc:postgresql://db1,db2:6000/ycsb").endpoints())
        .containsExactly(new Endpoint("db1", 5432), new Endpoint("db2", 6000));
    assertThat(JdbcLocation.of("jdbc:postgresql://[::1]/ycsb").endpoints()).containsExactly(new Endpoint("::1", 5432));
    assertThat(JdbcLocation.of("jdbc:postgresql:ycsb").endpoints()).containsExactly(new Endpoint("localhost", 5432));
    assertThat(JdbcLocation.of("jdbc:mariadb://u:secret@maria.example:3307/db").endpoints())
        .containsExactly(new Endpoint("maria.example", 3307));
    assertThat(JdbcLocation.of("jdbc:mysql://m/db").endpoints()).containsExactly(new Endpoint("m", 3306));
    assertThat(JdbcLocation.of("jdbc:h2:tcp://h2host/~/x").endpoints()).containsExactly(new Endpoint("h2host", 9092));
  }

  @Test
  void embeddedH2IsItsFolder() throws Exception {
    assertThat(JdbcLocation.of("jdbc:h2:file:/w/h2/ycsb;DB_CLOSE_ON_EXIT=FALSE").dataPath()).isEqualTo(
        Path.of("/w/h2"));
    assertThat(JdbcLocation.of("jdbc:h2:/w/other/db").dataPath()).isEqualTo(Path.of("/w/other"));
    assertThat(JdbcLocation.of("jdbc:h2:~/db").dataPath()).isEqualTo(Path.of(System.getProperty("user.home")));
    assertThat(new JdbcBinding().location(new Config(java.util.Map.of()), Path.of("/w")).dataPath())
        .as("the default: under the work folder").isEqualTo(Path.of("/w/h2"));
  }

  @Test
  void unknownWhereTheUrlDoesNotSay() throws Exception {
    assertThat(JdbcLocation.of("jdbc:h2:mem:x")).isEqualTo(StoreLocation.UNKNOWN);
    assertThat(JdbcLocation.of("jdbc:sqlite:/x.db")).isEqualTo(StoreLocation.UNKNOWN);
  }
}
