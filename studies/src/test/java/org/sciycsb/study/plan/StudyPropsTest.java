package org.sciycsb.study.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The study file's values: sizes and durations. */
class StudyPropsTest {
  @Test
  void sizesAndDurationsParse() throws Exception {
    assertThat(StudyProps.parseBytes("32GiB")).isEqualTo(32L << 30);
    assertThat(StudyProps.parseBytes("1TiB")).isEqualTo(1L << 40);
    assertThat(StudyProps.parseBytes("5MB")).isEqualTo(5_000_000L);
    assertThat(StudyProps.parseBytes("1024")).isEqualTo(1024L);
    assertThat(StudyProps.parseSeconds("30m")).isEqualTo(1800);
    assertThat(StudyProps.parseSeconds("1h")).isEqualTo(3600);
    assertThat(StudyProps.parseSeconds("45")).isEqualTo(45);
  }
}
