package org.sciycsb.engine.run;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.sciycsb.api.AsyncDb;
import org.sciycsb.api.AsyncOps;
import org.sciycsb.api.Operation;
import org.sciycsb.measure.StatusCodes;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@link AsyncOps} of one asynchronous workload operation: the binding's {@link AsyncDb} calls, each measured from
 * its send to its completion and handed to the thread's {@link AsyncWindow}, with the operation's intended start. A
 * binding that throws, or a stage that completes exceptionally, counts as ERROR, never lost. The same slots as
 * {@link MeasuredDB}.
 */
final class MeasuredAsyncOps implements AsyncOps {
  private final AsyncDb db;
  private final AsyncWindow window;
  private final StatusCodes codes;
  private final ErrorLog errors;
  private final long intended;

  MeasuredAsyncOps(AsyncDb db, AsyncWindow window, StatusCodes codes, ErrorLog errors, long intended) {
    this.db = db;
    this.window = window;
    this.codes = codes;
    this.errors = errors;
    this.intended = intended;
  }

  private CompletionStage<Status> measured(int op, String name, Supplier<CompletionStage<Status>> call) {
    long start = System.nanoTime();
    CompletionStage<Status> stage;
    try {
      stage = call.get();
    } catch (RuntimeException e) {
      stage = CompletableFuture.completedFuture(errors.note(name, e));
    }
    return stage.handle((s, e) -> {
      long end = System.nanoTime();
      Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null
          ? e.getCause() : e;
      Status st = cause != null ? errors.note(name, cause) : s == null ? Status.ERROR : s;
      window.completed(op, intended, start, end, codes.index(st));
      return st;
    });
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    return measured(MeasuredDB.READ, "READ", () -> db.readAsync(table, key, fields, result));
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return measured(MeasuredDB.SCAN, "SCAN", () -> db.scanAsync(table, startkey, recordcount, fields, result));
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return measured(MeasuredDB.UPDATE, "UPDATE", () -> db.updateAsync(table, key, values));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return measured(MeasuredDB.INSERT, "INSERT", () -> db.insertAsync(table, key, values));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return measured(MeasuredDB.DELETE, "DELETE", () -> db.deleteAsync(table, key));
  }

  @Override
  public long intendedStartNanos() {
    return intended;
  }

  @Override
  public void record(Operation op, long startNanos, long endNanos, Status status) {
    window.completed(op.index(), intended, startNanos, endNanos, codes.index(status));
  }

  @Override
  public void recordSpan(Operation op, long endNanos, long spanNanos, Status status) {
    window.completed(op.index(), 0, endNanos - spanNanos, endNanos, codes.index(status));
  }
}
