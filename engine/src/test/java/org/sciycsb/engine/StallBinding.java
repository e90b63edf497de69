package org.sciycsb.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The engine tests' binding {@code test-stall}, registered in the test classpath's ServiceLoader file: a no-op store
 * whose operations sleep {@code stall.service} each, and that stalls once for {@code stall.ms}. The engine's test-jar
 * carries it to the command line's tests.
 */
public final class StallBinding implements Binding {
  static final Option<Integer> STALL_MS = Option.integer("stall.ms", 1000, "one stall of this many ms");
  static final Option<Long> STALL_AT = Option.longValue("stall.at", 2000L, "the operation that stalls");
  static final Option<Integer> FAIL_EVERY = Option.integer("stall.failevery", 0, "every n-th op fails (0: none)");
  static final Option<Boolean> FAIL_OPEN = Option.bool("stall.failopen", false, "open() fails as unreachable");
  static final Option<Boolean> THROW = Option.bool("stall.throw", false, "reads throw instead of returning");
  static final Option<String> PASSWORD = Option.string("stall.password", null, "a secret").secret();
  static final Option<Integer> FAIL_INIT = Option.integer("stall.failinit", -1, "this thread's DB.init() fails");
  static final Option<Long> COUNT = Option.longValue("stall.count", -1L,
      "count() answers this; -1: the store cannot count");
  static final Option<Boolean> COUNT_FAILS = Option.bool("stall.countfails", false, "count() fails");
  static final Option<java.time.Duration> SERVICE = Option.duration("stall.service", java.time.Duration.ZERO, "ms",
      "every operation sleeps this long (a server's service time, without using a CPU)");
  static final Option<java.time.Duration> BURN = Option.duration("stall.burn", java.time.Duration.ZERO, "ms",
      "every operation spins on its CPU this long (a client-side cost: a busy client)");
  static final Option<java.time.Duration> WARMING = Option.duration("stall.warming", java.time.Duration.ZERO, "ms",
      "a warming store: for this long after the first operation, every operation sleeps longer, from 4 ms down to "
          + "stall.service");
  static final Option<Boolean> BACKLOG = Option.bool("stall.backlog", false,
      "the store's figures have a trouble signal, a backlog gauge that rises with every operation");
  static final Option<Boolean> STATS_ERROR = Option.bool("stall.statserror", false,
      "the store's figures answer once, then throw an Error (the run ends by it)");
  static final Option<String> ENDPOINT = Option.string("stall.endpoint", null,
      "where the binding says its store is (host:port[,host:port]; unset: unknown), never contacted");

  @Override
  public String name() {
    return "test-stall";
  }

  @Override
  public String summary() {
    return "test store: no-op operations with one long stall";
  }

  @Override
  public OptionSet options() {
    return OptionSet.builder("test-stall").add(STALL_MS, STALL_AT, FAIL_EVERY, FAIL_OPEN, THROW, PASSWORD, FAIL_INIT,
        COUNT, COUNT_FAILS, SERVICE, BURN, WARMING, BACKLOG, STATS_ERROR, ENDPOINT)
        .ownPrefix("stall.").build();
  }

  /** stall.endpoint's hosts and ports, never contacted; unknown when it is unset. */
  @Override
  public org.sciycsb.api.StoreLocation location(org.sciycsb.api.Config config, java.nio.file.Path workDir)
      throws org.sciycsb.api.ConfigException {
    String at = config.get(ENDPOINT);
    return at == null ? org.sciycsb.api.StoreLocation.UNKNOWN
        : org.sciycsb.api.StoreLocation.at(org.sciycsb.api.StoreLocation.parseHosts(at, 1, ENDPOINT.name()));
  }

  /** Asynchronous too: a stall holds every operation sent during it until it ends, as a stalled server would. */
  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** A DB with the non-blocking calls too (an anonymous class can extend it). */
  abstract static class AsyncTestDb extends DB implements org.sciycsb.api.AsyncDb {}

  @Override
  public BindingRun open(RunContext ctx) throws BindingException, org.sciycsb.api.ConfigException {
    if (ctx.config().get(FAIL_OPEN)) {
      throw new BindingException("cannot reach test server at 127.0.0.1:1 (password "
          + ctx.config().get(PASSWORD) + ")");
    }
    long stallNanos = ctx.config().get(STALL_MS) * 1_000_000L;
    long stallAt = ctx.config().get(STALL_AT);
    int failEvery = ctx.config().get(FAIL_EVERY);
    boolean throwing = ctx.config().get(THROW);
    int failInit = ctx.config().get(FAIL_INIT);
    long count = ctx.config().get(COUNT);
    boolean countFails = ctx.config().get(COUNT_FAILS);
    long serviceNanos = ctx.config().get(SERVICE).toNanos();
    long burnNanos = ctx.config().get(BURN).toNanos();
    long warmingNanos = ctx.config().get(WARMING).toNanos();
    boolean backlog = ctx.config().get(BACKLOG);
    boolean statsError = ctx.config().get(STATS_ERROR);
    AtomicLong statsCalls = new AtomicLong();
    AtomicLong firstOp = new AtomicLong();
    AtomicLong ops = new AtomicLong();
    AtomicBoolean stalled = new AtomicBoolean();
    AtomicLong stallUntil = new AtomicLong();
    java.util.concurrent.ScheduledThreadPoolExecutor timer = new java.util.concurrent.ScheduledThreadPoolExecutor(1,
        r -> {
          Thread t = new Thread(r, "test-stall-timer");
          t.setDaemon(true);
          return t;
        });
    return new BindingRun() {
      @Override
      public DB newDb(int threadId) {
        return new AsyncTestDb() {
          @Override
          public void init() throws site.ycsb.DBException {
            if (threadId == failInit) {
              throw new site.ycsb.DBException("thread " + threadId + " cannot log in to the test server");
            }
          }

          private Status op() {
            long n = ops.incrementAndGet();
            if (n >= stallAt && stalled.compareAndSet(false, true)) {
              LockSupport.parkNanos(stallNanos);
            }
            long now = System.nanoTime();
            firstOp.compareAndSet(0, now);
            long warm = warmingNanos <= 0 ? 0 : Math.max(0, 4_000_000L * (warmingNanos - (now - firstOp.get()))
                / warmingNanos);
            if (serviceNanos + warm > 0) {
              LockSupport.parkNanos(serviceNanos + warm);
            }
            for (long end = System.nanoTime() + burnNanos; burnNanos > 0 && System.nanoTime() < end; ) {
              Thread.onSpinWait();
            }
            if (failEvery > 0 && n % failEvery == 0) {
              return Status.ERROR;
            }
            return Status.OK;
          }

          @Override
          public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
            if (throwing) {
              throw new IllegalStateException("read exploded");
            }
            return op();
          }

          @Override
          public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
            return op();
          }

          @Override
          public Status update(String t, String k, Map<String, ByteIterator> v) {
            return op();
          }

          @Override
          public Status insert(String t, String k, Map<String, ByteIterator> v) {
            return op();
          }

          @Override
          public Status delete(String t, String k) {
            return op();
          }

          /** Completes when the stall in progress (if any) ends, and after stall.service at least. */
          private java.util.concurrent.CompletionStage<Status> opAsync() {
            long n = ops.incrementAndGet();
            long now = System.nanoTime();
            if (n >= stallAt && stalled.compareAndSet(false, true)) {
              stallUntil.set(now + stallNanos);
            }
            long left = stalled.get() ? stallUntil.get() - now : 0; // stallUntil is set just after stalled
            long wait = Math.max(left, serviceNanos);
            Status st = failEvery > 0 && n % failEvery == 0 ? Status.ERROR : Status.OK;
            java.util.concurrent.CompletableFuture<Status> f = new java.util.concurrent.CompletableFuture<>();
            if (wait <= 0) {
              f.complete(st);
            } else {
              timer.schedule(() -> f.complete(st), wait, java.util.concurrent.TimeUnit.NANOSECONDS);
            }
            return f;
          }

          @Override
          public java.util.concurrent.CompletionStage<Status> readAsync(String t, String k, Set<String> f,
              Map<String, ByteIterator> r) {
            if (throwing) {
              throw new IllegalStateException("read exploded");
            }
            return opAsync();
          }

          @Override
          public java.util.concurrent.CompletionStage<Status> scanAsync(String t, String k, int n, Set<String> f,
              Vector<HashMap<String, ByteIterator>> r) {
            return opAsync();
          }

          @Override
          public java.util.concurrent.CompletionStage<Status> updateAsync(String t, String k,
              Map<String, ByteIterator> v) {
            return opAsync();
          }

          @Override
          public java.util.concurrent.CompletionStage<Status> insertAsync(String t, String k,
              Map<String, ByteIterator> v) {
            return opAsync();
          }

          @Override
          public java.util.concurrent.CompletionStage<Status> deleteAsync(String t, String k) {
            return opAsync();
          }
        };
      }

      @Override
      public StoreInfo storeInfo() {
        return StoreInfo.of("test-stall", "1.0");
      }

      @Override
      public java.util.Optional<org.sciycsb.api.ServerStats> serverStats() {
        if (statsError && statsCalls.incrementAndGet() > 1) {
          throw new Error("the test server's figures exploded");
        }
        if (!backlog && !statsError) {
          return java.util.Optional.empty();
        }
        return java.util.Optional.of(new org.sciycsb.api.ServerStats("test-stall backlog", Map.of("ops",
            (double) ops.get()), Map.of("backlog", ops.get() / 10.0, "steady", 1.0), Set.of("backlog")));
      }

      @Override
      public java.util.OptionalLong count(String table) throws BindingException {
        if (countFails) {
          throw new BindingException("cannot count " + table + ": the test server went away");
        }
        return count < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(count);
      }

      @Override
      public void close() {
        timer.shutdownNow();
      }
    };
  }
}
