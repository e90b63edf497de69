package org.sciycsb.hdfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * One thread's open streams of the indexed files: a line at a known offset is read with positional reads (no
 * reopen, no seek per read). Not thread-safe: one per client thread.
 */
final class LineReader {
  private final HdfsRun run;
  private final Map<Path, FSDataInputStream> readers = new HashMap<>();
  private byte[] buf = new byte[4096];

  LineReader(HdfsRun run) {
    this.run = run;
  }

  /** The line (without its line feed) at {@code offset} of the index's file number {@code file}; null at EOF. */
  String readLine(HdfsRun.TableIndex idx, int file, long offset) throws IOException {
    Path p = idx.files.get(file);
    FSDataInputStream in = readers.get(p);
    if (in == null) {
      in = run.fs.open(p, run.bufferSize);
      readers.put(p, in);
    }
    int have = 0;
    while (true) {
      if (have == buf.length) {
        buf = Arrays.copyOf(buf, buf.length * 2);
      }
      int n = in.read(offset + have, buf, have, buf.length - have);
      if (n <= 0) {
        return have == 0 ? null : new String(buf, 0, have, StandardCharsets.UTF_8);
      }
      for (int i = have; i < have + n; i++) {
        if (buf[i] == '\n') {
          return new String(buf, 0, i, StandardCharsets.UTF_8);
        }
      }
      have += n;
    }
  }

  /** Closes every stream; the first failure is returned (not thrown), so the caller can close the rest too. */
  IOException close() {
    IOException first = null;
    for (FSDataInputStream in : readers.values()) {
      try {
        in.close();
      } catch (IOException e) {
        if (first == null) {
          first = e;
        }
      }
    }
    readers.clear();
    return first;
  }
}
