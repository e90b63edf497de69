package org.sciycsb.report;

import java.io.Closeable;
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
 * absolute start and end timestamps (epoch milliseconds), as HdrHistogram's {@link HistogramLogReader} returns them
 * for a log with a StartTime. This class holds a log's summary (start, end, totals by tag), read in one streaming
 * pass: the interval histograms themselves are never all kept in memory (an hour at one interval a second is tens of
 * thousands of histograms); {@link Cursor} streams them.
 */
public final class Hlog {
  /** One interval histogram of one tag. */
  public record Interval(String tag, long startMs, long endMs, Histogram histogram) {}

  private final Path file;
  private final long startMs;
  private final long endMs;
  private final int digits;
  private final Map<String, Histogram> totals;

  public Hlog(Path file, long startMs, long endMs, int digits, Map<String, Histogram> totals) {
    this.file = file;
    this.startMs = startMs;
    this.endMs = endMs;
    this.digits = digits;
    this.totals = Collections.unmodifiableMap(new TreeMap<>(totals));
  }

  /** Streams the interval histograms of a log, in file order (time order for logs sciycsb writes). */
  public static final class Cursor implements Closeable {
    private final Path file;
    private final HistogramLogReader reader;

    public Cursor(Path file) throws ConfigException {
      this.file = file;
      try {
        this.reader = new HistogramLogReader(file.toFile());
      } catch (FileNotFoundException e) {
        throw new ConfigException("interval log not found: " + file);
      }
    }

    /** The next interval, or null at the end. */
    public Interval next() throws ConfigException {
      try {
        EncodableHistogram e;
        while ((e = reader.nextIntervalHistogram()) != null) {
          if (e instanceof Histogram h) {
            String tag = h.getTag() == null ? "OVERALL.response" : h.getTag();
            return new Interval(tag, h.getStartTimeStamp(), h.getEndTimeStamp(), h);
          }
          // DoubleHistogram: not written by sciycsb, skipped
        }
        return null;
      } catch (RuntimeException ex) {
        throw new ConfigException("cannot read the interval log " + file + ": " + ex);
      }
    }

    /** The log's StartTime in epoch ms (known once the header was read, i.e. after the first next()), or 0. */
    public long startMs() {
      return Math.round(reader.getStartTimeSec() * 1000);
    }

    @Override
    public void close() {
      reader.close();
    }
  }

  /** Reads a log's summary in one pass: start, end, digits and every tag's total. */
  public static Hlog read(Path file) throws ConfigException {
    Map<String, Histogram> totals = new TreeMap<>();
    long start;
    long first = -1;
    long end = 0;
    int digits = 0;
    try (Cursor c = new Cursor(file)) {
      Interval i;
      while ((i = c.next()) != null) {
        if (first < 0) {
          first = i.startMs();
        }
        end = Math.max(end, i.endMs());
        int d = i.histogram().getNumberOfSignificantValueDigits();
        digits = Math.max(digits, d);
        // auto-resizing sums (decoded histograms are sized to their own values)
        totals.computeIfAbsent(i.tag(), t -> new Histogram(d)).add(i.histogram());
      }
      start = c.startMs();
    }
    if (start == 0) {
      start = Math.max(0, first);
    }
    return new Hlog(file, start, Math.max(start, end), digits == 0 ? 3 : digits, totals);
  }

  public Path file() {
    return file;
  }

  /** The measured start (the log's StartTime), epoch milliseconds. */
  public long startMs() {
    return startMs;
  }

  /** The end of the last interval, epoch milliseconds (the start when there is none). */
  public long endMs() {
    return endMs;
  }

  /** The largest number of significant digits among the histograms (3 when empty). */
  public int digits() {
    return digits;
  }

  /** Every tag's intervals added together: exact totals. */
  public Map<String, Histogram> totals() {
    return totals;
  }

  /** An HdrHistogram log writer whose intervals keep their tags and absolute timestamps. */
  public static final class Writer implements Closeable {
    private final OutputStream os;
    private final PrintStream ps;
    private final HistogramLogWriter w;

    public Writer(Path file, long startMs, String comment) throws IOException {
      this.os = Files.newOutputStream(file);
      this.ps = new PrintStream(os, false, "UTF-8");
      this.w = new HistogramLogWriter(ps);
      w.outputLogFormatVersion();
      if (comment != null) {
        w.outputComment(comment);
      }
      w.outputStartTime(startMs);
      w.setBaseTime(startMs);
      w.outputLegend();
    }

    public void write(Interval i) {
      Histogram h = i.histogram();
      h.setTag(i.tag());
      h.setStartTimeStamp(i.startMs());
      h.setEndTimeStamp(i.endMs());
      w.outputIntervalHistogram(h);
    }

    @Override
    public void close() throws IOException {
      ps.flush();
      ps.close();
      os.close();
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

  /** Operations with successful calls, OVERALL first. */
  public List<String> operations() {
    Map<String, Boolean> ops = new LinkedHashMap<>();
    ops.put("OVERALL", Boolean.FALSE);
    for (String tag : totals.keySet()) {
      TagParts p = TagParts.of(tag);
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
