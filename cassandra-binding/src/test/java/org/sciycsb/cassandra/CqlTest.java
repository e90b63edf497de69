package org.sciycsb.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class CqlTest {
  @Test
  void schema() {
    assertThat(Cql.createKeyspace("ycsb", "{'class': 'SimpleStrategy', 'replication_factor': 1}"))
        .isEqualTo("CREATE KEYSPACE IF NOT EXISTS ycsb WITH replication = "
            + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
    assertThat(Cql.createTable("ycsb", "usertable", List.of("field0", "field1")))
        .isEqualTo("CREATE TABLE IF NOT EXISTS ycsb.usertable (y_id text PRIMARY KEY, field0 text, field1 text)");
  }

  @Test
  void readAndScanWithAndWithoutProjection() {
    assertThat(Cql.read("ks", "t", null)).isEqualTo("SELECT * FROM ks.t WHERE y_id = ?");
    assertThat(Cql.read("ks", "t", List.of("field1", "field3")))
        .isEqualTo("SELECT field1, field3 FROM ks.t WHERE y_id = ?");
    assertThat(Cql.scan("ks", "t", null)).isEqualTo("SELECT * FROM ks.t WHERE token(y_id) >= token(?) LIMIT ?");
    assertThat(Cql.scan("ks", "t", List.of("field2")))
        .isEqualTo("SELECT field2 FROM ks.t WHERE token(y_id) >= token(?) LIMIT ?");
    assertThat(Cql.scanWrap("ks", "t", null)).isEqualTo("SELECT * FROM ks.t WHERE token(y_id) < token(?) LIMIT ?");
  }

  @Test
  void writes() {
    assertThat(Cql.insert("ks", "t", List.of("a", "b")))
        .isEqualTo("INSERT INTO ks.t (y_id, a, b) VALUES (?, ?, ?)");
    assertThat(Cql.update("ks", "t", List.of("a", "b"))).isEqualTo("UPDATE ks.t SET a = ?, b = ? WHERE y_id = ?");
    assertThat(Cql.delete("ks", "t")).isEqualTo("DELETE FROM ks.t WHERE y_id = ?");
    assertThat(Cql.count("ks", "t")).isEqualTo("SELECT COUNT(*) FROM ks.t");
    assertThat(Cql.keys("ks", "t", "y_id")).isEqualTo("SELECT y_id FROM ks.t");
  }

  @Test
  void fieldSetsAreCanonicalSoOneStatementServesEveryOrder() {
    assertThat(Cql.canonical(List.of("field2", "field0", "field1"))).containsExactly("field0", "field1", "field2");
    assertThat(Cql.cacheKey("read", "t", Cql.fieldsOrAll(Set.of("b", "a"))))
        .isEqualTo(Cql.cacheKey("read", "t", Cql.fieldsOrAll(Set.of("a", "b")))).isEqualTo("read|t|a,b");
    assertThat(Cql.fieldsOrAll(null)).isNull();
    assertThat(Cql.fieldsOrAll(Set.of())).isNull();
    assertThat(Cql.cacheKey("read", "t", null)).isEqualTo("read|t|*");
  }

  @Test
  void driverFailuresMapToStatuses() {
    assertThat(CassandraFailures.statusOf(new NoNodeAvailableException())).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(CassandraFailures.statusOf(AllNodesFailedException.fromErrors(List.of())))
        .isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(CassandraFailures.statusOf(new DriverTimeoutException("slow"))).isEqualTo(Status.ERROR);
    assertThat(CassandraFailures.statusOf(new IllegalStateException("x"))).isEqualTo(Status.ERROR);
  }
}
