package org.sciycsb.fasta.corpus;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Buffered ASCII text output for the corpus generator (no encoder, no per-line strings). */
final class AsciiOut {
  private final OutputStream out;
  private final byte[] buf = new byte[1 << 16];
  private int len;
  private long written;

  AsciiOut(OutputStream out) {
    this.out = out;
  }

  long written() {
    return written + len;
  }

  private void room(int n) throws IOException {
    if (len + n > buf.length) {
      flushBuffer();
    }
  }

  void flushBuffer() throws IOException {
    out.write(buf, 0, len);
    written += len;
    len = 0;
  }

  AsciiOut str(String s) throws IOException {
    int n = s.length();
    if (n > buf.length / 2) {
      return bytes(s.getBytes(StandardCharsets.ISO_8859_1), 0, n);
    }
    room(n);
    byte[] b = buf;
    int o = len;
    for (int i = 0; i < n; i++) {
      b[o++] = (byte) s.charAt(i);
    }
    len = o;
    return this;
  }

  AsciiOut bytes(byte[] b, int off, int n) throws IOException {
    if (n > buf.length) {
      flushBuffer();
      out.write(b, off, n);
      written += n;
      return this;
    }
    room(n);
    System.arraycopy(b, off, buf, len, n);
    len += n;
    return this;
  }

  AsciiOut ch(char c) throws IOException {
    room(1);
    buf[len++] = (byte) c;
    return this;
  }

  AsciiOut num(long v) throws IOException {
    return str(Long.toString(v));
  }

  /** {@code v} right-aligned in {@code width} columns. */
  AsciiOut pad(String v, int width) throws IOException {
    for (int i = v.length(); i < width; i++) {
      ch(' ');
    }
    return str(v);
  }

  AsciiOut nl() throws IOException {
    return ch('\n');
  }

  /** {@code b[0, n)} in lines of {@code width} characters. */
  AsciiOut wrapped(byte[] b, int n, int width) throws IOException {
    for (int i = 0; i < n; i += width) {
      bytes(b, i, Math.min(width, n - i));
      nl();
    }
    return this;
  }
}
