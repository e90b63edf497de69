package org.sciycsb.output;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.results.RunReport;

/**
 * A run's staleness figures ({@code staleness=true}: {@code extra.staleness.<OP>}) as numeric lines in the shape
 * of the others, in the section of the operation its stale reads are recorded as ({@code [READ-STALE]}, whose
 * latency lines are the lags): {@code Judged}, {@code Fresh}, {@code Stale}, {@code StaleRate(%)},
 * {@code NeverWritten}, {@code OtherClient}, and one {@code Behind=<n>} line per distance behind.
 */
final class StalenessLines {
  private StalenessLines() {}

  /** One line: section, metric, value (a Long, or a Double for the rate). */
  record Line(String section, String metric, Object value) {}

  static List<Line> of(RunReport r) {
    List<Line> out = new ArrayList<>();
    if (r.extra() == null || !(r.extra().get("staleness") instanceof Map<?, ?> byOp)) {
      return out;
    }
    for (Map.Entry<?, ?> op : byOp.entrySet()) {
      if (!(op.getValue() instanceof Map<?, ?> m)) {
        continue;
      }
      String sec = op.getKey() + "-STALE";
      out.add(new Line(sec, "Judged", count(m.get("judged"))));
      out.add(new Line(sec, "Fresh", count(m.get("fresh"))));
      out.add(new Line(sec, "Stale", count(m.get("stale"))));
      out.add(new Line(sec, "StaleRate(%)", m.get("staleRate") instanceof Number n ? 100 * n.doubleValue() : 0.0));
      out.add(new Line(sec, "NeverWritten", count(m.get("neverWritten"))));
      out.add(new Line(sec, "OtherClient", count(m.get("otherClient"))));
      if (m.get("behind") instanceof Map<?, ?> behind) {
        behind.forEach((k, v) -> out.add(new Line(sec, "Behind=" + k, count(v))));
      }
    }
    return out;
  }

  private static Long count(Object o) {
    return o instanceof Number n ? n.longValue() : 0L;
  }
}
