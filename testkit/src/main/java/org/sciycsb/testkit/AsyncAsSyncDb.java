package org.sciycsb.testkit;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.AsyncDb;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A binding's {@link DB} driven through its {@link AsyncDb} calls, each awaited: the conformance suite runs the same
 * contract the asynchronous way ({@link BindingConformance#throughAsync}). An exceptional completion fails the test
 * with its cause, as an exception thrown by a blocking call would.
 */
final class AsyncAsSyncDb extends DB {
  private final DB db;
  private final AsyncDb async;

  AsyncAsSyncDb(DB db) {
    this.db = db;
    this.async = (AsyncDb) db;
  }

  DB inner() {
    return db;
  }

  private static Status await(CompletionStage<Status> stage) {
    try {
      return stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("the asynchronous call failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("the asynchronous call did not complete within 60 s", e);
    }
  }

  @Override
  public void init() throws DBException {
    db.init();
  }

  @Override
  public void cleanup() throws DBException {
    db.cleanup();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return await(async.readAsync(table, key, fields, result));
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return await(async.scanAsync(table, startkey, recordcount, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return await(async.updateAsync(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return await(async.insertAsync(table, key, values));
  }

  @Override
  public Status delete(String table, String key) {
    return await(async.deleteAsync(table, key));
  }
}
