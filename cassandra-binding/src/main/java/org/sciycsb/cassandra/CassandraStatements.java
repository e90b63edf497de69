package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;

/**
 * A run's prepared statements, cached per (operation, table, field set) for every thread, and how each statement
 * is finished: the run's consistency levels, idempotence, tracing on a sample.
 */
final class CassandraStatements {
  private final CqlSession session;
  private final CassandraSettings.Consistency consistency;
  private final CassandraSettings.Tracing tracing;
  private final String keyspace;
  private final ConcurrentHashMap<String, PreparedStatement> prepared = new ConcurrentHashMap<>();
  /** {@link #prepareAll}'s caches: the statements of reads of every field, and of deletes, by table. */
  private final Map<String, PreparedStatement> readAll = new ConcurrentHashMap<>();
  private final Map<String, PreparedStatement> deleteAll = new ConcurrentHashMap<>();

  CassandraStatements(CqlSession session, CassandraSettings s) {
    this.session = session;
    this.consistency = s.consistency();
    this.tracing = s.tracing();
    this.keyspace = s.schema().keyspace();
  }

  /** The statement of {@code cql}, prepared once under {@code key}. */
  PreparedStatement prepare(String key, String cql) {
    PreparedStatement ps = prepared.get(key);
    if (ps == null) {
      ps = prepared.computeIfAbsent(key, k -> session.prepare(cql));
    }
    return ps;
  }

  /** The read of every field of a record of {@code table}. */
  PreparedStatement readAll(String table) {
    return prepareAll(readAll, "read", table, t -> Cql.read(keyspace, t, null));
  }

  /** The delete of a record of {@code table}. */
  PreparedStatement delete(String table) {
    return prepareAll(deleteAll, "delete", table, t -> Cql.delete(keyspace, t));
  }

  /**
   * The prepared statement of an operation on every column of a table (a read or scan of all fields, a delete):
   * looked up by the table's name alone, so the hot path builds no cache key.
   */
  private PreparedStatement prepareAll(Map<String, PreparedStatement> byTable, String op, String table,
      UnaryOperator<String> cqlOfTable) {
    PreparedStatement ps = byTable.get(table);
    if (ps == null) {
      ps = byTable.computeIfAbsent(table, t -> prepare(Cql.cacheKey(op, t, null), cqlOfTable.apply(t)));
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
    if (tracing.enabled()
        && (tracing.fraction() >= 1 || ThreadLocalRandom.current().nextDouble() < tracing.fraction())) {
      b.setTracing(true);
    }
    return b.build();
  }

  BoundStatement finish(PreparedStatement ps, DefaultConsistencyLevel level, Object... values) {
    return finish(ps.boundStatementBuilder(values), level);
  }

  /** The run's read consistency. */
  DefaultConsistencyLevel readLevel() {
    return consistency.read();
  }

  /** A read at the run's read consistency. */
  BoundStatement read(PreparedStatement ps, Object... values) {
    return finish(ps, consistency.read(), values);
  }

  /** A write at the run's write consistency. */
  BoundStatement write(PreparedStatement ps, Object... values) {
    return finish(ps, consistency.write(), values);
  }

  /** Any statement at the run's read consistency. */
  <S extends Statement<S>> S forRead(S st) {
    return st.setConsistencyLevel(consistency.read());
  }

  /** Any statement at the run's write consistency. */
  <S extends Statement<S>> S forWrite(S st) {
    return st.setConsistencyLevel(consistency.write());
  }
}
