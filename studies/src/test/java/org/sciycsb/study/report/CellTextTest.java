package org.sciycsb.study.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a cell reads in study.md and study.html: a mean with ± its half interval, a ratio of means with its interval. */
class CellTextTest {
  @Test
  void aMeanShowsHalfItsIntervalARatioOfMeansItsBounds() {
    Report.Cell mean = new Report.Cell();
    mean.value = 99.24;
    mean.aggregate = "mean";
    mean.ci95 = new double[] {61.02, 137.46};
    assertThat(StudyOutput.cellText(mean, 1)).isEqualTo("99.2 ±38.2");

    Report.Cell ratio = new Report.Cell();
    ratio.value = 42.417;
    ratio.derived = "B / A of the means over 3 and 3 repeats";
    ratio.ci95 = new double[] {31.3835, 57.8264};
    assertThat(StudyOutput.cellText(ratio, 2)).isEqualTo("42.42 [31.38, 57.83]");

    Report.Cell single = new Report.Cell();
    single.value = 3.02;
    single.derived = "B / A of one run a side";
    assertThat(StudyOutput.cellText(single, 2)).as("one run a side: no interval").isEqualTo("3.02");
  }
}
