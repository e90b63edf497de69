package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.measure.UpstreamStatusLine;
import org.sciycsb.testkit.InProcessRun;

/** The status lines of a real run (-s) on stderr: upstream YCSB's line first, this project's extras after it. */
class StatusLinesRunTest {
  @TempDir
  Path tmp;

  private static List<String> statusLines(InProcessRun r) {
    return r.err.lines().filter(l -> l.contains(" sec: ") && l.contains(" operations; ")).toList();
  }

  @Test
  void everyStatusLineIsUpstreamsLineWithTheExtrasAfter() {
    InProcessRun r = InProcessRun.run("run", "basic", "-P", "../workloads/workloada", "-s", "-l", "lbl", "-p",
        "status.interval=1", "-target", "400", "-p", "operationcount=1000", "-p", "results.dir=" + tmp.resolve("a"));
    assertThat(r.exit).as(r.toString()).isZero();
    List<String> lines = statusLines(r);
    assertThat(lines).as(r.err).hasSizeGreaterThanOrEqualTo(2);
    for (String line : lines) {
      Matcher m = UpstreamStatusLine.PATTERN.matcher(line);
      assertThat(m.lookingAt()).as(line).isTrue();
      assertThat(m.group(1)).isEqualTo("lbl"); // glued to the date, as upstream
      String extras = line.substring(m.end());
      assertThat(extras).as(line).matches("(; )?([0-9.]+% done)?");
    }
    assertThat(lines).anyMatch(l -> l.contains("[READ: Count=")).anyMatch(l -> l.contains("est completion in "));
    Matcher last = UpstreamStatusLine.PATTERN.matcher(lines.get(lines.size() - 1));
    assertThat(last.lookingAt()).isTrue();
    assertThat(last.group(3)).as("the final line, once the run has ended").isEqualTo("1000");
    assertThat(last.group(5)).as("nothing left to do: no estimate, as upstream").isNull();
    assertThat(lines.get(lines.size() - 1)).endsWith("; 100.0% done");
  }

  @Test
  void withMaxexecutiontimeTheEtaIsTheTimeLeftNotAHugeOperationCountsEstimate() {
    InProcessRun r = InProcessRun.run("run", "basic", "-P", "../workloads/workloada", "-s", "-p", "status.interval=1",
        "-target", "200", "-p", "operationcount=1000000000", "-p", "maxexecutiontime=3", "-p",
        "results.dir=" + tmp.resolve("b"));
    assertThat(r.exit).as(r.toString()).isZero();
    List<String> measured = statusLines(r).stream().filter(l -> l.contains("[READ: ")).toList();
    assertThat(measured).as(r.err).isNotEmpty();
    for (String line : measured) {
      Matcher m = UpstreamStatusLine.PATTERN.matcher(line);
      assertThat(m.lookingAt()).as(line).isTrue();
      assertThat(m.group(5)).as(line).matches("[0-3] second ");
      double percent = Double.parseDouble(line.replaceAll(".*; ([0-9.]+)% done$", "$1"));
      assertThat(percent).as(line).isBetween(1.0, 100.0);
    }
  }

  @Test
  void measurementIntervalBothNamesTheResponseTimesIntended() {
    InProcessRun r = InProcessRun.run("run", "basic", "-P", "../workloads/workloadc", "-s", "-p", "status.interval=1",
        "-target", "400", "-p", "operationcount=600", "-p", "measurement.interval=both", "-p",
        "results.dir=" + tmp.resolve("c"));
    assertThat(r.exit).as(r.toString()).isZero();
    assertThat(statusLines(r)).as(r.err).anyMatch(l -> l.matches(".* \\[READ: Count=\\d+, .*\\] \\[Intended-READ: .*"));
  }

  @Test
  void withoutDashSThereIsNoStatusLineAsUpstream() {
    InProcessRun r = InProcessRun.run("run", "basic", "-P", "../workloads/workloadc", "-p", "status.interval=1",
        "-target", "400", "-p", "operationcount=600", "-p", "results.dir=" + tmp.resolve("d"));
    assertThat(r.exit).as(r.toString()).isZero();
    assertThat(statusLines(r)).as(r.err).isEmpty();
    assertThat(r.err).doesNotContain("current ops/sec");
  }
}
