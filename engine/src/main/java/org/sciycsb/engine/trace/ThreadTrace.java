package org.sciycsb.engine.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.sciycsb.api.AsyncDb;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * One client thread's part of a trace, written while the run goes to a temporary file of its own (buffered, no lock
 * shared with other threads); {@link TraceOut} puts the parts together at the end. Used by its thread only, except
 * for the operations of an asynchronous workload operation ({@link #async}), which may come from the threads that
 * complete its earlier parts: they are kept with that operation and written, in the order the thread sent the
 * workload operations, once it has completed.
 */
public final class ThreadTrace {
  private final Path file;
  private final OutputStream out;
  /** Bytes not written yet: lines are encoded here, and written 64 KiB at a time. */
  private final byte[] buf = new byte[1 << 16];
  private int used;
  private boolean closed;
  private final StringBuilder line = new StringBuilder(128);
  private final Set<String> tables = ConcurrentHashMap.newKeySet();
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();
  private boolean warmup;
  private long intended = -1;
  private long count;
  private IOException failure;

  ThreadTrace(Path file) throws IOException {
    this.file = file;
    this.out = Files.newOutputStream(file);
  }

  /** Encodes a line (or several) into the buffer: ASCII as it is, anything else as UTF-8. */
  private void put(CharSequence s) throws IOException {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        byte[] b = s.subSequence(i, n).toString().getBytes(StandardCharsets.UTF_8);
        for (byte x : b) {
          if (used == buf.length) {
            drain();
          }
          buf[used++] = x;
        }
        return;
      }
      if (used == buf.length) {
        drain();
      }
      buf[used++] = (byte) c;
    }
  }

  private void drain() throws IOException {
    out.write(buf, 0, used);
    used = 0;
  }

  /** Operations from now on belong to the warmup (true) or to the measured part. */
  public void warmup(boolean w) {
    this.warmup = w;
  }

  /** The next operation's intended start, in nanoseconds from its schedule's start; -1 without a schedule. */
  public void intended(long offsetNanos) {
    this.intended = offsetNanos;
  }

  private StringBuilder begin(char op, String table, String key) {
    line.setLength(0);
    return begin(line, warmup, intended, op, table, key);
  }

  private StringBuilder begin(StringBuilder b, boolean warmup, long intended, char op, String table, String key) {
    if (table != null && !tables.contains(table)) {
      tables.add(table);
    }
    b.append(warmup ? 'w' : 'm').append(' ');
    if (intended < 0) {
      b.append('-');
    } else {
      b.append(intended);
    }
    b.append(' ').append(op).append(' ');
    TraceFormat.escape(b, table);
    b.append(' ');
    TraceFormat.escape(b, key);
    return b;
  }

  private void end() {
    if (failure != null) {
      return;
    }
    line.append('\n');
    try {
      put(line);
      count++;
    } catch (IOException e) {
      failure = e;
    }
  }

  void read(String table, String key, Set<String> fields) {
    StringBuilder b = begin('R', table, key).append(' ');
    TraceFormat.fieldSet(b, fields);
    end();
  }

  void scan(String table, String key, int n, Set<String> fields) {
    StringBuilder b = begin('S', table, key).append(' ').append(n).append(' ');
    TraceFormat.fieldSet(b, fields);
    end();
  }

  void write(char op, String table, String key, Map<String, ByteIterator> values) {
    StringBuilder b = begin(op, table, key).append(' ');
    TraceFormat.values(b, values);
    end();
  }

  void delete(String table, String key) {
    begin('D', table, key);
    end();
  }

  /**
   * The asynchronous calls of one workload operation, recorded with the warmup mark and intended start in force now;
   * call {@link Pending#done} once the workload operation's stage has completed.
   */
  public Pending async(AsyncDb db) {
    Pending p = new Pending(db, warmup, intended);
    pending.add(p);
    return p;
  }

  /** Writes the recorded lines of the workload operations sent first that have completed. */
  public void flushDone() {
    Pending p;
    while ((p = pending.peek()) != null && p.done) {
      write(pending.poll());
    }
  }

  /** Writes every workload operation's lines, completed or not (the end of the thread's loop). */
  public void flushAll() {
    while (!pending.isEmpty()) {
      write(pending.poll());
    }
  }

  private void write(Pending p) {
    String lines;
    synchronized (p) {
      lines = p.lines.toString();
      count += p.count;
    }
    if (failure == null) {
      try {
        put(lines);
      } catch (IOException e) {
        failure = e;
      }
    }
  }

  /** The traced {@link AsyncDb} of one asynchronous workload operation: its calls, in the order they were made. */
  public final class Pending implements AsyncDb {
    private final AsyncDb db;
    private final boolean warm;
    private final long at;
    private final StringBuilder lines = new StringBuilder(64);
    private long count;
    private volatile boolean done;

    private Pending(AsyncDb db, boolean warm, long at) {
      this.db = db;
      this.warm = warm;
      this.at = at;
    }

    /** The workload operation has completed (or was never sent): its lines may be written. */
    public void done() {
      done = true;
    }

    private synchronized StringBuilder line(char op, String table, String key) {
      count++;
      return begin(lines, warm, at, op, table, key);
    }

    @Override
    public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
        Map<String, ByteIterator> result) {
      synchronized (this) {
        TraceFormat.fieldSet(line('R', table, key).append(' '), fields);
        lines.append('\n');
      }
      return db.readAsync(table, key, fields, result);
    }

    @Override
    public CompletionStage<Status> scanAsync(String table, String key, int n, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      synchronized (this) {
        TraceFormat.fieldSet(line('S', table, key).append(' ').append(n).append(' '), fields);
        lines.append('\n');
      }
      return db.scanAsync(table, key, n, fields, result);
    }

    @Override
    public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
      synchronized (this) {
        TraceFormat.values(line('U', table, key).append(' '), values);
        lines.append('\n');
      }
      return db.updateAsync(table, key, values);
    }

    @Override
    public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
      synchronized (this) {
        TraceFormat.values(line('I', table, key).append(' '), values);
        lines.append('\n');
      }
      return db.insertAsync(table, key, values);
    }

    @Override
    public CompletionStage<Status> deleteAsync(String table, String key) {
      synchronized (this) {
        line('D', table, key).append('\n');
      }
      return db.deleteAsync(table, key);
    }
  }

  /** Flushes and closes the thread's file (once its last operation was issued). */
  public void close() {
    if (closed) {
      return;
    }
    flushAll();
    closed = true;
    try {
      drain();
      out.close();
    } catch (IOException e) {
      failure = failure == null ? e : failure;
    }
  }

  Path file() {
    return file;
  }

  long count() {
    return count;
  }

  Set<String> tables() {
    return tables;
  }

  IOException failure() {
    return failure;
  }
}
