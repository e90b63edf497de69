package org.sciycsb.bindings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sciycsb.api.OptionSet;

/** The property names upstream classes declare, as constants: known when such a class runs unchanged. */
class ClassPropertiesTest {
  @Test
  void upstreamsBasicDbDeclaresItsFourKeysAndNotItsDefaults() {
    OptionSet s = ClassProperties.of(site.ycsb.BasicDB.class, "site.ycsb.BasicDB");
    assertThat(s.options()).extracting(o -> o.name()).contains("basicdb.verbose", "basicdb.simulatedelay",
        "basicdb.randomizedelay", "basicdb.count").doesNotContain("true", "false", "0");
    assertThat(new ClassDbBinding("site.ycsb.BasicDB").options().declares("basicdb.count")).isTrue();
    assertThat(new ClassDbBinding("no.such.Db").options().options()).isEmpty();
  }

  @Test
  void aWorkloadClassDeclaresItsOwnAndItsSuperclassesKeys() {
    OptionSet s = ClassProperties.of(site.ycsb.workloads.TimeSeriesWorkload.class, "ts");
    assertThat(s.declares("tagcount")).isTrue();
    assertThat(s.declares("delayedseries")).isTrue();
    assertThat(s.declares("insertstart")).as("site.ycsb.Workload's").isTrue();
    assertThat(s.declares("YCSBTS")).as("a default value").isFalse();
  }
}
