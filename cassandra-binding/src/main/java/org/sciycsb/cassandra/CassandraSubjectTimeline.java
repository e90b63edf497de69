package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.sciycsb.api.BatchBuffer;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.access.AsyncSubjectTimeline;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.Status;

/**
 * The {@link SubjectTimeline} access path (FHIR patients and observations) in Cassandra: one partition per
 * subject, its events clustered newest first, so "the n newest events of one subject" reads the head of one
 * partition. The query columns sit beside the resource's JSON:
 *
 * <pre>
 * CREATE TABLE subjects (id text PRIMARY KEY, doc text)
 * CREATE TABLE events (subject text, effective timestamp, id text, doc text,
 *     PRIMARY KEY ((subject), effective, id)) WITH CLUSTERING ORDER BY (effective DESC, id ASC)
 * SELECT doc FROM events WHERE subject = ? LIMIT ?
 * </pre>
 *
 * <p>Partition keys are the workload's hashed patient ids; Murmur3 spreads them over the ring anyway, so no node
 * takes every new write (seed 003's monotonic-key pitfall is MongoDB range sharding's, not Cassandra's). {@code id}
 * in the clustering key keeps two events of the same millisecond apart.
 *
 * <p>Batching: consecutive events of the same subject are buffered and written as one UNLOGGED batch, which
 * Cassandra applies as a single partition mutation (up to {@value #MAX_BATCH} events); a batch is never spread
 * over partitions. The batch is written when an event of another subject arrives (its cost lands on that event's
 * measured insert), when it is full, and by {@link #flush} and {@link #close}. Reads use the run's read
 * consistency, writes its write consistency ({@code cassandra.consistency} preset).
 *
 * <p>The non-blocking calls ({@link AsyncSubjectTimeline}, for {@code -p inflight=N}) send each event on its own
 * (no batch: operations in flight are independent) through {@code executeAsync}; the blocking put of a subject and
 * read of a timeline await the same calls.
 */
final class CassandraSubjectTimeline implements SubjectTimeline, AsyncSubjectTimeline {
  static final int MAX_BATCH = 100;

  private final CassandraRun run;
  private final CqlSession session;
  /** Consecutive events of one subject, written as one batch. */
  private final BatchBuffer<BoundStatement> pending = new BatchBuffer<>(MAX_BATCH, (subject, todo) -> write(todo));

  CassandraSubjectTimeline(CassandraRun run) {
    this.run = run;
    this.session = run.session();
  }

  private static void checkName(String name) throws ConfigException {
    if (!name.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
      throw new ConfigException("bad Cassandra table name '" + name + "': letters, digits and _ only");
    }
  }

  @Override
  public void prepare(Schema s) throws BenchmarkException {
    checkName(s.subjects());
    checkName(s.events());
    String ks = run.settings().schema().keyspace();
    try {
      session.execute(SimpleStatement.newInstance("CREATE TABLE IF NOT EXISTS " + ks + "." + s.subjects()
          + " (id text PRIMARY KEY, doc text)").setTimeout(CassandraSchema.DDL_TIMEOUT));
      session.execute(SimpleStatement.newInstance("CREATE TABLE IF NOT EXISTS " + ks + "." + s.events()
          + " (subject text, effective timestamp, id text, doc text, PRIMARY KEY ((subject), effective, id))"
          + " WITH CLUSTERING ORDER BY (effective DESC, id ASC)").setTimeout(CassandraSchema.DDL_TIMEOUT));
    } catch (DriverException e) {
      throw new BindingException("cassandra: cannot create the tables " + ks + "." + s.subjects() + " and "
          + ks + "." + s.events() + ": " + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
    run.timelineSchema(s);
  }

  private CassandraRun.TimelineStatements statements() {
    return run.timelineStatements();
  }

  @Override
  public Status putSubject(String subjectId, String json) {
    return CassandraDb.await(putSubjectAsync(subjectId, json));
  }

  @Override
  public CompletionStage<Status> putSubjectAsync(String subjectId, String json) {
    return run.failures().guarded("fhir put subject", () -> session.executeAsync(
        run.statements().forWrite(statements().putSubject().bind(subjectId, json))).thenApply(rs -> Status.OK));
  }

  @Override
  public CompletionStage<Status> putEventAsync(String subjectId, long timeMillis, String eventId, String json) {
    return run.failures().guarded("fhir put event", () -> session.executeAsync(run.statements().forWrite(
        statements().putEvent().bind(subjectId, Instant.ofEpochMilli(timeMillis), eventId, json)))
        .thenApply(rs -> Status.OK));
  }

  @Override
  public Status putEvent(String subjectId, long timeMillis, String eventId, String json) {
    BoundStatement b;
    try {
      b = statements().putEvent().bind(subjectId, Instant.ofEpochMilli(timeMillis), eventId, json);
    } catch (RuntimeException e) {
      return run.failures().failure("fhir put event", e);
    }
    return pending.add(subjectId, b);
  }

  @Override
  public Status recentEvents(String subjectId, int limit, List<String> out) {
    return CassandraDb.await(recentEventsAsync(subjectId, limit, out));
  }

  @Override
  public CompletionStage<Status> recentEventsAsync(String subjectId, int limit, List<String> out) {
    return run.failures().guarded("fhir recent events", () -> session.executeAsync(
        run.statements().forRead(statements().recent().bind(subjectId, limit))).thenCompose(rs -> docs(rs, out)));
  }

  /** Appends the {@code doc} of every row, page after page. */
  private static CompletionStage<Status> docs(AsyncResultSet rs, List<String> out) {
    for (Row row : rs.currentPage()) {
      out.add(row.getString(0));
    }
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> docs(next, out))
        : CompletableFuture.completedFuture(Status.OK);
  }

  @Override
  public Status flush() {
    return pending.flush();
  }

  /** Writes one subject's buffered events: one statement, or an unlogged batch of them. */
  private Status write(List<BoundStatement> todo) {
    try {
      if (todo.size() == 1) {
        session.execute(run.statements().forWrite(todo.get(0)));
      } else {
        BatchStatementBuilder bb = BatchStatement.builder(BatchType.UNLOGGED);
        for (BoundStatement b : todo) {
          bb.addStatement(b);
        }
        session.execute(run.statements().forWrite(bb.build()));
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return run.failures().failure("fhir put events", " (batch of " + todo.size() + ")", e);
    }
  }

  @Override
  public long countEvents() throws BenchmarkException {
    Schema s = run.timelineSchema();
    return s == null ? -1 : run.count(s.events()).orElse(-1);
  }

  @Override
  public void close() {
    flush();
  }

  /** Prepares the statements once per run. */
  static CassandraRun.TimelineStatements prepareStatements(CqlSession session, String ks, Schema s) {
    PreparedStatement putSubject = session.prepare("INSERT INTO " + ks + "." + s.subjects()
        + " (id, doc) VALUES (?, ?)");
    PreparedStatement putEvent = session.prepare("INSERT INTO " + ks + "." + s.events()
        + " (subject, effective, id, doc) VALUES (?, ?, ?, ?)");
    PreparedStatement recent = session.prepare("SELECT doc FROM " + ks + "." + s.events()
        + " WHERE subject = ? LIMIT ?");
    return new CassandraRun.TimelineStatements(putSubject, putEvent, recent);
  }
}
