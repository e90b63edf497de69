package org.sciycsb.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.report.Fmt;

/**
 * The report's section on stale reads (a run with {@code staleness=true}): per judged operation the run's counts
 * ({@code extra.staleness.<OP>}), the faults' times beside them, and on the time axis of the other charts, with the
 * same fault marks, the stale reads as a share of the interval's reads ({@code <OP>-STALE} over {@code <OP>}) and
 * their lag (the {@code <OP>-STALE} latencies: from the missed write's acknowledgement to the read). A run without
 * stale-read judging has no such section.
 */
final class StaleCharts {
  /** The suffix of the operation that records a judged operation's stale results. */
  static final String STALE = "-STALE";

  private StaleCharts() {}

  static void append(StringBuilder sb, JsonNode json) {
    JsonNode judged = json.path("extra").path("staleness");
    if (!judged.isObject() || judged.isEmpty()) {
      return;
    }
    sb.append("<h2>Stale reads</h2>\n");
    table(sb, judged);
    faultsLine(sb, json.path("metadata").path("faults"));
    var marks = HtmlReport.faults(json);
    var ops = judged.fieldNames();
    while (ops.hasNext()) {
      String op = ops.next();
      sb.append(rateChart(json, op, marks));
      sb.append(lagChart(json, op, marks));
    }
  }

  private static void table(StringBuilder sb, JsonNode judged) {
    sb.append("<table class=\"summary\"><tr><th>operation</th><th>judged</th><th>fresh</th><th>stale</th>")
        .append("<th>stale rate</th><th>never written</th><th>other client</th></tr>\n");
    var it = judged.fields();
    while (it.hasNext()) {
      var e = it.next();
      JsonNode s = e.getValue();
      sb.append("<tr><td>").append(Fmt.html(e.getKey())).append("</td><td>").append(s.path("judged").asLong())
          .append("</td><td>").append(s.path("fresh").asLong()).append("</td><td>").append(s.path("stale").asLong())
          .append("</td><td>").append(Fmt.num(100 * s.path("staleRate").asDouble(), 3)).append(" %</td><td>")
          .append(s.path("neverWritten").asLong()).append("</td><td>").append(s.path("otherClient").asLong())
          .append("</td></tr>\n");
    }
    sb.append("</table>\n");
  }

  /** When each fault began and ended, on the charts' clock, in one line beside the counts. */
  private static void faultsLine(StringBuilder sb, JsonNode faults) {
    List<String> parts = new ArrayList<>();
    for (JsonNode f : faults) {
      if (f.path("atMs").isNumber()) {
        parts.add(f.path("what").asText() + " at " + Fmt.num(f.path("atMs").asLong() / 1000.0, 1) + " s ("
            + f.path("command").asText() + ")");
      }
    }
    if (!parts.isEmpty()) {
      sb.append("<p class=\"note\">faults: ").append(Fmt.html(String.join("; ", parts))).append("</p>\n");
    }
  }

  /** Stale reads per interval as a share of the interval's reads of that operation. */
  static String rateChart(JsonNode json, String op, List<Svg.Marker> marks) {
    List<double[]> pts = rates(json, op);
    return Svg.lineChart("stale-rate-" + op, "Stale " + op + "s per interval", "time since the measured start (s)",
        "% of the interval's " + op + "s", List.of(HtmlReport.series("stale " + op, pts)), false, false, marks);
  }

  /** {seconds, % of the interval's reads of op that were stale} for each interval with such reads. */
  static List<double[]> rates(JsonNode json, String op) {
    List<double[]> pts = new ArrayList<>();
    for (JsonNode p : json.path("timeseries")) {
      long reads = p.path("ops").path(op).path("count").asLong();
      if (reads > 0) {
        long stale = p.path("ops").path(op + STALE).path("count").asLong();
        pts.add(new double[] {p.path("endMs").asLong() / 1000.0, 100.0 * stale / reads});
      }
    }
    return pts;
  }

  /** How far behind the stale reads were: the p50 and max of their lag per interval. */
  static String lagChart(JsonNode json, String op, List<Svg.Marker> marks) {
    List<double[]> p50 = new ArrayList<>();
    List<double[]> max = new ArrayList<>();
    for (JsonNode p : json.path("timeseries")) {
      JsonNode s = p.path("ops").path(op + STALE);
      if (s.path("count").asLong() > 0) {
        double t = p.path("endMs").asLong() / 1000.0;
        p50.add(new double[] {t, s.path("response").path("p50").asDouble() / 1000.0});
        max.add(new double[] {t, s.path("response").path("max").asDouble() / 1000.0});
      }
    }
    return Svg.lineChart("stale-lag-" + op, "Lag of the stale " + op + "s (from the missed write's acknowledgement)",
        "time since the measured start (s)", "lag (ms)", List.of(HtmlReport.series("p50", p50),
            HtmlReport.series("max", max)), false, false, marks);
  }
}
