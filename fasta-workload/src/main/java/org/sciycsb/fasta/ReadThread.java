package org.sciycsb.fasta;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.concurrent.CompletionStage;
import org.sciycsb.api.AsyncOps;
import org.sciycsb.api.Meter;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.access.AsyncDocumentStore;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.fasta.doc.Ids;
import site.ycsb.Status;

/**
 * A client thread of the fasta run: reads of ids chosen at random among all written ones, each measured as
 * {@code FASTA_READ_<TYPE>} and checked (NOT_FOUND, MISMATCH).
 */
final class ReadThread implements WorkloadThread {
  private final FastaReads reads;
  private final WrittenIds ids;
  private final DocumentStore store;
  private final Meter meter;
  private final RandomGenerator random;
  private final long[] hit = new long[FastaWorkload.TYPES.length];
  private final long[] missing = new long[FastaWorkload.TYPES.length];
  private final long[] wrong = new long[FastaWorkload.TYPES.length];
  private final long[] errors = new long[FastaWorkload.TYPES.length];
  /** The draw of the read being chosen (on the thread only). */
  private long draw;

  ReadThread(ThreadContext ctx, DocumentStore store, FastaReads reads) {
    this.reads = reads;
    this.ids = reads.ids();
    this.store = store;
    this.meter = ctx.meter();
    Long seed = reads.seed();
    // fasta.reads.seed keeps its own stream; else the thread's (reproducible under -p seed=N)
    this.random = seed != null ? new SplittableRandom(seed * 0x9E3779B97F4A7C15L + ctx.threadId()) : ctx.random();
  }

  @Override
  public boolean doTransaction() {
    int t = nextType();
    String hex = Ids.hex(ids.id(t, draw));
    long s = System.nanoTime();
    DocumentStore.Result res = store.read(reads.collection(t), hex);
    long e = System.nanoTime();
    Status st = checked(res, hex);
    meter.record(reads.readOp(t), s, e, st);
    count(t, st);
    return true;
  }

  /** One read without waiting; measured and checked when its stage completes. */
  @Override
  public CompletionStage<?> doTransactionAsync(AsyncOps ops) {
    int t = nextType();
    String hex = Ids.hex(ids.id(t, draw));
    long s = System.nanoTime();
    return ((AsyncDocumentStore) store).readAsync(reads.collection(t), hex).handle((res, x) -> {
      long e = System.nanoTime();
      Status st = x != null ? Status.ERROR : checked(res, hex);
      ops.record(reads.readOp(t), s, e, st);
      count(t, st);
      return st;
    });
  }

  /** The type of the next read, in the proportions written (the random draw picks an id among all). */
  private int nextType() {
    draw = random.nextLong(ids.total());
    return ids.typeOf(draw);
  }

  /** A read's status: MISMATCH when the document found does not carry the id asked for. */
  private static Status checked(DocumentStore.Result res, String hex) {
    Status st = res == null ? Status.ERROR : res.status();
    if (st == Status.OK && (res.json() == null || !res.json().contains(hex))) {
      st = FastaReads.MISMATCH;
    }
    return st;
  }

  /** Completions of asynchronous reads call it from driver threads. */
  private synchronized void count(int t, Status st) {
    if (st == Status.OK) {
      hit[t]++;
    } else if (st == Status.NOT_FOUND) {
      missing[t]++;
    } else if (st == FastaReads.MISMATCH) {
      wrong[t]++;
    } else {
      errors[t]++;
    }
  }

  @Override
  public boolean doInsert() {
    throw new IllegalStateException("the fasta run threads only read");
  }

  @Override
  public synchronized void close() {
    store.close();
    reads.add(hit, missing, wrong, errors);
  }
}
