package org.sciycsb.engine.trace;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A client thread's binding {@link DB} with each call written to the thread's trace before it is made. It sits
 * between the binding and the engine's measurement, so that workloads that measure their own operations are traced
 * too.
 */
public final class TracingDB extends DB {
  private final DB db;
  private final ThreadTrace trace;

  public TracingDB(DB db, ThreadTrace trace) {
    this.db = db;
    this.trace = trace;
  }

  @Override
  public void setProperties(java.util.Properties p) {
    db.setProperties(p);
  }

  @Override
  public java.util.Properties getProperties() {
    return db.getProperties();
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
    trace.read(table, key, fields);
    return db.read(table, key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    trace.scan(table, startkey, recordcount, fields);
    return db.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    trace.write('U', table, key, values);
    return db.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    trace.write('I', table, key, values);
    return db.insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    trace.delete(table, key);
    return db.delete(table, key);
  }
}
