package org.sciycsb.fasta;

import java.io.BufferedInputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.sciycsb.api.AtomicFiles;
import org.sciycsb.fasta.doc.DocType;
import org.sciycsb.fasta.doc.Ids;

/** The ids files of a fasta load ({@code ids/<type>.txt}): one id a line, 16 lower-case hex digits. */
final class IdFile {
  private IdFile() {}

  /** The file of a type's ids in a load's {@code ids/} folder. */
  static Path of(Path idsDir, DocType t) {
    return idsDir.resolve(t.code() + ".txt");
  }

  /** Opens the part of a type's ids file that one load thread writes ({@code <type>.<thread>.part}). */
  static Writer openPart(Path idsDir, DocType t, int threadId) throws IOException {
    return Files.newBufferedWriter(idsDir.resolve(t.code() + "." + threadId + ".part"), StandardCharsets.US_ASCII);
  }

  /** Concatenates the threads' {@code <type>.<thread>.part} files into {@code ids/<type>.txt}. */
  static void mergeParts(Path idsDir) throws IOException {
    for (DocType t : DocType.values()) {
      List<Path> parts;
      try (Stream<Path> s = Files.list(idsDir)) {
        parts = s.filter(p -> {
          String n = p.getFileName().toString();
          return n.startsWith(t.code() + ".") && n.endsWith(".part");
        }).sorted(Comparator.comparingInt(IdFile::partThread)).toList();
      }
      AtomicFiles.write(of(idsDir, t), os -> {
        for (Path p : parts) {
          Files.copy(p, os);
        }
      });
      for (Path p : parts) {
        Files.delete(p);
      }
    }
  }

  private static int partThread(Path p) {
    String n = p.getFileName().toString();
    String mid = n.substring(n.indexOf('.') + 1, n.length() - ".part".length());
    try {
      return Integer.parseInt(mid);
    } catch (NumberFormatException e) {
      return Integer.MAX_VALUE;
    }
  }

  /** Writes ids as text, for tests and tools. */
  static void write(Path f, long[] ids) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.US_ASCII)) {
      for (long id : ids) {
        w.write(Ids.hex(id));
        w.write('\n');
      }
    }
  }

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
