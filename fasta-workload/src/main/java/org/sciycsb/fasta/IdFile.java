package org.sciycsb.fasta;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** The ids files of a fasta load ({@code ids/<type>.txt}): one id a line, 16 lower-case hex digits. */
final class IdFile {
  private IdFile() {}

  /** Reads every id of a file (blank lines skipped). */
  static long[] read(Path f) throws IOException {
    long[] out = new long[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(16, Files.size(f) / 17 + 1))];
    int n = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(f), 1 << 16)) {
      long v = 0;
      int digits = 0;
      long line = 1;
      for (int b; (b = in.read()) >= 0; ) {
        if (b == '\n' || b == '\r') {
          if (digits > 0) {
            if (digits != 16) {
              throw new IllegalArgumentException("line " + line + ": not a 16-hex-digit id");
            }
            if (n == out.length) {
              out = Arrays.copyOf(out, out.length * 2);
            }
            out[n++] = v;
          }
          if (b == '\n') {
            line++;
          }
          v = 0;
          digits = 0;
          continue;
        }
        int d = Character.digit(b, 16);
        if (d < 0 || ++digits > 16) {
          throw new IllegalArgumentException("line " + line + ": not a 16-hex-digit id");
        }
        v = (v << 4) | d;
      }
      if (digits > 0) {
        if (digits != 16) {
          throw new IllegalArgumentException("line " + line + ": not a 16-hex-digit id");
        }
        if (n == out.length) {
          out = Arrays.copyOf(out, out.length + 1);
        }
        out[n++] = v;
      }
    }
    return n == out.length ? out : Arrays.copyOf(out, n);
  }
}
