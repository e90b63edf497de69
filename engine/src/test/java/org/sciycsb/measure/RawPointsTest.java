package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Operation;
import site.ycsb.Status;

/** measurementtype=raw's points: kept only when asked, every measured one, by operation and outcome, in time order. */
class RawPointsTest {
  private static final SparseCounts.Layout LAYOUT = new SparseCounts.Layout(3);

  @Test
  void nothingIsKeptUnlessAsked() {
    OperationRegistry reg = new OperationRegistry();
    reg.register("READ", false);
    ThreadRecorder r = new ThreadRecorder(0, reg.size(), new StatusCodes(), LAYOUT);
    r.record(0, 1_000, 2_000, 0);
    assertThat(r.rawRecorder()).isNull();
  }

  @Test
  void everyMeasuredPointByOperationAndOutcomeOrderedByEnd() {
    OperationRegistry reg = new OperationRegistry();
    Operation read = reg.register("READ", false);
    Operation update = reg.register("UPDATE", false);
    StatusCodes codes = new StatusCodes();
    ThreadRecorder a = new ThreadRecorder(0, reg.size(), codes, LAYOUT);
    ThreadRecorder b = new ThreadRecorder(1, reg.size(), codes, LAYOUT);
    a.keepRawPoints();
    b.keepRawPoints();
    long t0 = 1_000_000_000L;
    a.setRecording(false);
    a.record(read, t0, t0 + 5_000, Status.OK); // warmup: not measured
    a.setRecording(true);
    a.record(read, t0, t0 + 9_000_000, Status.OK); // ends at 9 ms
    b.record(read, t0, t0 + 2_000_000, Status.OK); // ends at 2 ms
    b.record(read, t0, t0 + 3_000, Status.ERROR);
    a.setIntendedStart(t0 - 1_000_000);
    a.record(update, t0, t0 + 4_000, Status.OK);
    RawPoints p = new RawPoints(reg, List.of(a, b), t0, 1_700_000_000_000L);
    long[][] reads = p.points("READ", false, false);
    assertThat(reads).hasDimensions(2, 2);
    assertThat(reads[0]).containsExactly(1_700_000_000_002L, 2_000);
    assertThat(reads[1]).containsExactly(1_700_000_000_009L, 9_000);
    assertThat(p.points("READ", true, false)).hasDimensions(1, 2);
    assertThat(p.points("UPDATE", false, false)[0][1]).as("service time, us").isEqualTo(4);
    assertThat(p.points("UPDATE", false, true)[0][1]).as("response time from the intended start, us")
        .isEqualTo(1_004);
    assertThat(p.points("DELETE", false, false)).isEmpty();
  }
}
