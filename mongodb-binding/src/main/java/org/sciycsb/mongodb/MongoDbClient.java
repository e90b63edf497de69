package org.sciycsb.mongodb;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoClientException;
import com.mongodb.MongoInterruptedException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoServerUnavailableException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.bson.Document;
import org.sciycsb.api.AsyncDb;
import org.sciycsb.api.BatchBuffer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import org.bson.conversions.Bson;
import org.bson.types.Binary;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One client thread's view of a {@link MongoDbRun}. Documents are {@code {_id: key, field0: BinData, ...}}: field
 * values are stored as BSON binary (subtype 0) as upstream YCSB does; reads also accept strings and other
 * types written by other tools.
 *
 * <p>With {@code mongodb.batchsize > 1}, inserts are buffered per thread and written with one unordered
 * {@code insertMany} (or {@code bulkWrite} of upserts) per batch; a buffered insert returns
 * {@link Status#BATCHED_OK}, the insert that fills the batch returns the outcome of the whole batch, and
 * {@link #cleanup()} flushes the trailing partial batch.
 *
 * <p>The non-blocking calls ({@link AsyncDb}, for {@code -p inflight=N}) go through the same driver's
 * reactive-streams client (one per run, opened on first use), each publisher turned into a stage by Reactor; they
 * write one document at a time (the binding refuses {@code mongodb.batchsize > 1} with {@code inflight}).
 */
final class MongoDbClient extends DB implements AsyncDb {
  private final MongoDbRun run;
  private final int threadId;
  private final int batchSize;
  private final boolean upsert;
  private final Map<String, MongoCollection<Document>> collections = new HashMap<>();
  /** Inserts buffered per thread with {@code mongodb.batchsize > 1}, written a table at a time. */
  private final BatchBuffer<Document> batch;

  MongoDbClient(MongoDbRun run, int threadId) {
    this.run = run;
    this.threadId = threadId;
    this.batchSize = run.settings().batchSize();
    this.upsert = run.settings().upsert();
    this.batch = new BatchBuffer<>(Math.max(1, batchSize), this::write);
  }

  private MongoCollection<Document> coll(String table) {
    return collections.computeIfAbsent(table, run::collection);
  }

  // ------------------------------------------------------------------ reads

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      FindIterable<Document> it = coll(table).find(eq("_id", key)).projection(projection(fields)).limit(1);
      Document doc = it.first();
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
      return Status.OK; // limit(0) would mean no limit
    }
    try {
      FindIterable<Document> it = coll(table).find(gte("_id", startkey)).sort(Sorts.ascending("_id"))
          .projection(projection(fields)).limit(recordcount).batchSize(Math.max(1, Math.min(recordcount, 1000)));
      for (Document doc : it) {
        HashMap<String, ByteIterator> r = new HashMap<>();
        fill(doc, r);
        result.add(r);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("scan", e);
    }
  }

  private static Bson projection(Set<String> fields) {
    if (fields == null || fields.isEmpty()) {
      return null;
    }
    return Projections.fields(Projections.include(new ArrayList<>(fields)), Projections.excludeId());
  }

  private static void fill(Document doc, Map<String, ByteIterator> out) {
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      if ("_id".equals(e.getKey())) {
        continue;
      }
      Object v = e.getValue();
      if (v instanceof Binary b) {
        out.put(e.getKey(), new FieldValue(b.getData()));
      } else if (v instanceof byte[] b) {
        out.put(e.getKey(), new FieldValue(b));
      } else {
        out.put(e.getKey(), new StringByteIterator(String.valueOf(v)));
      }
    }
  }

  // ------------------------------------------------------------------ writes

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      UpdateResult r = coll(table).updateOne(eq("_id", key), new Document("$set", set(values)));
      if (r.wasAcknowledged() && r.getMatchedCount() == 0) {
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("update", e);
    }
  }

  /** The fields of an update's {@code $set}. */
  private static Document set(Map<String, ByteIterator> values) {
    Document set = new Document();
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      set.append(e.getKey(), e.getValue().toArray());
    }
    return set;
  }

  /** A record as a document: {@code _id} and each field as BSON binary. */
  private static Document document(String key, Map<String, ByteIterator> values) {
    Document doc = new Document("_id", key);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      doc.append(e.getKey(), e.getValue().toArray());
    }
    return doc;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Document doc = document(key, values);
    if (batchSize <= 1) {
      try {
        if (upsert) {
          coll(table).replaceOne(eq("_id", key), doc, new ReplaceOptions().upsert(true));
        } else {
          coll(table).insertOne(doc);
        }
        return Status.OK;
      } catch (RuntimeException e) {
        return failed("insert", e);
      }
    }
    return batch.add(table, doc);
  }

  /** Writes the buffered batch; OK when every record was written, else the status of the failure. */
  Status flush() {
    return batch.flush();
  }

  /** Writes one batch of a table's inserts; OK when every record was written, else the status of the failure. */
  private Status write(String batchTable, List<Document> docs) {
    try {
      if (upsert) {
        List<WriteModel<Document>> models = new ArrayList<>(docs.size());
        for (Document d : docs) {
          models.add(new ReplaceOneModel<>(eq("_id", d.get("_id")), d, new ReplaceOptions().upsert(true)));
        }
        coll(batchTable).bulkWrite(models, new BulkWriteOptions().ordered(false));
      } else {
        coll(batchTable).insertMany(docs, new InsertManyOptions().ordered(false));
      }
      return Status.OK;
    } catch (MongoBulkWriteException e) {
      List<BulkWriteError> errors = e.getWriteErrors();
      String first = errors.isEmpty() ? e.getMessage() : errors.get(0).getMessage();
      long lost = errors.isEmpty() ? docs.size() : errors.size();
      run.batchFailed("insert", lost, "thread " + threadId + ", " + errors.size()
          + " write error(s) in a batch of " + docs.size() + ", first: " + first, e);
      return Status.ERROR;
    } catch (RuntimeException e) {
      run.batchFailed("insert", docs.size(), "thread " + threadId + ", batch of " + docs.size() + ": "
          + e.getMessage(), e);
      return status(e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      DeleteResult r = coll(table).deleteOne(eq("_id", key));
      if (r.wasAcknowledged() && r.getDeletedCount() == 0) {
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("delete", e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    int pending = batch.pending();
    Status s = flush();
    if (!s.isOk()) {
      throw new DBException("mongodb: flushing the last batch of " + pending + " record(s) at cleanup failed ("
          + s.getName() + "); " + run.failedBatchedRecords() + " record(s) lost in failed batches so far");
    }
  }

  // ------------------------------------------------------------------ errors

  private Status failed(String op, RuntimeException e) {
    Status s = status(e);
    run.logError(op, e);
    return s;
  }

  // ------------------------------------------------------------------ asynchronous (AsyncDb)

  private final Map<String, com.mongodb.reactivestreams.client.MongoCollection<Document>> reactive =
      new java.util.concurrent.ConcurrentHashMap<>();

  private com.mongodb.reactivestreams.client.MongoCollection<Document> rcoll(String table) {
    return reactive.computeIfAbsent(table, run::reactiveCollection);
  }

  private CompletionStage<Status> guarded(String op, java.util.function.Supplier<CompletionStage<Status>> call) {
    return run.guarded(op, call);
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    return guarded("read", () -> Mono.from(rcoll(table).find(eq("_id", key)).projection(projection(fields)).first())
        .toFuture().thenApply(doc -> {
          if (doc == null) {
            return Status.NOT_FOUND;
          }
          fill(doc, result);
          return Status.OK;
        }));
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (recordcount <= 0) {
      return CompletableFuture.completedFuture(Status.OK);
    }
    return guarded("scan", () -> Flux.from(rcoll(table).find(gte("_id", startkey)).sort(Sorts.ascending("_id"))
        .projection(projection(fields)).limit(recordcount).batchSize(Math.max(1, Math.min(recordcount, 1000))))
        .doOnNext(doc -> {
          HashMap<String, ByteIterator> r = new HashMap<>();
          fill(doc, r);
          result.add(r);
        }).then(Mono.just(Status.OK)).toFuture());
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return guarded("update", () -> Mono.from(rcoll(table).updateOne(eq("_id", key), new Document("$set", set(values))))
        .toFuture().thenApply(r -> r.wasAcknowledged() && r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    Document doc = document(key, values);
    return guarded("insert", () -> (upsert
        ? Mono.from(rcoll(table).replaceOne(eq("_id", key), doc, new ReplaceOptions().upsert(true))).toFuture()
        : Mono.from(rcoll(table).insertOne(doc)).toFuture()).thenApply(r -> Status.OK));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return guarded("delete", () -> Mono.from(rcoll(table).deleteOne(eq("_id", key))).toFuture()
        .thenApply(r -> r.wasAcknowledged() && r.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK));
  }

  /** The status of a driver failure: the server could not be reached, or the operation failed. */
  static Status status(RuntimeException e) {
    if (e instanceof MongoTimeoutException || e instanceof MongoSocketException
        || e instanceof MongoNotPrimaryException || e instanceof MongoNodeIsRecoveringException
        || e instanceof MongoServerUnavailableException || e instanceof MongoInterruptedException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if ((e instanceof MongoClientException || e instanceof IllegalStateException) && e.getMessage() != null
        && e.getMessage().contains("state should be")) {
      return Status.SERVICE_UNAVAILABLE; // the client was closed under the thread
    }
    // write errors (duplicate key included), write-concern errors, command errors, bad documents
    return Status.ERROR;
  }

  /**
   * A field value read from the store. Like {@link StringByteIterator}, and unlike a plain
   * {@link ByteArrayByteIterator}, {@code toString()} of an unread value does not consume it, so a result map can
   * be printed or compared more than once.
   */
  static final class FieldValue extends ByteArrayByteIterator {
    private final byte[] data;

    FieldValue(byte[] data) {
      super(data);
      this.data = data;
    }

    @Override
    public String toString() {
      if (bytesLeft() == data.length) {
        return new String(data, java.nio.charset.StandardCharsets.UTF_8);
      }
      return super.toString();
    }
  }
}
