package org.sciycsb.engine.run;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.sciycsb.measure.StatusCodes;
import org.sciycsb.measure.ThreadRecorder;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Wraps a thread's {@link DB} and records each call under READ, UPDATE, INSERT, SCAN or DELETE. Operation slots
 * are fixed indices, so a call costs two clock reads and one recorder call. A binding that throws (upstream
 * bindings may) is counted as ERROR, never lost.
 */
final class MeasuredDB extends DB {
  static final int READ = 0;
  static final int UPDATE = 1;
  static final int INSERT = 2;
  static final int SCAN = 3;
  static final int DELETE = 4;

  private final DB db;
  private final ThreadRecorder rec;
  private final StatusCodes codes;
  private final ErrorLog errors;

  MeasuredDB(DB db, ThreadRecorder rec, StatusCodes codes, ErrorLog errors) {
    this.db = db;
    this.rec = rec;
    this.codes = codes;
    this.errors = errors;
  }

  DB inner() {
    return db;
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
    long st = System.nanoTime();
    Status s;
    try {
      s = db.read(table, key, fields, result);
    } catch (RuntimeException e) {
      s = errors.note("READ", e);
    }
    rec.record(READ, st, System.nanoTime(), codes.index(s));
    return s;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    long st = System.nanoTime();
    Status s;
    try {
      s = db.scan(table, startkey, recordcount, fields, result);
    } catch (RuntimeException e) {
      s = errors.note("SCAN", e);
    }
    rec.record(SCAN, st, System.nanoTime(), codes.index(s));
    return s;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long st = System.nanoTime();
    Status s;
    try {
      s = db.update(table, key, values);
    } catch (RuntimeException e) {
      s = errors.note("UPDATE", e);
    }
    rec.record(UPDATE, st, System.nanoTime(), codes.index(s));
    return s;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long st = System.nanoTime();
    Status s;
    try {
      s = db.insert(table, key, values);
    } catch (RuntimeException e) {
      s = errors.note("INSERT", e);
    }
    rec.record(INSERT, st, System.nanoTime(), codes.index(s));
    return s;
  }

  @Override
  public Status delete(String table, String key) {
    long st = System.nanoTime();
    Status s;
    try {
      s = db.delete(table, key);
    } catch (RuntimeException e) {
      s = errors.note("DELETE", e);
    }
    rec.record(DELETE, st, System.nanoTime(), codes.index(s));
    return s;
  }
}
