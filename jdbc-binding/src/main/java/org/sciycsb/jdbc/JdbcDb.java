package org.sciycsb.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One client thread's view of a JDBC store: its own connection and its own cache of prepared statements, one per
 * (operation, table, field set). Never throws from a CRUD method: every {@link SQLException} becomes
 * {@link Status#ERROR}, a missing key {@link Status#NOT_FOUND}, a field name that is not a plain SQL identifier
 * {@link Status#BAD_REQUEST}.
 */
public final class JdbcDb extends DB {
  private enum Kind { READ, SCAN, UPDATE, INSERT, DELETE }

  /** A cache key: operation, table and the field set (null for "all fields"). */
  private record Key(Kind kind, String table, Set<String> fields) {}

  /** A prepared statement with the field order its parameters or columns follow. */
  private static final class Prepared {
    final PreparedStatement statement;
    final List<String> fields;
    /** For "all fields" reads: the field name of each result column, null for the key column. */
    String[] resultNames;

    Prepared(PreparedStatement statement, List<String> fields) {
      this.statement = statement;
      this.fields = fields;
    }
  }

  private final JdbcRun run;
  private final JdbcSettings settings;
  private final int threadId;
  private volatile Connection connection;
  private final Map<Key, Prepared> cache = new HashMap<>();
  private final Set<PreparedStatement> pendingBatches = new LinkedHashSet<>();
  private int pendingRows;
  private int uncommittedInserts;
  private String lastError = "";
  /** Set by cleanup() or the run's close(): no reconnecting after that. */
  private volatile boolean closed;
  /** After a lost connection, when the next reconnect may be tried. */
  private long nextReconnect;

  /** Statements kept per connection; past this the cache starts again (only odd workloads get there). */
  static final int MAX_CACHED_STATEMENTS = 256;
  private static final long RECONNECT_PAUSE_NANOS = 1_000_000_000L;

  JdbcDb(JdbcRun run, Connection connection, int threadId) {
    this.run = run;
    this.settings = run.settings();
    this.connection = connection;
    this.threadId = threadId;
  }

  public int threadId() {
    return threadId;
  }

  @Override
  public void init() throws DBException {
    if (connection == null) {
      try {
        connection = run.connect();
      } catch (Exception e) {
        throw new DBException(e.getMessage(), e);
      }
    }
  }

  /** Flushes the last partial batch, commits what is left, closes the statements and the connection. */
  @Override
  public void cleanup() throws DBException {
    String failure = null;
    try {
      if (connection != null) {
        if (!pendingBatches.isEmpty()) {
          Status s = flush();
          if (!s.isOk()) {
            failure = "jdbc: thread " + threadId + " could not write its last batch: " + lastError;
          }
        }
        if (!settings.writes().autoCommit() && failure == null) {
          try {
            connection.commit();
            uncommittedInserts = 0;
          } catch (SQLException e) {
            failure = "jdbc: thread " + threadId + " could not commit: " + settings.connection().reason(e);
          }
        }
      }
    } finally {
      closeConnection();
      run.closed(this);
    }
    if (failure != null) {
      throw new DBException(failure);
    }
  }

  /** Closes the statements and the connection without flushing; no reconnecting after this. */
  private void closeConnection() {
    closed = true;
    dropConnection();
  }

  /**
   * From the run's close, for a thread that did not clean up: closes the connection only (the thread may still be
   * inside an operation, which then ends with an error status), never the thread's own statement cache.
   */
  void closeFromRun() {
    closed = true;
    Connection c = connection;
    if (c != null) {
      JdbcRun.closeQuietly(c);
    }
  }

  /** Closes the statements and the connection; a later operation may connect again unless closed. */
  private void dropConnection() {
    for (Prepared p : cache.values()) {
      JdbcRun.closeQuietly(p.statement);
    }
    cache.clear();
    pendingBatches.clear();
    pendingRows = 0;
    uncommittedInserts = 0;
    if (connection != null) {
      if (!settings.writes().autoCommit()) {
        try {
          connection.rollback();
        } catch (SQLException e) {
          // closing anyway
        }
      }
      JdbcRun.closeQuietly(connection);
      connection = null;
    }
  }

  /**
   * The status of a failed operation: {@link Status#SERVICE_UNAVAILABLE} when the connection is lost (it is then
   * dropped, and the next operation connects again), {@link Status#ERROR} otherwise.
   */
  private Status error(String op, Exception e) {
    lastError = settings.connection().reason(e);
    run.failed(op, e);
    if (connectionLost(e)) {
      dropConnection();
      nextReconnect = System.nanoTime();
      return Status.SERVICE_UNAVAILABLE;
    }
    if (!settings.writes().autoCommit()) {
      try {
        connection.rollback();
      } catch (SQLException ignored) {
        // the connection is likely gone; the next operation reports it
      }
    }
    return Status.ERROR;
  }

  private boolean connectionLost(Exception ex) {
    String state = ex instanceof SQLException && ((SQLException) ex).getSQLState() != null
        ? ((SQLException) ex).getSQLState() : "";
    if (state.startsWith("08") || state.startsWith("57P")) {
      return true;
    }
    try {
      return connection == null || connection.isClosed();
    } catch (SQLException x) {
      return true;
    }
  }


  // ------------------------------------------------------------------------------------------------ statements

  private Prepared prepared(Kind kind, String table, Collection<String> fieldSet) throws SQLException {
    Key probe = new Key(kind, table, fieldSet == null ? null : asSet(fieldSet));
    Prepared p = cache.get(probe);
    if (p != null) {
      return p;
    }
    List<String> fields = fieldSet == null ? null : new ArrayList<>(new java.util.TreeSet<>(fieldSet));
    String sql;
    switch (kind) {
      case READ: sql = Sql.read(table, fields); break;
      case SCAN: sql = Sql.scan(table, fields); break;
      case UPDATE: sql = Sql.update(table, fields); break;
      case INSERT: sql = Sql.insert(table, fields); break;
      default: sql = Sql.delete(table); break;
    }
    if (cache.size() >= MAX_CACHED_STATEMENTS && pendingBatches.isEmpty()) {
      for (Prepared old : cache.values()) {
        JdbcRun.closeQuietly(old.statement);
      }
      cache.clear();
    }
    PreparedStatement st = connection.prepareStatement(sql);
    if (kind == Kind.SCAN && settings.fetchSize() > 0) {
      st.setFetchSize(settings.fetchSize());
    }
    p = new Prepared(st, fields);
    cache.put(new Key(kind, table, probe.fields() == null ? null : Set.copyOf(probe.fields())), p);
    return p;
  }

  private static Set<String> asSet(Collection<String> c) {
    return c instanceof Set ? (Set<String>) c : new java.util.HashSet<>(c);
  }

  /** True when the table and every field name can go into SQL text unquoted. */
  private static boolean safe(String table, Collection<String> fields) {
    if (!Sql.isTableName(table)) {
      return false;
    }
    if (fields != null) {
      for (String f : fields) {
        if (!Sql.isIdentifier(f)) {
          return false;
        }
      }
    }
    return true;
  }

  /** True when there is a connection; after a lost one, connects again (at most once a second). */
  private boolean connected() {
    if (connection != null) {
      return true;
    }
    if (closed) {
      return false;
    }
    long now = System.nanoTime();
    if (now - nextReconnect < 0) {
      return false;
    }
    try {
      connection = run.connect();
      return true;
    } catch (Exception e) {
      lastError = e.getMessage();
      nextReconnect = now + RECONNECT_PAUSE_NANOS;
      return false;
    }
  }


  // ------------------------------------------------------------------------------------------------ CRUD

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (!connected()) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (!safe(table, fields)) {
      return Status.BAD_REQUEST;
    }
    try {
      Prepared p = prepared(Kind.READ, table, fields == null || fields.isEmpty() ? null : fields);
      p.statement.setString(1, key);
      try (ResultSet rs = p.statement.executeQuery()) {
        if (!rs.next()) {
          return Status.NOT_FOUND;
        }
        copyRow(p, rs, result);
      }
      return Status.OK;
    } catch (SQLException | RuntimeException e) {
      return error("read", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (!connected()) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (!safe(table, fields)) {
      return Status.BAD_REQUEST;
    }
    try {
      Prepared p = prepared(Kind.SCAN, table, fields == null || fields.isEmpty() ? null : fields);
      p.statement.setString(1, startkey);
      p.statement.setInt(2, Math.max(0, recordcount));
      try (ResultSet rs = p.statement.executeQuery()) {
        while (rs.next()) {
          HashMap<String, ByteIterator> row = new HashMap<>();
          copyRow(p, rs, row);
          result.add(row);
        }
      }
      return Status.OK;
    } catch (SQLException | RuntimeException e) {
      return error("scan", e);
    }
  }

  /** Copies the non-null value columns of the current row; column 1 is always the key. */
  private void copyRow(Prepared p, ResultSet rs, Map<String, ByteIterator> out) throws SQLException {
    if (p.fields != null) {
      for (int i = 0; i < p.fields.size(); i++) {
        String v = rs.getString(i + 2);
        if (v != null) {
          out.put(p.fields.get(i), new StringByteIterator(v));
        }
      }
      return;
    }
    if (p.resultNames == null) {
      ResultSetMetaData md = rs.getMetaData();
      String[] names = new String[md.getColumnCount()];
      for (int i = 0; i < names.length; i++) {
        String label = md.getColumnLabel(i + 1);
        names[i] = Sql.KEY.equalsIgnoreCase(label) ? null : run.fieldName(label);
      }
      p.resultNames = names;
    }
    for (int i = 0; i < p.resultNames.length; i++) {
      if (p.resultNames[i] != null) {
        String v = rs.getString(i + 1);
        if (v != null) {
          out.put(p.resultNames[i], new StringByteIterator(v));
        }
      }
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    if (!connected()) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (values.isEmpty()) {
      return read(table, key, Set.of(), new HashMap<>());
    }
    if (!safe(table, values.keySet())) {
      return Status.BAD_REQUEST;
    }
    try {
      Prepared p = prepared(Kind.UPDATE, table, values.keySet());
      int i = 1;
      for (String f : p.fields) {
        p.statement.setString(i++, values.get(f).toString());
      }
      p.statement.setString(i, key);
      int n = p.statement.executeUpdate();
      commitWrite();
      return n > 0 ? Status.OK : Status.NOT_FOUND;
    } catch (SQLException | RuntimeException e) {
      return error("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (!connected()) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (!safe(table, values.keySet())) {
      return Status.BAD_REQUEST;
    }
    try {
      Prepared p = prepared(Kind.INSERT, table, values.keySet());
      p.statement.setString(1, key);
      int i = 2;
      for (String f : p.fields) {
        p.statement.setString(i++, values.get(f).toString());
      }
      if (settings.writes().batching()) {
        p.statement.addBatch();
        pendingBatches.add(p.statement);
        if (++pendingRows >= settings.writes().batchSize()) {
          return flush();
        }
        return Status.BATCHED_OK;
      }
      p.statement.executeUpdate();
      if (settings.writes().groupCommits()) {
        if (++uncommittedInserts >= settings.writes().batchSize()) {
          connection.commit();
          uncommittedInserts = 0;
        }
      } else {
        commitWrite();
      }
      return Status.OK;
    } catch (SQLException | RuntimeException e) {
      return error("insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    if (!connected()) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (!Sql.isTableName(table)) {
      return Status.BAD_REQUEST;
    }
    try {
      Prepared p = prepared(Kind.DELETE, table, null);
      p.statement.setString(1, key);
      int n = p.statement.executeUpdate();
      commitWrite();
      return n > 0 ? Status.OK : Status.NOT_FOUND;
    } catch (SQLException | RuntimeException e) {
      return error("delete", e);
    }
  }

  private void commitWrite() throws SQLException {
    if (!settings.writes().autoCommit()) {
      connection.commit();
    }
  }

  /** Sends every pending batch (and commits it when auto-commit is off). */
  private Status flush() {
    try {
      for (PreparedStatement st : pendingBatches) {
        int[] counts = st.executeBatch();
        for (int c : counts) {
          if (c != 1 && c != java.sql.Statement.SUCCESS_NO_INFO) {
            lastError = "a batched insert reported " + c + " rows";
            clearBatches();
            return Status.ERROR;
          }
        }
      }
      commitWrite();
      pendingBatches.clear();
      pendingRows = 0;
      return Status.OK;
    } catch (SQLException | RuntimeException e) {
      clearBatches();
      return error("insert", e);
    }
  }

  private void clearBatches() {
    for (PreparedStatement st : pendingBatches) {
      try {
        st.clearBatch();
      } catch (SQLException ignored) {
        // the statement is unusable anyway
      }
    }
    pendingBatches.clear();
    pendingRows = 0;
  }

  /** The message of the last failed operation, masked; for diagnostics. */
  public String lastError() {
    return lastError;
  }
}
