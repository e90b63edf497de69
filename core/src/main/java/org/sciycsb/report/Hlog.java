package org.sciycsb.report;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.sciycsb.api.ConfigException;

/**
 * A run's HdrHistogram interval log ({@code latency.hlog}): tagged interval histograms in nanoseconds, with
 * absolute start and end timestamps (epoch milliseconds), as HdrHistogram's {@link HistogramLogReader} returns them.
 */
public final class Hlog {
  /** One interval histogram of one tag. */
  public record Interval(String tag, long startMs, long endMs, Histogram histogram) {}

  private final Path file;
  private final double startTimeSec;
  private final List<Interval> intervals;

  public Hlog(Path file, double startTimeSec, List<Interval> intervals) {
    this.file = file;
    this.startTimeSec = startTimeSec;
    this.intervals = List.copyOf(intervals);
  }

  public static Hlog read(Path file) throws ConfigException {
    List<Interval> out = new ArrayList<>();
    double start;
    try (HistogramLogReader r = new HistogramLogReader(file.toFile())) {
      EncodableHistogram e;
      while ((e = r.nextIntervalHistogram()) != null) {
        if (!(e instanceof Histogram h)) {
          continue; // DoubleHistogram: not written by sciycsb
        }
        String tag = h.getTag() == null ? "OVERALL.response" : h.getTag();
        out.add(new Interval(tag, h.getStartTimeStamp(), h.getEndTimeStamp(), h));
      }
      start = r.getStartTimeSec();
    } catch (FileNotFoundException e) {
      throw new ConfigException("interval log not found: " + file);
    } catch (RuntimeException e) {
      throw new ConfigException("cannot read the interval log " + file + ": " + e);
    }
    if (start == 0 && !out.isEmpty()) {
      start = out.get(0).startMs() / 1000.0;
    }
    return new Hlog(file, start, out);
  }

  public Path file() {
    return file;
  }

  /** The measured start (the log's StartTime), epoch milliseconds. */
  public long startMs() {
    return Math.round(startTimeSec * 1000);
  }

  /** The end of the last interval, epoch milliseconds (the start when there is none). */
  public long endMs() {
    long end = startMs();
    for (Interval i : intervals) {
      end = Math.max(end, i.endMs());
    }
    return end;
  }

  public List<Interval> intervals() {
    return intervals;
  }

  /** The largest number of significant digits among the histograms (3 when empty). */
  public int digits() {
    int d = 0;
    for (Interval i : intervals) {
      d = Math.max(d, i.histogram().getNumberOfSignificantValueDigits());
    }
    return d == 0 ? 3 : d;
  }

  /** Every tag's intervals added together: exact totals. */
  public Map<String, Histogram> totals() {
    Map<String, Histogram> m = new TreeMap<>();
    int digits = digits();
    for (Interval i : intervals) {
      m.computeIfAbsent(i.tag(), t -> new Histogram(digits)).add(i.histogram());
    }
    return Collections.unmodifiableMap(m);
  }

  /** Writes intervals (tags and absolute timestamps kept) as an HdrHistogram log whose StartTime is startMs. */
  public static void write(Path file, long startMs, String comment, List<Interval> intervals) throws IOException {
    try (OutputStream os = Files.newOutputStream(file);
        PrintStream ps = new PrintStream(os, false, "UTF-8")) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputLogFormatVersion();
      if (comment != null) {
        w.outputComment(comment);
      }
      w.outputStartTime(startMs);
      w.setBaseTime(startMs);
      w.outputLegend();
      for (Interval i : intervals) {
        Histogram h = i.histogram().copy();
        h.setTag(i.tag());
        h.setStartTimeStamp(i.startMs());
        h.setEndTimeStamp(i.endMs());
        w.outputIntervalHistogram(h);
      }
      ps.flush();
    }
  }

  /** Tags split into operation name and kind: {@code READ-FAILED.response} is op READ, failed, response. */
  public record TagParts(String op, boolean failed, boolean service) {
    public static TagParts of(String tag) {
      boolean service = tag.endsWith(".service");
      String base = tag.endsWith(".service") ? tag.substring(0, tag.length() - 8)
          : tag.endsWith(".response") ? tag.substring(0, tag.length() - 9) : tag;
      boolean failed = base.endsWith("-FAILED");
      if (failed) {
        base = base.substring(0, base.length() - 7);
      }
      return new TagParts(base, failed, service);
    }
  }

  /** Operations in the order first seen, OVERALL first. */
  public List<String> operations() {
    Map<String, Boolean> ops = new LinkedHashMap<>();
    ops.put("OVERALL", Boolean.FALSE);
    for (Interval i : intervals) {
      TagParts p = TagParts.of(i.tag());
      if (!p.failed()) {
        ops.put(p.op(), Boolean.TRUE);
      }
    }
    List<String> out = new ArrayList<>();
    ops.forEach((k, v) -> {
      if (v) {
        out.add(k);
      }
    });
    return out;
  }
}
