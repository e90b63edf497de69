package org.sciycsb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The "did you mean" of an unknown binding or command. */
class KeyCheckClosestTest {
  private static final List<String> BINDINGS = List.of("basic", "cassandra", "jdbc", "mongodb", "riak", "hdfs");

  @Test
  void aTypoGetsTheNearestName() {
    assertThat(KeyCheck.closest("basci", BINDINGS)).isEqualTo("basic"); // two letters swapped: one edit
    assertThat(KeyCheck.closest("mongo", BINDINGS)).isEqualTo("mongodb");
    assertThat(KeyCheck.closest("Cassandr", BINDINGS)).isEqualTo("cassandra");
    assertThat(KeyCheck.closest("lod", List.of("load", "run", "help"))).isEqualTo("load");
  }

  @Test
  void farOrExactWordsGetNone() {
    assertThat(KeyCheck.closest("nosuchstore", BINDINGS)).isNull();
    assertThat(KeyCheck.closest("redis", BINDINGS)).isNull();
    assertThat(KeyCheck.closest("jdbc", BINDINGS)).isNull(); // nothing to correct
  }
}
