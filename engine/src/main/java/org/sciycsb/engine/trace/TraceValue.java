package org.sciycsb.engine.trace;

import site.ycsb.ByteIterator;

/**
 * A replayed value: {@code length} printable bytes that depend only on the key and the field name, so that two
 * replays of one trace write the same bytes.
 */
final class TraceValue extends ByteIterator {
  private final long seed;
  private final long length;
  private long state;
  private long off;

  TraceValue(String key, String field, long length) {
    this.seed = (key.hashCode() * 0x9E3779B97F4A7C15L) ^ field.hashCode() ^ length;
    this.length = length;
    reset();
  }

  @Override
  public boolean hasNext() {
    return off < length;
  }

  @Override
  public byte nextByte() {
    state ^= state << 13;
    state ^= state >>> 7;
    state ^= state << 17;
    off++;
    return (byte) (' ' + 1 + (int) ((state >>> 33) % 94)); // '!' to '~'
  }

  @Override
  public long bytesLeft() {
    return length - off;
  }

  @Override
  public void reset() {
    state = seed == 0 ? 0x2545F4914F6CDD1DL : seed;
    off = 0;
  }
}
