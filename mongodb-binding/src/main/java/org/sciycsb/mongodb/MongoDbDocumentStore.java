package org.sciycsb.mongodb;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.WriteModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.bson.RawBsonDocument;
import org.sciycsb.api.BatchBuffer;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.access.AsyncDocumentStore;
import org.sciycsb.api.access.DocumentStore;
import reactor.core.publisher.Mono;
import site.ycsb.Status;

/**
 * The {@link DocumentStore} access path on MongoDB: one collection per document type, the JSON stored as the
 * document itself (its {@code "_id"} is the id). With {@code mongodb.batchsize > 1} inserts are buffered per
 * collection and written with one unordered {@code insertMany} (with {@code mongodb.upsert=true}: a
 * {@code bulkWrite} of upserting replaces) per batch: a buffered insert returns {@link Status#BATCHED_OK}, the
 * insert that fills a batch the outcome of the batch; {@link #flush} and {@link #close} write the rest. Reads
 * return the stored document as relaxed extended JSON. One handle per thread, on the run's shared client.
 *
 * <p>The non-blocking calls ({@link AsyncDocumentStore}, for {@code -p inflight=N}, which needs
 * {@code mongodb.batchsize=1}) send the same insert, upsert or find through the run's reactive-streams client, one
 * document per request.
 */
final class MongoDbDocumentStore implements DocumentStore, AsyncDocumentStore {
  private final MongoDbRun run;
  private final int threadId;
  private final int batchSize;
  private final boolean upsert;
  private final Map<String, MongoCollection<RawBsonDocument>> collections = new HashMap<>();
  /** One buffer per collection (with {@code mongodb.batchsize > 1}), in the order the collections were first met. */
  private final Map<String, BatchBuffer<RawBsonDocument>> batches = new LinkedHashMap<>();
  /** The reactive client's collections, opened on the first asynchronous call of each. */
  private final Map<String, com.mongodb.reactivestreams.client.MongoCollection<RawBsonDocument>> reactive =
      new java.util.concurrent.ConcurrentHashMap<>();
  private boolean closed;

  MongoDbDocumentStore(MongoDbRun run, int threadId) {
    this.run = run;
    this.threadId = threadId;
    this.batchSize = run.settings().batchSize();
    this.upsert = run.settings().upsert();
  }

  private MongoCollection<RawBsonDocument> coll(String name) {
    return collections.computeIfAbsent(name, n -> run.collection(n).withDocumentClass(RawBsonDocument.class));
  }

  @Override
  public void prepare(List<String> names) throws BenchmarkException {
    try {
      Set<String> existing = new HashSet<>();
      run.database().listCollectionNames().into(existing);
      for (String n : names) {
        if (!existing.contains(n)) {
          try {
            run.database().createCollection(n);
          } catch (MongoCommandException e) {
            if (e.getErrorCode() != 48) { // NamespaceExists: another client created it meanwhile
              throw e;
            }
          }
        }
        run.shard(n, "_id"); // on a mongos, as mongodb.shardkey says (seed 001: hashed)
      }
    } catch (MongoException e) {
      throw new BindingException("mongodb: cannot create the collections " + names + " in "
          + run.settings().database() + ": " + MongoDbBinding.firstLine(run.settings().mask(e.getMessage())), e);
    }
  }

  @Override
  public Status insert(String collection, String id, String json) {
    RawBsonDocument doc;
    try {
      doc = RawBsonDocument.parse(json);
    } catch (RuntimeException e) {
      run.logError("document insert (bad JSON, id " + id + ")", e);
      return Status.BAD_REQUEST;
    }
    if (batchSize <= 1) {
      try {
        if (upsert) {
          coll(collection).replaceOne(eq("_id", id), doc, new ReplaceOptions().upsert(true));
        } else {
          coll(collection).insertOne(doc);
        }
        return Status.OK;
      } catch (RuntimeException e) {
        run.logError("document insert", e);
        return MongoDbClient.status(e);
      }
    }
    return batches.computeIfAbsent(collection, c -> new BatchBuffer<>(batchSize, this::send)).add(collection, doc);
  }

  /** Writes one collection's batch; OK when every document was written. */
  private Status send(String collection, List<RawBsonDocument> docs) {
    try {
      if (upsert) {
        List<WriteModel<RawBsonDocument>> models = new ArrayList<>(docs.size());
        for (RawBsonDocument d : docs) {
          models.add(new ReplaceOneModel<>(eq("_id", d.get("_id")), d, new ReplaceOptions().upsert(true)));
        }
        coll(collection).bulkWrite(models, new BulkWriteOptions().ordered(false));
      } else {
        coll(collection).insertMany(docs, new InsertManyOptions().ordered(false));
      }
      return Status.OK;
    } catch (MongoBulkWriteException e) {
      List<BulkWriteError> errors = e.getWriteErrors();
      String first = errors.isEmpty() ? e.getMessage() : errors.get(0).getMessage();
      run.batchFailed("document insert", errors.isEmpty() ? docs.size() : errors.size(), "thread " + threadId
          + ", " + errors.size() + " write error(s) in a batch of " + docs.size() + " into " + collection
          + ", first: " + first, e);
      return Status.ERROR;
    } catch (RuntimeException e) {
      run.batchFailed("document insert", docs.size(), "thread " + threadId + ", batch of " + docs.size()
          + " into " + collection + ": " + e.getMessage(), e);
      return MongoDbClient.status(e);
    }
  }

  /** The read of one document by id, as {@link #read} sends it. */
  FindIterable<RawBsonDocument> byId(String collection, String id) {
    return coll(collection).find(eq("_id", id)).limit(1);
  }

  @Override
  public Result read(String collection, String id) {
    try {
      RawBsonDocument d = byId(collection, id).first();
      return d == null ? new Result(Status.NOT_FOUND, null) : new Result(Status.OK, d.toJson());
    } catch (RuntimeException e) {
      run.logError("document read", e);
      return new Result(MongoDbClient.status(e), null);
    }
  }

  private com.mongodb.reactivestreams.client.MongoCollection<RawBsonDocument> rcoll(String name) {
    return reactive.computeIfAbsent(name, n -> run.reactiveCollection(n).withDocumentClass(RawBsonDocument.class));
  }

  @Override
  public CompletionStage<Status> insertAsync(String collection, String id, String json) {
    RawBsonDocument doc;
    try {
      doc = RawBsonDocument.parse(json);
    } catch (RuntimeException e) {
      run.logError("document insert (bad JSON, id " + id + ")", e);
      return CompletableFuture.completedFuture(Status.BAD_REQUEST); // as insert
    }
    return run.guarded("document insert", () -> (upsert
        ? Mono.from(rcoll(collection).replaceOne(eq("_id", id), doc, new ReplaceOptions().upsert(true)))
        : Mono.from(rcoll(collection).insertOne(doc))).toFuture().thenApply(r -> Status.OK));
  }

  @Override
  public CompletionStage<Result> readAsync(String collection, String id) {
    String[] json = new String[1];
    return run.guarded("document read", () -> Mono.from(rcoll(collection).find(eq("_id", id)).limit(1).first())
        .toFuture().thenApply(d -> {
          if (d == null) {
            return Status.NOT_FOUND;
          }
          json[0] = d.toJson();
          return Status.OK;
        })).thenApply(st -> new Result(st, st.isOk() ? json[0] : null));
  }

  @Override
  public Status flush() {
    Status out = Status.OK;
    for (BatchBuffer<RawBsonDocument> b : batches.values()) {
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
      return coll(collection).countDocuments();
    } catch (MongoException e) {
      throw new BindingException("mongodb: cannot count " + run.settings().database() + "." + collection + ": "
          + MongoDbBinding.firstLine(run.settings().mask(e.getMessage())), e);
    }
  }

  /** Writes what is buffered; the client belongs to the run. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      flush();
    }
  }
}
