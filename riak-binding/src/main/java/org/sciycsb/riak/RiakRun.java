package org.sciycsb.riak;

import com.basho.riak.client.api.RiakClient;
import com.basho.riak.client.api.RiakCommand;
import com.basho.riak.client.api.commands.indexes.BinIndexQuery;
import com.basho.riak.client.core.RiakCluster;
import com.basho.riak.client.core.RiakFuture;
import com.basho.riak.client.core.query.RiakObject;
import com.basho.riak.client.core.util.BinaryValue;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
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
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One run's shared {@link RiakCluster} and {@link RiakClient} (thread-safe, pooled), opened once ({@link RiakConnect}),
 * closed once: the requests' sending, time limits, retries and failure classification, and the binding's run.
 */
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

  RiakRun(RiakSettings settings, RiakCluster cluster, StoreInfo info, RiakNodeStats nodeStats,
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
    f.addListener(done -> RiakStages.settle(done, stage));
    long timeout = settings.requests().timeoutMillis() + CLIENT_GRACE_MS;
    stage.orTimeout(timeout, TimeUnit.MILLISECONDS).whenComplete((v, e) -> {
      if (e instanceof TimeoutException) {
        f.cancel(true);
      }
    });
    return stage;
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
    RiakConnect.shutdown(cluster);
    chain.shutdownNow();
  }
}
