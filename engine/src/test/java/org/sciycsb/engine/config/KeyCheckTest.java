package org.sciycsb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.workloads.CoreWorkloadOptions;

class KeyCheckTest {
  @Test
  void distanceCountsSwapsAsOne() {
    assertThat(KeyCheck.distance("recordcount", "recordcount")).isZero();
    assertThat(KeyCheck.distance("recrodcount", "recordcount")).isEqualTo(1);
    assertThat(KeyCheck.distance("abc", "xyz")).isEqualTo(3);
  }

  @Test
  void suggestsOnlyCloseKeys() {
    var sets = List.of(EngineOptions.all(), CoreWorkloadOptions.all());
    assertThat(KeyCheck.suggest(sets, "threadcont")).isEqualTo("threadcount");
    assertThat(KeyCheck.suggest(sets, "mongodb.url")).isNull();
    assertThat(KeyCheck.suggest(sets, "fieldcount")).isEqualTo("fieldcount");
    assertThat(KeyCheck.suggest(sets, "table2")).isEqualTo("table");
  }
}
