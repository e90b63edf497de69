package org.sciycsb.sequoiadb;

import com.sequoiadb.base.DBCollection;
import com.sequoiadb.base.Sequoiadb;
import com.sequoiadb.exception.BaseException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.DB;

/** One run of the {@code sequoiadb} binding: its connection pool and what the node said about itself. */
public final class SequoiadbRun implements BindingRun {
  /** An operation on one borrowed connection. */
  @FunctionalInterface
  interface Call<T> {
    T apply(Sequoiadb db);
  }

  private final SequoiadbSettings settings;
  private final ConnectionPool pool;
  private final StoreInfo storeInfo;
  private final PrintStream log;
  private final String table;
  /** The run's failure policy. */
  private final FailureLog failures;
  private final AtomicLong failedBatchedRecords = new AtomicLong();
  /** The FHIR collections, once {@link SequoiadbSubjectTimeline#prepare} set them up. */
  private volatile SubjectTimeline.Schema timelineSchema;

  SequoiadbRun(SequoiadbSettings settings, NodeInfo node, RunContext context) {
    this.settings = settings;
    this.pool = new ConnectionPool(settings);
    this.log = context.log();
    this.failures = context.failures();
    this.table = context.config().raw("table", "usertable");
    this.storeInfo = describe(settings, node);
  }

  static StoreInfo describe(SequoiadbSettings settings, NodeInfo node) {
    Map<String, String> details = new LinkedHashMap<>(node.details());
    details.put("driver", "sequoiadb-driver " + driverVersion());
    details.put("hosts", settings.hostsText());
    details.put("collectionSpace", settings.collectionSpace());
    details.put("collection", settings.collection());
    details.put("poolSize", String.valueOf(settings.poolSize()));
    details.put("batchSize", String.valueOf(settings.batchSize()));
    details.put("preferredInstance", settings.preferredInstance() == null ? "node default"
        : settings.preferredInstance());
    details.put("replSize", settings.replSize() == null ? "engine default" : String.valueOf(settings.replSize()));
    details.put("compression", settings.compression());
    details.put("preset", settings.preset());
    return new StoreInfo("SequoiaDB", node.version(), details);
  }

  static String driverVersion() {
    String v = Sequoiadb.class.getPackage().getImplementationVersion();
    return v == null ? "5.10" : v;
  }

  SequoiadbSettings settings() {
    return settings;
  }

  PrintStream log() {
    return log;
  }

  /** The collection a YCSB table name maps to: the run's table is {@code sequoiadb.collection}. */
  String collectionName(String t) {
    return t.equals(table) ? settings.collection() : t;
  }

  /** Runs one call on a borrowed connection; a network failure drops the connection. */
  <T> T call(Call<T> call) {
    Sequoiadb db;
    try {
      db = pool.borrow();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a connection", e);
    }
    boolean broken = false;
    try {
      return call.apply(db);
    } catch (RuntimeException e) {
      broken = SequoiadbErrors.unavailable(e);
      throw e;
    } finally {
      pool.release(db, broken);
    }
  }

  /** The collection handle of a connection (the driver caches names, so no round trip after the first). */
  DBCollection collection(Sequoiadb db, String name) {
    return db.getCollectionSpace(settings.collectionSpace()).getCollection(name);
  }

  /**
   * One batch through {@code bulkInsert} with FLG_INSERT_CONTONDUP: a duplicate key skips that record, not the rest
   * of the batch, and the result counts what was inserted.
   */
  com.sequoiadb.base.result.InsertResult bulkInsert(String collection, java.util.List<org.bson.BSONObject> docs) {
    com.sequoiadb.base.options.InsertOption continueOnDuplicate = new com.sequoiadb.base.options.InsertOption()
        .setFlag(com.sequoiadb.base.options.InsertOption.FLG_INSERT_CONTONDUP);
    return call(db -> collection(db, collection).bulkInsert(docs, continueOnDuplicate));
  }

  /**
   * Records a failed operation in the run's {@link FailureLog}, its kind the driver's error code
   * ({@link SequoiadbErrors#kind}): the first few of each kind are printed with the node's message, all are counted.
   */
  void logError(String op, RuntimeException e) {
    failures.record(op, SequoiadbErrors.kind(e),
        () -> "sequoiadb: " + op + " failed: " + SequoiadbErrors.firstLine(settings.mask(e.getMessage())), e);
  }

  /**
   * Records a batch that lost {@code records} records: counted here (for the cleanup's message) and in the run's
   * {@link FailureLog} as a failure of {@code op} of the given kind ({@code e} may be null).
   */
  void batchFailed(String op, String kind, long records, String message, RuntimeException e) {
    failedBatchedRecords.addAndGet(records);
    failures.record(op, kind, () -> "sequoiadb: batch insert lost " + SequoiadbSettings.records(records) + ": "
        + settings.mask(message), e);
  }

  long failedBatchedRecords() {
    return failedBatchedRecords.get();
  }

  SubjectTimeline.Schema timelineSchema() {
    return timelineSchema;
  }

  void timelineSchema(SubjectTimeline.Schema schema) {
    this.timelineSchema = schema;
  }

  /** Creates (or finds) a collection of the run's collection space, on a connection of the pool. */
  void ensureCollection(String name) throws BenchmarkException {
    try {
      org.sciycsb.api.ConfigException[] refused = new org.sciycsb.api.ConfigException[1];
      call(db -> {
        try {
          Collections.ensure(db, settings, name, log);
        } catch (org.sciycsb.api.ConfigException e) {
          refused[0] = e;
        }
        return null;
      });
      if (refused[0] != null) {
        throw refused[0];
      }
    } catch (BaseException e) {
      throw new BindingException("sequoiadb: cannot create the collection " + settings.collectionSpace() + "."
          + name + ": " + SequoiadbErrors.firstLine(settings.mask(e.getMessage())), e);
    }
  }

  @Override
  public DB newDb(int threadId) {
    return new SequoiadbDb(this, threadId);
  }

  @Override
  public Map<Class<? extends AccessPath>, AccessPathFactory> accessPaths() {
    return Map.of(DocumentStore.class, id -> new SequoiadbDocumentStore(this, id),
        SubjectTimeline.class, id -> new SequoiadbSubjectTimeline(this, id));
  }

  @Override
  public StoreInfo storeInfo() {
    return storeInfo;
  }

  @Override
  public OptionalLong count(String t) throws BenchmarkException {
    String name = collectionName(t);
    try {
      return OptionalLong.of(call(db -> collection(db, name).getCount()));
    } catch (RuntimeException e) {
      throw new BindingException("cannot count " + settings.collectionSpace() + "." + name + ": "
          + SequoiadbErrors.firstLine(settings.mask(e.getMessage())), e);
    }
  }

  /** {@code truncate()}: the collection and its indexes stay. */
  @Override
  public boolean empty(String t) throws BenchmarkException {
    String name = collectionName(t);
    try {
      call(db -> {
        collection(db, name).truncate();
        return null;
      });
      return true;
    } catch (BaseException e) {
      throw new BindingException("cannot empty " + settings.collectionSpace() + "." + name + ": "
          + SequoiadbErrors.firstLine(settings.mask(e.getMessage())), e);
    }
  }

  @Override
  public OptionalLong connectionsOpened() {
    return OptionalLong.of(pool.opened());
  }

  @Override
  public void close() {
    pool.close();
  }
}
