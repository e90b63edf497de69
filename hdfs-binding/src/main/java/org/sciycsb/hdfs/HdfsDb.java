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
    final Path path;
    long records;

    Writer(FSDataOutputStream out, Path path) {
      this.out = out;
      this.path = path;
    }
  }

  /** Files this thread has opened for a table: a failed file is left behind and the next insert opens another. */
  private int filesOpened;
  /** After a failed file, no new one before this time: inserts fail at once meanwhile (no file per attempt). */
  private long reopenAfterNanos;
  static final long REOPEN_PAUSE_NANOS = 1_000_000_000L;

  /**
   * SERVICE_UNAVAILABLE when the NameNode or the DataNode holding the data cannot be reached (refused, timed out,
   * no live replica), else ERROR.
   */
  /** Records a failed operation in the run's failure log ({@link HdfsRun#failed}) and returns its status. */
  private Status failure(String op, Throwable e) {
    Status s = failure(e);
    run.failed(op, s, e);
    return s;
  }

  static Status failure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String n = t.getClass().getName();
      if (t instanceof java.net.ConnectException || t instanceof java.net.SocketTimeoutException
          || t instanceof java.net.NoRouteToHostException || t instanceof java.io.EOFException
          || n.equals("org.apache.hadoop.hdfs.BlockMissingException")
          || n.equals("org.apache.hadoop.ipc.RetriableException")
          || n.equals("org.apache.hadoop.hdfs.server.namenode.SafeModeException")
          || (t.getMessage() != null && (t.getMessage().contains("Connection refused")
              || t.getMessage().contains("could only be written to 0 of the 1 minReplication nodes")
              || t.getMessage().contains("All datanodes") && t.getMessage().contains("are bad")))) {
        return Status.SERVICE_UNAVAILABLE;
      }
    }
    return Status.ERROR;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Writer w = writers.get(table);
    if (w == null && reopenAfterNanos != 0 && System.nanoTime() - reopenAfterNanos < 0) {
      return Status.SERVICE_UNAVAILABLE;
    }
    try {
      if (w == null) {
        Path p = run.threadFile(table, threadId, filesOpened++);
        w = new Writer(run.fs.create(p, false, run.bufferSize, run.replication, run.blockSize), p);
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
      w.records++;
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      if (w != null) {
        // the file's write pipeline is broken (a DataNode died): drop it, the next insert opens a new file. The
        // records this thread wrote to it since its last block reached a DataNode may be lost: the post-load count
        // check reports a loss.
        writers.remove(table);
        HdfsBinding.closeQuietly(w.out);
        run.warnBrokenFile(w.path, w.records, e);
      }
      reopenAfterNanos = System.nanoTime() + REOPEN_PAUSE_NANOS;
      return failure("insert", e);
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
      dropReaders(); // a stream that failed may keep failing: the next read opens the file again
      return failure("read", e);
    }
  }

  private void dropReaders() {
    lines.close(); // its failure does not matter: the streams are dropped either way
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
      return failure("scan", e);
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
