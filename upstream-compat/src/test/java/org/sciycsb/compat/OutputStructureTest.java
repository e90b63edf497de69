package org.sciycsb.compat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the comparison tells apart, and what it lets differ. */
class OutputStructureTest {
  @Test
  void valuesMayDifferButNotTheirTypeNamesOrOrder() {
    assertThat(OutputStructure.of("[READ], Operations, 12\n[READ], AverageLatency(us), 0.5"))
        .isEqualTo(OutputStructure.of("[READ], Operations, 99999\n[READ], AverageLatency(us), 1.0E-4"));
    assertThat(OutputStructure.of("[READ], AverageLatency(us), 1"))
        .isNotEqualTo(OutputStructure.of("[READ], AverageLatency(us), 1.0"));
    assertThat(OutputStructure.of("[READ], Verdict, 1")).isNotEqualTo(OutputStructure.of("[READ], Verdict, valid"));
    assertThat(OutputStructure.of("[READ], Operations, 1\n[UPDATE], Operations, 1"))
        .isNotEqualTo(OutputStructure.of("[UPDATE], Operations, 1\n[READ], Operations, 1"));
    assertThat(OutputStructure.of("[READ-SERVICE], Operations, 1"))
        .isNotEqualTo(OutputStructure.of("[READ], Operations, 1"));
  }

  @Test
  void repeatedLinesCountOnceSoTheNumberOfUnitsMayDiffer() {
    assertThat(OutputStructure.of("[READ], 0, 1.5\n[READ], 1000, 2.5\n[READ], 2000, 0.5"))
        .isEqualTo(OutputStructure.of("[READ], 0, 3.25"));
  }
}
