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

  @Test
  void aKeyCloseToOneAnUpstreamClassDeclaresIsAWarningNamingIt() throws Exception {
    var sets = List.of(EngineOptions.all(), org.sciycsb.bindings.ClassProperties.of(site.ycsb.BasicDB.class,
        "site.ycsb.BasicDB"));
    assertThat(KeyCheck.check(new org.sciycsb.api.Config(java.util.Map.of("basicdb.verbos", "false")), sets))
        .containsExactly("warning: property basicdb.verbos is not one site.ycsb.BasicDB declares (did you mean"
            + " basicdb.verbose?)");
    assertThat(KeyCheck.check(new org.sciycsb.api.Config(java.util.Map.of("basicdb.Count", "true")), sets))
        .containsExactly("warning: property basicdb.Count is not one site.ycsb.BasicDB declares (it declares"
            + " basicdb.count; YCSB's property names are case-sensitive)");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> KeyCheck.check(new org.sciycsb.api.Config(
        java.util.Map.of("threadcont", "2")), sets)).hasMessage("unknown property threadcont: did you mean"
            + " threadcount?");
  }
}
