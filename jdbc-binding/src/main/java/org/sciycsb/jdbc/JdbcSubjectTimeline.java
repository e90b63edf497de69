package org.sciycsb.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.Status;

/**
 * The {@link SubjectTimeline} access path (FHIR patients and observations) in SQL: two tables, the JSON stored as
 * text as an EHR stores the resources, and an index on {@code (subject, effective DESC)} so that "the n newest
 * events of one subject" is an index range scan:
 *
 * <pre>
 * subjects(id VARCHAR(64) PRIMARY KEY, doc TEXT)
 * events(id VARCHAR(128) PRIMARY KEY, subject VARCHAR(64) NOT NULL, effective BIGINT NOT NULL, doc TEXT)
 * CREATE INDEX events_subject_time ON events (subject, effective DESC)
 * SELECT doc FROM events WHERE subject = ? ORDER BY effective DESC LIMIT ?
 * </pre>
 *
 * <p>One connection per handle (so per client thread), with the run's auto-commit setting; with
 * {@code db.batchsize > 1} event inserts go through addBatch/executeBatch and {@link #flush}/{@link #close} write
 * the last partial batch. {@code jdbc.droptable=true} drops both tables before a load. Keys are the workload's (hashed patient ids), never an auto-increment.
 */
final class JdbcSubjectTimeline implements SubjectTimeline {
  private final JdbcRun run;
  private final JdbcSettings settings;
  private final int threadId;
  private final Connection connection;
  private Schema schema;
  private PreparedStatement putSubject;
  private PreparedStatement putEvent;
  private PreparedStatement recent;
  private int pending;
  private String lastError;

  JdbcSubjectTimeline(JdbcRun run, int threadId) throws BindingException {
    this.run = run;
    this.settings = run.settings();
    this.threadId = threadId;
    this.connection = run.connect();
    this.schema = run.timelineSchema();
  }

  /** The text column type for JSON documents. */
  static String textType(Dialect d) {
    switch (d) {
      case H2:
        return "CLOB";
      case MARIADB:
        return "MEDIUMTEXT";
      default:
        return "TEXT";
    }
  }

  private static void checkName(String name) throws ConfigException {
    if (!Sql.isTableName(name)) {
      throw new ConfigException("bad table name '" + name + "': not a plain SQL identifier");
    }
  }

  private static String indexName(String table) {
    String t = table.contains(".") ? table.substring(table.indexOf('.') + 1) : table;
    return t + "_subject_time";
  }

  @Override
  public void prepare(Schema s) throws BenchmarkException {
    checkName(s.subjects());
    checkName(s.events());
    String text = textType(run.dialect());
    try (Statement st = connection.createStatement()) {
      if (settings.table().drop() && run.phase() == org.sciycsb.api.Phase.LOAD) {
        st.execute("DROP TABLE IF EXISTS " + s.events());
        st.execute("DROP TABLE IF EXISTS " + s.subjects());
      }
      st.execute("CREATE TABLE IF NOT EXISTS " + s.subjects() + " (id VARCHAR(64) NOT NULL PRIMARY KEY, doc "
          + text + " NOT NULL)");
      st.execute("CREATE TABLE IF NOT EXISTS " + s.events() + " (id VARCHAR(128) NOT NULL PRIMARY KEY,"
          + " subject VARCHAR(64) NOT NULL, effective BIGINT NOT NULL, doc " + text + " NOT NULL)");
      st.execute("CREATE INDEX IF NOT EXISTS " + indexName(s.events()) + " ON " + s.events()
          + " (subject, effective DESC)");
      if (!connection.getAutoCommit()) {
        connection.commit();
      }
    } catch (SQLException e) {
      throw new BindingException("jdbc: cannot create the tables " + s.subjects() + " and " + s.events() + " at "
          + settings.connection().maskedUrl() + ": " + settings.connection().reason(e), e);
    }
    this.schema = s;
    run.timelineSchema(s);
  }

  private void statements() throws SQLException {
    if (recent == null) {
      if (schema == null) {
        throw new SQLException("the workload did not give the schema");
      }
      putSubject = connection.prepareStatement("INSERT INTO " + schema.subjects() + " (id, doc) VALUES (?, ?)");
      putEvent = connection.prepareStatement("INSERT INTO " + schema.events()
          + " (id, subject, effective, doc) VALUES (?, ?, ?, ?)");
      recent = connection.prepareStatement("SELECT doc FROM " + schema.events()
          + " WHERE subject = ? ORDER BY effective DESC LIMIT ?");
    }
  }

  @Override
  public Status putSubject(String subjectId, String json) {
    try {
      statements();
      putSubject.setString(1, subjectId);
      putSubject.setString(2, json);
      putSubject.executeUpdate();
      commit();
      return Status.OK;
    } catch (SQLException e) {
      return failed("put subject", e);
    }
  }

  @Override
  public Status putEvent(String subjectId, long timeMillis, String eventId, String json) {
    try {
      statements();
      putEvent.setString(1, eventId);
      putEvent.setString(2, subjectId);
      putEvent.setLong(3, timeMillis);
      putEvent.setString(4, json);
      if (settings.writes().batching()) {
        putEvent.addBatch();
        if (++pending >= settings.writes().batchSize()) {
          return flush();
        }
        return Status.BATCHED_OK;
      }
      putEvent.executeUpdate();
      commit();
      return Status.OK;
    } catch (SQLException e) {
      pending = 0;
      return failed("put event", e);
    }
  }

  @Override
  public Status recentEvents(String subjectId, int limit, List<String> out) {
    try {
      statements();
      recent.setString(1, subjectId);
      recent.setInt(2, limit);
      try (ResultSet rs = recent.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
      if (!settings.writes().autoCommit()) {
        connection.commit();
      }
      return Status.OK;
    } catch (SQLException e) {
      return failed("recent events", e);
    }
  }

  @Override
  public Status flush() {
    if (pending == 0) {
      return Status.OK;
    }
    try {
      int[] counts = putEvent.executeBatch();
      pending = 0;
      commit();
      for (int c : counts) {
        if (c == Statement.EXECUTE_FAILED) {
          lastError = "a batched insert failed";
          return Status.ERROR;
        }
      }
      return Status.OK;
    } catch (SQLException e) {
      pending = 0;
      return failed("put event", e);
    }
  }

  @Override
  public long countEvents() throws BenchmarkException {
    try (Statement st = connection.createStatement();
        ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + schema.events())) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new BindingException("jdbc: cannot count the rows of " + schema.events() + ": "
          + settings.connection().reason(e), e);
    }
  }

  private void commit() throws SQLException {
    if (!settings.writes().autoCommit()) {
      connection.commit();
    }
  }

  private Status failed(String op, SQLException e) {
    lastError = settings.connection().reason(e);
    run.failed(op, e);
    try {
      if (!settings.writes().autoCommit()) {
        connection.rollback();
      }
    } catch (SQLException ignored) {
      // the failure is already reported
    }
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    return state.startsWith("08") ? Status.SERVICE_UNAVAILABLE : Status.ERROR;
  }

  /** The last failure's message, for logs. */
  String lastError() {
    return lastError;
  }

  @Override
  public void close() {
    flush();
    JdbcRun.closeQuietly(putSubject);
    JdbcRun.closeQuietly(putEvent);
    JdbcRun.closeQuietly(recent);
    JdbcRun.closeQuietly(connection);
  }

  @Override
  public String toString() {
    return "jdbc timeline, thread " + threadId;
  }
}
