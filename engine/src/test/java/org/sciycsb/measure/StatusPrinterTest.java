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
    assertThat(lines()).matches(DATE + " 9 sec: 50 operations; 5\\.6 current ops/sec; 25\\.0% done;"
        + " est completion in 27 seconds; warming up\\R");
  }

  @Test
  void measuredLinesGiveEachOperationsFiguresSinceTheLastLine() {
    StatusPrinter p = printer(-1, 0, 0);
    p.beginMeasurement();
    Histogram ok = new Histogram(3);
    ok.recordValue(1000);
    ok.recordValue(2000);
    ok.recordValue(3000);
    Histogram failed = new Histogram(3);
    failed.recordValue(50_000);
    p.add(OperationRegistry.slot(1, false, false), ok);
    p.add(OperationRegistry.slot(1, true, false), failed);
    p.add(OperationRegistry.slot(1, false, true), failed); // service time: not in the line
    opsDone(4);
    p.maybePrint(10 * S, false);
    p.maybePrint(11 * S, true); // forced: nothing since the last line
    String[] l = lines().split("\\R");
    assertThat(l).hasSize(2);
    assertThat(l[0]).matches(DATE + " 10 sec: 4 operations; 0\\.4 current ops/sec"
        + " \\[UPDATE: Count=3, Errors=1, Avg\\(us\\)=2\\.0, p95\\(us\\)=3\\.0, Max\\(us\\)=3\\.0]");
    assertThat(l[1]).matches(DATE + " 11 sec: 4 operations; 0\\.0 current ops/sec");
  }

  @Test
  void noStreamNoLines() {
    StatusPrinter p = new StatusPrinter(null, registry, new RunningCounts(List.of(recorder)), 3, () -> 1, 0, 0);
    p.maybePrint(100 * S, true);
    p.progressIfBehind(100);
    assertThat(p.progressLines()).isZero();
  }

  @Test
  void etaByRateOrDeadlineWhicheverIsSooner() {
    StatusPrinter p = printer(-1, 0, 0);
    assertThat(p.eta(0, 0, -1, 100)).isNull();
    assertThat(p.eta(0, 99, 100, 1)).isEqualTo("1 second");
    assertThat(p.eta(0, 0, 150, 1)).isEqualTo("2 minutes");
    assertThat(p.eta(0, 0, 5400, 1)).isEqualTo("1.5 hours");
    StatusPrinter withDeadline = printer(-1, 70 * S, 0);
    assertThat(withDeadline.eta(10 * S, 0, -1, 0)).isEqualTo("1 minute");
    assertThat(withDeadline.eta(10 * S, 0, 1000, 100)).isEqualTo("10 seconds");
    assertThat(withDeadline.eta(80 * S, 0, -1, 0)).isEqualTo("0 seconds");
  }

  @Test
  void aClientThreadPrintsAProgressLineOnlyWhenTheCollectorIsMoreThanAnIntervalBehind() {
    StatusPrinter p = printer(-1, 0, System.nanoTime() - 100 * S); // no line for 100 s
    p.finalized(5);
    p.progressIfBehind(7); // interval 6 ended and awaits its grace: not behind
    assertThat(lines()).isEmpty();
    opsDone(3);
    p.progressIfBehind(8);
    assertThat(lines()).matches(DATE + " 100 sec: 3 operations; 0\\.0 current ops/sec;"
        + " \\[collector 2 interval\\(s\\) behind: the client threads leave it little CPU]\\R");
    assertThat(p.progressLines()).isEqualTo(1);
    p.progressIfBehind(9); // a line just came: the next one after a status period
    assertThat(p.progressLines()).isEqualTo(1);
  }
}
