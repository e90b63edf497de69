package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlTest {
  @Test
  void createTableUsesUpstreamLayout() {
    assertThat(Sql.createTable("usertable", Sql.layoutFields("field", 3), "VARCHAR(100)"))
        .isEqualTo("CREATE TABLE IF NOT EXISTS usertable (YCSB_KEY VARCHAR(255) PRIMARY KEY, "
            + "FIELD0 VARCHAR(100), FIELD1 VARCHAR(100), FIELD2 VARCHAR(100))");
  }

  @Test
  void readProjectsOrAll() {
    assertThat(Sql.read("usertable", List.of("field1", "field3")))
        .isEqualTo("SELECT YCSB_KEY, field1, field3 FROM usertable WHERE YCSB_KEY = ?");
    assertThat(Sql.read("usertable", null)).isEqualTo("SELECT * FROM usertable WHERE YCSB_KEY = ?");
  }

  @Test
  void scanIsOrderedAndLimited() {
    assertThat(Sql.scan("usertable", List.of("field0")))
        .isEqualTo("SELECT YCSB_KEY, field0 FROM usertable WHERE YCSB_KEY >= ? ORDER BY YCSB_KEY LIMIT ?");
  }

  @Test
  void updateSetsOnlyGivenFieldsKeyLast() {
    assertThat(Sql.update("usertable", List.of("field2", "field5")))
        .isEqualTo("UPDATE usertable SET field2 = ?, field5 = ? WHERE YCSB_KEY = ?");
  }

  @Test
  void insertKeyFirst() {
    assertThat(Sql.insert("usertable", List.of("field0", "field1")))
        .isEqualTo("INSERT INTO usertable (YCSB_KEY, field0, field1) VALUES (?, ?, ?)");
    assertThat(Sql.insert("t", List.of())).isEqualTo("INSERT INTO t (YCSB_KEY) VALUES (?)");
  }

  @Test
  void deleteCountProbe() {
    assertThat(Sql.delete("usertable")).isEqualTo("DELETE FROM usertable WHERE YCSB_KEY = ?");
    assertThat(Sql.count("usertable")).isEqualTo("SELECT COUNT(*) FROM usertable");
    assertThat(Sql.probe("usertable", List.of("field0")))
        .isEqualTo("SELECT YCSB_KEY, field0 FROM usertable WHERE 1 = 0");
  }

  @Test
  void identifiersAreChecked() {
    assertThat(Sql.isIdentifier("field0")).isTrue();
    assertThat(Sql.isIdentifier("_x9")).isTrue();
    assertThat(Sql.isIdentifier("0field")).isFalse();
    assertThat(Sql.isIdentifier("field0; DROP TABLE x")).isFalse();
    assertThat(Sql.isIdentifier("a-b")).isFalse();
    assertThat(Sql.isIdentifier(null)).isFalse();
    assertThat(Sql.isTableName("public.usertable")).isTrue();
    assertThat(Sql.isTableName("usertable")).isTrue();
    assertThat(Sql.isTableName("a.b.c")).isFalse();
    assertThat(Sql.isTableName("user table")).isFalse();
  }

  @Test
  void dialectsAndColumnTypes() {
    assertThat(Dialect.ofUrl("jdbc:h2:file:/x/y")).isEqualTo(Dialect.H2);
    assertThat(Dialect.ofUrl("jdbc:postgresql://h/db")).isEqualTo(Dialect.POSTGRESQL);
    assertThat(Dialect.ofUrl("jdbc:mariadb://h/db")).isEqualTo(Dialect.MARIADB);
    assertThat(Dialect.ofUrl("jdbc:mysql://h/db")).isEqualTo(Dialect.MARIADB);
    assertThat(Dialect.ofUrl("jdbc:sqlite:x")).isEqualTo(Dialect.OTHER);
    assertThat(Dialect.ofProduct("H2")).isEqualTo(Dialect.H2);
    assertThat(Dialect.ofProduct("PostgreSQL")).isEqualTo(Dialect.POSTGRESQL);
    assertThat(Dialect.ofProduct("MariaDB")).isEqualTo(Dialect.MARIADB);
    assertThat(Dialect.POSTGRESQL.valueType(100, 10)).isEqualTo("TEXT");
    assertThat(Dialect.H2.valueType(100, 10)).isEqualTo("VARCHAR(100)");
    assertThat(Dialect.H2.valueType(0, 10)).isEqualTo("VARCHAR(1)");
    assertThat(Dialect.MARIADB.valueType(100, 10)).isEqualTo("VARCHAR(100)");
    assertThat(Dialect.MARIADB.valueType(1000, 111)).isEqualTo("TEXT");
    assertThat(Dialect.MARIADB.valueType(1_000_000, 1)).isEqualTo("MEDIUMTEXT");
  }
}
