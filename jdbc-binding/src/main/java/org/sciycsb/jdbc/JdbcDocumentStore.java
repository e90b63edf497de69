package org.sciycsb.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The {@link DocumentStore} access path on SQL: one table per collection, {@code (id VARCHAR(64) PRIMARY KEY,
 * doc TEXT)} (H2: {@code VARCHAR(1000000)}, MariaDB: {@code MEDIUMTEXT}), the document's JSON stored as text.
 * Each handle has its own connection. With {@code db.batchsize > 1} (and the batch API) inserts are grouped per
 * table with {@code addBatch}/{@code executeBatch}: a buffered insert returns {@link Status#BATCHED_OK}, the insert
 * that fills a batch the outcome of the batch; {@link #flush} and {@link #close} send the rest. With auto-commit
 * off, every write or batch is committed.
 */
final class JdbcDocumentStore implements DocumentStore {
  static final String ID = "id";
  static final String DOC = "doc";

  private final JdbcRun run;
  private final JdbcSettings settings;
  private final Connection connection;
  private final boolean batching;
  private final int batchSize;
  private final Map<String, PreparedStatement> inserts = new HashMap<>();
  private final Map<String, PreparedStatement> reads = new HashMap<>();
  private final Map<String, Integer> pending = new LinkedHashMap<>();
  private boolean closed;

  JdbcDocumentStore(JdbcRun run, Connection connection) {
    this.run = run;
    this.settings = run.settings();
    this.connection = connection;
    this.batching = settings.writes().batching();
    this.batchSize = settings.writes().batchSize();
  }

  static String createTable(String table, Dialect dialect) {
    return "CREATE TABLE IF NOT EXISTS " + table + " (" + ID + " VARCHAR(64) PRIMARY KEY, " + DOC + " "
        + dialect.valueType(1_000_000, 1) + ")";
  }

  private static void checkName(String table) throws ConfigException {
    if (!Sql.isTableName(table)) {
      throw new ConfigException("bad collection name '" + table + "': not a plain SQL identifier");
    }
  }

  @Override
  public void prepare(List<String> collections) throws BenchmarkException {
    for (String c : collections) {
      checkName(c);
      try (Statement st = connection.createStatement()) {
        st.execute(createTable(c, run.dialect()));
        commit();
      } catch (SQLException e) {
        // another client may have created it at the same moment: fine if it is there now
        if (!exists(c)) {
          throw new BindingException("jdbc: cannot create table " + c + " at "
              + settings.connection().maskedUrl() + ": "
              + settings.connection().reason(e), e);
        }
      }
    }
  }

  private boolean exists(String table) {
    try (Statement st = connection.createStatement();
        ResultSet rs = st.executeQuery("SELECT " + ID + ", " + DOC + " FROM " + table + " WHERE 1 = 0")) {
      return rs != null;
    } catch (SQLException e) {
      rollbackQuietly();
      return false;
    }
  }

  private PreparedStatement insertStatement(String table) throws SQLException {
    PreparedStatement ps = inserts.get(table);
    if (ps == null) {
      if (!Sql.isTableName(table)) {
        throw new SQLException("bad collection name '" + table + "'");
      }
      ps = connection.prepareStatement("INSERT INTO " + table + " (" + ID + ", " + DOC + ") VALUES (?, ?)");
      inserts.put(table, ps);
    }
    return ps;
  }

  private PreparedStatement readStatement(String table) throws SQLException {
    PreparedStatement ps = reads.get(table);
    if (ps == null) {
      if (!Sql.isTableName(table)) {
        throw new SQLException("bad collection name '" + table + "'");
      }
      ps = connection.prepareStatement("SELECT " + DOC + " FROM " + table + " WHERE " + ID + " = ?");
      reads.put(table, ps);
    }
    return ps;
  }

  @Override
  public Status insert(String collection, String id, String json) {
    try {
      PreparedStatement ps = insertStatement(collection);
      ps.setString(1, id);
      ps.setString(2, json);
      if (!batching) {
        ps.executeUpdate();
        commit();
        return Status.OK;
      }
      ps.addBatch();
      int n = pending.merge(collection, 1, Integer::sum);
      if (n < batchSize) {
        return Status.BATCHED_OK;
      }
      return send(collection, ps);
    } catch (SQLException | RuntimeException e) {
      return error("document insert", e);
    }
  }

  /** Executes one table's batch. */
  private Status send(String table, PreparedStatement ps) {
    pending.remove(table);
    try {
      int[] counts = ps.executeBatch();
      commit();
      for (int c : counts) {
        if (c != 1 && c != Statement.SUCCESS_NO_INFO) {
          return Status.ERROR;
        }
      }
      return Status.OK;
    } catch (SQLException | RuntimeException e) {
      try {
        ps.clearBatch();
      } catch (SQLException ignored) {
        // unusable anyway
      }
      return error("document insert", e);
    }
  }

  @Override
  public Result read(String collection, String id) {
    try {
      PreparedStatement ps = readStatement(collection);
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return new Result(Status.NOT_FOUND, null);
        }
        return new Result(Status.OK, rs.getString(1));
      } finally {
        if (!settings.writes().autoCommit()) {
          connection.commit();
        }
      }
    } catch (SQLException | RuntimeException e) {
      return new Result(error("document read", e), null);
    }
  }

  @Override
  public Status flush() {
    Status out = Status.OK;
    for (String table : List.copyOf(pending.keySet())) {
      Status s = send(table, inserts.get(table));
      if (!s.isOk()) {
        out = s;
      }
    }
    return out;
  }

  @Override
  public long count(String collection) throws BenchmarkException {
    checkName(collection);
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(Sql.count(collection))) {
      rs.next();
      long n = rs.getLong(1);
      commit();
      return n;
    } catch (SQLException e) {
      rollbackQuietly();
      throw new BindingException("jdbc: cannot count the rows of " + collection + " at "
          + settings.connection().maskedUrl()
          + ": " + settings.connection().reason(e), e);
    }
  }

  private void commit() throws SQLException {
    if (!settings.writes().autoCommit()) {
      connection.commit();
    }
  }

  private void rollbackQuietly() {
    if (!settings.writes().autoCommit()) {
      try {
        connection.rollback();
      } catch (SQLException ignored) {
        // the connection is likely gone
      }
    }
  }

  private Status error(String op, Exception e) {
    run.failed(op, e);
    String state = e instanceof SQLException s && s.getSQLState() != null ? s.getSQLState() : "";
    if (state.startsWith("08")) {
      return Status.SERVICE_UNAVAILABLE;
    }
    rollbackQuietly();
    return Status.ERROR;
  }

  /** Sends what is buffered and closes the connection. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    flush();
    for (PreparedStatement ps : inserts.values()) {
      JdbcRun.closeQuietly(ps);
    }
    for (PreparedStatement ps : reads.values()) {
      JdbcRun.closeQuietly(ps);
    }
    JdbcRun.closeQuietly(connection);
  }
}
