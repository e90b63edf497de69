package org.sciycsb.fasta.m10;

import java.nio.charset.StandardCharsets;

/**
 * The name and value of one {@code ; name: value} line of {@code -m 10} output, as positions in the line reader's
 * buffer: compared and parsed in place, a string made only when asked for.
 */
final class M10Field {
  /** {@link #intValue} of a value that is no int. */
  static final long NOT_AN_INT = Long.MIN_VALUE;

  private byte[] buf;
  private int keyFrom;
  private int keyTo;
  private int valFrom;
  private int valTo;

  /** Splits {@code buf[ls..le)} (a line starting with ';'); false when it is not {@code ; name: value}. */
  boolean split(byte[] buf, int ls, int le) {
    this.buf = buf;
    int i = ls + 1;
    while (i < le && buf[i] == ' ') {
      i++;
    }
    keyFrom = i;
    while (i < le && buf[i] != ':') {
      i++;
    }
    if (i >= le || i == keyFrom) {
      return false;
    }
    keyTo = i;
    i++;
    while (i < le && buf[i] == ' ') {
      i++;
    }
    valFrom = i;
    valTo = le;
    return true;
  }

  /** True when the name is {@code key}. */
  boolean keyIs(byte[] key) {
    int n = keyTo - keyFrom;
    if (n != key.length) {
      return false;
    }
    byte[] b = buf;
    int o = keyFrom;
    for (int i = 0; i < n; i++) {
      if (b[o + i] != key[i]) {
        return false;
      }
    }
    return true;
  }

  /** The value as a decimal int, {@link #NOT_AN_INT} when it is none (or does not fit). */
  long intValue() {
    byte[] b = buf;
    int i = valFrom;
    int end = valTo;
    boolean neg = false;
    if (i < end && b[i] == '-') {
      neg = true;
      i++;
    }
    if (i >= end || end - i > 10) {
      return NOT_AN_INT;
    }
    long v = 0;
    for (; i < end; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return NOT_AN_INT;
      }
      v = v * 10 + d;
    }
    if (v > Integer.MAX_VALUE) {
      return NOT_AN_INT;
    }
    return neg ? -v : v;
  }

  /** True when the value is a JSON number. */
  boolean isNumber() {
    return RawValue.isJsonNumber(buf, valFrom, valTo);
  }

  /** Sets {@code target} to the value's bytes. */
  void copyTo(RawValue target) {
    target.set(buf, valFrom, valTo);
  }

  int valueLength() {
    return valTo - valFrom;
  }

  byte firstValueByte() {
    return buf[valFrom];
  }

  String key() {
    return new String(buf, keyFrom, keyTo - keyFrom, StandardCharsets.UTF_8);
  }

  String value() {
    return new String(buf, valFrom, valTo - valFrom, StandardCharsets.UTF_8);
  }
}
