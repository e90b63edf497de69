package org.sciycsb.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The charts' axis ticks: 1, 2 or 5 times a power of ten, and enough decimals to tell them apart. */
class SvgTicksTest {
  @Test
  void ticks() {
    assertThat(Svg.ticks(9.3)).containsExactly(0, 2, 4, 6, 8, 10);
    assertThat(Svg.ticks(0.0012)).hasSize(4);
    assertThat(Svg.decimals(Svg.ticks(0.0012))).isEqualTo(4);
  }
}
