package org.sciycsb.api.draw;

import site.ycsb.ByteIterator;

/**
 * A field value of printable bytes, as YCSB's RandomByteIterator makes them (the same alphabet: each group of six
 * bytes comes from 32 random bits, the bytes of a group from 32, 64, 96, 32, 64 and 96 characters from the space
 * on), but a function of one seed: its bytes are made when read, the same however and whenever a binding reads them
 * (on any thread, after a retry: {@link #copy}), so that one draw from the thread's generator decides the value.
 */
public final class RandomValue extends ByteIterator {
  private static final int[] SHIFT = {0, 5, 10, 15, 20, 25};
  private static final int[] MASK = {31, 63, 95, 31, 63, 95};

  private final long seed;
  private final long length;
  private long off;
  private long group = -1;
  private int bits;

  public RandomValue(long seed, long length) {
    this.seed = seed;
    this.length = length;
  }

  /** The same value again, from its start. */
  public RandomValue copy() {
    return new RandomValue(seed, length);
  }

  /** The byte at position {@code i} of a value of this seed. */
  private byte at(long i) {
    long g = i / 6;
    if (g != group) {
      group = g;
      bits = (int) (SeededRandom.mix(seed + (g + 1) * 0x9e3779b97f4a7c15L) >>> 32);
    }
    int p = (int) (i - g * 6);
    return (byte) (((bits >> SHIFT[p]) & MASK[p]) + ' ');
  }

  @Override
  public boolean hasNext() {
    return off < length;
  }

  @Override
  public byte nextByte() {
    return at(off++);
  }

  @Override
  public int nextBuf(byte[] buf, int bufOff) {
    int n = (int) Math.min(length - off, buf.length - bufOff);
    for (int i = 0; i < n; i++) {
      buf[bufOff + i] = at(off++);
    }
    return bufOff + n;
  }

  @Override
  public long bytesLeft() {
    return length - off;
  }

  @Override
  public void reset() {
    off = 0;
  }
}
