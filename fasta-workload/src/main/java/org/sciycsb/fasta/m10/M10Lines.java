package org.sciycsb.fasta.m10;

import java.io.IOException;
import java.io.InputStream;

/**
 * The lines of an input, read from a 64 KB buffer that grows for longer lines: no string per line. After
 * {@link #next}, the line is {@code buf()[start()..end())}, its trailing blanks cut, and {@link #number} its number.
 * Reusable for many inputs; not thread-safe.
 */
final class M10Lines {
  private byte[] buf = new byte[1 << 16];
  private int start;
  private int scan;
  private int limit;
  private int ls;
  private int le;
  private long number;
  private InputStream in;

  /** Starts reading {@code input} from its first line. */
  void open(InputStream input) {
    in = input;
    start = 0;
    scan = 0;
    limit = 0;
    number = 0;
  }

  /** Drops the input (not closed: the caller owns it). */
  void close() {
    in = null;
  }

  byte[] buf() {
    return buf;
  }

  /** The first byte of the current line. */
  int start() {
    return ls;
  }

  /** The end of the current line, trailing blanks cut. */
  int end() {
    return le;
  }

  /** The number of the current line (1-based), or of lines read once the input has ended. */
  long number() {
    return number;
  }

  /** Reads the next line; false at the end of the input. */
  boolean next() throws IOException {
    while (true) {
      byte[] b = buf;
      for (int i = scan; i < limit; i++) {
        if (b[i] == '\n') {
          ls = start;
          le = i;
          start = i + 1;
          scan = start;
          cutBlanks();
          return true;
        }
      }
      scan = limit;
      if (start > 0) {
        System.arraycopy(buf, start, buf, 0, limit - start);
        limit -= start;
        scan -= start;
        start = 0;
      }
      if (limit == buf.length) {
        byte[] bigger = new byte[buf.length * 2];
        System.arraycopy(buf, 0, bigger, 0, limit);
        buf = bigger;
      }
      int n = in.read(buf, limit, buf.length - limit);
      if (n < 0) {
        if (start < limit) {
          ls = start;
          le = limit;
          start = limit;
          scan = limit;
          cutBlanks();
          return true;
        }
        return false;
      }
      limit += n;
    }
  }

  /** Counts the line and cuts its trailing blanks (CR, spaces, tabs). */
  private void cutBlanks() {
    number++;
    int e = le;
    while (e > ls && (buf[e - 1] == '\r' || buf[e - 1] == ' ' || buf[e - 1] == '\t')) {
      e--;
    }
    le = e;
  }
}
