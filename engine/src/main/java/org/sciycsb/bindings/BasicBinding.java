package org.sciycsb.bindings;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.concurrent.locks.LockSupport;
import org.sciycsb.api.AsyncDb;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** {@code basic}: a store that does nothing, to measure the client itself. Options follow upstream's BasicDB. */
public final class BasicBinding implements Binding {
  public static final Option<Integer> DELAY = Option.integer("basicdb.simulatedelay", 0,
      "milliseconds each operation sleeps (0: none)").check(v -> v >= 0, "must not be negative");
  public static final Option<Boolean> RANDOMIZE = Option.bool("basicdb.randomizedelay", true,
      "sleep a random time up to simulatedelay instead of exactly it");
  public static final Option<Integer> BUSY_WAIT = Option.integer("basicdb.busywait", 0,
      "microseconds each operation busy-waits (0: none): a precise service time, for calibrating comparisons")
      .check(v -> v >= 0 && v <= 10_000_000, "must be 0 to 10000000");
  public static final Option<Boolean> VERBOSE = Option.bool("basicdb.verbose", false,
      "print every operation to stdout (slow: for debugging workloads)");
  public static final Option<Boolean> COUNT = Option.bool("basicdb.count", false,
      "accepted for compatibility with upstream's BasicDB; ignored");

  @Override
  public String name() {
    return "basic";
  }

  @Override
  public String summary() {
    return "no-op store: measures the client's own overhead";
  }

  @Override
  public OptionSet options() {
    return OptionSet.builder("basic").add(DELAY, RANDOMIZE, BUSY_WAIT, VERBOSE, COUNT).ownPrefix("basicdb.")
        .build();
  }

  /** Its DBs answer asynchronously too: at once, or after the simulated delay, from a timer thread of the run's. */
  @Override
  public boolean supportsAsync() {
    return true;
  }

  @Override
  public boolean supportsThreadClients() {
    return true;
  }

  @Override
  public BindingRun open(RunContext ctx) throws ConfigException {
    int delay = ctx.config().get(DELAY);
    boolean random = ctx.config().get(RANDOMIZE);
    boolean verbose = ctx.config().get(VERBOSE);
    long busyNanos = ctx.config().get(BUSY_WAIT) * 1000L;
    return run(delay, random, busyNanos, verbose);
  }

  private static BindingRun run(int delay, boolean random, long busyNanos, boolean verbose) {
    return new BindingRun() {
      /** Completes the asynchronous operations after their delay; made on first use (only async runs use it). */
      private volatile ScheduledExecutorService timer;

      private synchronized ScheduledExecutorService timer() {
        if (timer == null) {
          ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "basic-delays");
            th.setDaemon(true);
            return th;
          });
          t.setRemoveOnCancelPolicy(true);
          timer = t;
        }
        return timer;
      }

      @Override
      public DB newDb(int threadId) {
        return new BasicDb(delay, random, busyNanos, verbose, delay > 0 ? this::timer : null);
      }

      @Override
      public boolean supportsThreadClients() {
        return true;
      }

      /** Domain workloads of documents (fasta) without a database: a no-op {@link BasicDocumentStore}. */
      @Override
      public java.util.Map<Class<? extends org.sciycsb.api.AccessPath>, AccessPathFactory> accessPaths() {
        return java.util.Map.of(org.sciycsb.api.access.DocumentStore.class, id -> new BasicDocumentStore());
      }

      @Override
      public BindingRun openThreadClient(int threadId) {
        return run(delay, random, busyNanos, verbose);
      }

      /** No store: nothing to empty. */
      @Override
      public boolean empty(String table) {
        return true;
      }

      /** No store, no connection. */
      @Override
      public java.util.OptionalLong connectionsOpened() {
        return java.util.OptionalLong.of(0);
      }

      @Override
      public StoreInfo storeInfo() {
        return StoreInfo.of("none (basic binding)", "n/a");
      }

      @Override
      public void close() {
        ScheduledExecutorService t = timer;
        if (t != null) {
          t.shutdownNow();
        }
      }
    };
  }

  /** The no-op DB; its asynchronous calls busy-wait in the caller (a client's CPU) and sleep on a timer. */
  static final class BasicDb extends DB implements AsyncDb {
    private final int delayMs;
    private final boolean random;
    private final long busyNanos;
    private final boolean verbose;
    private final Supplier<ScheduledExecutorService> timer;

    BasicDb(int delayMs, boolean random, long busyNanos, boolean verbose, Supplier<ScheduledExecutorService> timer) {
      this.delayMs = delayMs;
      this.random = random;
      this.busyNanos = busyNanos;
      this.verbose = verbose;
      this.timer = timer;
    }

    private long delayNanos() {
      if (delayMs <= 0) {
        return 0;
      }
      long ms = random ? ThreadLocalRandom.current().nextInt(delayMs) + 1 : delayMs;
      return ms * 1_000_000L;
    }

    private void delay(String what, String table, String key) {
      if (verbose) {
        System.out.println(what + " " + table + " " + key);
      }
      if (delayMs > 0) {
        LockSupport.parkNanos(delayNanos());
      }
      busyWait();
    }

    private void busyWait() {
      if (busyNanos > 0) {
        long until = System.nanoTime() + busyNanos;
        while (System.nanoTime() < until) {
          Thread.onSpinWait();
        }
      }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      delay("READ", table, key);
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      delay("SCAN", table, startkey);
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      delay("UPDATE", table, key);
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      delay("INSERT", table, key);
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      delay("DELETE", table, key);
      return Status.OK;
    }

    private static final CompletableFuture<Status> OK = CompletableFuture.completedFuture(Status.OK);

    private CompletionStage<Status> later(String what, String table, String key) {
      if (verbose) {
        System.out.println(what + " " + table + " " + key);
      }
      busyWait();
      if (delayMs <= 0) {
        return OK;
      }
      CompletableFuture<Status> f = new CompletableFuture<>();
      timer.get().schedule(() -> f.complete(Status.OK), delayNanos(), TimeUnit.NANOSECONDS);
      return f;
    }

    @Override
    public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
        Map<String, ByteIterator> result) {
      return later("READ", table, key);
    }

    @Override
    public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return later("SCAN", table, startkey);
    }

    @Override
    public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
      return later("UPDATE", table, key);
    }

    @Override
    public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
      return later("INSERT", table, key);
    }

    @Override
    public CompletionStage<Status> deleteAsync(String table, String key) {
      return later("DELETE", table, key);
    }
  }
}
