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

/**
 * {@code basic}: a store that does nothing, to measure the client itself. Its options are upstream's BasicDB's, with
 * upstream's meaning, except that {@code basicdb.verbose} is off unless set (upstream's BasicDB prints every
 * operation by default, which would measure the printing instead of the client); {@code basicdb.busywait} is ours.
 */
public final class BasicBinding implements Binding {
  public static final Option<Integer> DELAY = Option.integer("basicdb.simulatedelay", 0,
      "milliseconds each operation sleeps (0: none)").check(v -> v >= 0, "must not be negative");
  public static final Option<Boolean> RANDOMIZE = Option.bool("basicdb.randomizedelay", true,
      "sleep a random whole number of milliseconds from 0 to simulatedelay - 1 (as upstream) instead of exactly"
          + " simulatedelay");
  public static final Option<Integer> BUSY_WAIT = Option.integer("basicdb.busywait", 0,
      "microseconds each operation busy-waits (0: none): a precise service time, for calibrating comparisons")
      .check(v -> v >= 0 && v <= 10_000_000, "must be 0 to 10000000");
  public static final Option<Boolean> VERBOSE = Option.bool("basicdb.verbose", false,
      "as upstream's BasicDB: print the properties when a thread's DB starts and every operation (READ table key"
          + " [ fields ], UPDATE/INSERT with field=value, SCAN with its length, DELETE) to stdout; off by default here"
          + " (upstream's default is true), since this binding measures the client and printing would dominate it");
  public static final Option<Boolean> COUNT = Option.bool("basicdb.count", false,
      "as upstream's BasicDB: count the distinct requests of each kind (table, key and fields, hashed) and print"
          + " [READS], Uniques, N ... [DELETES], Uniques, N on stdout when the last thread's DB is cleaned up, before"
          + " the results");

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
    Map<String, String> shown = verbose ? ctx.config().asMap() : Map.of();
    long busyNanos = ctx.config().get(BUSY_WAIT) * 1000L;
    BasicUniques uniques = ctx.config().get(COUNT) ? new BasicUniques() : null;
    return run(new Settings(delay, random, busyNanos, verbose, shown, uniques));
  }

  /**
   * What every DB of a run shares: the delays, the verbose printing (with the properties it prints first) and, with
   * basicdb.count, the run's distinct requests.
   */
  record Settings(int delayMs, boolean random, long busyNanos, boolean verbose, Map<String, String> shown,
      BasicUniques uniques) {}

  private static BindingRun run(Settings settings) {
    int delay = settings.delayMs();
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
        return new BasicDb(settings, delay > 0 ? this::timer : null);
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
        return run(settings);
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
    private final BasicUniques uniques;
    private final Supplier<ScheduledExecutorService> timer;

    BasicDb(Settings settings, Supplier<ScheduledExecutorService> timer) {
      this.delayMs = settings.delayMs();
      this.random = settings.random();
      this.busyNanos = settings.busyNanos();
      this.verbose = settings.verbose();
      this.uniques = settings.uniques();
      this.timer = timer;
      if (verbose) {
        BasicVerbose.properties(settings.shown());
      }
      if (uniques != null) {
        uniques.opened();
      }
    }

    /** With basicdb.count, the last DB of the run to be cleaned up prints the counts (as upstream's). */
    @Override
    public void cleanup() {
      if (uniques != null) {
        uniques.closed(System.out);
      }
    }

    /** Upstream's delay: with randomizedelay a whole number of milliseconds below simulatedelay (0: none). */
    private long delayNanos() {
      if (delayMs <= 0) {
        return 0;
      }
      long ms = random ? ThreadLocalRandom.current().nextInt(delayMs) : delayMs;
      return ms * 1_000_000L;
    }

    private void delay() {
      if (delayMs > 0) {
        long ns = delayNanos();
        long deadline = System.nanoTime() + ns;
        while (ns > 0) {
          LockSupport.parkNanos(ns);
          ns = deadline - System.nanoTime();
        }
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

    private void note(String what, String table, String key, Set<String> fields, Map<String, ByteIterator> values,
        int scanLength) {
      if (verbose) {
        BasicVerbose.operation(what, table, key, fields, values, scanLength);
      }
      if (uniques != null) {
        switch (what) {
          case "READ" -> uniques.read(table, key, fields);
          case "SCAN" -> uniques.scan(table, key, fields);
          case "UPDATE" -> uniques.update(table, key, values);
          case "INSERT" -> uniques.insert(table, key, values);
          default -> uniques.delete(table, key);
        }
      }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      delay();
      note("READ", table, key, fields, null, -1);
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      delay();
      note("SCAN", table, startkey, fields, null, recordcount);
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      delay();
      note("UPDATE", table, key, null, values, -1);
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      delay();
      note("INSERT", table, key, null, values, -1);
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      delay();
      note("DELETE", table, key, null, null, -1);
      return Status.OK;
    }

    private static final CompletableFuture<Status> OK = CompletableFuture.completedFuture(Status.OK);

    private CompletionStage<Status> later() {
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
      note("READ", table, key, fields, null, -1);
      return later();
    }

    @Override
    public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      note("SCAN", table, startkey, fields, null, recordcount);
      return later();
    }

    @Override
    public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
      note("UPDATE", table, key, null, values, -1);
      return later();
    }

    @Override
    public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
      note("INSERT", table, key, null, values, -1);
      return later();
    }

    @Override
    public CompletionStage<Status> deleteAsync(String table, String key) {
      note("DELETE", table, key, null, null, -1);
      return later();
    }
  }
}
