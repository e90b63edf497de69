package org.sciycsb.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TestServersTest {
  @AfterEach
  void clear() {
    System.clearProperty("sciycsb.mongodb.url");
  }

  @Test
  void theDatabaseGoesBetweenTheServerAndItsOptions() {
    System.setProperty("sciycsb.mongodb.url",
        "mongodb://u:p%40w@127.0.0.1:27019/?authSource=admin&authMechanism=SCRAM-SHA-256");
    assertThat(TestServers.mongodb())
        .isEqualTo("mongodb://u:p%40w@127.0.0.1:27019/?authSource=admin&authMechanism=SCRAM-SHA-256");
    assertThat(TestServers.mongodb("sciycsb_it"))
        .isEqualTo("mongodb://u:p%40w@127.0.0.1:27019/sciycsb_it?authSource=admin&authMechanism=SCRAM-SHA-256");
    assertThat(TestServers.mongodb("census.in"))
        .isEqualTo("mongodb://u:p%40w@127.0.0.1:27019/census.in?authSource=admin&authMechanism=SCRAM-SHA-256");
  }

  @Test
  void aDatabaseInTheSettingIsReplacedAndAUrlWithoutOptionsStaysBare() {
    System.setProperty("sciycsb.mongodb.url", "mongodb://h:1/ycsb?w=1");
    assertThat(TestServers.mongodb()).isEqualTo("mongodb://h:1/?w=1");
    assertThat(TestServers.mongodb("x")).isEqualTo("mongodb://h:1/x?w=1");
    System.setProperty("sciycsb.mongodb.url", "mongodb://h:1/ycsb");
    assertThat(TestServers.mongodb()).isEqualTo("mongodb://h:1");
    assertThat(TestServers.mongodb("x")).isEqualTo("mongodb://h:1/x");
  }

  @Test
  void somethingElseIsRefused() {
    System.setProperty("sciycsb.mongodb.url", "http://h:1");
    assertThatThrownBy(TestServers::mongodb).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("http://h:1");
  }
}
