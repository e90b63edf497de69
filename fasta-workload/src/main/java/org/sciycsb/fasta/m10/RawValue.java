package org.sciycsb.fasta.m10;

import java.nio.charset.StandardCharsets;

/**
 * A decimal value exactly as ssearch36 printed it (for example {@code 1.5e-209}, {@code 0.053}, {@code 1.000}),
 * kept as text so documents carry the printed value unchanged and no time is spent converting numbers that are only
 * copied. Mutable and reused by the parser.
 */
public final class RawValue {
  private byte[] bytes = new byte[16];
  private int length;

  void set(byte[] src, int from, int to) {
    int n = to - from;
    if (n > bytes.length) {
      bytes = new byte[Math.max(n, bytes.length * 2)];
    }
    System.arraycopy(src, from, bytes, 0, n);
    length = n;
  }

  void clear() {
    length = 0;
  }

  /** The printed text. */
  public String text() {
    return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
  }

  /** The value as a double (parsed on each call). */
  public double toDouble() {
    return Double.parseDouble(text());
  }

  /** The value's length in bytes. */
  public int length() {
    return length;
  }

  /** The value's bytes up to {@link #length()}: a buffer reused for the next value. */
  public byte[] bytes() {
    return bytes;
  }

  @Override
  public String toString() {
    return text();
  }

  /** True if {@code b[from, to)} is a JSON number: {@code -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?}. */
  static boolean isJsonNumber(byte[] b, int from, int to) {
    int i = from;
    if (i < to && b[i] == '-') {
      i++;
    }
    if (i >= to) {
      return false;
    }
    if (b[i] == '0') {
      i++;
    } else if (b[i] >= '1' && b[i] <= '9') {
      while (i < to && b[i] >= '0' && b[i] <= '9') {
        i++;
      }
    } else {
      return false;
    }
    if (i < to && b[i] == '.') {
      i++;
      int s = i;
      while (i < to && b[i] >= '0' && b[i] <= '9') {
        i++;
      }
      if (i == s) {
        return false;
      }
    }
    if (i < to && (b[i] == 'e' || b[i] == 'E')) {
      i++;
      if (i < to && (b[i] == '+' || b[i] == '-')) {
        i++;
      }
      int s = i;
      while (i < to && b[i] >= '0' && b[i] <= '9') {
        i++;
      }
      if (i == s) {
        return false;
      }
    }
    return i == to;
  }
}
