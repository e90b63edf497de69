package org.sciycsb.api.draw;

/** A source of numbers (record numbers, lengths) drawn from one thread's generator. Called from that thread only. */
@FunctionalInterface
public interface LongDraw {
  long next();

  /** Always {@code value}: a constant field length. */
  static LongDraw constant(long value) {
    return () -> value;
  }
}
