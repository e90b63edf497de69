package org.sciycsb.api.draw;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Lengths from a histogram file, as YCSB's HistogramGenerator reads it: a first line {@code BlockSize<TAB>b}, then
 * one line {@code i<TAB>count} per bucket, buckets in order from 0. A draw picks a bucket with probability
 * proportional to its count and returns {@code (bucket + 1) * b}, the last bucket {@code bucket * b}, as YCSB.
 */
public final class Histogram {
  private final long blockSize;
  private final long[] buckets;
  private final long area;

  private Histogram(long blockSize, long[] buckets) {
    this.blockSize = blockSize;
    this.buckets = buckets;
    long a = 0;
    for (long b : buckets) {
      a += b;
    }
    this.area = a;
  }

  /** Reads and checks the file once; {@link #draw} then gives each thread its own draws. */
  public static Histogram read(Path file) throws IOException {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = r.readLine();
      if (first == null) {
        throw new IOException("the file is empty");
      }
      String[] f = first.split("\t");
      if (f.length < 2 || !f[0].equals("BlockSize")) {
        throw new IOException("its first line is not BlockSize<TAB><bytes>");
      }
      long block = parse(f[1], 1);
      List<Long> counts = new ArrayList<>();
      String line;
      while ((line = r.readLine()) != null) {
        String[] kv = line.split("\t");
        if (kv.length < 2 || parse(kv[0], counts.size() + 2) != counts.size()) {
          throw new IOException("line " + (counts.size() + 2) + " is not " + counts.size() + "<TAB><count>");
        }
        counts.add(parse(kv[1], counts.size() + 2));
      }
      Histogram h = new Histogram(block, counts.stream().mapToLong(Long::longValue).toArray());
      if (h.area <= 0 || h.area > Integer.MAX_VALUE) {
        throw new IOException("its counts add up to " + h.area + " (must be 1 to " + Integer.MAX_VALUE + ")");
      }
      return h;
    }
  }

  private static long parse(String s, int line) throws IOException {
    try {
      long v = Long.parseLong(s.trim());
      if (v < 0) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IOException("line " + line + ": '" + s.trim() + "' is not a whole number of at least 0");
    }
  }

  /** A thread's draws from this histogram. */
  public LongDraw draw(RandomGenerator random) {
    return () -> {
      long r = random.nextLong(area);
      for (int i = 0; i < buckets.length - 1; i++) {
        r -= buckets[i];
        if (r <= 0) {
          return (i + 1) * blockSize;
        }
      }
      return (long) (buckets.length - 1) * blockSize;
    };
  }
}
