package org.sciycsb.fasta.doc;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.sciycsb.fasta.m10.RawValue;

/**
 * A small, fast JSON writer into a reusable byte buffer (UTF-8). Only what the documents need: objects of string and
 * number members. Keys are written by the caller as pre-encoded byte constants ({@link #key}).
 */
final class JsonOut {
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private byte[] buf = new byte[4096];
  private int len;

  void reset() {
    len = 0;
  }

  int length() {
    return len;
  }

  byte[] toByteArray() {
    return Arrays.copyOf(buf, len);
  }

  /** Bytes of {@code ,"name":} (or {@code {"name":} when first), for {@link #raw}. */
  static byte[] key(String name, boolean first) {
    return ((first ? "{" : ",") + quote(name) + ":").getBytes(StandardCharsets.UTF_8);
  }

  static String quote(String s) {
    JsonOut o = new JsonOut();
    o.string(s);
    return new String(o.toByteArray(), StandardCharsets.UTF_8);
  }

  private void ensure(int extra) {
    if (len + extra > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(len + extra, buf.length * 2));
    }
  }

  JsonOut raw(byte[] b) {
    ensure(b.length);
    System.arraycopy(b, 0, buf, len, b.length);
    len += b.length;
    return this;
  }

  JsonOut raw(byte[] b, int off, int n) {
    ensure(n);
    System.arraycopy(b, off, buf, len, n);
    len += n;
    return this;
  }

  JsonOut raw(RawValue v) {
    return raw(v.bytes(), 0, v.length());
  }

  JsonOut close() {
    ensure(1);
    buf[len++] = '}';
    return this;
  }

  /** A string of bytes taken as UTF-8 (or ASCII): quotes, backslashes and control characters are escaped. */
  JsonOut string(byte[] b, int off, int n) {
    ensure(n * 6 + 2);
    byte[] d = buf;
    int o = len;
    d[o++] = '"';
    int end = off + n;
    for (int i = off; i < end; i++) {
      byte c = b[i];
      if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) {
        len = o;
        escape(c);
        o = len;
      } else {
        d[o++] = c;
      }
    }
    d[o++] = '"';
    len = o;
    return this;
  }

  /** Bytes known to need no escaping (sequences the parser checked: letters, '-' and '*'), quoted. */
  JsonOut quotedSafe(byte[] b, int off, int n) {
    ensure(n + 2);
    buf[len++] = '"';
    System.arraycopy(b, off, buf, len, n);
    len += n;
    buf[len++] = '"';
    return this;
  }

  /** One letter or digit, quoted. */
  JsonOut quotedChar(char c) {
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
      return string(String.valueOf(c));
    }
    ensure(3);
    buf[len++] = '"';
    buf[len++] = (byte) c;
    buf[len++] = '"';
    return this;
  }

  /** {@code n} ASCII bytes at {@code off} of the buffer as a string. */
  String asciiAt(int off, int n) {
    return new String(buf, off, n, StandardCharsets.ISO_8859_1);
  }

  JsonOut string(String s) {
    ensure(s.length() * 3 + 2);
    buf[len++] = '"';
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        if (c == '"' || c == '\\' || c < 0x20) {
          escape((byte) c);
        } else {
          ensure(1);
          buf[len++] = (byte) c;
        }
      } else {
        int cp = Character.codePointAt(s, i);
        if (Character.charCount(cp) == 2) {
          i++;
        }
        byte[] u = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
        raw(u);
      }
    }
    ensure(1);
    buf[len++] = '"';
    return this;
  }

  private void escape(byte c) {
    ensure(6);
    buf[len++] = '\\';
    switch (c) {
      case '"' -> buf[len++] = '"';
      case '\\' -> buf[len++] = '\\';
      case '\n' -> buf[len++] = 'n';
      case '\r' -> buf[len++] = 'r';
      case '\t' -> buf[len++] = 't';
      default -> {
        buf[len++] = 'u';
        buf[len++] = '0';
        buf[len++] = '0';
        buf[len++] = HEX[(c >> 4) & 0xf];
        buf[len++] = HEX[c & 0xf];
      }
    }
  }

  JsonOut number(long v) {
    ensure(20);
    if (v < 0) {
      if (v == Long.MIN_VALUE) {
        return raw(Long.toString(v).getBytes(StandardCharsets.US_ASCII));
      }
      buf[len++] = '-';
      v = -v;
    }
    if (v < 10) {
      buf[len++] = (byte) ('0' + v);
      return this;
    }
    int digits = 0;
    for (long t = v; t > 0; t /= 10) {
      digits++;
    }
    int p = len + digits;
    for (long t = v; t > 0; t /= 10) {
      buf[--p] = (byte) ('0' + (t % 10));
    }
    len += digits;
    return this;
  }

  /** A 64-bit value as a quoted string of 16 lower-case hex digits. */
  JsonOut hexId(long id) {
    ensure(18);
    buf[len++] = '"';
    writeHex(id, buf, len);
    len += 16;
    buf[len++] = '"';
    return this;
  }

  static void writeHex(long v, byte[] dst, int off) {
    for (int i = 15; i >= 0; i--) {
      dst[off + i] = HEX[(int) (v & 0xf)];
      v >>>= 4;
    }
  }
}
