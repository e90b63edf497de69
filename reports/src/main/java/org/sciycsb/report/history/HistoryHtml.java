package org.sciycsb.report.history;

import java.util.List;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.html.Html;
import org.sciycsb.report.html.Svg;

/**
 * {@code history.html}: per group, its runs and change points, and a line chart of every gated series over the runs
 * with each change point as a vertical line (red: worse, green: better) and each segment's mean as a dashed level.
 */
public final class HistoryHtml {
  private static final int W = Svg.W;
  private static final int H = Svg.H;
  private static final int L = Svg.L;
  private static final int R = Svg.R;
  private static final int T = Svg.T;
  private static final int B = Svg.B;

  private HistoryHtml() {}

  public static String render(List<History.Group> groups, History.Settings s) {
    StringBuilder sb = new StringBuilder();
    Html.head(sb, "sciycsb history");
    sb.append("<h1>sciycsb history</h1>\n<p class=\"note\">").append(Fmt.html(HistoryReport.METHOD))
        .append("; p &lt;= ").append(Fmt.num(s.pValue())).append(", ").append(s.permutations())
        .append(" permutations, seed ").append(s.seed()).append(", segments of at least ").append(s.minSize())
        .append(" runs. The gate fails a series whose newest run comes after a change for the worse by more than ")
        .append(Fmt.num(s.thresholdPct(), 1)).append(" %.</p>\n");
    int g = 0;
    for (History.Group group : groups) {
      group(sb, group, g++);
    }
    Html.tail(sb);
    return sb.toString();
  }

  private static void group(StringBuilder sb, History.Group g, int gi) {
    sb.append("<h2>").append(Fmt.html(g.key())).append("</h2>\n<p class=\"note\">").append(g.runs().size())
        .append(" runs, ordered by ").append(g.orderedBy().equals("build") ? "build label" : "start time")
        .append("</p>\n");
    for (String n : g.notes()) {
      sb.append("<p class=\"note\">").append(Fmt.html(n)).append("</p>\n");
    }
    runsTable(sb, g);
    changeTable(sb, g);
    int k = 0;
    for (History.Series s : g.series()) {
      sb.append(chart("history-" + gi + "-" + k++, g, s));
    }
  }

  private static void runsTable(StringBuilder sb, History.Group g) {
    List<String> names = g.series().stream().map(History.Series::name).toList();
    sb.append("<table>\n<tr><th>#</th><th>build</th><th>run</th><th>started</th><th>outcome</th>");
    names.forEach(n -> sb.append("<th>").append(Fmt.html(n)).append("</th>"));
    sb.append("</tr>\n");
    for (int i = 0; i < g.runs().size(); i++) {
      History.Run r = g.runs().get(i);
      sb.append("<tr><td class=\"n\">").append(i).append("</td><td>").append(Fmt.html(r.build()))
          .append("</td><td>").append(Fmt.html(r.dir())).append("</td><td>").append(Fmt.html(r.started()))
          .append("</td><td>").append(Fmt.html(r.outcome())).append(r.included() ? "" : " (not in the series)")
          .append("</td>");
      for (String n : names) {
        Double v = r.values().get(n);
        sb.append("<td class=\"n\">").append(v == null ? "-" : Fmt.num(v)).append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</table>\n");
  }

  private static void changeTable(StringBuilder sb, History.Group g) {
    boolean any = g.series().stream().anyMatch(s -> !s.changes().isEmpty());
    if (!any) {
      sb.append("<p>no change points</p>\n");
      return;
    }
    sb.append("<table>\n<tr><th>series</th><th>from</th><th>direction</th><th>mean before</th>")
        .append("<th>mean after</th><th>change</th><th>p-value</th><th>gate</th></tr>\n");
    for (History.Series s : g.series()) {
      for (History.Change c : s.changes()) {
        boolean last = c == s.changes().get(s.changes().size() - 1);
        sb.append("<tr><td>").append(Fmt.html(s.name())).append("</td><td>").append(Fmt.html(History.label(c)))
            .append("</td><td class=\"").append(c.direction()).append("\">").append(c.direction())
            .append("</td><td class=\"n\">").append(Fmt.num(c.before())).append("</td><td class=\"n\">")
            .append(Fmt.num(c.after())).append("</td><td class=\"n\">").append(Fmt.pct(c.before(), c.after()))
            .append("</td><td class=\"n\">").append(Fmt.fixed(c.pValue(), 3)).append("</td><td>")
            .append(last && s.failed() ? "failed" : "").append("</td></tr>\n");
      }
    }
    sb.append("</table>\n");
  }

  /** The series over the group's runs (x: the run's index, labelled with its build or index). */
  static String chart(String id, History.Group g, History.Series s) {
    int n = Math.max(2, g.runs().size());
    double ymax = 0;
    for (double v : s.values()) {
      ymax = Math.max(ymax, v);
    }
    double[] yt = Svg.ticks(ymax);
    double top = yt[yt.length - 1];
    StringBuilder sb = Svg.open(id, s.name() + (s.higherIsBetter() ? " (ops/s)" : " (us)"));
    axes(sb, g, yt, top, n);
    for (History.Change c : s.changes()) {
      double x = (px(c.index() - 1, n) + px(c.index(), n)) / 2;
      sb.append("<line class=\"change ").append(c.direction()).append("\" x1=\"").append(Fmt.num(x, 1))
          .append("\" x2=\"").append(Fmt.num(x, 1)).append("\" y1=\"").append(T).append("\" y2=\"").append(H - B)
          .append("\" stroke=\"").append(c.direction().equals("worse") ? "#c62828" : "#1a7f37")
          .append("\" stroke-width=\"2\"><title>").append(Fmt.html(c.direction() + " at " + History.label(c)))
          .append("</title></line>\n");
    }
    for (History.Segment seg : s.segments()) {
      String y = Fmt.num(py(seg.mean(), top), 1);
      sb.append("<line class=\"segment-mean\" x1=\"").append(Fmt.num(px(seg.from(), n), 1)).append("\" x2=\"")
          .append(Fmt.num(px(seg.to(), n), 1)).append("\" y1=\"").append(y).append("\" y2=\"").append(y)
          .append("\" stroke=\"#ff7f0e\" stroke-width=\"1.5\" stroke-dasharray=\"5,3\"><title>mean ")
          .append(Fmt.num(seg.mean())).append("</title></line>\n");
    }
    points(sb, s, top, n);
    sb.append("</svg>\n");
    return sb.toString();
  }

  private static void axes(StringBuilder sb, History.Group g, double[] yt, double top, int n) {
    Svg.grid(sb, yt, top);
    int every = Math.max(1, (int) Math.ceil(g.runs().size() / 20.0));
    for (int i = 0; i < g.runs().size(); i += every) {
      History.Run r = g.runs().get(i);
      sb.append("<text x=\"").append(Fmt.num(px(i, n), 1)).append("\" y=\"").append(H - B + 16)
          .append("\" text-anchor=\"middle\">").append(Fmt.html(r.build() != null ? r.build() : "#" + i))
          .append("</text>");
    }
    sb.append("\n<text x=\"").append((L + W - R) / 2).append("\" y=\"").append(H - B + 34)
        .append("\" text-anchor=\"middle\">").append(g.orderedBy().equals("build") ? "build" : "run (by start time)")
        .append("</text>\n");
  }

  private static void points(StringBuilder sb, History.Series s, double top, int n) {
    StringBuilder pts = new StringBuilder();
    StringBuilder dots = new StringBuilder();
    for (int k = 0; k < s.values().length; k++) {
      String x = Fmt.num(px(s.runs().get(k), n), 1);
      String y = Fmt.num(py(s.values()[k], top), 1);
      pts.append(k == 0 ? "" : " ").append(x).append(',').append(y);
      dots.append("<circle r=\"2.5\" fill=\"#1f77b4\" cx=\"").append(x).append("\" cy=\"").append(y).append("\"/>");
    }
    sb.append("<polyline class=\"series\" fill=\"none\" stroke-width=\"1.8\" stroke=\"#1f77b4\" points=\"")
        .append(pts).append("\"><title>").append(Fmt.html(s.name())).append("</title></polyline>\n").append(dots)
        .append('\n');
  }

  private static double px(double i, int n) {
    return L + 10 + i / (n - 1) * (W - L - R - 20);
  }

  private static double py(double y, double top) {
    return Svg.py(y, top);
  }
}
