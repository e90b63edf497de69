package org.sciycsb.report;

import java.util.Locale;

/** Number and markup formatting shared by the reports: locale-independent, so outputs are byte-stable. */
public final class Fmt {
  private Fmt() {}

  /** Up to {@code decimals} decimals, trailing zeros removed. */
  public static String num(double d, int decimals) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return "n/a";
    }
    String s = String.format(Locale.ROOT, "%." + decimals + "f", d);
    if (s.indexOf('.') >= 0) {
      s = s.replaceAll("0+$", "");
      if (s.endsWith(".")) {
        s = s.substring(0, s.length() - 1);
      }
    }
    return s.equals("-0") ? "0" : s;
  }

  public static String num(double d) {
    return num(d, 3);
  }

  /** Fixed decimals (CSV columns). */
  public static String fixed(double d, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", d);
  }

  /** A signed percentage change, e.g. {@code +12.5%}; n/a when the base is 0. */
  public static String pct(double base, double value) {
    if (base == 0) {
      return "n/a";
    }
    double p = (value - base) / base * 100.0;
    return (p >= 0 ? "+" : "") + num(p, 1) + "%";
  }

  public static String html(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<': sb.append("&lt;"); break;
        case '>': sb.append("&gt;"); break;
        case '&': sb.append("&amp;"); break;
        case '"': sb.append("&quot;"); break;
        case '\'': sb.append("&#39;"); break;
        default: sb.append(c);
      }
    }
    return sb.toString();
  }

  static String xml(String s) {
    return html(s);
  }

  /** A microsecond latency in a readable unit: 850us, 12.3ms, 1.52s. */
  public static String us(double us) {
    if (us >= 1_000_000) {
      return num(us / 1_000_000, 2) + "s";
    }
    if (us >= 1000) {
      return num(us / 1000, 2) + "ms";
    }
    return num(us, 1) + "us";
  }

  public static String bytes(double b) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    int i = 0;
    while (Math.abs(b) >= 1024 && i < units.length - 1) {
      b /= 1024;
      i++;
    }
    return num(b, 1) + " " + units[i];
  }
}
