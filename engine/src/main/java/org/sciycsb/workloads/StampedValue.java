package org.sciycsb.workloads;

import java.nio.charset.StandardCharsets;
import org.sciycsb.api.draw.RandomValue;
import site.ycsb.ByteIterator;

/**
 * A field value that names the write it came from ({@code staleness=true}): {@link #LENGTH} bytes of stamp, a
 * {@code '~'} and the write's version in 16 hex digits, then the random bytes of a {@link RandomValue}; as printable
 * as YCSB's values, so every store keeps it as it was given.
 */
final class StampedValue extends ByteIterator {
  /** The stamp's length: the shortest field a write under staleness=true can carry. */
  static final int LENGTH = 17;
  private static final byte MARK = '~';
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  private final long version;
  private final long seed;
  private final long length;
  private final RandomValue rest;
  private int pos;

  StampedValue(long version, long seed, long length) {
    this.version = version;
    this.seed = seed;
    this.length = length;
    this.rest = new RandomValue(seed, length - LENGTH);
  }

  /** The same value again, from its start (a retried insert). */
  StampedValue copy() {
    return new StampedValue(version, seed, length);
  }

  @Override
  public boolean hasNext() {
    return pos < LENGTH || rest.hasNext();
  }

  @Override
  public byte nextByte() {
    if (pos >= LENGTH) {
      return rest.nextByte();
    }
    int p = pos++;
    return p == 0 ? MARK : HEX[(int) (version >>> (4 * (LENGTH - 1 - p))) & 15];
  }

  @Override
  public int nextBuf(byte[] buf, int bufOff) {
    int i = bufOff;
    while (pos < LENGTH && i < buf.length) {
      buf[i++] = nextByte();
    }
    return i < buf.length ? rest.nextBuf(buf, i) : i;
  }

  @Override
  public long bytesLeft() {
    return LENGTH - pos + rest.bytesLeft();
  }

  @Override
  public void reset() {
    pos = 0;
    rest.reset();
  }

  /**
   * The version a value read back carries, or 0 when it has none (a value loaded without staleness, or written by
   * something else); reads the value's first bytes.
   */
  static long versionOf(ByteIterator value) {
    if (value == null || value.bytesLeft() < LENGTH || value.nextByte() != MARK) {
      return 0;
    }
    long v = 0;
    for (int i = 1; i < LENGTH; i++) {
      int d = Character.digit(value.nextByte(), 16);
      if (d < 0) {
        return 0;
      }
      v = v << 4 | d;
    }
    return v;
  }
}
