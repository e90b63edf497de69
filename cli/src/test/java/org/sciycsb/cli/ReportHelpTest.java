package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** bin/ycsb help lists the reports' options and commands (the reports' small parts: their ReportUnitsTest). */
class ReportHelpTest {
  @Test
  void helpListsTheReportOptions() {
    Cli c = Cli.run("help", "reports");
    assertThat(c.exit).isZero();
    assertThat(c.out).contains("resources.interval").contains("report.png").contains("merge.granularity");
    Cli g = Cli.run("help");
    assertThat(g.out).containsPattern("\n  merge +combine").containsPattern("\n  sweep +run a workload")
        .contains("5 an sla.* threshold");
  }
}
