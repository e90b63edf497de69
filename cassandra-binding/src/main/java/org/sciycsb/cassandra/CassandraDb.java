package org.sciycsb.cassandra;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import org.sciycsb.api.AsyncDb;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One client thread's {@link DB}: no state of its own, every call goes to the run's shared session. The
 * non-blocking calls ({@link AsyncDb}, for {@code -p inflight=N}) are the driver's {@code executeAsync}; the
 * blocking ones await the same calls, so both give the same statuses.
 */
final class CassandraDb extends DB implements AsyncDb {
  private final CassandraRun run;

  CassandraDb(CassandraRun run) {
    this.run = run;
  }

  @Override
  public void init() {
    // nothing per thread: the session and its pool belong to the run
  }

  @Override
  public void cleanup() {
    // no buffered writes: every write is acknowledged at its consistency level before the call returns
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return run.read(table, key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return run.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return run.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return run.insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return run.delete(table, key);
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    return run.readAsync(table, key, fields, result);
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return run.scanAsync(table, startkey, recordcount, fields, result);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return run.updateAsync(table, key, values);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return run.insertAsync(table, key, values);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return run.deleteAsync(table, key);
  }
}
