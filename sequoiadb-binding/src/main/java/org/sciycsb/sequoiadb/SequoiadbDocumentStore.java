package org.sciycsb.sequoiadb;

import com.sequoiadb.base.result.InsertResult;
import com.sequoiadb.exception.BaseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BSONObject;
import org.bson.BasicBSONObject;
import org.sciycsb.api.BatchBuffer;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The {@link DocumentStore} access path (FASTA documents by id) on SequoiaDB: one collection per document type in
 * the run's collection space, each document {@code {_id: id, json: "<the JSON text>"}}, read by {@code _id}
 * through the collection's own {@code $id} index (one index lookup, no scan). The JSON is kept as text, so it
 * reads back exactly as written. With {@code sequoiadb.batchsize > 1} inserts are buffered per collection and
 * written with one {@code bulkInsert} per batch; {@link #flush} and {@link #close} write the rest.
 */
final class SequoiadbDocumentStore implements DocumentStore {
  static final String JSON = "json";
  private static final BSONObject JSON_ONLY = new BasicBSONObject(JSON, new BasicBSONObject("$include", 1));

  private final SequoiadbRun run;
  private final int threadId;
  private final int batchSize;
  /** One buffer per collection (with {@code sequoiadb.batchsize > 1}), in the order the collections were met. */
  private final Map<String, BatchBuffer<BSONObject>> batches = new LinkedHashMap<>();
  private boolean closed;

  SequoiadbDocumentStore(SequoiadbRun run, int threadId) {
    this.run = run;
    this.threadId = threadId;
    this.batchSize = run.settings().batchSize();
  }

  @Override
  public void prepare(List<String> names) throws BenchmarkException {
    for (String n : names) {
      run.ensureCollection(n);
    }
  }

  @Override
  public Status insert(String collection, String id, String json) {
    BSONObject doc = new BasicBSONObject("_id", id).append(JSON, json);
    if (batchSize <= 1) {
      try {
        run.call(db -> run.collection(db, collection).insertRecord(doc));
        return Status.OK;
      } catch (RuntimeException e) {
        run.logError("document insert", e);
        return SequoiadbErrors.status(e);
      }
    }
    return batches.computeIfAbsent(collection, c -> new BatchBuffer<>(batchSize, this::send)).add(collection, doc);
  }

  /** Writes one collection's batch; OK when every document was written. */
  private Status send(String collection, List<BSONObject> docs) {
    try {
      InsertResult r = run.bulkInsert(collection, docs);
      if (r != null && r.getInsertNum() != docs.size()) {
        run.batchFailed("document insert", SequoiadbErrors.PARTLY_INSERTED, docs.size() - r.getInsertNum(),
            "thread " + threadId + ", " + r.getInsertNum() + " of " + docs.size() + " documents inserted into "
            + collection, null);
        return Status.ERROR;
      }
      return Status.OK;
    } catch (RuntimeException e) {
      run.batchFailed("document insert", SequoiadbErrors.kind(e), docs.size(), "thread " + threadId
          + ", batch of " + docs.size() + " into " + collection + ": " + SequoiadbErrors.firstLine(e.getMessage()),
          e);
      return SequoiadbErrors.status(e);
    }
  }

  @Override
  public Result read(String collection, String id) {
    try {
      BSONObject d = run.call(db -> run.collection(db, collection).queryOne(new BasicBSONObject("_id", id),
          JSON_ONLY, null, null, 0));
      return d == null ? new Result(Status.NOT_FOUND, null) : new Result(Status.OK, String.valueOf(d.get(JSON)));
    } catch (RuntimeException e) {
      run.logError("document read", e);
      return new Result(SequoiadbErrors.status(e), null);
    }
  }

  @Override
  public Status flush() {
    Status out = Status.OK;
    for (BatchBuffer<BSONObject> b : batches.values()) {
      Status s = b.flush();
      if (!s.isOk()) {
        out = s;
      }
    }
    return out;
  }

  @Override
  public long count(String collection) throws BenchmarkException {
    try {
      return run.call(db -> run.collection(db, collection).getCount());
    } catch (BaseException e) {
      throw new BindingException("sequoiadb: cannot count " + run.settings().collectionSpace() + "." + collection
          + ": " + SequoiadbErrors.firstLine(run.settings().mask(e.getMessage())), e);
    }
  }

  /** Writes what is buffered; the connections belong to the run. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      flush();
    }
  }
}
