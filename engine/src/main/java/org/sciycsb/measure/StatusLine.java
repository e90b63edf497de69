package org.sciycsb.measure;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The text of a status line, in YCSB 0.17's format (site.ycsb.StatusThread, the getSummary() of its measurements and
 * Client's RemainingFormatter), then this project's extras after it:
 *
 * <pre>
 * &lt;label&gt;&lt;yyyy-MM-dd HH:mm:ss:SSS&gt; &lt;secs&gt; sec: &lt;ops&gt; operations; &lt;rate&gt; current ops/sec; est completion in &lt;time&gt; [READ: ...] [UPDATE: ...] ; 42.0% done
 * </pre>
 *
 * The label is glued to the date; "current ops/sec; " only once an operation is done, "est completion in" only
 * while operations remain; every operation's figures are followed by a space (an empty one, too, as upstream's
 * histogram and raw figures of an operation without calls in the interval). Numbers as upstream's
 * {@code DecimalFormat("#.##")}, with a dot whatever the locale. Latencies in microseconds.
 */
final class StatusLine {
  private StatusLine() {}

  /** An operation's figures in a line: its name (as upstream: READ, READ-FAILED, Intended-READ) and histogram. */
  record Figures(String name, Histogram interval) {}

  /** Upstream's {@code DecimalFormat("#.##")}: at most two decimals, half-even, no grouping. */
  static String decimal(double v) {
    return new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(v);
  }

  /**
   * What upstream prints up to the figures.
   *
   * @param etaSeconds the time left, or -1: no "est completion in"
   */
  static StringBuilder head(String label, String date, long elapsedSeconds, long ops, double rate, long etaSeconds) {
    StringBuilder sb = new StringBuilder(label).append(date).append(' ').append(elapsedSeconds).append(" sec: ");
    sb.append(ops).append(" operations; ");
    if (ops != 0) {
      sb.append(decimal(rate)).append(" current ops/sec; ");
    }
    if (etaSeconds >= 0) {
      sb.append("est completion in ").append(remaining(etaSeconds));
    }
    return sb;
  }

  /**
   * Upstream's RemainingFormatter: days and hours, minutes below a day, seconds only when nothing else is printed,
   * each followed by a space. Its quirk kept: "second" when the number of seconds has one digit, "seconds" when more
   * (it checks the text's length after the number).
   */
  static String remaining(long seconds) {
    StringBuilder time = new StringBuilder();
    long s = seconds;
    long days = s / 86_400;
    if (days > 0) {
      time.append(days).append(days == 1 ? " day " : " days ");
      s -= days * 86_400;
    }
    long hours = s / 3600;
    if (hours > 0) {
      time.append(hours).append(hours == 1 ? " hour " : " hours ");
      s -= hours * 3600;
    }
    if (days < 1) {
      long minutes = s / 60;
      if (minutes > 0) {
        time.append(minutes).append(minutes == 1 ? " minute " : " minutes ");
      }
    }
    if (time.length() == 0) {
      String n = Long.toString(s);
      time.append(n).append(n.length() == 1 ? " second " : " seconds ");
    }
    return time.toString();
  }

  /** Every operation's figures, each followed by a space, in the given order. */
  static void appendFigures(StringBuilder sb, StatusStyle.Kind kind, List<Figures> figures) {
    for (Figures f : figures) {
      sb.append(figures(kind, f.name(), f.interval())).append(' ');
    }
  }

  /** One operation's figures of the interval, in microseconds ({@code h} in nanoseconds). */
  static String figures(StatusStyle.Kind kind, String name, Histogram h) {
    long n = h.getTotalCount();
    double meanUs = n == 0 ? 0 : h.getMean() / 1000.0;
    return switch (kind) {
      case AVERAGE -> n == 0 ? "" : "[" + name + " AverageLatency(us)=" + decimal(meanUs) + "]";
      case RAW -> n == 0 ? "" : String.format(Locale.ROOT, "%s count: %d, average latency(us): %.2f", name, n, meanUs);
      case HDR -> hdr(name, h);
    };
  }

  /**
   * hdrhistogram's figures. Max and Min whole microseconds (rounded), as upstream records them; an operation without calls in
   * the interval is printed as upstream's HdrHistogram 2.1.4 prints an empty histogram (Min=Long.MAX_VALUE,
   * Avg=NaN), so a script that handles upstream's lines handles these.
   */
  private static String hdr(String name, Histogram h) {
    if (h.getTotalCount() == 0) {
      return "[" + name + ": Count=0, Max=0, Min=" + Long.MAX_VALUE + ", Avg=NaN, 90=0, 99=0, 99.9=0, 99.99=0]";
    }
    return "[" + name + ": Count=" + h.getTotalCount() + ", Max=" + Math.round(h.getMaxValue() / 1000.0) + ", Min="
        + Math.round(h.getMinValue() / 1000.0) + ", Avg=" + decimal(h.getMean() / 1000.0) + ", 90=" + us(h, 90)
        + ", 99=" + us(h, 99) + ", 99.9=" + us(h, 99.9) + ", 99.99=" + us(h, 99.99) + "]";
  }

  private static String us(Histogram h, double percentile) {
    return decimal(h.getValueAtPercentile(percentile) / 1000.0);
  }

  /** This project's extras after upstream's line: "; " and each, separated by "; " (nothing when there are none). */
  static void appendExtras(StringBuilder sb, List<String> extras) {
    if (extras.isEmpty()) {
      return;
    }
    boolean endsWithSeparator = sb.length() >= 2 && sb.substring(sb.length() - 2).equals("; ");
    sb.append(endsWithSeparator ? "" : "; ").append(String.join("; ", extras));
  }
}
