package org.sciycsb.riak;

import com.basho.riak.client.api.RiakClient;
import com.basho.riak.client.api.RiakCommand;
import com.basho.riak.client.api.commands.indexes.BinIndexQuery;
import com.basho.riak.client.core.RiakCluster;
import com.basho.riak.client.core.RiakFuture;
import com.basho.riak.client.core.NoNodesAvailableException;
import com.basho.riak.client.core.RiakNode;
import com.basho.riak.client.core.operations.PingOperation;
import com.basho.riak.client.api.commands.kv.FetchValue;
import com.basho.riak.client.core.query.RiakObject;
import com.basho.riak.client.core.util.BinaryValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Option;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.DB;
import site.ycsb.Status;

/** One run's shared {@link RiakCluster} and {@link RiakClient} (thread-safe, pooled), opened once, closed once. */
public final class RiakRun implements BindingRun {
  private static final long CLIENT_GRACE_MS = 1000;

  private final RiakSettings settings;
  private final RiakRequests requests;
  private final RiakCluster cluster;
  private final RiakClient client;
  private final RecordCodec codec = new RecordCodec();
  private final StoreInfo storeInfo;
  /** The first node's GET /stats: the store's own figures during the run. */
  private final RiakNodeStats nodeStats;
  /** Set once a scan met a backend without 2i: later scans return NOT_IMPLEMENTED without asking. */
  private final AtomicBoolean no2i = new AtomicBoolean();
  private volatile SubjectTimeline.Schema timelineSchema;
  /**
   * Sends the requests that would otherwise be sent from the client's I/O threads (see {@link #executeAsync}), and
   * starts retries after their wait.
   */
  private final ExecutorService chain;
  private final PrintStream log;
  /** The run's failure policy: each failed request by its {@link RiakOutcome} (see {@link #classify}). */
  private final FailureLog failures;

  private RiakRun(RiakSettings settings, RiakCluster cluster, StoreInfo info, RiakNodeStats nodeStats,
      PrintStream log, FailureLog failures) {
    this.settings = settings;
    this.log = log;
    this.failures = failures;
    this.chain = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "riak-chain");
      t.setDaemon(true);
      return t;
    });
    this.requests = new RiakRequests(settings);
    this.cluster = cluster;
    this.client = new RiakClient(cluster);
    this.storeInfo = info;
    this.nodeStats = nodeStats;
  }

  /** Starts the cluster client and checks that a node answers a ping; a failure is one clear line. */
  static RiakRun open(RiakSettings s, String table, PrintStream log, FailureLog failures) throws BenchmarkException {
    for (RiakSettings.HostPort hp : s.nodes().hosts()) {
      try {
        InetAddress.getByName(hp.host());
      } catch (UnknownHostException e) {
        throw new BindingException("riak: unknown host '" + hp.host() + "' in riak.hosts");
      }
    }
    RiakCluster cluster;
    try {
      List<RiakNode> nodes = new ArrayList<>();
      for (RiakSettings.HostPort hp : s.nodes().hosts()) {
        nodes.add(new RiakNode.Builder()
            .withRemoteAddress(hp.host())
            .withRemotePort(hp.port())
            .withMinConnections(s.pool().minConnections())
            .withMaxConnections(s.pool().maxConnections())
            .withBlockOnMaxConnections(s.pool().maxConnections() > 0)
            .withConnectionTimeout((int) s.pool().connectTimeout().toMillis())
            .build());
      }
      // one attempt per request inside the client: riak.retries is the only, visible, retry layer (the client's
      // default of 3 silently re-sends failed requests, tripling the latency of timeouts)
      cluster = new RiakCluster.Builder(nodes).withExecutionAttempts(1).build();
      cluster.start();
    } catch (RuntimeException | LinkageError e) {
      throw new BindingException("riak: the client cannot start its network layer (" + e + "); on JDK 17 the JVM"
          + " needs the flags in riak-binding/jvm.options (--add-opens=java.base/java.nio=ALL-UNNAMED"
          + " --add-opens=java.base/sun.nio.ch=ALL-UNNAMED)", e);
    }
    try {
      return reach(cluster, s, table, log, failures);
    } catch (BenchmarkException | RuntimeException e) {
      shutdown(cluster); // nothing may linger when open fails
      throw e;
    }
  }

  /** Ping, bucket check, 2i probe, server info. */
  private static RiakRun reach(RiakCluster cluster, RiakSettings s, String table, PrintStream log,
      FailureLog failures) throws BenchmarkException {
    long waitMs = s.pool().connectTimeout().toMillis() + 2000;
    try {
      RiakFuture<Void, Void> ping = cluster.execute(new PingOperation());
      try {
        ping.get(waitMs, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        ping.cancel(true);
        throw e;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("riak: interrupted while reaching " + s.nodes().hosts());
    } catch (ExecutionException | TimeoutException e) {
      Throwable c = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      String why;
      if (c instanceof TimeoutException) {
        why = "no answer to a ping within " + waitMs + " ms";
      } else if (c instanceof NoNodesAvailableException) {
        why = "no node accepted a connection (refused, or no answer within riak.connect_timeout="
            + Option.formatDuration(s.pool().connectTimeout()) + ")";
      } else {
        why = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
      }
      throw new BindingException("riak: cannot reach any node of " + s.nodes().hosts() + " (protocol buffers port): "
          + why, e);
    }
    checkBucket(cluster, s, table, waitMs);
    RiakSettings effective = s;
    if (s.buckets().scansSupported() && !has2i(cluster, s, table, waitMs)) {
      effective = s.withoutScanIndex();
      log.println("riak: the backend of bucket type '" + new RiakRequests(s).indexNamespace(table)
          .getBucketTypeAsString() + "' has no secondary indexes (bitcask?): records are stored without key_bin"
          + " and scans return NOT_IMPLEMENTED (set riak.scan_index=false to silence this)");
    }
    RiakNodeStats stats = new RiakNodeStats(effective.nodes().statsUri(), effective.pool().connectTimeout());
    return new RiakRun(effective, cluster, serverInfo(cluster, effective, stats, waitMs), stats, log, failures);
  }

  /**
   * Reads a key that does not exist from the table's bucket: a server error that is not about availability
   * (typically a bucket type that does not exist or is not active) ends the run before any thread starts.
   */
  private static void checkBucket(RiakCluster cluster, RiakSettings s, String table, long waitMs)
      throws BindingException {
    RiakFuture<?, ?> f = new RiakClient(cluster).executeAsync(new RiakRequests(s).fetch(table, "sciycsb-probe"));
    try {
      f.get(waitMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      f.cancel(true);
      if (RiakOutcome.of(e) == RiakOutcome.ERROR) {
        Throwable c = e.getCause() != null ? e.getCause() : e;
        throw new BindingException("riak: a read from bucket type '" + s.buckets().type() + "', bucket '" + table
            + "' failed (does the bucket type exist and is it active? riak-admin bucket-type status "
            + s.buckets().type() + "): " + c.getMessage(), e);
      }
    }
  }

  /** Probes the table's index namespace with a one-result key_bin query: false when the backend has no 2i. */
  private static boolean has2i(RiakCluster cluster, RiakSettings s, String table, long waitMs) {
    RiakClient probe = new RiakClient(cluster);
    RiakFuture<?, ?> f = probe.executeAsync(new RiakRequests(s).scan(table, "", 1));
    try {
      f.get(waitMs, TimeUnit.MILLISECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    } catch (ExecutionException | TimeoutException e) {
      f.cancel(true);
      return RiakOutcome.of(e) != RiakOutcome.NO_2I;
    }
  }

  /** The node's version and name (protocol buffers), the ring's members and size (its HTTP GET /stats). */
  private static StoreInfo serverInfo(RiakCluster cluster, RiakSettings s, RiakNodeStats stats, long waitMs) {
    Map<String, String> details = new LinkedHashMap<>(s.describe());
    details.put("client", "riak-client " + clientVersion());
    String version = "unknown";
    try {
      ServerInfoOperation.Info info = cluster.execute(new ServerInfoOperation()).get(waitMs, TimeUnit.MILLISECONDS);
      version = info.version();
      details.put("node", info.node());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      details.put("server_info_error", String.valueOf(e.getMessage()));
    }
    try {
      RiakNodeStats.ring(stats.fetch(), details);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException | RuntimeException e) {
      details.put("stats_error", stats.uri() + ": " + e);
    }
    return new StoreInfo("Riak KV", version, details);
  }

  /** riak-client's version, from the pom.properties inside its jar. */
  static String clientVersion() {
    try (InputStream in = RiakClient.class.getResourceAsStream(
        "/META-INF/maven/com.basho.riak/riak-client/pom.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        return p.getProperty("version", "unknown");
      }
    } catch (IOException e) {
      // fall through
    }
    return "unknown";
  }

  private static void shutdown(RiakCluster cluster) {
    try {
      cluster.shutdown().get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      // best effort: the process is ending anyway
    }
  }

  /**
   * Runs one command and waits at most the server-side timeout plus a grace second.
   *
   * @throws Exception what the client reported; {@link RiakOutcome#of} classifies it
   */
  <T, S> T execute(RiakCommand<T, S> command) throws Exception {
    RiakFuture<T, S> f = client.executeAsync(command);
    try {
      return f.get(settings.requests().timeoutMillis() + CLIENT_GRACE_MS, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw e;
    }
  }

  /**
   * Sends a command and returns at once: the stage completes (on a client I/O thread) with the response, or
   * exceptionally with what the client reported, which {@link RiakOutcome#of} classifies. Without an answer within
   * the server-side timeout plus the grace second the request is cancelled and the stage fails with a
   * {@link TimeoutException}.
   *
   * <p>Called on one of the client's I/O threads (the later step of a chain, or a workload's next operation composed
   * on an answer), it hands the send to a thread of the run's: riak-client may open a new connection inside its send
   * and wait for it on the same event loop (a hang, seen with a FHIR run's index query followed by its fetches), and
   * with {@code riak.max_connections} it waits for a free connection. So chains compose directly on the answers.
   */
  <T, S> CompletableFuture<T> executeAsync(RiakCommand<T, S> command) {
    if (Thread.currentThread() instanceof FastThreadLocalThread) {
      // an I/O thread of the client (a stage completed there, and a workload or a chain sends the next request):
      // sending may open a connection and wait for it on this very thread, so a thread of the run's sends it
      return CompletableFuture.supplyAsync(() -> executeAsync(command), chain).thenCompose(Function.identity());
    }
    RiakFuture<T, S> f = client.executeAsync(command);
    CompletableFuture<T> stage = new CompletableFuture<>();
    f.addListener(done -> settle(done, stage));
    long timeout = settings.requests().timeoutMillis() + CLIENT_GRACE_MS;
    stage.orTimeout(timeout, TimeUnit.MILLISECONDS).whenComplete((v, e) -> {
      if (e instanceof TimeoutException) {
        f.cancel(true);
      }
    });
    return stage;
  }

  /**
   * Completes a stage with a finished request's outcome. Not with {@code getNow()}: riak-client 2.1.1 marks an
   * operation done before it releases the result, and a listener added in between runs at once and reads null
   * (seen as a NullPointerException in FetchValue's conversion, counted as ERROR, under CPU load). {@code get()}
   * waits out that moment; the listener then runs on the sending thread, never on an I/O thread that would release
   * the result.
   */
  static <T, S> void settle(RiakFuture<T, S> done, CompletableFuture<T> stage) {
    try {
      stage.complete(done.get());
    } catch (ExecutionException e) {
      stage.completeExceptionally(e.getCause() != null ? e.getCause() : e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stage.completeExceptionally(e);
    } catch (RuntimeException e) {
      stage.completeExceptionally(e);
    }
  }

  /**
   * Runs an operation, retrying it {@code riak.retries} times when it failed in a retryable way (unavailable, lost
   * conditional write): the stage completes with the attempt's status, or with the next attempt's, started
   * {@code riak.retry_wait} later without holding a thread; it never completes exceptionally.
   */
  CompletableFuture<Status> retryingAsync(String op, Supplier<? extends CompletionStage<Status>> attempt) {
    return attemptAsync(op, attempt, 0);
  }

  private CompletableFuture<Status> attemptAsync(String op, Supplier<? extends CompletionStage<Status>> attempt,
      int i) {
    CompletableFuture<Status> sent;
    try {
      sent = attempt.get().toCompletableFuture();
    } catch (RuntimeException e) {
      sent = CompletableFuture.failedFuture(e);
    }
    return sent.handle((status, e) -> {
      if (e == null) {
        return CompletableFuture.completedFuture(status);
      }
      RiakOutcome outcome = classify(op, e);
      if (!outcome.retryable() || i >= settings.requests().retries()) {
        return CompletableFuture.completedFuture(outcome.status());
      }
      Executor later = CompletableFuture.delayedExecutor(settings.requests().retryWait().toNanos(),
          TimeUnit.NANOSECONDS, chain);
      return CompletableFuture.supplyAsync(() -> i + 1, later).thenCompose(next -> attemptAsync(op, attempt, next));
    }).thenCompose(Function.identity());
  }

  /**
   * Classifies a failed request ({@link RiakOutcome#of}) and records the failures that fit no known class (and so
   * count as ERROR) and the SERVICE_UNAVAILABLE ones (each attempt, retried or not) in the run's {@link FailureLog},
   * their outcome as the kind: the first few of each are printed with their exceptions, so the counts can be
   * explained (a server's "overload", a timeout, a connection the server did not accept in time).
   */
  RiakOutcome classify(String op, Throwable e) {
    RiakOutcome outcome = RiakOutcome.of(e);
    if (outcome == RiakOutcome.ERROR) {
      failures.record(op, outcome.status().getName(), () -> "riak: " + op
          + " failed in an unexpected way and counts as ERROR: " + RiakOutcome.rootCause(e), e);
    } else if (outcome == RiakOutcome.UNAVAILABLE) {
      failures.record(op, outcome.status().getName(), () -> "riak: " + op + " counts as SERVICE_UNAVAILABLE"
          + (settings.requests().retries() > 0 ? " (then retried)" : "") + ": " + RiakOutcome.rootCause(e), e);
    }
    return outcome;
  }

  /**
   * Waits for an operation's stage (the blocking calls of {@link RiakDb} are their non-blocking ones, awaited, so
   * both give the same statuses); an interrupt gives {@code ERROR} and keeps the thread's interrupt flag.
   */
  static Status await(CompletionStage<Status> stage) {
    try {
      return stage.toCompletableFuture().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    } catch (ExecutionException e) {
      return RiakOutcome.of(e).status();
    }
  }

  /**
   * Stores an object as an insert does (an upsert): a blind put on eventually consistent types; on strongly
   * consistent types a blind put succeeds only for a new key, so when the key exists it is fetched and overwritten
   * conditionally on its causal context.
   */
  CompletableFuture<Void> upsertAsync(String bucket, String key, RiakObject object) {
    CompletableFuture<Void> put = executeAsync(requests.store(bucket, key, object, null)).thenApply(r -> null);
    if (!settings.buckets().strongConsistency()) {
      return put;
    }
    return put.handle((v, e) -> {
      if (e == null) {
        return CompletableFuture.<Void>completedFuture(null);
      }
      if (RiakOutcome.of(e) != RiakOutcome.CONFLICT) {
        return CompletableFuture.<Void>failedFuture(e);
      }
      return executeAsync(requests.fetch(bucket, key))
          .thenCompose(r -> executeAsync(requests.store(bucket, key, object, r.getVectorClock())))
          .thenApply(r -> (Void) null);
    }).thenCompose(Function.identity());
  }

  /**
   * An insert of a record or a document: an upsert ({@link #upsertAsync}), then, with a strongly consistent type and
   * an index bucket type, the key's index entry; each step retried as {@link #retryingAsync} does.
   */
  CompletableFuture<Status> putAsync(String op, String bucket, String key, byte[] json) {
    CompletableFuture<Status> st = retryingAsync(op,
        () -> upsertAsync(bucket, key, requests.object(key, json)).thenApply(stored -> Status.OK));
    if (!(settings.buckets().strongConsistency() && settings.buckets().scansSupported())) {
      return st;
    }
    return st.thenCompose(done -> !done.isOk() ? CompletableFuture.completedFuture(done)
        : retryingAsync(op, () -> executeAsync(requests.storeIndexEntry(bucket, key)).thenApply(x -> Status.OK)));
  }

  /**
   * The live value among a fetch's siblings: tombstones dropped; with several siblings (eventual consistency,
   * allow_mult) the most recently modified wins. Null when nothing is live.
   */
  static RiakObject live(List<RiakObject> values) {
    RiakObject best = null;
    for (RiakObject o : values) {
      if (o.isDeleted() || !o.hasValue()) {
        continue;
      }
      if (best == null || o.getLastModified() > best.getLastModified()) {
        best = o;
      }
    }
    return best;
  }

  /** Counts the entries of a 2i listing page by page (riak-client's continuation). */
  long countPages(java.util.function.Function<BinaryValue, BinIndexQuery> page) throws Exception {
    long n = 0;
    BinaryValue continuation = null;
    do {
      BinIndexQuery.Response r = execute(page.apply(continuation));
      n += r.getEntries().size();
      continuation = r.hasContinuation() ? r.getContinuation() : null;
    } while (continuation != null);
    return n;
  }

  /** The FHIR buckets, set by {@link RiakSubjectTimeline#prepare} before the threads open their handles. */
  SubjectTimeline.Schema timelineSchema() {
    return timelineSchema;
  }

  void timelineSchema(SubjectTimeline.Schema schema) {
    this.timelineSchema = schema;
  }

  /**
   * The access paths of domain workloads: {@link SubjectTimeline} (FHIR) through a {@code timeline_bin} secondary
   * index, {@link DocumentStore} (FASTA) as a bucket per collection. A timeline on a strongly consistent bucket type
   * without {@code riak.scan_bucket_type} is refused with a configuration error when the workload opens it.
   */
  @Override
  public Map<Class<? extends AccessPath>, AccessPathFactory> accessPaths() {
    return Map.of(
        SubjectTimeline.class, id -> new RiakSubjectTimeline(this),
        DocumentStore.class, id -> new RiakDocumentStore(this));
  }

  /**
   * {@code SCAN} walks the {@code key_bin} secondary index: unsupported without it ({@code riak.scan_index=false},
   * or a strongly consistent bucket type without {@code riak.scan_bucket_type}), and from the moment the backend
   * answers that it has no 2i (bitcask).
   */
  @Override
  public Set<DbOperation> unsupportedOperations() {
    return settings.buckets().scansSupported() && !no2i.get() ? Set.of() : Set.of(DbOperation.SCAN);
  }

  RiakSettings settings() {
    return settings;
  }

  RiakRequests requests() {
    return requests;
  }

  RecordCodec codec() {
    return codec;
  }

  AtomicBoolean no2i() {
    return no2i;
  }

  /**
   * The number of records, counted through the key_bin index in pages (a coverage query: exact once the load has
   * settled); empty when the table is not indexed (strong consistency without an index bucket type, no 2i).
   */
  @Override
  public OptionalLong count(String table) throws BenchmarkException {
    if (!settings.buckets().scansSupported()) {
      return OptionalLong.empty();
    }
    long n;
    try {
      n = countPages(c -> requests.countPage(table, c));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("riak: interrupted while counting " + table);
    } catch (Exception e) {
      if (RiakOutcome.of(e) == RiakOutcome.NO_2I) {
        return OptionalLong.empty();
      }
      Throwable c = e.getCause() != null ? e.getCause() : e;
      throw new BindingException("riak: counting the records of " + table + " through key_bin failed: " + c, e);
    }
    return OptionalLong.of(n);
  }

  @Override
  public DB newDb(int threadId) {
    return new RiakDb(this);
  }

  @Override
  public StoreInfo storeInfo() {
    return storeInfo;
  }

  /** The first node's own figures ({@link RiakNodeStats}). */
  @Override
  public java.util.Optional<org.sciycsb.api.ServerStats> serverStats() throws BindingException {
    return nodeStats.read();
  }

  @Override
  public void close() {
    shutdown(cluster);
    chain.shutdownNow();
  }
}
