package org.sciycsb.jdbc;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
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
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
    for (String f : settings.fields()) {
      names.put(f.toUpperCase(Locale.ROOT), f);
    }
    this.columnNames = Map.copyOf(names);
  }

  /** Validates the settings, connects, checks or creates the table. */
  public static JdbcRun open(RunContext context) throws BenchmarkException {
    JdbcSettings settings = JdbcSettings.from(context.config(), context.workDir());
    Driver driver = driver(settings);
    if (Dialect.ofUrl(settings.url()) == Dialect.H2) {
      prepareH2Folder(settings.url());
    }
    Connection admin = connectWithDeadline(settings, driver);
    try {
      DatabaseMetaData md = admin.getMetaData();
      String product = md.getDatabaseProductName();
      String fullVersion = md.getDatabaseProductVersion();
      Dialect dialect = Dialect.ofProduct(product);
      Map<String, String> details = new LinkedHashMap<>();
      details.put("url", settings.maskedUrl());
      details.put("fullVersion", fullVersion);
      details.put("driver", md.getDriverName() + " " + md.getDriverVersion());
      if (settings.user() != null) {
        details.put("user", settings.user());
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
      throw new BindingException("jdbc: cannot read the store at " + settings.maskedUrl() + ": "
          + reason(settings, e), e);
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
    Connection c = connectNow(settings, driver, settings.loginTimeout());
    opened.incrementAndGet();
    try {
      c.setAutoCommit(settings.autoCommit());
      return c;
    } catch (SQLException e) {
      closeQuietly(c);
      throw new BindingException("jdbc: cannot set auto-commit on " + settings.maskedUrl() + ": "
          + reason(settings, e), e);
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
        throw new BindingException("jdbc: cannot count the rows of " + table + " at " + settings.maskedUrl() + ": "
            + reason(settings, e), e);
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
        throw new BindingException("jdbc: cannot empty " + table + " at " + settings.maskedUrl() + ": "
            + reason(settings, e), e);
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
        throw new BindingException("jdbc: error closing the connection to " + settings.maskedUrl() + ": "
            + reason(settings, e), e);
      }
    }
  }

  // ------------------------------------------------------------------------------------------------ table

  private void prepareTable(Phase phase, PrintStream log) throws BenchmarkException {
    String table = settings.table();
    try (Statement st = admin.createStatement()) {
      if (settings.dropTable() && phase == Phase.LOAD) {
        st.execute(Sql.dropTable(table));
      }
      if (settings.createTable()) {
        st.execute(Sql.createTable(table, settings.fields(),
            dialect.valueType(settings.fieldLength(), settings.fields().size())));
      }
    } catch (SQLException e) {
      // another client process may have created it at the same moment (PostgreSQL's IF NOT EXISTS can race)
      if (!probe(Sql.probe(table, List.of()))) {
        throw new BindingException("jdbc: cannot create table " + table + " at " + settings.maskedUrl() + ": "
            + reason(settings, e), e);
      }
    }
    if (!probe(Sql.probe(table, List.of()))) {
      throw new BindingException("jdbc: table " + table + " does not exist at " + settings.maskedUrl()
          + (settings.createTable() ? "" : " (jdbc.createtable=false): create it or set jdbc.createtable=true"));
    }
    if (!probe(Sql.probe(table, settings.fields()))) {
      List<String> f = settings.fields();
      throw new BindingException("jdbc: table " + table + " at " + settings.maskedUrl() + " lacks the columns "
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

  // ------------------------------------------------------------------------------------------------ connecting

  /** The driver named by db.driver, or the first one on the classpath that accepts the URL. */
  static Driver driver(JdbcSettings settings) throws ConfigException {
    ClassLoader loader = JdbcRun.class.getClassLoader();
    if (settings.driverClass() != null) {
      Driver d;
      try {
        d = (Driver) Class.forName(settings.driverClass(), true, loader).getDeclaredConstructor().newInstance();
      } catch (ClassNotFoundException e) {
        throw new ConfigException("bad value for db.driver: class " + settings.driverClass()
            + " is not on the classpath (put its jar in the binding's classpath)");
      } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
        throw new ConfigException("bad value for db.driver: " + settings.driverClass()
            + " is not a usable java.sql.Driver (" + e + ")");
      }
      if (!accepts(d, settings.url())) {
        throw new ConfigException("db.driver " + settings.driverClass() + " does not accept db.url "
            + settings.maskedUrl());
      }
      return d;
    }
    for (Driver d : ServiceLoader.load(Driver.class, loader)) {
      if (accepts(d, settings.url())) {
        return d;
      }
    }
    throw new ConfigException("no JDBC driver on the classpath accepts db.url " + settings.maskedUrl()
        + " (built in: jdbc:h2:, jdbc:postgresql:, jdbc:mariadb:); add the driver jar and set db.driver");
  }

  private static boolean accepts(Driver d, String url) {
    try {
      return d.acceptsURL(url);
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * The connection properties: user, password and the driver's timeouts unless the URL sets them; {@code login}
   * bounds the whole opening of a connection (the run's first connection: db.connecttimeout, so that a silent
   * server fails the start quickly; a thread's: db.logintimeout, as hundreds open theirs at once).
   */
  static Properties connectionProperties(JdbcSettings settings, java.time.Duration login) {
    Properties p = new Properties();
    if (settings.user() != null) {
      p.setProperty("user", settings.user());
    }
    if (settings.password() != null && (settings.user() != null || !settings.password().isEmpty())) {
      p.setProperty("password", settings.password());
    }
    long ms = settings.connectTimeout().toMillis();
    String lower = settings.url().toLowerCase(Locale.ROOT);
    switch (Dialect.ofUrl(settings.url())) {
      case POSTGRESQL:
        if (!lower.contains("connecttimeout=")) {
          p.setProperty("connectTimeout", wholeSeconds(settings.connectTimeout()));
        }
        if (!lower.contains("logintimeout=")) {
          p.setProperty("loginTimeout", wholeSeconds(login));
        }
        break;
      case MARIADB:
        if (!lower.contains("connecttimeout=")) {
          p.setProperty("connectTimeout", Long.toString(ms));
        }
        break;
      default:
        break;
    }
    return p;
  }

  /** A driver property in whole seconds, rounded up, at least 1. */
  private static String wholeSeconds(java.time.Duration d) {
    return Long.toString(Math.max(1, (d.toMillis() + 999) / 1000));
  }

  private static Connection connectNow(JdbcSettings settings, Driver driver, java.time.Duration login)
      throws BindingException {
    try {
      Connection c = driver.connect(settings.url(), connectionProperties(settings, login));
      if (c == null) {
        throw new BindingException("jdbc: driver " + driver.getClass().getName() + " refused db.url "
            + settings.maskedUrl());
      }
      return c;
    } catch (SQLException e) {
      throw connectFailure(settings, e);
    }
  }

  /** Connects, giving up after the connect timeout (plus a grace second) even when a driver ignores it. */
  private static Connection connectWithDeadline(JdbcSettings settings, Driver driver) throws BindingException {
    ExecutorService ex = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "jdbc-connect");
      t.setDaemon(true);
      return t;
    });
    Future<Connection> f = ex.submit(() -> connectNow(settings, driver, settings.connectTimeout()));
    long waitMs = settings.connectTimeout().toMillis() + 1000;
    try {
      return f.get(waitMs, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof BindingException) {
        throw (BindingException) c;
      }
      throw new BindingException("jdbc: cannot connect to " + settings.maskedUrl() + ": "
          + reason(settings, c), c);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new BindingException("jdbc: no answer from " + settings.maskedUrl() + " within "
          + org.sciycsb.api.Option.formatDuration(settings.connectTimeout()) + " (db.connecttimeout)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("jdbc: interrupted while connecting to " + settings.maskedUrl());
    } finally {
      ex.shutdownNow();
    }
  }

  /** One line naming what failed: unreachable server, refused credentials, missing database. */
  static BindingException connectFailure(JdbcSettings settings, SQLException e) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    String msg = reason(settings, e);
    String what;
    if (state.startsWith("28")) {
      what = "the server refused the credentials of user " + (settings.user() == null ? "(none)" : settings.user())
          + " (db.user/db.passwd)";
    } else if (state.startsWith("08")) {
      what = "the server cannot be reached";
    } else if ("3D000".equals(state)) {
      what = "the database does not exist";
    } else if ("53300".equals(state)) {
      what = "the server has no connection slot left (one connection per thread: raise max_connections or use "
          + "fewer threads)";
    } else if ("90020".equals(state)) {
      what = "the H2 database is open in another process (add ;AUTO_SERVER=TRUE to db.url to share it)";
    } else {
      what = "cannot connect";
    }
    return new BindingException("jdbc: " + what + " at " + settings.maskedUrl() + ": " + msg, e);
  }

  /**
   * Records a failed operation in the run's {@link FailureLog}, its kind the SQLState (or the exception's class):
   * the first few of each kind are printed with the driver's message, all are counted.
   */
  void failed(String op, Throwable e) {
    String state = e instanceof SQLException s ? s.getSQLState() : null;
    String kind = state != null ? "SQLState " + state : e.getClass().getSimpleName();
    failures.record(op, kind, () -> "jdbc: " + op + " failed (" + kind + "): " + reason(settings, e), e);
  }

  /** The first line of an exception's message, masked: driver messages may append the SQL text on new lines. */
  static String reason(JdbcSettings settings, Throwable e) {
    String m = e.getMessage();
    return settings.mask(firstLine(m == null || m.isBlank() ? e.toString() : m));
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    String line = (nl < 0 ? s : s.substring(0, nl)).trim();
    if (line.endsWith("; SQL statement:")) {
      line = line.substring(0, line.length() - "; SQL statement:".length());
    }
    return line;
  }


  private static void prepareH2Folder(String url) {
    // jdbc:h2:file:/abs/path/name[;settings] or jdbc:h2:/abs/path/name: make the folder so H2 can create the file
    String rest = url.substring("jdbc:h2:".length());
    if (rest.startsWith("mem:") || rest.startsWith("tcp:") || rest.startsWith("ssl:") || rest.startsWith("zip:")) {
      return;
    }
    if (rest.startsWith("file:")) {
      rest = rest.substring(5);
    }
    int semi = rest.indexOf(';');
    if (semi >= 0) {
      rest = rest.substring(0, semi);
    }
    if (rest.startsWith("~")) {
      return;
    }
    try {
      Path parent = Paths.get(rest).toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (Exception e) {
      // H2 reports the problem itself when it cannot create the file
    }
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
