package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The aligned intervals' boundaries: which interval a time falls in, when each is finalized, where a count goes. */
class IntervalAggregatorTest {
  private static final long G = 1_000_000_000L;
  private static final long T0 = 5_000_000_000_000L;

  private final OperationRegistry registry = frozen();
  private final ThreadRecorder recorder = new ThreadRecorder(0, registry.size(), new StatusCodes(),
      new SparseCounts.Layout(3));

  private static OperationRegistry frozen() {
    OperationRegistry r = new OperationRegistry();
    r.freeze();
    return r;
  }

  private IntervalAggregator aggregator(long granularity) throws Exception {
    RunningCounts counts = new RunningCounts(List.of(recorder));
    return new IntervalAggregator(registry, List.of(recorder), counts,
        new Summaries(registry, new StatusCodes(), counts, 3),
        new StatusPrinter(null, registry, counts, 3, () -> -1, 0, T0), new IntervalLog(null), 3, granularity, T0);
  }

  private static long count(IntervalPoint p) {
    return p.ops().get("OVERALL").count();
  }

  @Test
  void intervalsStartAtTheMeasuredStartAndIncludeTheirStartOnly() throws Exception {
    IntervalAggregator a = aggregator(G);
    assertThat(a.firstBoundaryNanos()).as("not measuring yet").isEqualTo(Long.MAX_VALUE);
    a.beginMeasurement(T0);
    assertThat(a.boundary(3)).isEqualTo(T0 + 3 * G);
    assertThat(a.intervalOf(T0 - 5)).isZero();
    assertThat(a.intervalOf(T0 + G - 1)).isZero();
    assertThat(a.intervalOf(T0 + G)).isEqualTo(1);
    assertThat(a.firstBoundaryNanos()).isEqualTo(T0 + G);
  }

  @Test
  void theNextCollectionComesATenthAfterTheNextBoundary() throws Exception {
    IntervalAggregator a = aggregator(G);
    assertThat(a.nextCollectionNanos(T0)).as("not measuring: one granularity on").isEqualTo(T0 + G);
    a.beginMeasurement(T0);
    assertThat(a.nextCollectionNanos(T0 + G / 2)).isEqualTo(T0 + G + G / 10);
    assertThat(a.nextCollectionNanos(T0 + G + G / 20)).as("in interval 0's grace").isEqualTo(T0 + G + G / 10);
    assertThat(a.nextCollectionNanos(T0 + G + G / 10)).isEqualTo(T0 + 2 * G + G / 10);
    assertThat(aggregator(0).nextCollectionNanos(T0)).as("no aligned intervals: 1 s").isEqualTo(T0 + G);
  }

  @Test
  void anIntervalIsFinalizedOnlyAfterItsGrace() throws Exception {
    IntervalAggregator a = aggregator(G);
    a.beginMeasurement(T0);
    recorder.record(0, T0 + G / 2 - 1000, T0 + G / 2, 0);
    assertThat(a.finalizeEnded(T0 + G + G / 10 - 1)).isFalse();
    assertThat(a.series()).isEmpty();
    assertThat(a.finalizeEnded(T0 + G + G / 10)).isTrue();
    assertThat(a.series()).singleElement().satisfies(p -> {
      assertThat(p.startMs()).isZero();
      assertThat(p.endMs()).isEqualTo(1000);
      assertThat(count(p)).isEqualTo(1);
    });
    assertThat(a.finalizeEnded(T0 + G + G / 2)).as("nothing more ended").isFalse();
  }

  @Test
  void anOperationEndingOnABoundaryCountsInTheIntervalItStarts() throws Exception {
    Collector c = new Collector(registry, new StatusCodes(), List.of(recorder), 3, null, null, () -> -1, 0, G);
    c.beginMeasurement(T0);
    recorder.beginIntervals();
    recorder.record(0, T0 + G - 1000, T0 + G - 1, 0);
    recorder.record(0, T0 + G - 1000, T0 + G, 0); // crosses: hands interval 0's count over
    recorder.record(0, T0 + 2 * G - 1000, T0 + 2 * G + 5, 0);
    c.collect(T0 + 2 * G + 5);
    List<IntervalPoint> series = c.series();
    assertThat(series).extracting(IntervalPoint::startMs).containsExactly(0L, 1000L, 2000L);
    assertThat(series).extracting(IntervalAggregatorTest::count).containsExactly(1L, 1L, 1L);
    assertThat(series.get(2).endMs()).as("the last interval ends at the last operation").isEqualTo(2000);
  }

  @Test
  void withoutAlignedIntervalsEachCollectionEndsOne() throws Exception {
    IntervalAggregator a = aggregator(0);
    recorder.record(0, T0 - 2000, T0 - 1000, 0); // warmup: dropped
    a.beginMeasurement(T0);
    recorder.record(0, T0, T0 + 1000, 0);
    recorder.record(0, T0, T0 + 2000, 0);
    assertThat(a.finalizeAll(T0 + G)).isTrue();
    recorder.record(0, T0 + G, T0 + G + 1000, 0);
    assertThat(a.finalizeAll(T0 + 3 * G)).isTrue();
    assertThat(a.series()).extracting(IntervalPoint::startMs).containsExactly(0L, 1000L);
    assertThat(a.series()).extracting(IntervalPoint::endMs).containsExactly(1000L, 3000L);
    assertThat(a.series()).extracting(IntervalAggregatorTest::count).containsExactly(2L, 1L);
  }
}
