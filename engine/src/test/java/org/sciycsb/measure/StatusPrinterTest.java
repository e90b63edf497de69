package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The status and progress lines: when they come, and what they say. */
class StatusPrinterTest {
  private static final long S = 1_000_000_000L;
  private static final String DATE = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3}";

  private final OperationRegistry registry = frozen();
  private final ThreadRecorder recorder = new ThreadRecorder(0, registry.size(), new StatusCodes(),
      new SparseCounts.Layout(3));
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private static OperationRegistry frozen() {
    OperationRegistry r = new OperationRegistry();
    r.freeze();
    return r;
  }

  private StatusPrinter printer(long planned, long deadlineNanos, long runStartNanos) {
    StatusPrinter p = new StatusPrinter(new PrintStream(out, true, StandardCharsets.UTF_8), registry,
        new RunningCounts(List.of(recorder)), 3, () -> planned, deadlineNanos, runStartNanos);
    p.setInterval(10 * S);
    return p;
  }

  private void opsDone(int n) {
    for (int i = 0; i < n; i++) {
      recorder.opDone();
    }
  }

  private String lines() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aStatusLineComesATenthBeforeTheStatusPeriodEndsNotSooner() {
    StatusPrinter p = printer(200, 0, 0);
    opsDone(50);
    p.maybePrint(9 * S - 1, false);
    assertThat(lines()).isEmpty();
    p.maybePrint(9 * S, false);
    // 150 left at 50 in 9 s: 27 s, upstream's words; then the extras
    assertThat(lines()).matches(DATE + " 9 sec: 50 operations; 5\\.56 current ops/sec; est completion in 27 seconds"
        + " ; 25\\.0% done; warming up\\R");
  }

  @Test
  void measuredLinesGiveEachOperationsFiguresSinceTheLastLineInUpstreamsFormat() {
    StatusPrinter p = printer(-1, 0, 0);
    p.beginMeasurement(0, 0);
    p.add(OperationRegistry.slot(1, false, false), histogram(1000, 2000, 3000));
    p.add(OperationRegistry.slot(1, true, false), histogram(50_000));
    p.add(OperationRegistry.slot(1, false, true), histogram(700)); // service time: not in the default line
    opsDone(4);
    p.maybePrint(10 * S, false);
    p.maybePrint(11 * S, true); // forced: nothing since the last line, the operations seen are still there
    String[] l = lines().split("\\R");
    assertThat(l).hasSize(2);
    // upstream's order: its ConcurrentHashMap's, UPDATE-FAILED before UPDATE
    assertThat(l[0]).matches(DATE + " 10 sec: 4 operations; 0\\.4 current ops/sec; "
        + "\\[UPDATE-FAILED: Count=1, Max=50, Min=50, Avg=50(\\.\\d+)?, 90=50(\\.\\d+)?, 99=.*] "
        + "\\[UPDATE: Count=3, Max=3, Min=1, Avg=2, 90=3, 99=3, 99\\.9=3, 99\\.99=3] ");
    assertThat(l[1]).matches(DATE + " 11 sec: 4 operations; 0 current ops/sec; \\[UPDATE-FAILED: Count=0, .*] "
        + "\\[UPDATE: Count=0, Max=0, Min=9223372036854775807, Avg=NaN, 90=0, 99=0, 99\\.9=0, 99\\.99=0] ");
  }

  @Test
  void measurementIntervalPicksTheHistogramAndBothAddsIntendedOnes() {
    StatusPrinter p = printer(-1, 0, 0);
    p.setStyle(StatusStyle.of(null, "both", "lbl"), null);
    p.beginMeasurement(0, 0);
    p.add(OperationRegistry.slot(0, false, false), histogram(9000));
    p.add(OperationRegistry.slot(0, false, true), histogram(2000));
    opsDone(1);
    p.maybePrint(10 * S, false);
    assertThat(lines()).matches("lbl" + DATE + " 10 sec: 1 operations; 0\\.1 current ops/sec; "
        + "\\[READ: Count=1, Max=2, Min=2, .*] \\[Intended-READ: Count=1, Max=9, Min=9, .*] \\R");
  }

  @Test
  void histogramAndRawTypesPrintUpstreamsAverages() {
    StatusPrinter p = printer(-1, 0, 0);
    p.setStyle(StatusStyle.of("raw", "op", null), null);
    p.beginMeasurement(0, 0);
    p.add(OperationRegistry.slot(0, false, true), histogram(1000, 2000));
    opsDone(2);
    p.maybePrint(10 * S, false);
    assertThat(lines()).matches(DATE + " 10 sec: 2 operations; 0\\.2 current ops/sec; "
        + "READ count: 2, average latency\\(us\\): 1\\.50 \\R");
    out.reset();
    StatusPrinter h = printer(-1, 0, 0);
    h.setStyle(StatusStyle.of("histogram", null, null), null);
    h.beginMeasurement(0, 0);
    h.add(OperationRegistry.slot(0, false, false), histogram(1000, 2000));
    h.maybePrint(10 * S, false);
    h.maybePrint(20 * S, false); // an operation without calls in the interval: an empty text, its space kept
    assertThat(lines().split("\\R")[0]).endsWith("; [READ AverageLatency(us)=1.5] ");
    assertThat(lines().split("\\R")[1]).endsWith(" current ops/sec;  ");
  }

  @Test
  void timeseriesPrintsTheLinesOnStdoutToo() {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    StatusPrinter p = printer(-1, 0, 0);
    p.setStyle(StatusStyle.of("timeseries", null, null), new PrintStream(stdout, true, StandardCharsets.UTF_8));
    p.maybePrint(10 * S, false);
    assertThat(stdout.toString(StandardCharsets.UTF_8)).isEqualTo(lines()).contains(" sec: ");
  }

  @Test
  void noStreamNoLines() {
    StatusPrinter p = new StatusPrinter(null, registry, new RunningCounts(List.of(recorder)), 3, () -> 1, 0, 0);
    p.maybePrint(100 * S, true);
    p.progressIfBehind(100);
    assertThat(p.progressLines()).isZero();
  }

  @Test
  void etaByTheRunsRateOrTheDeadlineWhicheverIsSooner() {
    StatusPrinter p = printer(-1, 0, 0);
    assertThat(p.estimate(10 * S, 100)).isEqualTo(new StatusPrinter.Estimate(-1, -1));
    StatusPrinter planned = printer(1000, 0, 0);
    assertThat(planned.estimate(10 * S, 100)).isEqualTo(new StatusPrinter.Estimate(90, 10.0));
    assertThat(planned.estimate(10 * S, 0)).isEqualTo(new StatusPrinter.Estimate(-1, 0.0)); // no rate yet
    assertThat(planned.estimate(10 * S, 1000)).isEqualTo(new StatusPrinter.Estimate(-1, 100.0)); // all done
    // maxexecutiontime=60 from second 10, and YCSB's huge operationcount: the deadline decides, and % done follows it
    StatusPrinter deadline = printer(Long.MAX_VALUE / 2, 0, 0);
    deadline.beginMeasurement(10 * S, 70 * S);
    assertThat(deadline.estimate(25 * S, 100_000)).isEqualTo(new StatusPrinter.Estimate(45, 25.0));
    assertThat(deadline.estimate(80 * S, 100_000)).isEqualTo(new StatusPrinter.Estimate(0, 100.0));
    // a deadline far away, few operations left: the operations decide
    StatusPrinter ops = printer(1000, 0, 0);
    ops.beginMeasurement(0, 3600 * S);
    assertThat(ops.estimate(10 * S, 500)).isEqualTo(new StatusPrinter.Estimate(10, 50.0));
  }

  @Test
  void theLineWithADeadlineSaysTheTimeLeftNotTheOperationsOfAHugeCount() {
    StatusPrinter p = printer(Long.MAX_VALUE / 2, 0, 0);
    p.beginMeasurement(0, 60 * S);
    opsDone(1000);
    p.maybePrint(15 * S, true);
    assertThat(lines()).contains("; est completion in 45 seconds ").contains("; 25.0% done");
  }

  @Test
  void aClientThreadPrintsAProgressLineOnlyWhenTheCollectorIsMoreThanAnIntervalBehind() {
    StatusPrinter p = printer(-1, 0, System.nanoTime() - 100 * S); // no line for 100 s
    p.finalized(5);
    p.progressIfBehind(7); // interval 6 ended and awaits its grace: not behind
    assertThat(lines()).isEmpty();
    opsDone(3);
    p.progressIfBehind(8);
    assertThat(lines()).matches(DATE + " 100 sec: 3 operations; 0\\.03 current ops/sec; "
        + "collector 2 interval\\(s\\) behind: the client threads leave it little CPU\\R");
    assertThat(p.progressLines()).isEqualTo(1);
    p.progressIfBehind(9); // a line just came: the next one after a status period
    assertThat(p.progressLines()).isEqualTo(1);
  }

  private static Histogram histogram(long... nanos) {
    Histogram h = new Histogram(3);
    for (long v : nanos) {
      h.recordValue(v);
    }
    return h;
  }
}
