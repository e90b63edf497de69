package org.sciycsb.fasta;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.concurrent.CompletionStage;
import org.sciycsb.api.AsyncOps;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Meter;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.access.AsyncDocumentStore;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.fasta.doc.Document;
import org.sciycsb.fasta.doc.DocumentBuilder;
import org.sciycsb.fasta.m10.ParseProblems;
import org.sciycsb.fasta.m10.SsearchParser;
import site.ycsb.Status;

/**
 * A client thread of the fasta load: takes whole files from the load's queue, parses each ({@code FASTA_PARSE})
 * and writes its documents one measured operation each ({@code FASTA_WRITE_<TYPE>}), keeping the ids written in
 * its own part of the ids files; flushes its batches at its end ({@code FASTA_FLUSH}).
 */
final class LoadThread implements WorkloadThread {
  private static final int TYPES = FastaWorkload.TYPES.length;
  private final FastaLoad load;
  private final ThreadContext ctx;
  private final DocumentStore store;
  private final Meter meter;
  private final SsearchParser parser = new SsearchParser();
  private final ArrayList<Document> buffer = new ArrayList<>();
  private final DocumentBuilder builder = new DocumentBuilder(buffer::add);
  private final Writer[] idOut = new Writer[TYPES];
  private final long[] ok = new long[TYPES];
  private final long[] bad = new long[TYPES];
  private final long[] made = new long[TYPES];
  private final WriteRate.PerThread rate;
  private int pos;

  LoadThread(ThreadContext ctx, DocumentStore store, FastaLoad load) {
    this.load = load;
    this.ctx = ctx;
    this.store = store;
    this.meter = ctx.meter();
    this.rate = load.newRate();
  }

  @Override
  public boolean doInsert() {
    if (pos >= buffer.size() && !refill(meter)) {
      return false; // no file left for this thread
    }
    Document d = buffer.get(pos);
    buffer.set(pos++, null);
    write(d);
    return pos < buffer.size() || refill(meter);
  }

  /**
   * Sends the next document without waiting (parsing the next file first when the last one is used up); null
   * when no file is left. The parse is measured on this thread, the write when its stage completes.
   */
  @Override
  public CompletionStage<?> doInsertAsync(AsyncOps ops) {
    if (pos >= buffer.size() && !refill(ops)) {
      return null;
    }
    Document d = buffer.get(pos);
    buffer.set(pos++, null);
    int t = d.type().ordinal();
    String id = d.id();
    long s = System.nanoTime(); // before the call: the service time runs from the send
    return ((AsyncDocumentStore) store).insertAsync(load.collection(t), id, d.json()).handle((st, x) -> {
      long e = System.nanoTime();
      Status status = x != null || st == null ? Status.ERROR : st;
      ops.record(load.writeOp(t), s, e, status);
      written(t, id, status, e);
      return status;
    });
  }

  /** Parses the next file of the queue into the buffer; false when the queue is empty. */
  private boolean refill(Meter m) {
    buffer.clear();
    pos = 0;
    while (buffer.isEmpty()) {
      Path f = load.nextFile();
      if (f == null) {
        return false;
      }
      long s = System.nanoTime();
      start(s);
      Status st = Status.OK;
      ParseProblems p = null;
      String ioError = null;
      try {
        p = builder.parse(parser, f);
      } catch (IOException | RuntimeException e) {
        ioError = e.getClass().getSimpleName() + ": " + e.getMessage();
        st = Status.ERROR;
        buffer.clear(); // documents of a file that could not be read to its end are dropped as a whole
      }
      long e = System.nanoTime();
      m.record(load.parseOp(), s, e, st);
      for (Document d : buffer) {
        made[d.type().ordinal()]++;
      }
      load.fileRead(f, p, ioError);
    }
    return true;
  }

  private void write(Document d) {
    int t = d.type().ordinal();
    String id = d.id();
    long s = System.nanoTime();
    Status st = store.insert(load.collection(t), id, d.json());
    long e = System.nanoTime();
    meter.record(load.writeOp(t), s, e, st);
    written(t, id, st, e);
  }

  /** Counts a finished write and keeps its id; completions of asynchronous writes call it from driver threads. */
  private synchronized void written(int t, String id, Status st, long e) {
    if (st != null && st.isOk()) {
      ok[t]++;
      try {
        ids(t).append(id).append('\n');
      } catch (IOException x) {
        throw new UncheckedIOException("cannot write the ids file of " + FastaWorkload.TYPES[t].code(), x);
      }
    } else {
      bad[t]++;
    }
    rate.tick(e);
  }

  private synchronized void start(long now) {
    rate.start(now);
  }

  private Writer ids(int t) throws IOException {
    Writer w = idOut[t];
    if (w == null) {
      w = IdFile.openPart(load.idsDir(), FastaWorkload.TYPES[t], ctx.threadId());
      idOut[t] = w;
    }
    return w;
  }

  @Override
  public void close() throws BenchmarkException {
    try {
      long s = System.nanoTime();
      Status st = store.flush();
      long e = System.nanoTime();
      meter.record(load.flushOp(), s, e, st == null ? Status.ERROR : st);
      if (st != null && !st.isOk()) {
        throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "fasta: flushing the last batches of"
            + " thread " + ctx.threadId() + " failed (" + st.getName() + ")");
      }
    } finally {
      store.close();
      addCounts();
    }
  }

  /** Adds the thread's counts to the load's (synchronized: asynchronous writes counted on driver threads). */
  private synchronized void addCounts() {
    load.add(ok, bad, made);
    for (Writer w : idOut) {
      if (w != null) {
        try {
          w.close();
        } catch (IOException e) {
          load.log().println("fasta: cannot close an ids file: " + e.getMessage());
        }
      }
    }
    rate.addTo();
  }

  @Override
  public boolean doTransaction() {
    throw new IllegalStateException("the fasta load threads only load");
  }
}
