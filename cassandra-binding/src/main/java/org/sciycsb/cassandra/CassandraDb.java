package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.sciycsb.api.AsyncDb;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One client thread's {@link DB} on the run's shared session and prepared statements. Every operation is written
 * once, non-blocking ({@link AsyncDb}, for {@code -p inflight=N}: the driver's {@code executeAsync}); the blocking
 * methods await the same calls, so both give the same statuses. Nothing throws: failures are statuses
 * ({@link CassandraFailures}).
 */
final class CassandraDb extends DB implements AsyncDb {
  private final CqlSession session;
  private final CassandraStatements statements;
  private final CassandraFailures failures;
  private final String keyspace;

  CassandraDb(CassandraRun run) {
    this.session = run.session();
    this.statements = run.statements();
    this.failures = run.failures();
    this.keyspace = run.settings().schema().keyspace();
  }

  @Override
  public void init() {
    // nothing per thread: the session and its pool belong to the run
  }

  @Override
  public void cleanup() {
    // no buffered writes: every write is acknowledged at its consistency level before the call returns
  }

  /**
   * The blocking form of an operation: its asynchronous form, awaited (as the driver's own {@code execute} does), so
   * that both forms give the same statuses. The stage never completes exceptionally: failures are statuses.
   */
  static Status await(CompletionStage<Status> stage) {
    return stage.toCompletableFuture().join();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return await(readAsync(table, key, fields, result));
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return await(scanAsync(table, startkey, recordcount, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return await(updateAsync(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return await(insertAsync(table, key, values));
  }

  /** A delete of a missing key is OK too: Cassandra writes a tombstone either way and cannot tell. */
  @Override
  public Status delete(String table, String key) {
    return await(deleteAsync(table, key));
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    return failures.guarded("read", () -> {
      List<String> f = Cql.fieldsOrAll(fields);
      PreparedStatement ps = f == null ? statements.readAll(table)
          : statements.prepare(Cql.cacheKey("read", table, f), Cql.read(keyspace, table, f));
      // the key as its UTF-8 bytes: no encoder per read
      BoundStatementBuilder b = ps.boundStatementBuilder().setBytesUnsafe(0,
          ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
      return session.executeAsync(statements.finish(b, statements.readLevel())).thenApply(rs -> {
        Row row = rs.one();
        if (row == null) {
          return Status.NOT_FOUND;
        }
        putFields(row, result);
        return Status.OK;
      });
    });
  }

  /**
   * {@code count} records in token (ring) order from the start key's token, wrapping around at the end of the
   * ring: Murmur3 hashing keeps no key order, so this is the nearest thing to a range scan.
   */
  @Override
  public CompletionStage<Status> scanAsync(String table, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return failures.guarded("scan", () -> {
      List<String> f = Cql.fieldsOrAll(fields);
      PreparedStatement ps = statements.prepare(Cql.cacheKey("scan", table, f), Cql.scan(keyspace, table, f));
      // prepared here, not in the callback: a driver I/O thread must not block on a prepare
      PreparedStatement wrap = statements.prepare(Cql.cacheKey("scanwrap", table, f),
          Cql.scanWrap(keyspace, table, f));
      return session.executeAsync(statements.read(ps, startKey, count))
          .thenCompose(rs -> addRows(rs, result, 0)).thenCompose(got -> {
            if (got >= count) {
              return CompletableFuture.completedFuture(Status.OK);
            }
            // the end of the ring: go on from its start, as far as the start key (the ring is circular)
            return session.executeAsync(statements.read(wrap, startKey, count - got))
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

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return failures.guarded("insert", () -> {
      List<String> f = Cql.canonical(values.keySet());
      PreparedStatement ps = statements.prepare(Cql.cacheKey("insert", table, f), Cql.insert(keyspace, table, f));
      Object[] args = new Object[f.size() + 1];
      args[0] = key;
      for (int i = 0; i < f.size(); i++) {
        args[i + 1] = values.get(f.get(i)).toString();
      }
      return written(ps, args);
    });
  }

  private CompletionStage<Status> written(PreparedStatement ps, Object... values) {
    return session.executeAsync(statements.write(ps, values)).thenApply(rs -> Status.OK);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    if (values.isEmpty()) {
      return CompletableFuture.completedFuture(Status.OK);
    }
    return failures.guarded("update", () -> {
      List<String> f = Cql.canonical(values.keySet());
      PreparedStatement ps = statements.prepare(Cql.cacheKey("update", table, f), Cql.update(keyspace, table, f));
      Object[] args = new Object[f.size() + 1];
      for (int i = 0; i < f.size(); i++) {
        args[i] = values.get(f.get(i)).toString();
      }
      args[f.size()] = key;
      return written(ps, args);
    });
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return failures.guarded("delete", () -> written(statements.delete(table), key));
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
}
