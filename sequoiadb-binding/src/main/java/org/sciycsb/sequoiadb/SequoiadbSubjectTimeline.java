package org.sciycsb.sequoiadb;

import com.sequoiadb.base.DBCollection;
import com.sequoiadb.base.DBCursor;
import com.sequoiadb.base.result.InsertResult;
import com.sequoiadb.exception.BaseException;
import java.util.List;
import org.bson.BSONObject;
import org.bson.BasicBSONObject;
import org.sciycsb.api.BatchBuffer;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.Status;

/**
 * The {@link SubjectTimeline} access path (FHIR patients and observations) on SequoiaDB.
 *
 * <ul>
 *   <li>Subjects: {@code {_id: subjectId, json: "<resource>"}}.</li>
 *   <li>Events: {@code {_id: eventId, subject, time: <epoch ms>, json: "<resource>"}} with the index
 *       {@code subject_time} on {@code {subject: 1, time: -1}}: "the n newest of one subject" is a query on
 *       {@code subject} ordered by {@code time} descending with the index as hint and n as the return count, one
 *       index range read. The JSON is kept as text and reads back exactly as written.</li>
 *   <li>With {@code sequoiadb.batchsize > 1}, events are buffered per thread and written with one
 *       {@code bulkInsert}; {@link #flush} and {@link #close} write the rest.</li>
 * </ul>
 */
final class SequoiadbSubjectTimeline implements SubjectTimeline {
  static final String SUBJECT = "subject";
  static final String TIME = "time";
  static final String INDEX = "subject_time";
  static final BSONObject NEWEST_FIRST = new BasicBSONObject(TIME, -1);
  static final BSONObject HINT = new BasicBSONObject("", INDEX);
  static final BSONObject JSON_ONLY = new BasicBSONObject(SequoiadbDocumentStore.JSON,
      new BasicBSONObject("$include", 1));

  private final SequoiadbRun run;
  private final int threadId;
  private final int batchSize;
  /** Events buffered with {@code sequoiadb.batchsize > 1}. */
  private final BatchBuffer<BSONObject> batch;
  private boolean closed;

  SequoiadbSubjectTimeline(SequoiadbRun run, int threadId) {
    this.run = run;
    this.threadId = threadId;
    this.batchSize = run.settings().batchSize();
    this.batch = new BatchBuffer<>(Math.max(1, batchSize), (target, docs) -> write(docs));
  }

  private Schema schema() {
    Schema s = run.timelineSchema();
    if (s == null) {
      throw new IllegalStateException("sequoiadb: the FHIR collections are not prepared");
    }
    return s;
  }

  @Override
  public void prepare(Schema s) throws BenchmarkException {
    run.ensureCollection(s.subjects());
    run.ensureCollection(s.events());
    try {
      run.call(db -> {
        DBCollection events = run.collection(db, s.events());
        if (!events.isIndexExist(INDEX)) {
          createIndex(events);
        }
        return null;
      });
    } catch (BaseException e) {
      throw new BindingException("sequoiadb: cannot create the index " + INDEX + " on " + s.events() + ": "
          + SequoiadbErrors.firstLine(run.settings().mask(e.getMessage())), e);
    }
    run.timelineSchema(s);
  }

  private static void createIndex(DBCollection events) {
    try {
      events.createIndex(INDEX, new BasicBSONObject(SUBJECT, 1).append(TIME, -1), false, false);
    } catch (BaseException e) {
      if (e.getErrorCode() != SequoiadbErrors.INDEX_EXISTS) { // another client created it meanwhile
        throw e;
      }
    }
  }

  @Override
  public Status putSubject(String subjectId, String json) {
    BSONObject doc = new BasicBSONObject("_id", subjectId).append(SequoiadbDocumentStore.JSON, json);
    String cl = schema().subjects();
    try {
      run.call(db -> run.collection(db, cl).insertRecord(doc));
      return Status.OK;
    } catch (RuntimeException e) {
      run.logError("insert subject", e);
      return SequoiadbErrors.status(e);
    }
  }

  @Override
  public Status putEvent(String subjectId, long timeMillis, String eventId, String json) {
    BSONObject doc = new BasicBSONObject("_id", eventId).append(SUBJECT, subjectId).append(TIME, timeMillis)
        .append(SequoiadbDocumentStore.JSON, json);
    if (batchSize <= 1) {
      String cl = schema().events();
      try {
        run.call(db -> run.collection(db, cl).insertRecord(doc));
        return Status.OK;
      } catch (RuntimeException e) {
        run.logError("insert event", e);
        return SequoiadbErrors.status(e);
      }
    }
    return batch.add("events", doc);
  }

  @Override
  public Status recentEvents(String subjectId, int limit, List<String> out) {
    String cl = schema().events();
    try {
      run.call(db -> {
        try (DBCursor c = run.collection(db, cl).query(ofSubject(subjectId), JSON_ONLY,
            NEWEST_FIRST, HINT, 0, Math.max(1, limit))) {
          while (c.hasNext()) {
            out.add(String.valueOf(c.getNext().get(SequoiadbDocumentStore.JSON)));
          }
        }
        return null;
      });
      return Status.OK;
    } catch (RuntimeException e) {
      run.logError("recent events", e);
      return SequoiadbErrors.status(e);
    }
  }

  /** The matcher of a subject's events (with {@link #NEWEST_FIRST} and {@link #HINT}: the recent-events query). */
  static BSONObject ofSubject(String subjectId) {
    return new BasicBSONObject(SUBJECT, subjectId);
  }

  @Override
  public Status flush() {
    return batch.flush();
  }

  /** Writes one batch of events; OK when every one was written. */
  private Status write(List<BSONObject> docs) {
    String cl = schema().events();
    try {
      InsertResult r = run.bulkInsert(cl, docs);
      if (r != null && r.getInsertNum() != docs.size()) {
        run.batchFailed("insert event", SequoiadbErrors.PARTLY_INSERTED, docs.size() - r.getInsertNum(), "thread "
            + threadId + ", " + r.getInsertNum() + " of " + docs.size() + " events inserted", null);
        return Status.ERROR;
      }
      return Status.OK;
    } catch (RuntimeException e) {
      run.batchFailed("insert event", SequoiadbErrors.kind(e), docs.size(), "thread " + threadId + ", batch of "
          + docs.size() + " events: " + SequoiadbErrors.firstLine(e.getMessage()), e);
      return SequoiadbErrors.status(e);
    }
  }

  @Override
  public long countEvents() throws BenchmarkException {
    String cl = schema().events();
    try {
      return run.call(db -> run.collection(db, cl).getCount());
    } catch (BaseException e) {
      throw new BindingException("sequoiadb: cannot count " + cl + ": "
          + SequoiadbErrors.firstLine(run.settings().mask(e.getMessage())), e);
    }
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      flush();
    }
  }
}
