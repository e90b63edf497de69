package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb report on a run with a fault and its restore (the engine's FaultScheduleTest checks the schedule itself):
 * both are marked on the time charts and the commands are listed.
 */
class FaultReportTest {
  @TempDir
  Path tmp;

  @Test
  void theReportMarksTheFaultAndItsRestore() throws Exception {
    Path dir = tmp.resolve("r");
    Path mark = tmp.resolve("mark.txt");
    Cli c = Cli.run("run", "basic", "-P", "../workloads/workloada", "-threads", "2", "-target", "500", "-p",
        "recordcount=100", "-p", "maxexecutiontime=4", "-p", "operationcount=100000", "-p", "fault.at=1s", "-p",
        "fault.action=command:echo down >> " + mark, "-p", "fault.restore=2500ms", "-p",
        "fault.restorecommand=echo up >> " + mark, "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isZero();
    Cli report = Cli.run("report", dir.toString());
    assertThat(report.exit).as(report.toString()).isZero();
    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html.split("<line class=\"marker\"", -1)).as("a fault and a restore mark on each of 3 time charts")
        .hasSize(1 + 3 * 2);
    assertThat(html).contains(">fault</text>").contains(">restore</text>");
    assertThat(html).as("and lists the commands").contains("<h2>Faults").contains("echo down &gt;&gt; " + mark)
        .contains("echo up &gt;&gt; " + mark);
  }
}
