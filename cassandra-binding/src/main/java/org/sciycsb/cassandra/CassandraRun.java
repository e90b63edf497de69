package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.session.Session;
import com.datastax.oss.driver.internal.core.ssl.DefaultSslEngineFactory;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.cassandra.CassandraOptions.HostPort;
import org.sciycsb.cassandra.CassandraOptions.Settings;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One run's shared {@link CqlSession} and its prepared statements, cached per (operation, table, field set).
 * Every CRUD method maps the driver's outcome to a {@link Status} and never throws.
 */
final class CassandraRun implements BindingRun {
  private static final Duration DDL_TIMEOUT = Duration.ofSeconds(60);

  private final Settings settings;
  private final CqlSession session;
  /** {@link #prepareAll}'s caches: the statements of reads of every field, and of deletes, by table. */
  private final Map<String, PreparedStatement> readAll = new ConcurrentHashMap<>();
  private final Map<String, PreparedStatement> deleteAll = new ConcurrentHashMap<>();
  private final PrintStream log;
  private final StoreInfo storeInfo;
  private final CassandraServerStats serverStats;
  private final ConcurrentHashMap<String, PreparedStatement> prepared = new ConcurrentHashMap<>();
  /** The run's failure policy: each failed operation by its kind ({@link #failure}). */
  private final FailureLog failures;
  private volatile org.sciycsb.api.access.SubjectTimeline.Schema timelineSchema;
  private volatile TimelineStatements timelineStatements;

  /** The prepared statements of the FHIR mapping ({@link CassandraSubjectTimeline}). */
  record TimelineStatements(PreparedStatement putSubject, PreparedStatement putEvent, PreparedStatement recent) {}

  private CassandraRun(Settings settings, CqlSession session, PrintStream log, FailureLog failures)
      throws BenchmarkException {
    this.settings = settings;
    this.session = session;
    this.log = log;
    this.failures = failures;
    this.storeInfo = readStoreInfo();
    this.serverStats = new CassandraServerStats(session, settings.keyspace());
  }

  /** Connects, checks the datacenter, creates or checks the schema. Closes the session on any failure. */
  static CassandraRun open(Settings s, PrintStream log, FailureLog failures) throws BenchmarkException {
    CqlSession session = connect(s);
    try {
      checkDatacenter(s, session);
      if (s.createSchema()) {
        createSchema(s, session, log);
      } else {
        checkSchema(s, session);
      }
      return new CassandraRun(s, session, log, failures);
    } catch (BenchmarkException | RuntimeException e) {
      session.close();
      throw e;
    }
  }

  static DriverConfigLoader configLoader(Settings s) {
    ProgrammaticDriverConfigLoaderBuilder b = DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, s.connectTimeout())
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, s.connectTimeout())
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, s.requestTimeout())
        .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY,
            s.reconnectMaxDelay().compareTo(Duration.ofSeconds(1)) < 0 ? s.reconnectMaxDelay() : Duration.ofSeconds(1))
        .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, s.reconnectMaxDelay())
        .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, s.poolSize())
        .withInt(DefaultDriverOption.CONNECTION_POOL_REMOTE_SIZE, s.poolSize())
        // every statement of ours is idempotent: the driver may retry it on another node when one dies
        .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true)
        .withBoolean(DefaultDriverOption.RECONNECT_ON_INIT, false)
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, DDL_TIMEOUT)
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, DDL_TIMEOUT);
    if (!s.compression().equals("none")) {
      b = b.withString(DefaultDriverOption.PROTOCOL_COMPRESSION, s.compression());
    }
    if (s.ssl()) {
      b = b.withClass(DefaultDriverOption.SSL_ENGINE_FACTORY_CLASS, DefaultSslEngineFactory.class)
          .withBoolean(DefaultDriverOption.SSL_HOSTNAME_VALIDATION, s.sslHostnameValidation());
      if (s.truststore() != null) {
        b = b.withString(DefaultDriverOption.SSL_TRUSTSTORE_PATH, s.truststore());
        if (s.truststorePassword() != null) {
          b = b.withString(DefaultDriverOption.SSL_TRUSTSTORE_PASSWORD, s.truststorePassword());
        }
      }
      if (s.keystore() != null) {
        b = b.withString(DefaultDriverOption.SSL_KEYSTORE_PATH, s.keystore());
        if (s.keystorePassword() != null) {
          b = b.withString(DefaultDriverOption.SSL_KEYSTORE_PASSWORD, s.keystorePassword());
        }
      }
    }
    return b.build();
  }

  private static CqlSession connect(Settings s) throws BenchmarkException {
    CqlSessionBuilder b = CqlSession.builder().withConfigLoader(configLoader(s)).withLocalDatacenter(s.localDc());
    for (HostPort hp : s.contactPoints()) {
      InetSocketAddress a = new InetSocketAddress(hp.host(), hp.port());
      if (a.isUnresolved()) {
        throw new BindingException("cannot resolve the Cassandra host '" + hp.host() + "' (cassandra.hosts)");
      }
      b.addContactPoint(a);
    }
    if (s.username() != null) {
      b.withAuthCredentials(s.username(), s.password());
    }
    try {
      return b.build();
    } catch (AllNodesFailedException e) {
      throw new BindingException("cannot reach Cassandra at " + s.contactPoints() + " within "
          + org.sciycsb.api.Option.formatDuration(s.connectTimeout()) + " (cassandra.connecttimeout): "
          + firstCause(e), e);
    } catch (AuthenticationException e) {
      throw new BindingException("Cassandra refused the credentials of user '" + s.username() + "': "
          + Secrets.maskText(e.getMessage()), e);
    } catch (DriverException | IllegalStateException | IllegalArgumentException e) {
      throw new BindingException("cannot connect to Cassandra at " + s.contactPoints() + ": "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
  }

  /** One line out of the driver's per-node error report. */
  static String firstCause(AllNodesFailedException e) {
    Map<Node, List<Throwable>> all = e.getAllErrors();
    if (all.isEmpty()) {
      return Secrets.maskText(String.valueOf(e.getMessage()));
    }
    List<String> parts = new ArrayList<>();
    all.forEach((node, errs) -> {
      Throwable t = errs.isEmpty() ? null : errs.get(errs.size() - 1);
      while (t != null && t.getCause() != null && t.getCause() != t) {
        t = t.getCause();
      }
      parts.add(node.getEndPoint() + ": " + describeCause(t));
    });
    return String.join("; ", parts);
  }

  /** A connection failure in words: refused, timed out, closed, else the exception's own message. */
  static String describeCause(Throwable t) {
    if (t == null) {
      return "failed";
    }
    String name = t.getClass().getSimpleName();
    String msg = t.getMessage();
    if (t instanceof java.net.ConnectException || (msg != null && msg.contains("Connection refused"))) {
      return "connection refused (nothing listens there?)";
    }
    if (name.contains("Timeout") || (msg != null && msg.toLowerCase(java.util.Locale.ROOT).contains("timed out"))) {
      return "no answer in time";
    }
    if (name.contains("ClosedChannel") || name.contains("ClosedConnection")) {
      return "the connection was closed before the CQL handshake (nothing listens there, or not a CQL port?)";
    }
    return name + (msg == null || msg.equals("null") ? "" : " " + Secrets.maskText(msg));
  }

  private static void checkDatacenter(Settings s, CqlSession session) throws ConfigException {
    Set<String> dcs = new TreeSet<>();
    for (Node n : session.getMetadata().getNodes().values()) {
      if (n.getDatacenter() != null) {
        dcs.add(n.getDatacenter());
      }
    }
    if (!dcs.isEmpty() && !dcs.contains(s.localDc())) {
      throw new ConfigException("cassandra.localdc=" + s.localDc() + " is not a datacenter of the cluster: it has "
          + String.join(", ", dcs));
    }
  }

  private static void createSchema(Settings s, CqlSession session, PrintStream log) throws BindingException {
    try {
      session.execute(SimpleStatement.newInstance(Cql.createKeyspace(s.keyspace(), s.replication()))
          .setTimeout(DDL_TIMEOUT));
      String actual = replicationOf(session, s.keyspace());
      if (!s.replication().equals(actual)) {
        log.println("cassandra: WARNING: keyspace " + s.keyspace() + " already exists with replication " + actual
            + ", not the requested " + s.replication() + " (cassandra.replication.* only apply to a new keyspace)");
      }
      session.execute(SimpleStatement.newInstance(Cql.createTable(s.keyspace(), s.table(), s.fields()))
          .setTimeout(DDL_TIMEOUT));
      awaitSchemaAgreement(session);
    } catch (DriverException e) {
      throw new BindingException("cannot create keyspace " + s.keyspace() + " / table " + s.table() + ": "
          + Secrets.maskText(e.getMessage()), e);
    }
  }

  /**
   * The driver waits for agreement after each DDL statement, but only among the nodes it sees up: a node that has
   * just come back can lag behind. Polls until every node agrees, for at most the DDL timeout (then goes on).
   */
  private static void awaitSchemaAgreement(CqlSession session) {
    long deadline = System.nanoTime() + DDL_TIMEOUT.toNanos();
    while (!session.checkSchemaAgreement() && System.nanoTime() < deadline) {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** The keyspace's replication as the server has it, in {@link CassandraOptions#render} form. */
  static String replicationOf(CqlSession session, String keyspace) {
    Row row = session.execute(SimpleStatement.newInstance(
        "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)).one();
    return row == null ? "none" : CassandraOptions.render(row.getMap(0, String.class, String.class));
  }

  private static void checkSchema(Settings s, CqlSession session) throws BindingException {
    try {
      boolean ks = session.execute(SimpleStatement.newInstance(
          "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", s.keyspace())).one() != null;
      if (!ks) {
        throw new BindingException("keyspace '" + s.keyspace() + "' does not exist and cassandra.createschema=false:"
            + " create it, or set cassandra.createschema=true");
      }
      boolean table = session.execute(SimpleStatement.newInstance(
          "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?",
          s.keyspace(), s.table())).one() != null;
      if (!table) {
        throw new BindingException("table '" + s.keyspace() + "." + s.table() + "' does not exist and"
            + " cassandra.createschema=false: create it, or set cassandra.createschema=true");
      }
    } catch (DriverException e) {
      throw new BindingException("cannot read the schema of keyspace " + s.keyspace() + ": "
          + Secrets.maskText(e.getMessage()), e);
    }
  }

  private StoreInfo readStoreInfo() throws BindingException {
    Row row;
    try {
      row = session.execute("SELECT release_version, cluster_name, data_center FROM system.local").one();
    } catch (DriverException e) {
      throw new BindingException("cannot read system.local: " + Secrets.maskText(e.getMessage()), e);
    }
    Map<String, String> details = new LinkedHashMap<>();
    details.put("cluster_name", String.valueOf(row == null ? null : row.getString("cluster_name")));
    details.put("datacenter", String.valueOf(row == null ? null : row.getString("data_center")));
    details.put("nodes", Integer.toString(session.getMetadata().getNodes().size()));
    details.put("driver", "Apache Cassandra Java driver " + Session.OSS_DRIVER_COORDINATES.getVersion());
    details.put("protocol", session.getContext().getProtocolVersion().toString());
    details.put("keyspace", settings.keyspace());
    try {
      details.put("replication", replicationOf(session, settings.keyspace()));
    } catch (DriverException e) {
      details.put("replication", "unknown");
    }
    details.put("read_consistency", settings.readConsistency().name());
    details.put("write_consistency", settings.writeConsistency().name());
    return new StoreInfo("Apache Cassandra", row == null ? "unknown" : row.getString("release_version"), details);
  }

  Settings settings() {
    return settings;
  }

  CqlSession session() {
    return session;
  }

  /** DocumentStore: a table per type; SubjectTimeline: a partition per subject clustered by time, newest first. */
  @Override
  public java.util.Map<Class<? extends org.sciycsb.api.AccessPath>, AccessPathFactory> accessPaths() {
    return java.util.Map.of(
        org.sciycsb.api.access.DocumentStore.class, id -> new CassandraDocumentStore(this),
        org.sciycsb.api.access.SubjectTimeline.class, id -> new CassandraSubjectTimeline(this));
  }

  @Override
  public DB newDb(int threadId) {
    return new CassandraDb(this);
  }

  org.sciycsb.api.access.SubjectTimeline.Schema timelineSchema() {
    return timelineSchema;
  }

  /** Called once the FHIR tables exist: prepares their statements for every thread. */
  void timelineSchema(org.sciycsb.api.access.SubjectTimeline.Schema s) throws BindingException {
    awaitSchemaAgreement(session);
    try {
      timelineStatements = CassandraSubjectTimeline.prepareStatements(session, settings.keyspace(), s);
    } catch (DriverException e) {
      throw new BindingException("cassandra: cannot prepare the FHIR statements: "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
    this.timelineSchema = s;
  }

  TimelineStatements timelineStatements() {
    TimelineStatements t = timelineStatements;
    if (t == null) {
      throw new IllegalStateException("the FHIR tables were not prepared");
    }
    return t;
  }

  <S extends com.datastax.oss.driver.api.core.cql.Statement<S>> S forRead(S st) {
    return st.setConsistencyLevel(settings.readConsistency());
  }

  <S extends com.datastax.oss.driver.api.core.cql.Statement<S>> S forWrite(S st) {
    return st.setConsistencyLevel(settings.writeConsistency());
  }

  /** Every node's own figures, added up ({@link CassandraServerStats}). */
  @Override
  public java.util.Optional<org.sciycsb.api.ServerStats> serverStats() throws BindingException {
    return serverStats.read();
  }

  @Override
  public StoreInfo storeInfo() {
    return storeInfo;
  }

  /**
   * The rows of a table, counted here from a paged read of its first partition key column: each page is a
   * request of its own, so a large table does not hit the server's range timeout as one {@code SELECT COUNT(*)}
   * does (10 s on the test server: about a million rows on two cores). A table whose metadata the driver does not
   * have is counted with {@code SELECT COUNT(*)}.
   */
  @Override
  public OptionalLong count(String table) throws BenchmarkException {
    try {
      String column = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(settings.keyspace()))
          .flatMap(k -> k.getTable(CqlIdentifier.fromInternal(table)))
          .map(t -> t.getPartitionKey().isEmpty() ? null : t.getPartitionKey().get(0).getName().asCql(true))
          .orElse(null);
      if (column == null) {
        Row row = session.execute(SimpleStatement.newInstance(Cql.count(settings.keyspace(), table))
            .setConsistencyLevel(settings.readConsistency()).setTimeout(Duration.ofMinutes(10))).one();
        return row == null ? OptionalLong.empty() : OptionalLong.of(row.getLong(0));
      }
      long n = 0;
      for (Row ignored : session.execute(SimpleStatement.newInstance(Cql.keys(settings.keyspace(), table, column))
          .setConsistencyLevel(settings.readConsistency()).setPageSize(5000).setTimeout(Duration.ofMinutes(1)))) {
        n++;
      }
      return OptionalLong.of(n);
    } catch (DriverException e) {
      throw new BindingException("cannot count " + settings.keyspace() + "." + table + ": "
          + Secrets.maskText(e.getMessage()), e);
    }
  }

  /** {@code TRUNCATE}: every replica drops the table's data (all nodes must be up); the schema stays. */
  @Override
  public boolean empty(String table) throws BenchmarkException {
    try {
      session.execute(SimpleStatement.newInstance(Cql.truncate(settings.keyspace(), table))
          .setTimeout(Duration.ofMinutes(2)));
      return true;
    } catch (DriverException e) {
      throw new BindingException("cannot empty " + settings.keyspace() + "." + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    session.close();
    Map<String, Long> errors = errorCounts();
    if (!errors.isEmpty()) {
      StringBuilder b = new StringBuilder("cassandra: failed operations by error:");
      errors.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
      log.println(b);
    }
  }

  // ---------------------------------------------------------------------------------------------- operations

  PreparedStatement prepare(String key, String cql) {
    PreparedStatement ps = prepared.get(key);
    if (ps == null) {
      ps = prepared.computeIfAbsent(key, k -> session.prepare(cql));
    }
    return ps;
  }

  /**
   * The statement of one operation, built once (statements are immutable: each setter would copy it): the
   * consistency level, idempotence set on the statement (true, as {@code REQUEST_DEFAULT_IDEMPOTENCE} in the session's
   * configuration, so that the driver need not look the default up for every response) and tracing when sampled.
   */
  BoundStatement finish(BoundStatementBuilder b, DefaultConsistencyLevel level) {
    b.setConsistencyLevel(level).setIdempotence(true);
    if (settings.tracing() && (settings.tracingFraction() >= 1
        || ThreadLocalRandom.current().nextDouble() < settings.tracingFraction())) {
      b.setTracing(true);
    }
    return b.build();
  }

  BoundStatement finish(PreparedStatement ps, DefaultConsistencyLevel level, Object... values) {
    return finish(ps.boundStatementBuilder(values), level);
  }

  /**
   * The prepared statement of an operation on every column of a table (a read or scan of all fields, a delete):
   * looked up by the table's name alone, so the hot path builds no cache key.
   */
  private PreparedStatement prepareAll(Map<String, PreparedStatement> byTable, String op, String table,
      java.util.function.UnaryOperator<String> cqlOfTable) {
    PreparedStatement ps = byTable.get(table);
    if (ps == null) {
      ps = byTable.computeIfAbsent(table, t -> prepare(Cql.cacheKey(op, t, null), cqlOfTable.apply(t)));
    }
    return ps;
  }

  /**
   * The blocking form of an operation: its asynchronous form, awaited (as the driver's own {@code execute} does), so
   * that both forms give the same statuses. The stage never completes exceptionally: failures are statuses.
   */
  static Status await(CompletionStage<Status> stage) {
    return stage.toCompletableFuture().join();
  }

  /** Runs {@code send} (which may fail before anything is sent) and maps any failure of it or its stage to a status. */
  CompletionStage<Status> guarded(String op, java.util.function.Supplier<CompletionStage<Status>> send) {
    try {
      return send.get().exceptionally(e -> failure(op, e));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(failure(op, e));
    }
  }

  Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return await(readAsync(table, key, fields, result));
  }

  CompletionStage<Status> readAsync(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return guarded("read", () -> {
      List<String> f = Cql.fieldsOrAll(fields);
      PreparedStatement ps = f == null ? prepareAll(readAll, "read", table, t -> Cql.read(settings.keyspace(), t, null))
          : prepare(Cql.cacheKey("read", table, f), Cql.read(settings.keyspace(), table, f));
      // the key as its UTF-8 bytes: no encoder per read
      BoundStatementBuilder b = ps.boundStatementBuilder().setBytesUnsafe(0,
          ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
      return session.executeAsync(finish(b, settings.readConsistency())).thenApply(rs -> {
        Row row = rs.one();
        if (row == null) {
          return Status.NOT_FOUND;
        }
        putFields(row, result);
        return Status.OK;
      });
    });
  }

  Status scan(String table, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return await(scanAsync(table, startKey, count, fields, result));
  }

  /**
   * {@code count} records in token (ring) order from the start key's token, wrapping around at the end of the
   * ring: Murmur3 hashing keeps no key order, so this is the nearest thing to a range scan.
   */
  CompletionStage<Status> scanAsync(String table, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return guarded("scan", () -> {
      List<String> f = Cql.fieldsOrAll(fields);
      PreparedStatement ps = prepare(Cql.cacheKey("scan", table, f), Cql.scan(settings.keyspace(), table, f));
      // prepared here, not in the callback: a driver I/O thread must not block on a prepare
      PreparedStatement wrap = prepare(Cql.cacheKey("scanwrap", table, f), Cql.scanWrap(settings.keyspace(), table, f));
      return session.executeAsync(finish(ps, settings.readConsistency(), startKey, count))
          .thenCompose(rs -> addRows(rs, result, 0)).thenCompose(got -> {
            if (got >= count) {
              return CompletableFuture.completedFuture(Status.OK);
            }
            // the end of the ring: go on from its start, as far as the start key (the ring is circular)
            return session.executeAsync(finish(wrap, settings.readConsistency(), startKey, count - got))
                .thenCompose(rs -> addRows(rs, result, 0)).thenApply(n -> Status.OK);
          });
    });
  }

  /** Adds the rows of every page to {@code result}; completes with their number plus {@code before}. */
  private static CompletionStage<Integer> addRows(AsyncResultSet rs, Vector<HashMap<String, ByteIterator>> result,
      int before) {
    int n = before;
    for (Row row : rs.currentPage()) {
      HashMap<String, ByteIterator> m = new HashMap<>();
      putFields(row, m);
      result.add(m);
      n++;
    }
    int total = n;
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> addRows(next, result, total))
        : CompletableFuture.completedFuture(total);
  }

  Status insert(String table, String key, Map<String, ByteIterator> values) {
    return await(insertAsync(table, key, values));
  }

  CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return guarded("insert", () -> {
      List<String> f = Cql.canonical(values.keySet());
      PreparedStatement ps = prepare(Cql.cacheKey("insert", table, f), Cql.insert(settings.keyspace(), table, f));
      Object[] args = new Object[f.size() + 1];
      args[0] = key;
      for (int i = 0; i < f.size(); i++) {
        args[i + 1] = values.get(f.get(i)).toString();
      }
      return written(ps, args);
    });
  }

  private CompletionStage<Status> written(PreparedStatement ps, Object... values) {
    return session.executeAsync(finish(ps, settings.writeConsistency(), values)).thenApply(rs -> Status.OK);
  }

  Status update(String table, String key, Map<String, ByteIterator> values) {
    return await(updateAsync(table, key, values));
  }

  CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    if (values.isEmpty()) {
      return CompletableFuture.completedFuture(Status.OK);
    }
    return guarded("update", () -> {
      List<String> f = Cql.canonical(values.keySet());
      PreparedStatement ps = prepare(Cql.cacheKey("update", table, f), Cql.update(settings.keyspace(), table, f));
      Object[] args = new Object[f.size() + 1];
      for (int i = 0; i < f.size(); i++) {
        args[i] = values.get(f.get(i)).toString();
      }
      args[f.size()] = key;
      return written(ps, args);
    });
  }

  /** A delete of a missing key is OK too: Cassandra writes a tombstone either way and cannot tell. */
  Status delete(String table, String key) {
    return await(deleteAsync(table, key));
  }

  CompletionStage<Status> deleteAsync(String table, String key) {
    return guarded("delete", () -> {
      PreparedStatement ps = prepareAll(deleteAll, "delete", table, t -> Cql.delete(settings.keyspace(), t));
      return written(ps, key);
    });
  }

  /**
   * The row's fields as they came: the UTF-8 bytes of the text columns, in the buffers the driver decoded them into
   * (its own per value, never reused: rows are immutable), not copied. A workload that looks at a value decodes it
   * then ({@code ByteIterator.toString()}), one that does not pays no decoding.
   */
  private static void putFields(Row row, Map<String, ByteIterator> out) {
    ColumnDefinitions defs = row.getColumnDefinitions();
    for (int i = 0; i < defs.size(); i++) {
      ByteBuffer raw = row.getBytesUnsafe(i);
      if (raw == null) {
        continue;
      }
      String name = defs.get(i).getName().asInternal();
      if (name.equals(Cql.KEY)) {
        continue;
      }
      if (raw.hasArray()) {
        out.put(name, new ByteArrayByteIterator(raw.array(), raw.arrayOffset() + raw.position(), raw.remaining()));
      } else {
        byte[] bytes = new byte[raw.remaining()];
        raw.duplicate().get(bytes);
        out.put(name, new ByteArrayByteIterator(bytes));
      }
    }
  }

  /** {@link #failure(String, String, Throwable)} without a detail. */
  Status failure(String op, Throwable t) {
    return failure(op, "", t);
  }

  /**
   * Maps a driver failure to a status and records it in the run's {@link FailureLog}, its kind the exception's class
   * (with the class of the error behind an "all nodes failed"): the first few of each kind are printed with the
   * driver's message, all are counted.
   *
   * @param detail appended to the operation in the printed line (" (batch of 12)"), or empty
   */
  Status failure(String op, String detail, Throwable t) {
    Throwable e = t instanceof java.util.concurrent.CompletionException && t.getCause() != null ? t.getCause() : t;
    Status status = statusOf(e);
    Throwable cause = rootOf(e);
    String kind = e.getClass().getSimpleName() + (cause == e ? "" : "(" + cause.getClass().getSimpleName() + ")");
    failures.record(op, kind, () -> "cassandra: " + op + detail + " failed (" + status.getName() + "): " + kind
        + ": " + cause.getMessage(), e);
    return status;
  }

  /** The error behind the driver's "all nodes failed" wrapper: the last one of the first node tried. */
  static Throwable rootOf(Throwable e) {
    if (e instanceof AllNodesFailedException) {
      for (List<Throwable> errs : ((AllNodesFailedException) e).getAllErrors().values()) {
        if (!errs.isEmpty()) {
          return errs.get(errs.size() - 1);
        }
      }
    }
    return e;
  }

  /** Unavailable replicas or nodes: SERVICE_UNAVAILABLE; timeouts and other failures: ERROR; bad CQL: BAD_REQUEST. */
  static Status statusOf(Throwable e) {
    if (e instanceof UnavailableException || e instanceof NoNodeAvailableException
        || e instanceof AllNodesFailedException || e instanceof NodeUnavailableException
        || e instanceof OverloadedException || e instanceof BootstrappingException
        || e instanceof RequestThrottlingException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (e instanceof UnauthorizedException) {
      return Status.FORBIDDEN;
    }
    if (e instanceof QueryValidationException) {
      return Status.BAD_REQUEST;
    }
    if (e instanceof ReadTimeoutException || e instanceof WriteTimeoutException
        || e instanceof DriverTimeoutException || e instanceof ReadFailureException
        || e instanceof WriteFailureException) {
      return Status.ERROR;
    }
    return Status.ERROR;
  }

  /** Failed operations so far, by "op:ExceptionClass" (for tests and the end-of-run summary). */
  Map<String, Long> errorCounts() {
    Map<String, Long> m = new java.util.TreeMap<>();
    failures.counts().forEach((kind, ops) -> ops.forEach((op, n) -> m.put(op + ":" + kind, n)));
    return m;
  }
}
