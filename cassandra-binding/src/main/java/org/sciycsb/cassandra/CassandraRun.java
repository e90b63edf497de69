package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.session.Session;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.ServerStats;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.DB;

/**
 * One run's shared {@link CqlSession} ({@link CassandraConnection}, {@link CassandraSchema}), its prepared statements
 * ({@link CassandraStatements}) and failure policy ({@link CassandraFailures}), which every thread's
 * {@link CassandraDb} and access path uses; the store's description, its counts and its own figures.
 */
final class CassandraRun implements BindingRun {
  private final CassandraSettings settings;
  private final CqlSession session;
  private final CassandraStatements statements;
  private final CassandraFailures failures;
  private final PrintStream log;
  private final StoreInfo storeInfo;
  private final CassandraServerStats serverStats;
  private volatile SubjectTimeline.Schema timelineSchema;
  private volatile TimelineStatements timelineStatements;

  /** The prepared statements of the FHIR mapping ({@link CassandraSubjectTimeline}). */
  record TimelineStatements(PreparedStatement putSubject, PreparedStatement putEvent, PreparedStatement recent) {}

  private CassandraRun(CassandraSettings settings, CqlSession session, PrintStream log, FailureLog failures)
      throws BenchmarkException {
    this.settings = settings;
    this.session = session;
    this.statements = new CassandraStatements(session, settings);
    this.log = log;
    this.failures = new CassandraFailures(failures);
    this.storeInfo = readStoreInfo();
    this.serverStats = new CassandraServerStats(session, settings.schema().keyspace());
  }

  /** Connects, checks the datacenter, creates or checks the schema. Closes the session on any failure. */
  static CassandraRun open(CassandraSettings s, PrintStream log, FailureLog failures) throws BenchmarkException {
    CqlSession session = CassandraConnection.connect(s);
    try {
      CassandraSchema.prepare(s, session, log);
      return new CassandraRun(s, session, log, failures);
    } catch (BenchmarkException | RuntimeException e) {
      session.close();
      throw e;
    }
  }

  private StoreInfo readStoreInfo() throws BindingException {
    Row row;
    try {
      row = session.execute("SELECT release_version, cluster_name, data_center FROM system.local").one();
    } catch (DriverException e) {
      throw new BindingException("cannot read system.local: " + Secrets.maskText(e.getMessage()), e);
    }
    String keyspace = settings.schema().keyspace();
    Map<String, String> details = new LinkedHashMap<>();
    details.put("cluster_name", String.valueOf(row == null ? null : row.getString("cluster_name")));
    details.put("datacenter", String.valueOf(row == null ? null : row.getString("data_center")));
    details.put("nodes", Integer.toString(session.getMetadata().getNodes().size()));
    details.put("driver", "Apache Cassandra Java driver " + Session.OSS_DRIVER_COORDINATES.getVersion());
    details.put("protocol", session.getContext().getProtocolVersion().toString());
    details.put("keyspace", keyspace);
    try {
      details.put("replication", CassandraSchema.replicationOf(session, keyspace));
    } catch (DriverException e) {
      details.put("replication", "unknown");
    }
    details.put("read_consistency", settings.consistency().read().name());
    details.put("write_consistency", settings.consistency().write().name());
    return new StoreInfo("Apache Cassandra", row == null ? "unknown" : row.getString("release_version"), details);
  }

  CassandraSettings settings() {
    return settings;
  }

  CqlSession session() {
    return session;
  }

  CassandraStatements statements() {
    return statements;
  }

  CassandraFailures failures() {
    return failures;
  }

  /** DocumentStore: a table per type; SubjectTimeline: a partition per subject clustered by time, newest first. */
  @Override
  public Map<Class<? extends AccessPath>, AccessPathFactory> accessPaths() {
    return Map.of(
        DocumentStore.class, id -> new CassandraDocumentStore(this),
        SubjectTimeline.class, id -> new CassandraSubjectTimeline(this));
  }

  @Override
  public DB newDb(int threadId) {
    return new CassandraDb(this);
  }

  SubjectTimeline.Schema timelineSchema() {
    return timelineSchema;
  }

  /** Called once the FHIR tables exist: prepares their statements for every thread. */
  void timelineSchema(SubjectTimeline.Schema s) throws BindingException {
    CassandraSchema.awaitAgreement(session);
    try {
      timelineStatements = CassandraSubjectTimeline.prepareStatements(session, settings.schema().keyspace(), s);
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

  /** Every node's own figures, added up ({@link CassandraServerStats}). */
  @Override
  public Optional<ServerStats> serverStats() throws BindingException {
    return serverStats.read();
  }

  /** Every node's {@code system_views.settings} ({@link CassandraServerConfiguration}). */
  @Override
  public Optional<org.sciycsb.api.ServerConfiguration> serverConfiguration() throws BindingException {
    return CassandraServerConfiguration.read(session);
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
    String keyspace = settings.schema().keyspace();
    try {
      String column = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(keyspace))
          .flatMap(k -> k.getTable(CqlIdentifier.fromInternal(table)))
          .map(t -> t.getPartitionKey().isEmpty() ? null : t.getPartitionKey().get(0).getName().asCql(true))
          .orElse(null);
      if (column == null) {
        Row row = session.execute(statements.forRead(SimpleStatement.newInstance(Cql.count(keyspace, table)))
            .setTimeout(Duration.ofMinutes(10))).one();
        return row == null ? OptionalLong.empty() : OptionalLong.of(row.getLong(0));
      }
      long n = 0;
      for (Row ignored : session.execute(statements.forRead(SimpleStatement.newInstance(
          Cql.keys(keyspace, table, column))).setPageSize(5000).setTimeout(Duration.ofMinutes(1)))) {
        n++;
      }
      return OptionalLong.of(n);
    } catch (DriverException e) {
      throw new BindingException("cannot count " + keyspace + "." + table + ": "
          + Secrets.maskText(e.getMessage()), e);
    }
  }

  /** {@code TRUNCATE}: every replica drops the table's data (all nodes must be up); the schema stays. */
  @Override
  public boolean empty(String table) throws BenchmarkException {
    String keyspace = settings.schema().keyspace();
    try {
      session.execute(SimpleStatement.newInstance(Cql.truncate(keyspace, table)).setTimeout(Duration.ofMinutes(2)));
      return true;
    } catch (DriverException e) {
      throw new BindingException("cannot empty " + keyspace + "." + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    session.close();
    Map<String, Long> errors = failures.counts();
    if (!errors.isEmpty()) {
      StringBuilder b = new StringBuilder("cassandra: failed operations by error:");
      errors.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
      log.println(b);
    }
  }

  /** Failed operations so far, by "op:ExceptionClass" (for tests and the end-of-run summary). */
  Map<String, Long> errorCounts() {
    return failures.counts();
  }
}
