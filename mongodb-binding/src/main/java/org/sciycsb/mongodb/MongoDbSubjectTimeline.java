package org.sciycsb.mongodb;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.sciycsb.api.BatchBuffer;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.access.AsyncSubjectTimeline;
import org.sciycsb.api.access.SubjectTimeline;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import site.ycsb.Status;

/**
 * The {@link SubjectTimeline} access path (FHIR patients and observations) in MongoDB.
 *
 * <ul>
 *   <li>Subjects: the resource itself as the document, {@code _id} = the subject id (the workload's hashed
 *       patient id, never a monotonic key: seed 003's range-sharding pitfall).</li>
 *   <li>Events: {@code {_id: eventId, subject, effective: Date, resource: {...the FHIR resource...}}}, with the
 *       compound index {@code {subject: 1, effective: -1}}: "the n newest of one subject" is
 *       {@code find({subject}).sort({effective: -1}).limit(n)}, one index range read. The query fields sit
 *       beside the resource (not inside it) because FHIR's own {@code subject} is an object and
 *       {@code effectiveDateTime} is text whose order breaks when fractional seconds appear.</li>
 *   <li>On a mongos with {@code mongodb.shardkey=hashed}, events are sharded on {@code {subject: "hashed"}} (a
 *       patient's timeline stays on one shard, writes spread over all) and subjects on {@code {_id: "hashed"}}.</li>
 *   <li>{@link #prepare} returns once the index is built ({@link IndexBuilds}): DocumentDB can queue index builds
 *       to a background job, and the run's reads must not be measured against a collection scan. It then explains
 *       the read ({@link AccessPlan}): the plan goes to the store details as {@value #READ_PLAN_DETAIL}, and a
 *       collection scan is one warning line.</li>
 *   <li>With {@code mongodb.batchsize > 1}, events are buffered per thread and written with one unordered
 *       {@code insertMany}; {@link #flush} and {@link #close} write the rest.</li>
 * </ul>
 *
 * <p>Reads and writes go through the run's collections, so the run's write concern, read preference and
 * {@code mongodb.consistency} preset apply. The non-blocking calls ({@link AsyncSubjectTimeline}, for
 * {@code -p inflight=N}) send the same documents and the same query through the run's reactive-streams client
 * (same driver version and settings), one document per insert (the binding refuses {@code mongodb.batchsize > 1}
 * with {@code inflight}).
 */
final class MongoDbSubjectTimeline implements SubjectTimeline, AsyncSubjectTimeline {
  static final String SUBJECT = "subject";
  static final String EFFECTIVE = "effective";
  static final String RESOURCE = "resource";
  static final String INDEX = "subject_1_effective_-1";
  static final java.time.Duration INDEX_TIMEOUT = java.time.Duration.ofMinutes(30);
  /** The store detail naming the read's plan ({@link AccessPlan#describe}). */
  static final String READ_PLAN_DETAIL = "fhirReadPlan";
  /** The number of observations the plan check asks for: the fhir workload's default. */
  private static final int PLAN_LIMIT = 5;
  private static final Bson RECENT_SORT = Sorts.descending(EFFECTIVE);
  private static final Bson RESOURCE_ONLY = Projections.fields(Projections.include(RESOURCE),
      Projections.excludeId());

  private final MongoDbRun run;
  private final int batchSize;
  /** Events buffered with {@code mongodb.batchsize > 1}. */
  private final BatchBuffer<Document> batch;
  private MongoCollection<Document> subjects;
  private MongoCollection<Document> events;
  /** The reactive client's collections, opened on the first asynchronous call. */
  private com.mongodb.reactivestreams.client.MongoCollection<Document> rsubjects;
  private com.mongodb.reactivestreams.client.MongoCollection<Document> revents;

  MongoDbSubjectTimeline(MongoDbRun run) {
    this.run = run;
    this.batchSize = run.settings().batchSize();
    this.batch = new BatchBuffer<>(Math.max(1, batchSize), (target, docs) -> write(docs));
    Schema s = run.timelineSchema();
    if (s != null) {
      use(s);
    }
  }

  private void use(Schema s) {
    subjects = run.collection(s.subjects());
    events = run.collection(s.events());
  }

  @Override
  public void prepare(Schema s) throws BenchmarkException {
    use(s);
    try {
      events.createIndex(Indexes.compoundIndex(Indexes.ascending(SUBJECT), Indexes.descending(EFFECTIVE)),
          new IndexOptions().name(INDEX));
      // the run measures recent-observation reads: the index must be built first (DocumentDB may queue it)
      IndexBuilds.await(run.admin(), events, INDEX, INDEX_TIMEOUT, run.log());
      run.shard(s.events(), SUBJECT);
      run.shard(s.subjects(), "_id");
      checkReadPlan();
    } catch (MongoException e) {
      throw new BindingException("mongodb: cannot prepare the collections " + s.subjects() + " and " + s.events()
          + ": " + MongoDbBinding.firstLine(run.settings().mask(e.getMessage())), e);
    }
    run.timelineSchema(s);
  }

  private static Document subjectDoc(String subjectId, String json) {
    Document doc = new Document("_id", subjectId);
    doc.putAll(Document.parse(json));
    return doc;
  }

  private static Document eventDoc(String subjectId, long timeMillis, String eventId, String json) {
    return new Document("_id", eventId).append(SUBJECT, subjectId).append(EFFECTIVE, new Date(timeMillis))
        .append(RESOURCE, Document.parse(json));
  }

  @Override
  public Status putSubject(String subjectId, String json) {
    try {
      subjects.insertOne(subjectDoc(subjectId, json));
      return Status.OK;
    } catch (RuntimeException e) {
      run.logError("insert patient", e);
      return MongoDbClient.status(e);
    }
  }

  @Override
  public Status putEvent(String subjectId, long timeMillis, String eventId, String json) {
    Document doc;
    try {
      doc = eventDoc(subjectId, timeMillis, eventId, json);
    } catch (RuntimeException e) {
      return Status.BAD_REQUEST;
    }
    if (batchSize > 1) {
      return batch.add("events", doc);
    }
    try {
      events.insertOne(doc);
      return Status.OK;
    } catch (RuntimeException e) {
      run.logError("insert observation", e);
      return MongoDbClient.status(e);
    }
  }

  /** The read of the {@code limit} newest observations of one subject, as {@link #recentEvents} sends it. */
  FindIterable<Document> recentQuery(String subjectId, int limit) {
    return events.find(eq(SUBJECT, subjectId)).sort(RECENT_SORT).limit(limit).projection(RESOURCE_ONLY);
  }

  /**
   * Explains the newest-observations read (for a stored subject, if any) and keeps the answer in the store details
   * ({@value #READ_PLAN_DETAIL}); a collection scan is one warning line on the run's log, once a run.
   */
  AccessPlan checkReadPlan() {
    AccessPlan plan = AccessPlan.explain(recentQuery(sampleSubject(), PLAN_LIMIT));
    run.detail(READ_PLAN_DETAIL, run.settings().mask(plan.describe()));
    if (plan.kind() == AccessPlan.Kind.COLLECTION_SCAN) {
      run.warnOnce("mongodb: warning: the FHIR reads (newest observations of a subject) will scan the whole"
          + " collection " + events.getNamespace().getCollectionName() + ": explain shows no use of the index "
          + INDEX);
    }
    return plan;
  }

  /** A stored observation's subject, for a plan the server costs with real values; else a made-up one. */
  private String sampleSubject() {
    try {
      Document d = events.find().projection(Projections.include(SUBJECT)).limit(1).first();
      if (d != null && d.get(SUBJECT) instanceof String subject) {
        return subject;
      }
    } catch (RuntimeException e) {
      // the explain below fails as well, and says so
    }
    return "sciycsb-plan-check";
  }

  @Override
  public Status recentEvents(String subjectId, int limit, List<String> out) {
    try (MongoCursor<Document> c = recentQuery(subjectId, limit).iterator()) {
      while (c.hasNext()) {
        Document r = c.next().get(RESOURCE, Document.class);
        if (r != null) {
          out.add(r.toJson());
        }
      }
      return Status.OK;
    } catch (RuntimeException e) {
      run.logError("recent observations", e);
      return MongoDbClient.status(e);
    }
  }

  private com.mongodb.reactivestreams.client.MongoCollection<Document> rsubjects() {
    if (rsubjects == null) {
      rsubjects = run.reactiveCollection(run.timelineSchema().subjects());
    }
    return rsubjects;
  }

  private com.mongodb.reactivestreams.client.MongoCollection<Document> revents() {
    if (revents == null) {
      revents = run.reactiveCollection(run.timelineSchema().events());
    }
    return revents;
  }

  @Override
  public CompletionStage<Status> putSubjectAsync(String subjectId, String json) {
    return run.guarded("insert patient", () -> Mono.from(rsubjects().insertOne(subjectDoc(subjectId, json))).toFuture()
        .thenApply(r -> Status.OK));
  }

  @Override
  public CompletionStage<Status> putEventAsync(String subjectId, long timeMillis, String eventId, String json) {
    Document doc;
    try {
      doc = eventDoc(subjectId, timeMillis, eventId, json);
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(Status.BAD_REQUEST); // as putEvent
    }
    return run.guarded("insert observation", () -> Mono.from(revents().insertOne(doc)).toFuture()
        .thenApply(r -> Status.OK));
  }

  @Override
  public CompletionStage<Status> recentEventsAsync(String subjectId, int limit, List<String> out) {
    // the batch size bounded by the limit: without it the reactive driver asks for 2^31-1 documents a batch, and
    // FerretDB 1.24 sizes its reply buffer by that (gigabytes per read, until the kernel kills it)
    return run.guarded("recent observations", () -> Flux.from(revents().find(eq(SUBJECT, subjectId)).sort(RECENT_SORT)
        .limit(limit).batchSize(Math.max(1, Math.min(limit, 1000))).projection(RESOURCE_ONLY)).collectList().toFuture().thenApply(docs -> {
          for (Document d : docs) {
            Document r = d.get(RESOURCE, Document.class);
            if (r != null) {
              out.add(r.toJson());
            }
          }
          return Status.OK;
        }));
  }

  @Override
  public Status flush() {
    return batch.flush();
  }

  /** Writes one batch of events; OK when every one was written. */
  private Status write(List<Document> docs) {
    try {
      events.insertMany(docs, new InsertManyOptions().ordered(false));
      return Status.OK;
    } catch (MongoBulkWriteException e) {
      run.batchFailed("insert observation", e.getWriteErrors().size(), e.getMessage(), e);
      return Status.ERROR;
    } catch (RuntimeException e) {
      run.batchFailed("insert observation", docs.size(), String.valueOf(e.getMessage()), e);
      return MongoDbClient.status(e);
    }
  }

  @Override
  public long countEvents() throws BenchmarkException {
    try {
      return events.countDocuments();
    } catch (MongoException e) {
      throw new BindingException("mongodb: cannot count the observations: "
          + MongoDbBinding.firstLine(run.settings().mask(e.getMessage())), e);
    }
  }

  @Override
  public void close() {
    flush();
  }
}
