package org.sciycsb.jdbc;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.DB;

/**
 * One run of the jdbc binding: the driver, an admin connection (table creation, store info, counts) and one
 * connection per client thread, opened by {@link #newDb} and closed by the thread's {@code cleanup()}.
 */
public final class JdbcRun implements BindingRun {
  private final JdbcSettings settings;
  private final Driver driver;
  private final Connection admin;
  private final Dialect dialect;
  private final StoreInfo storeInfo;
  private final Map<String, String> columnNames;
  private final Set<JdbcDb> open = ConcurrentHashMap.newKeySet();
  /** Connections opened: the admin connection, then one per thread and per access-path handle. */
  private final java.util.concurrent.atomic.AtomicLong opened = new java.util.concurrent.atomic.AtomicLong(1);
  private volatile org.sciycsb.api.access.SubjectTimeline.Schema timelineSchema;
  private Phase phase = Phase.RUN;
  /** The run's failure policy ({@link #failed}); a context's, once {@link #open} has one. */
  private FailureLog failures = new FailureLog(System.err, false);

  private JdbcRun(JdbcSettings settings, Driver driver, Connection admin, Dialect dialect, StoreInfo storeInfo) {
    this.settings = settings;
    this.driver = driver;
    this.admin = admin;
    this.dialect = dialect;
    this.storeInfo = storeInfo;
    Map<String, String> names = new LinkedHashMap<>();
    for (String f : settings.table().fields()) {
      names.put(f.toUpperCase(Locale.ROOT), f);
    }
    this.columnNames = Map.copyOf(names);
  }

  /** Validates the settings, connects, checks or creates the table. */
  public static JdbcRun open(RunContext context) throws BenchmarkException {
    JdbcSettings settings = JdbcSettings.from(context.config(), context.workDir());
    Driver driver = JdbcConnector.driver(settings.connection());
    if (Dialect.ofUrl(settings.connection().url()) == Dialect.H2) {
      JdbcConnector.prepareH2Folder(settings.connection().url());
    }
    Connection admin = JdbcConnector.connectWithDeadline(settings.connection(), driver);
    try {
      DatabaseMetaData md = admin.getMetaData();
      String product = md.getDatabaseProductName();
      String fullVersion = md.getDatabaseProductVersion();
      Dialect dialect = Dialect.ofProduct(product);
      Map<String, String> details = new LinkedHashMap<>();
      details.put("url", settings.connection().maskedUrl());
      details.put("fullVersion", fullVersion);
      details.put("driver", md.getDriverName() + " " + md.getDriverVersion());
      if (settings.connection().user() != null) {
        details.put("user", settings.connection().user());
      }
      details.put("dialect", dialect.name().toLowerCase(Locale.ROOT));
      StoreInfo info = new StoreInfo(product, shortVersion(fullVersion), details);
      JdbcRun run = new JdbcRun(settings, driver, admin, dialect, info);
      run.phase = context.phase();
      run.failures = context.failures();
      run.prepareTable(context.phase(), context.log());
      return run;
    } catch (SQLException e) {
      closeQuietly(admin);
      throw new BindingException("jdbc: cannot read the store at " + settings.connection().maskedUrl() + ": "
          + settings.connection().reason(e), e);
    } catch (BenchmarkException | RuntimeException e) {
      closeQuietly(admin);
      throw e;
    }
  }

  /** "2.2.224 (2023-09-17)" gives "2.2.224"; "15.10 (Debian 15.10-0+deb12u1)" gives "15.10". */
  static String shortVersion(String full) {
    if (full == null || full.isBlank()) {
      return "unknown";
    }
    String v = full.trim();
    int sp = v.indexOf(' ');
    return sp > 0 ? v.substring(0, sp) : v;
  }

  public JdbcSettings settings() {
    return settings;
  }

  public Dialect dialect() {
    return dialect;
  }

  /** The field name a result column stands for: the layout's spelling, whatever case the engine folded to. */
  String fieldName(String columnLabel) {
    String f = columnNames.get(columnLabel.toUpperCase(Locale.ROOT));
    return f != null ? f : columnLabel.toLowerCase(Locale.ROOT);
  }

  /** DocumentStore: a table per type, its own connection; SubjectTimeline: tables with an (subject, effective desc) index. */
  @Override
  public java.util.Map<Class<? extends org.sciycsb.api.AccessPath>, AccessPathFactory> accessPaths() {
    return java.util.Map.of(
        org.sciycsb.api.access.DocumentStore.class, id -> new JdbcDocumentStore(this, connect()),
        org.sciycsb.api.access.SubjectTimeline.class, id -> new JdbcSubjectTimeline(this, id));
  }

  @Override
  public DB newDb(int threadId) throws BenchmarkException {
    JdbcDb db = new JdbcDb(this, connect(), threadId);
    open.add(db);
    return db;
  }

  void closed(JdbcDb db) {
    open.remove(db);
  }

  /** A new connection with the run's auto-commit setting, for one client thread. */
  Connection connect() throws BindingException {
    Connection c = JdbcConnector.connectNow(settings.connection(), driver, settings.connection().loginTimeout());
    opened.incrementAndGet();
    try {
      c.setAutoCommit(settings.writes().autoCommit());
      return c;
    } catch (SQLException e) {
      closeQuietly(c);
      throw new BindingException("jdbc: cannot set auto-commit on " + settings.connection().maskedUrl() + ": "
          + settings.connection().reason(e), e);
    }
  }

  /** The FHIR tables, once {@link JdbcSubjectTimeline#prepare} created them: every later handle uses them. */
  org.sciycsb.api.access.SubjectTimeline.Schema timelineSchema() {
    return timelineSchema;
  }

  Phase phase() {
    return phase;
  }

  void timelineSchema(org.sciycsb.api.access.SubjectTimeline.Schema s) {
    this.timelineSchema = s;
  }

  @Override
  public StoreInfo storeInfo() {
    return storeInfo;
  }

  /** Each thread's DB already holds a connection of its own: a thread's client is a view of this run. */
  @Override
  public boolean supportsThreadClients() {
    return true;
  }

  @Override
  public BindingRun openThreadClient(int threadId) {
    JdbcRun shared = this;
    return new BindingRun() {
      @Override
      public DB newDb(int id) throws BenchmarkException {
        return shared.newDb(id);
      }

      @Override
      public StoreInfo storeInfo() {
        return shared.storeInfo();
      }

      @Override
      public java.util.Map<Class<? extends AccessPath>, AccessPathFactory> accessPaths() {
        return shared.accessPaths();
      }

      @Override
      public OptionalLong connectionsOpened() {
        return OptionalLong.of(0); // counted by the shared run, which opens them
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public OptionalLong connectionsOpened() {
    return OptionalLong.of(opened.get());
  }

  /**
   * The server's count of client sessions: H2's INFORMATION_SCHEMA.SESSIONS, PostgreSQL's client backends in
   * pg_stat_activity, MariaDB's Threads_connected; empty for other stores or when the query fails.
   */
  @Override
  public OptionalLong serverConnections() {
    String sql;
    switch (dialect) {
      case H2:
        sql = "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS";
        break;
      case POSTGRESQL:
        sql = "SELECT COUNT(*) FROM pg_stat_activity WHERE backend_type = 'client backend'";
        break;
      case MARIADB:
        sql = "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'THREADS_CONNECTED'";
        break;
      default:
        return OptionalLong.empty();
    }
    synchronized (admin) {
      try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(sql)) {
        return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
      } catch (SQLException | RuntimeException e) {
        return OptionalLong.empty();
      }
    }
  }

  /** PostgreSQL's own figures ({@link PostgresServerStats}); none for other stores. */
  @Override
  public java.util.Optional<org.sciycsb.api.ServerStats> serverStats() throws BenchmarkException {
    if (dialect != Dialect.POSTGRESQL) {
      return java.util.Optional.empty();
    }
    synchronized (admin) {
      return PostgresServerStats.read(admin);
    }
  }

  /** PostgreSQL's and H2's settings ({@link JdbcServerConfiguration}); none for other servers. */
  @Override
  public java.util.Optional<org.sciycsb.api.ServerConfiguration> serverConfiguration() throws BenchmarkException {
    synchronized (admin) {
      return JdbcServerConfiguration.read(dialect, admin);
    }
  }

  @Override
  public OptionalLong count(String table) throws BenchmarkException {
    if (!Sql.isTableName(table)) {
      throw new ConfigException("bad table name '" + table + "': not a plain SQL identifier");
    }
    synchronized (admin) {
      try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(Sql.count(table))) {
        rs.next();
        return OptionalLong.of(rs.getLong(1));
      } catch (SQLException e) {
        throw new BindingException("jdbc: cannot count the rows of " + table + " at "
            + settings.connection().maskedUrl() + ": "
            + settings.connection().reason(e), e);
      }
    }
  }

  /** {@code DELETE FROM} the table: H2, PostgreSQL and MariaDB alike, inside the run's own transaction rules. */
  @Override
  public boolean empty(String table) throws BenchmarkException {
    if (!Sql.isTableName(table)) {
      throw new ConfigException("bad table name '" + table + "': not a plain SQL identifier");
    }
    synchronized (admin) {
      try (Statement st = admin.createStatement()) {
        st.executeUpdate("DELETE FROM " + table);
        if (!admin.getAutoCommit()) {
          admin.commit();
        }
        return true;
      } catch (SQLException e) {
        throw new BindingException("jdbc: cannot empty " + table + " at " + settings.connection().maskedUrl() + ": "
            + settings.connection().reason(e), e);
      }
    }
  }

  @Override
  public void close() throws BenchmarkException {
    for (JdbcDb db : List.copyOf(open)) {
      db.closeFromRun();
    }
    open.clear();
    synchronized (admin) {
      try {
        admin.close();
      } catch (SQLException e) {
        throw new BindingException("jdbc: error closing the connection to " + settings.connection().maskedUrl() + ": "
            + settings.connection().reason(e), e);
      }
    }
  }

  // ------------------------------------------------------------------------------------------------ table

  private void prepareTable(Phase phase, PrintStream log) throws BenchmarkException {
    String table = settings.table().name();
    try (Statement st = admin.createStatement()) {
      if (settings.table().drop() && phase == Phase.LOAD) {
        st.execute(Sql.dropTable(table));
      }
      if (settings.table().create()) {
        st.execute(Sql.createTable(table, settings.table().fields(),
            dialect.valueType(settings.table().fieldLength(), settings.table().fields().size())));
      }
    } catch (SQLException e) {
      // another client process may have created it at the same moment (PostgreSQL's IF NOT EXISTS can race)
      if (!probe(Sql.probe(table, List.of()))) {
        throw new BindingException("jdbc: cannot create table " + table + " at "
            + settings.connection().maskedUrl() + ": "
            + settings.connection().reason(e), e);
      }
    }
    if (!probe(Sql.probe(table, List.of()))) {
      throw new BindingException("jdbc: table " + table + " does not exist at " + settings.connection().maskedUrl()
          + (settings.table().create() ? "" : " (jdbc.createtable=false): create it or set jdbc.createtable=true"));
    }
    if (!probe(Sql.probe(table, settings.table().fields()))) {
      List<String> f = settings.table().fields();
      throw new BindingException("jdbc: table " + table + " at "
          + settings.connection().maskedUrl() + " lacks the columns "
          + (f.isEmpty() ? "" : f.get(0) + ".." + f.get(f.size() - 1)) + " that fieldcount=" + f.size()
          + " needs: drop it (jdbc.droptable=true) or match fieldcount/fieldnameprefix to it");
    }
    if (phase == Phase.LOAD && probeHasRows(table) && log != null) {
      log.println("jdbc: warning: table " + table + " already holds records; inserting existing keys fails "
          + "(set jdbc.droptable=true to load into an empty table)");
    }
  }

  private boolean probe(String sql) {
    try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      return rs != null;
    } catch (SQLException e) {
      return false;
    }
  }

  private boolean probeHasRows(String table) {
    try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(Sql.anyRow(table))) {
      return rs.next();
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * Records a failed operation in the run's {@link FailureLog}, its kind the SQLState (or the exception's class):
   * the first few of each kind are printed with the driver's message, all are counted.
   */
  void failed(String op, Throwable e) {
    String state = e instanceof SQLException s ? s.getSQLState() : null;
    String kind = state != null ? "SQLState " + state : e.getClass().getSimpleName();
    failures.record(op, kind, () -> "jdbc: " + op + " failed (" + kind + "): " + settings.connection().reason(e), e);
  }

  static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception e) {
        // nothing to do
      }
    }
  }
}
