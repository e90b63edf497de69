package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.SearchStatus;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One client thread's {@link DB} on a {@link WiredTigerRun}: its own session and cursors ({@link ThreadSession}),
 * each operation one transaction on the collection's documents and {@code _id} index, as mongod runs it: a read
 * finds the record id in the index and the document by it; an update reads the document, sets the fields and writes
 * it back; a delete removes document and index entry; a scan positions the index with {@code search_near} at the
 * start key and walks it with {@code next}.
 */
final class WiredTigerDb extends DB {
  private final WiredTigerRun run;
  private final int threadId;
  private ThreadSession ts;
  private final Map<String, Collection> collections = new HashMap<>();

  WiredTigerDb(WiredTigerRun run, int threadId) {
    this.run = run;
    this.threadId = threadId;
  }

  @Override
  public void init() {
    ts = new ThreadSession(run);
  }

  @Override
  public void cleanup() {
    if (ts != null) {
      ts.close();
      ts = null;
    }
  }

  int threadId() {
    return threadId;
  }

  private Collection coll(String table) {
    return collections.computeIfAbsent(table, t -> new Collection(ts, t));
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      byte[] doc = ts.transaction(() -> coll(table).find(Collection.key(key)));
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      RecordBson.decode(doc, fields, result);
      return Status.OK;
    } catch (Exception e) {
      run.failed("read", e);
      return Status.ERROR;
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try {
      return ts.transaction(() -> scanFrom(coll(table), startkey, recordcount, fields, result));
    } catch (Exception e) {
      run.failed("scan", e);
      return Status.ERROR;
    }
  }

  private Status scanFrom(Collection c, String startkey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    result.clear(); // a retried transaction starts over
    Cursor index = c.idIndex();
    index.putKeyByteArray(Collection.key(startkey));
    SearchStatus near = index.search_near();
    boolean positioned = near == SearchStatus.FOUND || near == SearchStatus.LARGER
        || (near == SearchStatus.SMALLER && index.next() == 0);
    java.util.List<Long> ids = new java.util.ArrayList<>(Math.max(0, count));
    while (positioned && ids.size() < count) {
      ids.add(index.getValueLong());
      positioned = index.next() == 0;
    }
    index.reset();
    for (long rid : ids) {
      byte[] doc = c.document(rid);
      if (doc != null) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        RecordBson.decode(doc, fields, row);
        result.add(row);
      }
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      return ts.transaction(() -> {
        Collection c = coll(table);
        long rid = c.recordId(Collection.key(key));
        byte[] doc = rid < 0 ? null : c.document(rid);
        if (doc == null) {
          return Status.NOT_FOUND;
        }
        c.write(rid, RecordBson.update(doc, values));
        return Status.OK;
      });
    } catch (Exception e) {
      run.failed("update", e);
      return Status.ERROR;
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      byte[] doc = RecordBson.encode(key, values);
      long done = ts.transaction(() -> coll(table).insert(Collection.key(key), doc, run.settings().upsert()));
      if (done == Collection.DUPLICATE) {
        run.duplicate("insert", table, key);
        return Status.ERROR;
      }
      return Status.OK;
    } catch (Exception e) {
      run.failed("insert", e);
      return Status.ERROR;
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      return ts.transaction(() -> coll(table).remove(Collection.key(key))) ? Status.OK : Status.NOT_FOUND;
    } catch (Exception e) {
      run.failed("delete", e);
      return Status.ERROR;
    }
  }
}
