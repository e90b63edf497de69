package org.sciycsb.sequoiadb;

import com.sequoiadb.base.DBCursor;
import com.sequoiadb.base.result.DeleteResult;
import com.sequoiadb.base.result.InsertResult;
import com.sequoiadb.base.result.UpdateResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.bson.BSONObject;
import org.bson.BasicBSONObject;
import org.bson.types.Binary;
import org.sciycsb.api.BatchBuffer;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One client thread's view of a {@link SequoiadbRun}. Records are documents {@code {_id: key, field0: binary,
 * ...}}; a read's field projection is a selector of {@code {$include: 1}}; a scan is a query on
 * {@code _id >= startkey} ordered by {@code _id} (the collection's {@code $id} index). Each operation borrows one
 * connection of the run's pool.
 *
 * <p>With {@code sequoiadb.batchsize > 1}, inserts are buffered per thread and written with one {@code bulkInsert}
 * per batch: a buffered insert returns {@link Status#BATCHED_OK}, the insert that fills the batch the outcome of
 * the whole batch, and {@link #cleanup()} flushes the trailing partial batch (failing the cleanup, which the
 * engine reports, when it cannot).
 */
final class SequoiadbDb extends DB {
  private final SequoiadbRun run;
  private final int threadId;
  private final int batchSize;
  /** Inserts buffered with {@code sequoiadb.batchsize > 1}, written a collection at a time. */
  private final BatchBuffer<BSONObject> batch;

  SequoiadbDb(SequoiadbRun run, int threadId) {
    this.run = run;
    this.threadId = threadId;
    this.batchSize = run.settings().batchSize();
    this.batch = new BatchBuffer<>(Math.max(1, batchSize), this::write);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    String cl = run.collectionName(table);
    try {
      BSONObject doc = run.call(db -> run.collection(db, cl).queryOne(new BasicBSONObject("_id", key),
          selector(fields), null, null, 0));
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      fill(doc, result);
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("read", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (recordcount <= 0) {
      return Status.OK;
    }
    String cl = run.collectionName(table);
    try {
      run.call(db -> {
        try (DBCursor c = run.collection(db, cl).query(new BasicBSONObject("_id",
            new BasicBSONObject("$gte", startkey)), selector(fields), new BasicBSONObject("_id", 1), null, 0,
            recordcount)) {
          while (c.hasNext()) {
            HashMap<String, ByteIterator> r = new HashMap<>();
            fill(c.getNext(), r);
            result.add(r);
          }
        }
        return null;
      });
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("scan", e);
    }
  }

  private static BSONObject selector(Set<String> fields) {
    if (fields == null || fields.isEmpty()) {
      return null;
    }
    BasicBSONObject s = new BasicBSONObject();
    for (String f : fields) {
      s.put(f, new BasicBSONObject("$include", 1));
    }
    return s;
  }

  private static void fill(BSONObject doc, Map<String, ByteIterator> out) {
    for (String k : doc.keySet()) {
      if ("_id".equals(k)) {
        continue;
      }
      Object v = doc.get(k);
      if (v instanceof Binary b) {
        out.put(k, new FieldValue(b.getData()));
      } else if (v instanceof byte[] b) {
        out.put(k, new FieldValue(b));
      } else {
        out.put(k, new StringByteIterator(String.valueOf(v)));
      }
    }
  }

  /** A record as a document: {@code _id} and each field as BSON binary. */
  private static BSONObject document(String key, Map<String, ByteIterator> values) {
    BasicBSONObject doc = new BasicBSONObject("_id", key);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      doc.put(e.getKey(), e.getValue().toArray());
    }
    return doc;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    String cl = run.collectionName(table);
    BasicBSONObject set = new BasicBSONObject();
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      set.put(e.getKey(), e.getValue().toArray());
    }
    try {
      UpdateResult r = run.call(db -> run.collection(db, cl).updateRecords(new BasicBSONObject("_id", key),
          new BasicBSONObject("$set", set)));
      return r.getUpdatedNum() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return failed("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    String cl = run.collectionName(table);
    BSONObject doc = document(key, values);
    if (batchSize <= 1) {
      try {
        run.call(db -> run.collection(db, cl).insertRecord(doc));
        return Status.OK;
      } catch (RuntimeException e) {
        return failed("insert", e);
      }
    }
    return batch.add(cl, doc);
  }

  /** Writes the buffered batch; OK when every record was written, else the status of the failure. */
  Status flush() {
    return batch.flush();
  }

  /** Writes one batch of a collection's inserts; OK when every record was written. */
  private Status write(String cl, List<BSONObject> docs) {
    try {
      InsertResult r = run.bulkInsert(cl, docs);
      if (r != null && r.getInsertNum() != docs.size()) {
        run.batchFailed("insert", SequoiadbErrors.PARTLY_INSERTED, docs.size() - r.getInsertNum(), "thread "
            + threadId + ", " + r.getInsertNum() + " of " + docs.size() + " inserted (" + r.getDuplicatedNum()
            + " duplicate keys)", null);
        return Status.ERROR;
      }
      return Status.OK;
    } catch (RuntimeException e) {
      run.batchFailed("insert", SequoiadbErrors.kind(e), docs.size(), "thread " + threadId + ", batch of "
          + docs.size() + ": " + SequoiadbErrors.firstLine(e.getMessage()), e);
      return SequoiadbErrors.status(e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    String cl = run.collectionName(table);
    try {
      DeleteResult r = run.call(db -> run.collection(db, cl).deleteRecords(new BasicBSONObject("_id", key)));
      return r.getDeletedNum() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return failed("delete", e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    int pending = batch.pending();
    Status s = flush();
    if (!s.isOk()) {
      throw new DBException("sequoiadb: flushing the last batch of " + SequoiadbSettings.records(pending)
          + " at cleanup failed (" + s.getName() + "); " + SequoiadbSettings.records(run.failedBatchedRecords())
          + " lost in failed batches so far");
    }
  }

  private Status failed(String op, RuntimeException e) {
    run.logError(op, e);
    return SequoiadbErrors.status(e);
  }

  /** A field value read back; {@code toString()} of an unread value does not consume it. */
  static final class FieldValue extends ByteArrayByteIterator {
    private final byte[] data;

    FieldValue(byte[] data) {
      super(data);
      this.data = data;
    }

    @Override
    public String toString() {
      return bytesLeft() == data.length ? new String(data, java.nio.charset.StandardCharsets.UTF_8)
          : super.toString();
    }
  }
}
