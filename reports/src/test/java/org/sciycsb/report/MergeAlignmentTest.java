package org.sciycsb.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.IntervalPoint;

/** Merging bare interval logs written with known timestamps: alignment on absolute time, union, exact sums. */
class MergeAlignmentTest {
  @TempDir
  Path tmp;

  private static Histogram h(long count, long valueNs) {
    Histogram x = new Histogram(3);
    x.recordValueWithCount(valueNs, count);
    return x;
  }

  /** A log starting at startMs with one READ interval of count ops per second, for n seconds. */
  private Path log(String name, long startMs, int n, long count, long valueNs) throws Exception {
    Path f = tmp.resolve(name);
    try (Hlog.Writer w = new Hlog.Writer(f, startMs, "test")) {
      for (int i = 0; i < n; i++) {
        long s = startMs + i * 1000L;
        w.write(new Hlog.Interval("READ.response", s, s + 1000, h(count, valueNs)));
        w.write(new Hlog.Interval("OVERALL.response", s, s + 1000, h(count, valueNs)));
      }
    }
    return f;
  }

  @Test
  void intervalsAlignOnAbsoluteTimeAndThroughputUsesTheUnion() throws Exception {
    long t0 = 1_700_000_000_000L;
    Path a = log("a.hlog", t0, 3, 100, 1_000_000L);          // seconds 0, 1, 2
    Path b = log("b.hlog", t0 + 400, 2, 10, 5_000_000L);     // starts 0.4 s later: buckets 0 and 1
    Path c = log("c.hlog", t0 + 10_600, 1, 1, 9_000_000L);   // 10.6 s later, after a gap: bucket 11
    Merge.Result m = Merge.merge(List.of(Merge.load(a), Merge.load(b), Merge.load(c)), 1000, "t",
        tmp.resolve("merged.hlog"));
    RunReport r = m.report();
    assertThat(m.startMs()).isEqualTo(t0);
    List<IntervalPoint> s = r.series();
    assertThat(s).extracting(IntervalPoint::startMs).containsExactly(0L, 1000L, 2000L, 11000L);
    assertThat(s).extracting(p -> p.ops().get("READ").count()).containsExactly(110L, 110L, 100L, 1L);
    // union of [0,3000] [400,2400] [10600,11600] = 4000 ms
    assertThat(r.runtimeMs()).isEqualTo(4000);
    assertThat(r.operations()).isEqualTo(321);
    assertThat(r.throughput()).isEqualTo(321 / 4.0);
    // exact: max from c, p50 from a
    assertThat(r.ops().get(0).name()).isEqualTo("OVERALL");
    assertThat(r.ops().get(1).response().maxUs()).isCloseTo(9000, org.assertj.core.data.Offset.offset(9.0));
    assertThat(r.ops().get(1).response().p50Us()).isCloseTo(1000, org.assertj.core.data.Offset.offset(1.0));
    // the merged log reads back with the same totals and absolute times
    Hlog back = Hlog.read(tmp.resolve("merged.hlog"));
    assertThat(back.startMs()).isEqualTo(t0);
    assertThat(back.totals().get("READ.response").getTotalCount()).isEqualTo(321);
    assertThat(back.endMs()).isEqualTo(t0 + 12_000);
  }

  @Test
  void clientsThatLeftNoResultsMakeTheMergedRunFailed() throws Exception {
    long t0 = 1_700_000_000_000L;
    Path a = log("a.hlog", t0, 2, 10, 1_000_000L);
    assertThat(Merge.merge(List.of(Merge.load(a)), 1000, "t", null).report().outcome()).isEqualTo("completed");
    RunReport r = Merge.merge(List.of(Merge.load(a)), 1000, "t", 2, null).report();
    assertThat(r.outcome()).isEqualTo("failed");
    assertThat(r.operations()).isEqualTo(20); // what the others measured is kept
    assertThat(((java.util.Map<?, ?>) r.metadata().get("merged")).get("missing")).isEqualTo(2);
  }
}
