package org.sciycsb.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * One client thread's data points, kept only when {@code measurementtype} asks for every point (raw): per
 * operation its slot (operation and outcome), end, service and response time in nanoseconds, in chunks that are
 * never copied. Written by its thread only; read once the thread has ended.
 */
final class RawRecorder {
  static final int FIELDS = 4;
  private static final int CHUNK = 4096 * FIELDS;
  private final List<long[]> full = new ArrayList<>();
  private long[] chunk = new long[CHUNK];
  private int used;

  void add(int opIndex, boolean failed, long end, long service, long response) {
    if (used == CHUNK) {
      full.add(chunk);
      chunk = new long[CHUNK];
      used = 0;
    }
    chunk[used] = opIndex * 2L + (failed ? 1 : 0);
    chunk[used + 1] = end;
    chunk[used + 2] = service;
    chunk[used + 3] = response;
    used += FIELDS;
  }

  /** Every point so far, {@link #FIELDS} longs each, in the order recorded. */
  void forEach(java.util.function.Consumer<long[]> point) {
    long[] p = new long[FIELDS];
    for (long[] c : full) {
      emit(c, CHUNK, p, point);
    }
    emit(chunk, used, p, point);
  }

  private static void emit(long[] c, int n, long[] p, java.util.function.Consumer<long[]> point) {
    for (int i = 0; i < n; i += FIELDS) {
      System.arraycopy(c, i, p, 0, FIELDS);
      point.accept(p);
    }
  }
}
