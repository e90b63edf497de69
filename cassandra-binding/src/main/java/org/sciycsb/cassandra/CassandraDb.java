package org.sciycsb.cassandra;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** One client thread's {@link DB}: no state of its own, every call goes to the run's shared session. */
final class CassandraDb extends DB {
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
}
