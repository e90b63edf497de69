package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.regex.Pattern;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.access.AsyncDocumentStore;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The {@link DocumentStore} access path on Cassandra: one table per collection in the run's keyspace,
 * {@code (id text PRIMARY KEY, doc text)}, the JSON stored as text. Each document is one prepared, synchronous
 * {@code INSERT} at the run's write consistency (the documents of a batch would belong to as many partitions, so an
 * unlogged batch would only move the fan-out to the coordinator; concurrency comes from the workers), each read one
 * {@code SELECT doc ... WHERE id = ?} at the read consistency. Handles share the run's session and statements.
 * The blocking calls await the non-blocking ones ({@link AsyncDocumentStore}, {@code executeAsync}, for
 * {@code -p inflight=N}), so both give the same statuses.
 */
final class CassandraDocumentStore implements DocumentStore, AsyncDocumentStore {
  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

  private final CassandraRun run;
  private final String keyspace;

  CassandraDocumentStore(CassandraRun run) {
    this.run = run;
    this.keyspace = run.settings().schema().keyspace();
  }

  private static void checkName(String table) throws ConfigException {
    if (!NAME.matcher(table).matches()) {
      throw new ConfigException("bad collection name '" + table + "' for Cassandra: letters, digits and _, starting"
          + " with a letter, at most 48 characters");
    }
  }

  static String createTable(String keyspace, String table) {
    return "CREATE TABLE IF NOT EXISTS " + keyspace + "." + table + " (id text PRIMARY KEY, doc text)";
  }

  @Override
  public void prepare(List<String> collections) throws BenchmarkException {
    for (String c : collections) {
      checkName(c);
      try {
        run.session().execute(SimpleStatement.newInstance(createTable(keyspace, c))
            .setTimeout(CassandraSchema.DDL_TIMEOUT));
      } catch (DriverException e) {
        throw new BindingException("cannot create table " + keyspace + "." + c + ": "
            + Secrets.maskText(e.getMessage()), e);
      }
    }
  }

  @Override
  public Status insert(String collection, String id, String json) {
    return CassandraDb.await(insertAsync(collection, id, json));
  }

  @Override
  public CompletionStage<Status> insertAsync(String collection, String id, String json) {
    return run.failures().guarded("document insert", () -> {
      PreparedStatement ps = run.statements().prepare("doc-insert:" + collection,
          "INSERT INTO " + keyspace + "." + collection + " (id, doc) VALUES (?, ?)");
      return run.session().executeAsync(run.statements().write(ps, id, json))
          .thenApply(rs -> Status.OK);
    });
  }

  @Override
  public Result read(String collection, String id) {
    return readAsync(collection, id).toCompletableFuture().join();
  }

  @Override
  public CompletionStage<Result> readAsync(String collection, String id) {
    String[] doc = new String[1];
    return run.failures().guarded("document read", () -> {
      PreparedStatement ps = run.statements().prepare("doc-read:" + collection,
          "SELECT doc FROM " + keyspace + "." + collection + " WHERE id = ?");
      return run.session().executeAsync(run.statements().read(ps, id)).thenApply(rs -> {
        Row row = rs.one();
        if (row == null) {
          return Status.NOT_FOUND;
        }
        doc[0] = row.getString(0);
        return Status.OK;
      });
    }).thenApply(st -> new Result(st, st.isOk() ? doc[0] : null));
  }

  /** {@code SELECT COUNT(*)}: a full scan, fine for test and benchmark sizes. */
  @Override
  public long count(String collection) throws BenchmarkException {
    checkName(collection);
    return run.count(collection).orElse(-1);
  }
}
