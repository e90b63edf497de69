package org.sciycsb.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Compare's ratio column: a dash where the baseline has nothing to divide by. */
class CompareRatioTest {
  @Test
  void aRatioOverNothingIsADash() {
    assertThat(Compare.ratio(0, 5)).isEqualTo("-");
  }
}
