package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The results: totals of the intervals, OVERALL over the non-composite operations, statuses by name. */
class SummariesTest {
  private static final int READ = 0;
  private static final int RMW = 5;

  private final OperationRegistry registry = frozen();
  private final ThreadRecorder recorder = new ThreadRecorder(0, registry.size(), new StatusCodes(),
      new SparseCounts.Layout(3));
  private final RunningCounts counts = new RunningCounts(List.of(recorder));
  private final Summaries summaries = new Summaries(registry, new StatusCodes(), counts, 3);

  private static OperationRegistry frozen() {
    OperationRegistry r = new OperationRegistry();
    r.freeze();
    return r;
  }

  private static Histogram of(long... values) {
    Histogram h = new Histogram(3);
    for (long v : values) {
      h.recordValue(v);
    }
    return h;
  }

  @Test
  void nothingCalledNothingSummarized() {
    assertThat(summaries.build(1.0)).isEmpty();
  }

  @Test
  void overallFirstThenEachOperationCalled() {
    recorder.record(READ, 0, 1000, 0);
    recorder.record(READ, 0, 3000, 0);
    recorder.record(READ, 0, 9000, 1);
    recorder.record(RMW, 0, 4000, 0);
    summaries.add(OperationRegistry.slot(READ, false, false), of(1000));
    summaries.add(OperationRegistry.slot(READ, false, false), of(3000)); // a second interval
    summaries.add(OperationRegistry.slot(READ, false, true), of(1000, 3000));
    summaries.add(OperationRegistry.slot(READ, true, false), of(9000));
    summaries.add(OperationRegistry.slot(RMW, false, false), of(4000));
    summaries.addOverall(of(1000, 3000), of(1000, 3000));
    List<OpSummary> out = summaries.build(4.0);
    assertThat(out).extracting(OpSummary::name).containsExactly("OVERALL", "READ", "READ-MODIFY-WRITE");
    OpSummary overall = out.get(0);
    assertThat(overall.operations()).isEqualTo(2);
    assertThat(overall.statuses()).as("composite operations left out").isEqualTo(Map.of("OK", 2L, "ERROR", 1L));
    assertThat(overall.throughput()).isEqualTo(0.5);
    assertThat(overall.failedResponse()).isEqualTo(LatencySummary.EMPTY);
    OpSummary read = out.get(1);
    assertThat(read.operations()).isEqualTo(2);
    assertThat(read.response().count()).isEqualTo(2);
    assertThat(read.response().maxUs()).isEqualTo(3.001);
    assertThat(read.failedResponse().count()).isEqualTo(1);
    assertThat(read.errors()).isEqualTo(1);
    assertThat(summaries.total(READ, false, true).getTotalCount()).isEqualTo(2);
    assertThat(out.get(2).statuses()).isEqualTo(Map.of("OK", 1L));
  }

  @Test
  void errorsSoFarCountFailedCallsOfNonCompositeOperations() {
    recorder.record(READ, 0, 1000, 1);
    recorder.record(READ, 0, 1000, 8); // BATCHED_OK
    recorder.record(RMW, 0, 1000, 2);
    assertThat(counts.errors(registry)).isEqualTo(1);
  }
}
