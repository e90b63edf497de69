package org.sciycsb.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.DB;
import site.ycsb.Status;

/** One run of the {@code mongodb} binding: the shared {@link MongoClient} and what the server said about itself. */
public final class MongoDbRun implements BindingRun {
  private final MongoDbSettings settings;
  private final MongoClient client;
  /** Connections the client's pool has opened (a ConnectionPoolListener counts them). */
  private final AtomicLong opened;
  /** The run's shared client when this is a thread's own one (connections=perthread), else null. */
  private final MongoDbRun parent;
  private final MongoDatabase database;
  private final StoreInfo storeInfo;
  private final PrintStream log;
  private final boolean mongos;
  /** Shards the collections on a mongos (mongodb.shardkey); null on any other server. */
  private final Sharding sharding;
  /** The run's failure policy (shared with the threads' own clients). */
  private final FailureLog failures;
  private final AtomicLong failedBatchedRecords = new AtomicLong();
  private volatile org.sciycsb.api.access.SubjectTimeline.Schema timelineSchema;
  /** Store details learned after open (e.g. the FHIR read's plan), added to {@link #storeInfo()}'s. */
  private final Map<String, String> laterDetails = new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.Set<String> warned = java.util.concurrent.ConcurrentHashMap.newKeySet();

  MongoDbRun(MongoDbSettings settings, MongoClient client, AtomicLong opened, Document hello, Document buildInfo,
      RunContext context) throws BenchmarkException {
    this.settings = settings;
    this.client = client;
    this.opened = opened;
    this.parent = null;
    this.log = context.log();
    this.failures = context.failures();
    MongoDatabase db = client.getDatabase(settings.database()).withReadPreference(settings.readPreference());
    if (settings.writeConcern() != null) {
      db = db.withWriteConcern(settings.writeConcern());
    }
    this.database = db;
    String ferret = ferretDbVersion(buildInfo);
    if (ferret != null && settings.writeConcern() != null && !settings.writeConcern().isAcknowledged()) {
      // FerretDB (1.24 and 2.5) replies to unacknowledged (moreToCome) writes; the driver then reads that reply as
      // the answer to its next request and fails with "responseTo ... does not match the requestId"
      throw new ConfigException("FerretDB " + ferret + " does not support unacknowledged writes (w=0): use w=1 or"
          + " more");
    }
    this.mongos = "isdbgrid".equals(hello.get("msg"));
    this.sharding = mongos ? new Sharding(settings.shardKey(), admin(), settings.database(), log) : null;
    String how = mongos ? sharding.shard(settings.table(), "_id")
        : "not a sharded cluster (mongodb.shardkey=" + settings.shardKey() + " applies on a mongos only)";
    this.storeInfo = describe(settings, hello, buildInfo, how);
  }

  /** A thread's own client (connections=perthread): the parent's settings, its own MongoClient of one connection. */
  private MongoDbRun(MongoDbRun parent, MongoClient client, AtomicLong opened) {
    this.settings = parent.settings;
    this.client = client;
    this.opened = opened;
    this.parent = parent;
    this.log = parent.log;
    this.failures = parent.failures;
    this.mongos = parent.mongos;
    this.sharding = parent.sharding;
    this.storeInfo = parent.storeInfo;
    MongoDatabase db = client.getDatabase(settings.database()).withReadPreference(settings.readPreference());
    if (settings.writeConcern() != null) {
      db = db.withWriteConcern(settings.writeConcern());
    }
    this.database = db;
    this.timelineSchema = parent.timelineSchema;
  }

  /**
   * The driver settings with a pool listener counting the connections opened, and (when {@code maxPool} > 0) that
   * pool size. Each client also keeps its own monitoring connections to each server (not pool connections, so not
   * counted here; the server's own count includes them).
   */
  static com.mongodb.MongoClientSettings counting(com.mongodb.MongoClientSettings base, AtomicLong opened,
      int maxPool) {
    return com.mongodb.MongoClientSettings.builder(base).applyToConnectionPoolSettings(p -> {
      p.addConnectionPoolListener(new com.mongodb.event.ConnectionPoolListener() {
        @Override
        public void connectionCreated(com.mongodb.event.ConnectionCreatedEvent event) {
          opened.incrementAndGet();
        }
      });
      if (maxPool > 0) {
        p.maxSize(maxPool).minSize(0);
      }
    }).build();
  }

  @Override
  public boolean supportsThreadClients() {
    return parent == null;
  }

  /** A MongoClient of the thread's own with a pool of one connection, as a worker process of its own would have. */
  @Override
  public BindingRun openThreadClient(int threadId) throws BenchmarkException {
    AtomicLong count = new AtomicLong();
    try {
      return new MongoDbRun(this, com.mongodb.client.MongoClients.create(counting(settings.clientSettings(), count, 1)),
          count);
    } catch (RuntimeException e) {
      throw new BindingException("cannot create the MongoDB client of thread " + threadId + " for "
          + settings.maskedUrl() + ": " + settings.mask(e.getMessage()), e);
    }
  }

  @Override
  public OptionalLong connectionsOpened() {
    return OptionalLong.of(opened.get());
  }

  /**
   * The server's {@code serverStatus.connections.current}: every client's connections, monitoring ones included.
   * Empty when the server does not report it (FerretDB answers serverStatus without a connections section).
   */
  @Override
  public OptionalLong serverConnections() {
    try {
      Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
      Object c = status.get("connections");
      if (c instanceof Document d && d.get("current") instanceof Number n) {
        return OptionalLong.of(n.longValue());
      }
      return OptionalLong.empty();
    } catch (MongoException e) {
      return OptionalLong.empty();
    }
  }

  /** The server's {@code getCmdLineOpts} ({@link MongoDbServerConfiguration}). */
  @Override
  public java.util.Optional<org.sciycsb.api.ServerConfiguration> serverConfiguration() throws BindingException {
    return MongoDbServerConfiguration.read(client);
  }

  /** The server's own figures ({@link MongoDbServerStats}). */
  @Override
  public java.util.Optional<org.sciycsb.api.ServerStats> serverStats() throws BindingException {
    return MongoDbServerStats.read(client, storeInfo().product() + " " + storeInfo().version());
  }

  /**
   * Shards a collection of an access path (FHIR, FASTA) on {@code field} as {@code mongodb.shardkey} says, when the
   * server is a mongos; nothing elsewhere.
   */
  void shard(String collection, String field) throws BindingException {
    if (sharding != null) {
      log.println("mongodb: " + sharding.shard(collection, field));
    }
  }

  /** The key under which {@link MongoDbBinding} adds FerretDB 2's backend to the buildInfo it passes on. */
  static final String FERRETDB_BACKEND = "sciycsb.ferretdbBackend";

  /** The key under which {@link MongoDbBinding} adds the server's note of changes made behind its back. */
  static final String SERVER_CHANGES = "sciycsb.serverChanges";

  /** The collection in {@code admin} where the project's test server notes what it changed behind FerretDB's back. */
  static final String SERVER_CHANGES_COLLECTION = "sciycsb_server_changes";

  /**
   * What {@code bin/servers start mongodb} changed behind FerretDB's back (indexes its {@code listIndexes} does not
   * show, PostgreSQL settings): the {@code what} of each document of {@code admin.sciycsb_server_changes}, joined
   * by "; "; null when there is none or it cannot be read.
   */
  static String serverChanges(MongoDatabase admin) {
    try {
      List<String> what = new java.util.ArrayList<>();
      for (Document d : admin.getCollection(SERVER_CHANGES_COLLECTION).find()) {
        if (d.get("what") != null) {
          what.add(String.valueOf(d.get("what")));
        }
      }
      return what.isEmpty() ? null : String.join("; ", what);
    } catch (MongoException e) {
      return null;
    }
  }

  /** FerretDB's version: buildInfo's {@code ferretdbVersion} (1.x) or {@code ferretdb.version} (2.x); null: not it. */
  static String ferretDbVersion(Document buildInfo) {
    if (buildInfo.get("ferretdbVersion") != null) {
      return String.valueOf(buildInfo.get("ferretdbVersion"));
    }
    if (buildInfo.get("ferretdb") instanceof Document f && f.get("version") != null) {
      return String.valueOf(f.get("version"));
    }
    return null;
  }

  /**
   * FerretDB 1.x's backend, which it names nowhere: its explain answers with the backend's own plan, PostgreSQL's
   * {@code EXPLAIN (FORMAT JSON)} tree ({@code queryPlanner.Plan} with a {@code Node Type}) on its PostgreSQL backend.
   * Asked of {@code admin.system.users}, the collection FerretDB's own authentication keeps; null when the answer
   * is anything else (another backend, no such collection, no right to explain it). PostgreSQL's version is not
   * visible through FerretDB 1.x.
   */
  static String ferretDb1Backend(MongoDatabase admin) {
    try {
      Document e = admin.runCommand(new Document("explain", new Document("find", "system.users")
          .append("filter", new Document())).append("verbosity", "queryPlanner"));
      return e.get("queryPlanner") instanceof Document qp && qp.get("Plan") instanceof Document plan
          && plan.get("Node Type") instanceof String ? "PostgreSQL" : null;
    } catch (MongoException e) {
      return null;
    }
  }

  /**
   * FerretDB 2's backend from {@code serverStatus.ferretdb}: e.g. "DocumentDB 0.106.0 / PostgreSQL 15.20" (from
   * "0.106.0 gitref: ..." and "PostgreSQL 15.20 (Debian ...) on x86_64..."); null when it reports neither.
   */
  static String ferretDbBackend(Object serverStatusFerretDb) {
    if (!(serverStatusFerretDb instanceof Document f)) {
      return null;
    }
    List<String> parts = new java.util.ArrayList<>();
    if (f.get("documentdb") != null) {
      parts.add("DocumentDB " + String.valueOf(f.get("documentdb")).trim().split("\\s+")[0]);
    }
    if (f.get("postgresql") != null) {
      String[] w = String.valueOf(f.get("postgresql")).trim().split("\\s+");
      parts.add(w.length >= 2 && w[0].equals("PostgreSQL") ? w[0] + " " + w[1] : String.join(" ", w));
    }
    return parts.isEmpty() ? null : String.join(" / ", parts);
  }

  static StoreInfo describe(MongoDbSettings settings, Document hello, Document buildInfo, String sharding) {
    Map<String, String> details = new LinkedHashMap<>();
    String reported = buildInfo.get("version") == null ? "unknown" : String.valueOf(buildInfo.get("version"));
    String product;
    String version;
    String ferret = ferretDbVersion(buildInfo);
    if (ferret != null) {
      product = "FerretDB";
      version = ferret;
      Object backend = buildInfo.get(FERRETDB_BACKEND);
      if (backend != null) {
        details.put("backend", String.valueOf(backend));
      }
      // what it is, in every report and figure: never mistaken for the MongoDB whose wire protocol it speaks
      Object changes = buildInfo.get(SERVER_CHANGES);
      if (changes != null) {
        details.put("serverChanges", String.valueOf(changes));
      }
      details.put("label", "FerretDB " + (ferret.startsWith("v") ? ferret.substring(1) : ferret)
          + (backend == null ? "" : " on " + backend)
          + (changes == null ? "" : " with indexes added behind its back (serverChanges)") + ", NOT MongoDB");
      details.put("mongodbCompatibleVersion", reported);
    } else {
      product = "MongoDB";
      version = reported;
      if (buildInfo.get("gitVersion") != null) {
        details.put("gitVersion", String.valueOf(buildInfo.get("gitVersion")));
      }
    }
    String topology;
    if ("isdbgrid".equals(hello.get("msg"))) {
      topology = "sharded (mongos)";
    } else if (hello.get("setName") != null) {
      topology = "replica set " + hello.get("setName");
    } else {
      topology = "standalone";
    }
    details.put("topology", topology);
    details.put("sharding", sharding);
    if (hello.get("maxWireVersion") != null) {
      details.put("maxWireVersion", String.valueOf(hello.get("maxWireVersion")));
    }
    details.put("driver", "mongodb-driver-sync " + driverVersion());
    details.put("hosts", settings.hosts());
    details.put("database", settings.database());
    details.put("writeConcern", settings.writeConcernText());
    details.put("readPreference", settings.readPreference().getName());
    details.put("consistency", settings.consistency());
    details.put("batchSize", String.valueOf(settings.batchSize()));
    details.put("upsert", String.valueOf(settings.upsert()));
    List<String> comps = settings.compressors().stream().map(c -> c.getName()).toList();
    details.put("compressors", comps.isEmpty() ? "none" : String.join(",", comps));
    return new StoreInfo(product, version, details);
  }

  static String driverVersion() {
    try {
      return com.mongodb.internal.build.MongoDriverVersion.VERSION;
    } catch (LinkageError e) {
      String v = MongoClient.class.getPackage().getImplementationVersion();
      return v == null ? "5.x" : v;
    }
  }

  public MongoDbSettings settings() {
    return settings;
  }

  /** True when the server is a mongos. */
  public boolean isMongos() {
    return mongos;
  }

  /** The handle every thread uses for a table: it carries the run's write concern and read preference. */
  public MongoCollection<Document> collection(String table) {
    return database.getCollection(table);
  }

  /** The driver's non-blocking client, opened on the first asynchronous call (-p inflight=N), same settings. */
  private com.mongodb.reactivestreams.client.MongoClient reactive;
  private com.mongodb.reactivestreams.client.MongoDatabase reactiveDatabase;

  /** A collection of the non-blocking client (opened on first use with this run's settings and connection count). */
  synchronized com.mongodb.reactivestreams.client.MongoCollection<Document> reactiveCollection(String table) {
    if (reactiveDatabase == null) {
      reactive = com.mongodb.reactivestreams.client.MongoClients.create(counting(settings.clientSettings(), opened,
          0));
      com.mongodb.reactivestreams.client.MongoDatabase db = reactive.getDatabase(settings.database())
          .withReadPreference(settings.readPreference());
      if (settings.writeConcern() != null) {
        db = db.withWriteConcern(settings.writeConcern());
      }
      reactiveDatabase = db;
    }
    return reactiveDatabase.getCollection(table);
  }

  /** Records lost in failed batch flushes so far (each also counted as a failed insert or a failed cleanup). */
  public long failedBatchedRecords() {
    return parent != null ? parent.failedBatchedRecords() : failedBatchedRecords.get();
  }

  /**
   * Sends an asynchronous call ({@code call} may fail before sending) and maps any failure, then or when its stage
   * completes, to a status as the blocking calls do ({@link MongoDbClient#status}), logging it.
   */
  CompletionStage<Status> guarded(String op, java.util.function.Supplier<CompletionStage<Status>> call) {
    try {
      return call.get().exceptionally(t -> {
        Throwable e = t instanceof java.util.concurrent.CompletionException && t.getCause() != null ? t.getCause() : t;
        RuntimeException r = e instanceof RuntimeException re ? re : new IllegalStateException(e);
        logError(op, r);
        return MongoDbClient.status(r);
      });
    } catch (RuntimeException e) {
      logError(op, e);
      return java.util.concurrent.CompletableFuture.completedFuture(MongoDbClient.status(e));
    }
  }

  /**
   * Records a failed operation in the run's {@link FailureLog}, its kind the driver's exception class: the first few
   * of each kind are printed with the server's message, all are counted.
   */
  void logError(String op, RuntimeException e) {
    failures.record(op, e.getClass().getSimpleName(), () -> {
      String text = e instanceof com.mongodb.MongoTimeoutException
          ? "no server within " + org.sciycsb.api.Option.formatDuration(settings.connectTimeout()) + " ("
              + MongoDbBinding.cause(e.getMessage()) + ")"
          : MongoDbBinding.firstLine(e.getMessage());
      return "mongodb: " + op + " failed: " + e.getClass().getSimpleName() + ": " + settings.mask(text);
    }, e);
  }

  /**
   * Records a batch that lost {@code records} records: counted here (for the cleanup's message) and in the run's
   * {@link FailureLog} as a failure of {@code op}, its kind the exception's class.
   */
  void batchFailed(String op, long records, String message, RuntimeException e) {
    if (parent != null) {
      parent.batchFailed(op, records, message, e);
      return;
    }
    failedBatchedRecords.addAndGet(records);
    failures.record(op, e.getClass().getSimpleName(),
        () -> "mongodb: batch insert lost " + records + " record(s): " + settings.mask(message), e);
  }

  /** DocumentStore: a collection per type; SubjectTimeline: patients and observations with a (subject, effective desc) index. */
  @Override
  public java.util.Map<Class<? extends org.sciycsb.api.AccessPath>, AccessPathFactory> accessPaths() {
    return java.util.Map.of(
        org.sciycsb.api.access.DocumentStore.class, id -> new MongoDbDocumentStore(this, id),
        org.sciycsb.api.access.SubjectTimeline.class, id -> new MongoDbSubjectTimeline(this));
  }

  @Override
  public DB newDb(int threadId) {
    return new MongoDbClient(this, threadId);
  }

  /** The run's database handle (write concern and read preference applied). */
  MongoDatabase database() {
    return database;
  }

  /** The FHIR collections, once {@link MongoDbSubjectTimeline#prepare} set them up. */
  org.sciycsb.api.access.SubjectTimeline.Schema timelineSchema() {
    return timelineSchema;
  }

  void timelineSchema(org.sciycsb.api.access.SubjectTimeline.Schema s) {
    this.timelineSchema = s;
  }

  MongoDatabase admin() {
    return client.getDatabase("admin");
  }

  PrintStream log() {
    return log;
  }

  /** Prints a warning line on the run's log once: the same line again (a later check of the same thing) is dropped. */
  void warnOnce(String line) {
    if (parent != null) {
      parent.warnOnce(line);
    } else if (warned.add(line)) {
      log.println(line);
    }
  }

  /** Adds a store detail learned after open (a thread's own client adds it to the run's). */
  void detail(String key, String value) {
    if (parent != null) {
      parent.detail(key, value);
    } else {
      laterDetails.put(key, value);
    }
  }

  @Override
  public StoreInfo storeInfo() {
    if (parent != null) {
      return parent.storeInfo();
    }
    if (laterDetails.isEmpty()) {
      return storeInfo;
    }
    Map<String, String> details = new LinkedHashMap<>(storeInfo.details());
    details.putAll(laterDetails);
    return new StoreInfo(storeInfo.product(), storeInfo.version(), details);
  }

  @Override
  public OptionalLong count(String table) throws BenchmarkException {
    try {
      return OptionalLong.of(collection(table).countDocuments());
    } catch (MongoException e) {
      throw new BindingException("cannot count " + settings.database() + "." + table + ": "
          + MongoDbBinding.firstLine(settings.mask(e.getMessage())), e);
    }
  }

  /** {@code deleteMany({})}: the collection and its indexes stay. */
  @Override
  public boolean empty(String table) throws BenchmarkException {
    try {
      collection(table).deleteMany(new org.bson.Document());
      return true;
    } catch (MongoException e) {
      throw new BindingException("cannot empty " + settings.database() + "." + table + ": "
          + MongoDbBinding.firstLine(settings.mask(e.getMessage())), e);
    }
  }

  @Override
  public void close() {
    client.close();
    synchronized (this) {
      if (reactive != null) {
        reactive.close();
      }
    }
  }
}
