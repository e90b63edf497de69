package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.SearchStatus;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.Status;

/**
 * The {@link SubjectTimeline} access path on WiredTiger, as mongod serves it with a compound index: subjects and
 * events are collections ({@link Collection}, BSON of their JSON), and the events' timeline index
 * ({@code table:index-EVENTS-subject_time}) maps (subject, time descending, event id) to the event's record id, so
 * that the newest events of a subject are a {@code search_near} and a few {@code next}s, each followed by a fetch of
 * the document by record id.
 */
final class WiredTigerSubjectTimeline implements SubjectTimeline {
  private final ThreadSession ts;
  private Schema schema;
  private Collection subjects;
  private Collection events;
  private String timelineUri;
  private String timelineConfig;

  WiredTigerSubjectTimeline(ThreadSession ts) {
    this.ts = ts;
  }

  @Override
  public void prepare(Schema s) throws BenchmarkException {
    try {
      use(s);
      ts.run().timelineSchema(s);
      subjects.create();
      events.create();
      timeline();
    } catch (RuntimeException e) {
      throw new BindingException("wiredtiger: cannot create the timeline's collections: " + e.getMessage(), e);
    }
  }

  private void use(Schema s) {
    if (!s.equals(schema)) {
      schema = s;
      subjects = new Collection(ts, s.subjects());
      events = new Collection(ts, s.events());
      timelineUri = "table:index-" + s.events() + "-subject_time";
      timelineConfig = ts.run().settings().indexConfig("SqS");
    }
  }

  /** The schema of a handle that did not prepare: the workload's default names, as the setup handle gave them. */
  private boolean ready() {
    Schema s = ts.run().timelineSchema();
    if (s == null) {
      return schema != null;
    }
    use(s);
    return true;
  }

  private Cursor timeline() {
    return ts.cursor(timelineUri, timelineConfig);
  }

  @Override
  public Status putSubject(String subjectId, String json) {
    return put("subject insert", subjects(), subjectId, json, -1, null);
  }

  private Collection subjects() {
    return ready() ? subjects : null;
  }

  @Override
  public Status putEvent(String subjectId, long timeMillis, String eventId, String json) {
    return put("event insert", ready() ? events : null, eventId, json, timeMillis, subjectId);
  }

  private Status put(String op, Collection c, String id, String json, long time, String subject) {
    if (c == null) {
      ts.run().failed(op, new IllegalStateException("the timeline was not prepared"));
      return Status.ERROR;
    }
    byte[] doc;
    try {
      doc = subject == null ? RecordBson.fromJson(id, json) : RecordBson.event(id, subject, time, json);
    } catch (RuntimeException e) {
      ts.run().failed(op + " (bad JSON, id " + id + ")", e);
      return Status.BAD_REQUEST;
    }
    try {
      long rid = ts.transaction(() -> {
        long r = c.insert(Collection.key(id), doc, ts.run().settings().upsert());
        if (r != Collection.DUPLICATE && subject != null) {
          Cursor t = timeline();
          t.putKeyString(subject).putKeyLong(~time).putKeyString(id);
          t.putValueLong(r);
          t.insert();
        }
        return r;
      });
      if (rid == Collection.DUPLICATE) {
        ts.run().duplicate(op, subject == null ? schema.subjects() : schema.events(), id);
        return Status.ERROR;
      }
      return Status.OK;
    } catch (Exception e) {
      ts.run().failed(op, e);
      return Status.ERROR;
    }
  }

  @Override
  public Status recentEvents(String subjectId, int limit, List<String> out) {
    if (!ready()) {
      ts.run().failed("recent events", new IllegalStateException("the timeline was not prepared"));
      return Status.ERROR;
    }
    try {
      out.addAll(ts.transaction(() -> newest(subjectId, limit)));
      return Status.OK;
    } catch (Exception e) {
      ts.run().failed("recent events", e);
      return Status.ERROR;
    }
  }

  private List<String> newest(String subject, int limit) {
    Cursor t = timeline();
    t.putKeyString(subject).putKeyLong(Long.MIN_VALUE).putKeyString("");
    SearchStatus near = t.search_near();
    boolean on = near == SearchStatus.FOUND || near == SearchStatus.LARGER
        || (near == SearchStatus.SMALLER && t.next() == 0);
    List<Long> ids = new ArrayList<>(limit);
    while (on && ids.size() < limit) {
      if (!subject.equals(t.getKeyString())) {
        break;
      }
      ids.add(t.getValueLong());
      on = t.next() == 0;
    }
    t.reset();
    List<String> docs = new ArrayList<>(ids.size());
    for (long rid : ids) {
      byte[] d = events.document(rid);
      if (d != null) {
        docs.add(RecordBson.resourceJson(d));
      }
    }
    return docs;
  }

  @Override
  public long countEvents() throws BenchmarkException {
    return ready() ? ts.run().count(schema.events()).orElse(-1) : -1;
  }

  @Override
  public void close() {
    ts.close();
  }
}
