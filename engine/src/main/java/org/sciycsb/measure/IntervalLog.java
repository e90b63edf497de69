package org.sciycsb.measure;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The run's {@code .hlog} file: HdrHistogram's interval log, one line per (operation, outcome, time kind) and
 * interval, tagged {@code <OP>[-FAILED].response|service}, written with {@link FastLogWriter}. Without a file
 * (null path) every call does nothing.
 *
 * <p>Threads: only the collector side calls it, under the {@link Collector}'s lock (the header when the measured
 * part begins, a line per histogram as each interval is finalized, {@link #close} at the end).
 */
final class IntervalLog {
  /** Tags in the interval log: {@code <OP>.response}, {@code <OP>.service}, {@code <OP>-FAILED.response}, ... */
  static String tag(String op, boolean failed, boolean service) {
    return op + (failed ? "-FAILED" : "") + (service ? ".service" : ".response");
  }

  private final OutputStream stream;
  private final HistogramLogWriter writer;
  private long startEpochMs;

  /** Opens (truncates) {@code file}, or writes nothing when it is null. */
  IntervalLog(Path file) throws IOException {
    if (file != null) {
      this.stream = Files.newOutputStream(file);
      this.writer = new FastLogWriter(new PrintStream(stream, false, "UTF-8"));
    } else {
      this.stream = null;
      this.writer = null;
    }
  }

  /** The header, once the measured part begins at {@code startEpochMs}: the intervals' times count from it. */
  void begin(long startEpochMs) {
    this.startEpochMs = startEpochMs;
    if (writer != null) {
      writer.outputLogFormatVersion();
      writer.outputComment("sciycsb interval log: values in nanoseconds; tags are <OPERATION>.response|service");
      writer.outputStartTime(startEpochMs);
      writer.setBaseTime(startEpochMs);
      writer.outputLegend();
    }
  }

  /**
   * One interval's histogram, unless it is empty; {@code startMs} and {@code endMs} count from the measured start.
   * Sets the histogram's tag and time stamps.
   */
  void write(String op, boolean failed, boolean service, Histogram h, long startMs, long endMs) {
    if (writer == null || h.getTotalCount() == 0) {
      return;
    }
    h.setTag(tag(op, failed, service));
    h.setStartTimeStamp(startEpochMs + startMs);
    h.setEndTimeStamp(startEpochMs + endMs);
    writer.outputIntervalHistogram(h);
  }

  void close() throws IOException {
    if (stream != null) {
      stream.flush();
      stream.close();
    }
  }
}
