package org.sciycsb.report.html;

import java.util.ArrayList;
import java.util.List;
import org.sciycsb.report.Fmt;

/**
 * Small server-side SVG charts (line and grouped bar charts) for the HTML reports: no script, no network, and the
 * output is a pure function of the data, so reports are golden-testable and render the same in any browser.
 */
public final class Svg {
  public static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
      "#7f7f7f", "#bcbd22", "#17becf"};
  /** The chart's size and margins (left, right, top, bottom), shared with the history's charts. */
  public static final int W = 560;
  public static final int H = 300;
  public static final int L = 64;
  public static final int R = 30;
  public static final int T = 30;
  public static final int B = 58;

  /** One line: x and y of the same length; err (optional) draws +-err bars. */
  public record Series(String name, double[] x, double[] y, double[] err) {
    public Series(String name, double[] x, double[] y) {
      this(name, x, y, null);
    }
  }

  private Svg() {}

  /**
   * A line chart.
   *
   * @param percentileX x values are percentiles (0..100) drawn on HdrHistogram's 1/(1-p) log axis
   * @param logX        a log10 x axis (thread counts)
   */
  public static String lineChart(String id, String title, String xLabel, String yLabel, List<Series> series,
      boolean percentileX, boolean logX) {
    return lineChart(id, title, xLabel, yLabel, series, percentileX, logX, List.of());
  }

  /** A vertical mark on a line chart's (linear) x axis: an event such as a fault, with its label. */
  public record Marker(double x, String label) {}

  /** As above, with vertical marks at events (on linear x axes; marks outside the axis are left out). */
  public static String lineChart(String id, String title, String xLabel, String yLabel, List<Series> series,
      boolean percentileX, boolean logX, List<Marker> markers) {
    double xmin = Double.MAX_VALUE;
    double xmax = -Double.MAX_VALUE;
    double ymax = 0;
    for (Series s : series) {
      for (int i = 0; i < s.x().length; i++) {
        double x = tx(s.x()[i], percentileX, logX);
        xmin = Math.min(xmin, x);
        xmax = Math.max(xmax, x);
        ymax = Math.max(ymax, s.y()[i] + (s.err() == null ? 0 : s.err()[i]));
      }
    }
    StringBuilder sb = open(id, title);
    if (xmin == Double.MAX_VALUE) {
      sb.append("<text class=\"empty\" x=\"").append(W / 2).append("\" y=\"").append(H / 2)
          .append("\" text-anchor=\"middle\">no data</text></svg>\n");
      return sb.toString();
    }
    if (percentileX) {
      xmin = 0;
      xmax = Math.max(xmax, 2);
    } else if (!logX) {
      xmin = Math.min(0, xmin); // linear axes (time) start at 0
    }
    if (xmax == xmin) {
      xmax = xmin + 1;
    }
    double[] yt = ticks(ymax);
    double ytop = yt[yt.length - 1];
    axes(sb, yt, ytop, xLabel, yLabel);
    xTicks(sb, percentileX, logX, xmin, xmax);
    int c = 0;
    for (Series s : series) {
      drawSeries(sb, s, COLORS[c++ % COLORS.length], percentileX, logX, xmin, xmax, ytop);
    }
    markers(sb, percentileX || logX ? List.<Marker>of() : markers, xmin, xmax);
    legend(sb, series.stream().map(Series::name).toList());
    sb.append("</svg>\n");
    return sb.toString();
  }

  /** The x axis' ticks: percentiles, powers of ten (1, 2, 5) on a log axis, or round numbers. */
  private static void xTicks(StringBuilder sb, boolean percentileX, boolean logX, double xmin, double xmax) {
    List<double[]> xt = new ArrayList<>();
    if (percentileX) {
      String[] names = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%"};
      for (int k = 0; k < names.length && k <= Math.ceil(xmax); k++) {
        xt.add(new double[] {k});
      }
      for (int k = 0; k < xt.size(); k++) {
        double px = px(k, xmin, xmax);
        tick(sb, px, names[k]);
      }
    } else if (logX) {
      for (int e = (int) Math.floor(xmin); e <= Math.ceil(xmax); e++) {
        for (int m : new int[] {1, 2, 5}) {
          double v = Math.log10(m * Math.pow(10, e));
          if (v >= xmin - 1e-9 && v <= xmax + 1e-9) {
            tick(sb, px(v, xmin, xmax), Fmt.num(m * Math.pow(10, e), 0));
          }
        }
      }
    } else {
      double[] ticks = ticks(xmax);
      for (double v : ticks) {
        if (v >= xmin - 1e-9 && v <= xmax + 1e-9) {
          tick(sb, px(v, xmin, xmax), Fmt.num(v, decimals(ticks)));
        }
      }
    }
  }

  /** One series: its line, error bars and (at most 30 points) its points. */
  private static void drawSeries(StringBuilder sb, Series s, String color, boolean percentileX, boolean logX,
      double xmin, double xmax, double ytop) {
    StringBuilder pts = new StringBuilder();
    for (int i = 0; i < s.x().length; i++) {
      double x = px(tx(s.x()[i], percentileX, logX), xmin, xmax);
      double y = py(s.y()[i], ytop);
      pts.append(i == 0 ? "" : " ").append(Fmt.num(x, 1)).append(',').append(Fmt.num(y, 1));
      if (s.err() != null && s.err()[i] > 0) {
        sb.append("<line class=\"err\" x1=\"").append(Fmt.num(x, 1)).append("\" x2=\"").append(Fmt.num(x, 1))
            .append("\" y1=\"").append(Fmt.num(py(s.y()[i] - s.err()[i], ytop), 1)).append("\" y2=\"")
            .append(Fmt.num(py(s.y()[i] + s.err()[i], ytop), 1)).append("\" stroke=\"").append(color)
            .append("\"/>");
      }
    }
    sb.append("<polyline class=\"series\" fill=\"none\" stroke-width=\"1.8\" stroke=\"").append(color)
        .append("\" points=\"").append(pts).append("\"><title>").append(Fmt.html(s.name()))
        .append("</title></polyline>\n");
    if (s.x().length <= 30) {
      for (int i = 0; i < s.x().length; i++) {
        sb.append("<circle r=\"2.5\" fill=\"").append(color).append("\" cx=\"")
            .append(Fmt.num(px(tx(s.x()[i], percentileX, logX), xmin, xmax), 1)).append("\" cy=\"")
            .append(Fmt.num(py(s.y()[i], ytop), 1)).append("\"/>");
      }
      sb.append('\n');
    }
  }

  /** The vertical marks at events on the x axis, those outside it left out. */
  private static void markers(StringBuilder sb, List<Marker> markers, double xmin, double xmax) {
    for (Marker m : markers) {
      if (m.x() < xmin || m.x() > xmax) {
        continue;
      }
      String x = Fmt.num(px(m.x(), xmin, xmax), 1);
      sb.append("<line class=\"marker\" stroke=\"#c00\" stroke-dasharray=\"4 3\" x1=\"").append(x)
          .append("\" x2=\"").append(x).append("\" y1=\"").append(T).append("\" y2=\"").append(H - B)
          .append("\"><title>").append(Fmt.html(m.label())).append("</title></line><text class=\"marker\" x=\"")
          .append(x).append("\" y=\"").append(T - 4).append("\" font-size=\"10\" fill=\"#c00\" text-anchor=\"middle\">")
          .append(Fmt.html(m.label())).append("</text>\n");
    }
  }

  /** Grouped bars: one group per category, one bar per series (values[series][category]). */
  public static String barChart(String id, String title, String yLabel, List<String> categories, List<String> names,
      double[][] values) {
    return barChart(id, title, yLabel, categories, names, values, null, null);
  }

  /**
   * A grouped bar chart; {@code low}/{@code high} (optional, NaN where there is none) draw each bar's 95 % interval
   * as an error bar.
   */
  public static String barChart(String id, String title, String yLabel, List<String> categories, List<String> names,
      double[][] values, double[][] low, double[][] high) {
    StringBuilder sb = open(id, title);
    double ymax = 0;
    for (int si = 0; si < values.length; si++) {
      for (int ci = 0; ci < values[si].length; ci++) {
        ymax = Math.max(ymax, values[si][ci]);
        if (high != null && !Double.isNaN(high[si][ci])) {
          ymax = Math.max(ymax, high[si][ci]);
        }
      }
    }
    double[] yt = ticks(ymax);
    double ytop = yt[yt.length - 1];
    axes(sb, yt, ytop, "", yLabel);
    int n = Math.max(1, categories.size());
    double gw = (W - L - R) / (double) n;
    double bw = gw * 0.8 / Math.max(1, names.size());
    for (int ci = 0; ci < categories.size(); ci++) {
      double gx = L + ci * gw + gw * 0.1;
      tick(sb, L + ci * gw + gw / 2, categories.get(ci));
      for (int si = 0; si < names.size(); si++) {
        double v = values[si][ci];
        double y = py(v, ytop);
        sb.append("<rect class=\"bar\" x=\"").append(Fmt.num(gx + si * bw, 1)).append("\" y=\"")
            .append(Fmt.num(y, 1)).append("\" width=\"").append(Fmt.num(bw * 0.92, 1)).append("\" height=\"")
            .append(Fmt.num(H - B - y, 1)).append("\" fill=\"").append(COLORS[si % COLORS.length])
            .append("\"><title>").append(Fmt.html(names.get(si) + " " + categories.get(ci) + ": " + Fmt.num(v)))
            .append("</title></rect>");
        if (low != null && !Double.isNaN(low[si][ci])) {
          errorBar(sb, gx + si * bw + bw * 0.46, py(low[si][ci], ytop), py(high[si][ci], ytop), bw * 0.2);
        }
      }
      sb.append('\n');
    }
    legend(sb, names);
    sb.append("</svg>\n");
    return sb.toString();
  }

  /** A vertical error bar at x from y1 to y2 with caps of half-width cap. */
  private static void errorBar(StringBuilder sb, double x, double y1, double y2, double cap) {
    sb.append("<path class=\"ci\" d=\"M").append(Fmt.num(x, 1)).append(' ').append(Fmt.num(y1, 1)).append("V")
        .append(Fmt.num(y2, 1)).append("M").append(Fmt.num(x - cap, 1)).append(' ').append(Fmt.num(y1, 1))
        .append("H").append(Fmt.num(x + cap, 1)).append("M").append(Fmt.num(x - cap, 1)).append(' ')
        .append(Fmt.num(y2, 1)).append("H").append(Fmt.num(x + cap, 1))
        .append("\" stroke=\"#222\" stroke-width=\"1.2\" fill=\"none\"/>");
  }

  /** One row of a ratio chart: its label, the ratio, its 95 % interval (NaN: none) and its verdict. */
  public record Ratio(String label, double ratio, double low, double high, String verdict) {}

  /** The ratios' axis: from a quarter to four times, on a log scale (a wider interval is cut at the edge). */
  private static final double[] RATIO_TICKS = {0.25, 0.5, 0.8, 0.9, 1, 1.1, 1.25, 2, 4};

  /**
   * A ratio (forest) chart: one row per ratio, a dot at the ratio and a line over its 95 % interval on a log axis,
   * with the line of no difference at 1; green for better, red for worse, grey for the same (inside the band),
   * amber for undecided.
   */
  public static String ratioChart(String id, String title, List<Ratio> rows) {
    int left = 170;
    int rowH = 16;
    int h = T + 10 + rows.size() * rowH + 40;
    double lo = 1;
    double hi = 1;
    for (Ratio r : rows) {
      lo = Math.min(lo, Double.isNaN(r.low()) ? r.ratio() : r.low());
      hi = Math.max(hi, Double.isNaN(r.high()) ? r.ratio() : r.high());
    }
    double xmin = Math.log(Math.max(0.25, lo * 0.97));
    double xmax = Math.log(Math.min(4, hi * 1.03));
    StringBuilder sb = new StringBuilder();
    sb.append("<svg class=\"chart\" id=\"").append(Fmt.html(id)).append("\" xmlns=\"http://www.w3.org/2000/svg\" ")
        .append("width=\"").append(W).append("\" height=\"").append(h).append("\" viewBox=\"0 0 ").append(W)
        .append(' ').append(h).append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
    sb.append("<rect x=\"0\" y=\"0\" width=\"").append(W).append("\" height=\"").append(h)
        .append("\" fill=\"#fff\"/>\n<text x=\"").append(W / 2).append("\" y=\"18\" text-anchor=\"middle\" ")
        .append("font-size=\"13\" font-weight=\"bold\">").append(Fmt.html(title)).append("</text>\n");
    int bottom = T + 10 + rows.size() * rowH;
    for (double t : RATIO_TICKS) {
      double lt = Math.log(t);
      if (lt < xmin - 1e-9 || lt > xmax + 1e-9) {
        continue;
      }
      double x = left + (lt - xmin) / (xmax - xmin) * (W - left - R);
      sb.append("<line x1=\"").append(Fmt.num(x, 1)).append("\" x2=\"").append(Fmt.num(x, 1)).append("\" y1=\"")
          .append(T).append("\" y2=\"").append(bottom).append("\" stroke=\"").append(t == 1 ? "#333" : "#e5e5e5")
          .append("\"/><text x=\"").append(Fmt.num(x, 1)).append("\" y=\"").append(bottom + 14)
          .append("\" text-anchor=\"middle\">").append(Fmt.num(t)).append("x</text>\n");
    }
    sb.append("<text x=\"").append((left + W - R) / 2).append("\" y=\"").append(bottom + 32)
        .append("\" text-anchor=\"middle\">contender / baseline (log scale), 95 % interval</text>\n");
    for (int i = 0; i < rows.size(); i++) {
      ratioRow(sb, rows.get(i), T + 10 + i * rowH + rowH / 2.0, left, xmin, xmax);
    }
    sb.append("</svg>\n");
    return sb.toString();
  }

  private static void ratioRow(StringBuilder sb, Ratio r, double y, int left, double xmin, double xmax) {
    String color = switch (r.verdict()) {
      case "better" -> "#2ca02c";
      case "worse" -> "#d62728";
      case "undecided" -> "#d08a00";
      default -> "#7f7f7f";
    };
    java.util.function.DoubleUnaryOperator x = v -> left + (Math.max(xmin, Math.min(xmax, Math.log(v))) - xmin)
        / (xmax - xmin) * (W - left - R);
    sb.append("<text x=\"").append(left - 6).append("\" y=\"").append(Fmt.num(y + 4, 1))
        .append("\" text-anchor=\"end\">").append(Fmt.html(r.label())).append("</text>");
    if (!Double.isNaN(r.low())) {
      sb.append("<line class=\"ci\" x1=\"").append(Fmt.num(x.applyAsDouble(r.low()), 1)).append("\" x2=\"")
          .append(Fmt.num(x.applyAsDouble(r.high()), 1)).append("\" y1=\"").append(Fmt.num(y, 1))
          .append("\" y2=\"").append(Fmt.num(y, 1)).append("\" stroke=\"").append(color)
          .append("\" stroke-width=\"2\"/>");
    }
    sb.append("<circle cx=\"").append(Fmt.num(x.applyAsDouble(r.ratio()), 1)).append("\" cy=\"")
        .append(Fmt.num(y, 1)).append("\" r=\"3.5\" fill=\"").append(color).append("\"><title>")
        .append(Fmt.html(r.label() + ": " + Fmt.fixed(r.ratio(), 3) + "x" + (Double.isNaN(r.low()) ? ""
            : " [" + Fmt.fixed(r.low(), 3) + ", " + Fmt.fixed(r.high(), 3) + "]") + " " + r.verdict()))
        .append("</title></circle>\n");
  }

  /** An SVG chart's opening: the element, a white background and the title. */
  public static StringBuilder open(String id, String title) {
    StringBuilder sb = new StringBuilder();
    sb.append("<svg class=\"chart\" id=\"").append(Fmt.html(id)).append("\" xmlns=\"http://www.w3.org/2000/svg\" ")
        .append("width=\"").append(W).append("\" height=\"").append(H).append("\" viewBox=\"0 0 ").append(W)
        .append(' ').append(H).append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
    sb.append("<rect x=\"0\" y=\"0\" width=\"").append(W).append("\" height=\"").append(H)
        .append("\" fill=\"#fff\"/>\n");
    sb.append("<text x=\"").append(W / 2).append("\" y=\"18\" text-anchor=\"middle\" font-size=\"13\" ")
        .append("font-weight=\"bold\">").append(Fmt.html(title)).append("</text>\n");
    return sb;
  }

  private static void axes(StringBuilder sb, double[] yt, double ytop, String xLabel, String yLabel) {
    grid(sb, yt, ytop);
    sb.append("<text x=\"").append((L + W - R) / 2).append("\" y=\"").append(H - B + 30)
        .append("\" text-anchor=\"middle\">").append(Fmt.html(xLabel)).append("</text>\n");
    sb.append("<text transform=\"translate(14,").append((T + H - B) / 2).append(") rotate(-90)\" ")
        .append("text-anchor=\"middle\">").append(Fmt.html(yLabel)).append("</text>\n");
  }

  /** The y ticks' grid lines and labels, and the two axis lines. */
  public static void grid(StringBuilder sb, double[] yt, double ytop) {
    for (double v : yt) {
      double y = py(v, ytop);
      sb.append("<line x1=\"").append(L).append("\" x2=\"").append(W - R).append("\" y1=\"").append(Fmt.num(y, 1))
          .append("\" y2=\"").append(Fmt.num(y, 1)).append("\" stroke=\"#e5e5e5\"/>");
      sb.append("<text x=\"").append(L - 4).append("\" y=\"").append(Fmt.num(y + 4, 1))
          .append("\" text-anchor=\"end\">").append(Fmt.num(v, decimals(yt))).append("</text>\n");
    }
    sb.append("<line x1=\"").append(L).append("\" x2=\"").append(L).append("\" y1=\"").append(T).append("\" y2=\"")
        .append(H - B).append("\" stroke=\"#333\"/>");
    sb.append("<line x1=\"").append(L).append("\" x2=\"").append(W - R).append("\" y1=\"").append(H - B)
        .append("\" y2=\"").append(H - B).append("\" stroke=\"#333\"/>\n");
  }

  private static void tick(StringBuilder sb, double x, String label) {
    sb.append("<line x1=\"").append(Fmt.num(x, 1)).append("\" x2=\"").append(Fmt.num(x, 1)).append("\" y1=\"")
        .append(H - B).append("\" y2=\"").append(H - B + 4).append("\" stroke=\"#333\"/>");
    sb.append("<text x=\"").append(Fmt.num(x, 1)).append("\" y=\"").append(H - B + 16)
        .append("\" text-anchor=\"middle\">").append(Fmt.html(label)).append("</text>\n");
  }

  private static void legend(StringBuilder sb, List<String> names) {
    double x = L;
    int y = H - 10;
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      sb.append("<rect x=\"").append(Fmt.num(x, 1)).append("\" y=\"").append(y - 8)
          .append("\" width=\"10\" height=\"10\" fill=\"").append(COLORS[i % COLORS.length]).append("\"/>");
      sb.append("<text x=\"").append(Fmt.num(x + 13, 1)).append("\" y=\"").append(y + 1).append("\">")
          .append(Fmt.html(name)).append("</text>");
      x += 22 + name.length() * 6.5;
    }
    sb.append('\n');
  }

  private static double tx(double x, boolean percentileX, boolean logX) {
    if (percentileX) {
      double p = Math.min(x, 99.9999);
      return Math.log10(100.0 / (100.0 - p));
    }
    if (logX) {
      return Math.log10(Math.max(x, 1e-9));
    }
    return x;
  }

  private static double px(double x, double xmin, double xmax) {
    return L + (x - xmin) / (xmax - xmin) * (W - L - R);
  }

  public static double py(double y, double ytop) {
    return H - B - (Math.max(0, y) / ytop) * (H - B - T);
  }

  /** Enough decimals to tell the ticks apart. */
  static int decimals(double[] ticks) {
    double step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
    return Math.max(0, Math.min(9, (int) Math.ceil(-Math.log10(step) + 1e-9)));
  }

  /** Nice ticks from 0 to at least max: 5 or so steps of 1, 2 or 5 times a power of ten. */
  public static double[] ticks(double max) {
    if (!(max > 0)) {
      return new double[] {0, 1};
    }
    double raw = max / 5;
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = raw / mag <= 1 ? mag : raw / mag <= 2 ? 2 * mag : raw / mag <= 5 ? 5 * mag : 10 * mag;
    int n = (int) Math.ceil(max / step - 1e-9);
    double[] t = new double[n + 1];
    for (int i = 0; i <= n; i++) {
      t[i] = i * step;
    }
    return t;
  }
}
