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
  private static final long STEP = 0x9e3779b97f4a7c15L;

  private final long seed;
  private final long length;
  private long off;
  /** {@code seed + g * step} after g groups of six bytes; the position in the current one (6: start a new one). */
  private long groups;
  private int pos = 6;
  private int bits;

  public RandomValue(long seed, long length) {
    this.seed = seed;
    this.length = length;
    this.groups = seed;
  }

  /** The same value again, from its start. */
  public RandomValue copy() {
    return new RandomValue(seed, length);
  }

  /** The next byte; group g's 32 bits (from 0) are the high half of the mixer's output for {@code seed + (g + 1) * step}. */
  private byte step() {
    if (pos == 6) {
      groups += STEP;
      bits = (int) (SeededRandom.mix(groups) >>> 32);
      pos = 0;
    }
    int p = pos++;
    off++;
    return (byte) (((bits >> SHIFT[p]) & MASK[p]) + ' ');
  }

  @Override
  public boolean hasNext() {
    return off < length;
  }

  @Override
  public byte nextByte() {
    return step();
  }

  @Override
  public int nextBuf(byte[] buf, int bufOff) {
    int n = (int) Math.min(length - off, buf.length - bufOff);
    int i = 0;
    while (i < n && pos != 6) { // the rest of a group begun by nextByte
      buf[bufOff + i++] = step();
    }
    for (; n - i >= 6; i += 6) { // whole groups at once
      groups += STEP;
      int x = (int) (SeededRandom.mix(groups) >>> 32);
      int k = bufOff + i;
      buf[k] = (byte) ((x & 31) + ' ');
      buf[k + 1] = (byte) (((x >> 5) & 63) + ' ');
      buf[k + 2] = (byte) (((x >> 10) & 95) + ' ');
      buf[k + 3] = (byte) (((x >> 15) & 31) + ' ');
      buf[k + 4] = (byte) (((x >> 20) & 63) + ' ');
      buf[k + 5] = (byte) (((x >> 25) & 95) + ' ');
      off += 6;
    }
    while (i < n) {
      buf[bufOff + i++] = step();
    }
    return bufOff + n;
  }

  @Override
  public byte[] toArray() {
    long left = length - off;
    if (left > Integer.MAX_VALUE - 8) {
      throw new ArrayIndexOutOfBoundsException("a value of " + left + " bytes does not fit in one array");
    }
    byte[] out = new byte[(int) left];
    nextBuf(out, 0);
    return out;
  }

  @Override
  public long bytesLeft() {
    return length - off;
  }

  @Override
  public void reset() {
    off = 0;
    groups = seed;
    pos = 6;
  }
}
