package org.sciycsb.hdfs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One client thread. {@code insert} appends a line to this thread's own file (created on the first insert,
 * closed at {@link #cleanup}); {@code read} and {@code scan} go through the run's key index; {@code update} and
 * {@code delete} are NOT_IMPLEMENTED (HDFS files are append-only).
 */
final class HdfsDb extends DB {
  private final HdfsRun run;
  private final int threadId;
  private final Map<String, Writer> writers = new HashMap<>();
  private final StringBuilder line = new StringBuilder(2048);

  HdfsDb(HdfsRun run, int threadId) {
    this.run = run;
    this.threadId = threadId;
    this.lines = new LineReader(run);
  }

  private static final class Writer {
    final FSDataOutputStream out;

    Writer(FSDataOutputStream out) {
      this.out = out;
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      Writer w = writers.get(table);
      if (w == null) {
        Path p = run.threadFile(table, threadId);
        w = new Writer(run.fs.create(p, false, run.bufferSize, run.replication, run.blockSize));
        writers.put(table, w);
      }
      Map<String, String> fields = new LinkedHashMap<>();
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        fields.put(e.getKey(), e.getValue().toString());
      }
      line.setLength(0);
      RecordFormat.append(line, key, fields);
      OutputStream out = w.out;
      out.write(line.toString().getBytes(StandardCharsets.UTF_8));
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (!run.indexEnabled) {
      return Status.NOT_IMPLEMENTED;
    }
    try {
      HdfsRun.TableIndex idx = run.index(table);
      long pos = idx.find(key);
      if (pos < 0) {
        return Status.NOT_FOUND;
      }
      String l = readLine(idx, HdfsRun.TableIndex.file(pos), HdfsRun.TableIndex.offset(pos));
      if (l == null) {
        return Status.ERROR;
      }
      put(result, RecordFormat.fields(l, fields));
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return Status.ERROR;
    }
  }

  /**
   * The record with key {@code startkey} and the {@code recordcount - 1} records that follow it in file order
   * (the table's files sorted by name, each in insertion order): a sequential read, not a key-ordered range.
   */
  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (!run.indexEnabled) {
      return Status.NOT_IMPLEMENTED;
    }
    try {
      HdfsRun.TableIndex idx = run.index(table);
      long pos = idx.find(startkey);
      if (pos < 0) {
        return Status.NOT_FOUND;
      }
      int left = recordcount;
      int f = HdfsRun.TableIndex.file(pos);
      long off = HdfsRun.TableIndex.offset(pos);
      while (left > 0 && f < idx.files.size()) {
        try (FSDataInputStream in = run.fs.open(idx.files.get(f), run.bufferSize)) {
          in.seek(off);
          BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8),
              Math.max(8192, run.bufferSize));
          String l;
          while (left > 0 && (l = r.readLine()) != null) {
            HashMap<String, ByteIterator> rec = new HashMap<>();
            put(rec, RecordFormat.fields(l, fields));
            result.add(rec);
            left--;
          }
        }
        f++;
        off = 0;
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return Status.ERROR;
    }
  }

  /** This thread's open streams of the indexed files (positional reads: no reopen, no seek per read). */
  private final LineReader lines;

  private String readLine(HdfsRun.TableIndex idx, int file, long offset) throws IOException {
    return lines.readLine(idx, file, offset);
  }

  private static void put(Map<String, ByteIterator> out, Map<String, String> fields) {
    for (Map.Entry<String, String> e : fields.entrySet()) {
      out.put(e.getKey(), new StringByteIterator(e.getValue()));
    }
  }

  /** HDFS files are append-only: records are never rewritten in place. */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  /** HDFS files are append-only: records are never removed in place. */
  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }

  /** Closes this thread's files: every inserted record is then durable and visible to readers. */
  @Override
  public void cleanup() throws DBException {
    IOException first = null;
    for (Writer w : writers.values()) {
      try {
        w.out.close();
      } catch (IOException e) {
        if (first == null) {
          first = e;
        }
      }
    }
    writers.clear();
    IOException r = lines.close();
    if (first == null) {
      first = r;
    }
    if (first != null) {
      throw new DBException("closing an HDFS file failed: " + HdfsBinding.firstLine(first), first);
    }
  }
}
