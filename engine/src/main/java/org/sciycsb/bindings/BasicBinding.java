package org.sciycsb.bindings;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
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
      @Override
      public DB newDb(int threadId) {
        return new BasicDb(delay, random, busyNanos, verbose);
      }

      @Override
      public boolean supportsThreadClients() {
        return true;
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
      public void close() {}
    };
  }

  /** The no-op DB. */
  static final class BasicDb extends DB {
    private final int delayMs;
    private final boolean random;
    private final long busyNanos;
    private final boolean verbose;

    BasicDb(int delayMs, boolean random, long busyNanos, boolean verbose) {
      this.delayMs = delayMs;
      this.random = random;
      this.busyNanos = busyNanos;
      this.verbose = verbose;
    }

    private void delay(String what, String table, String key) {
      if (verbose) {
        System.out.println(what + " " + table + " " + key);
      }
      if (delayMs > 0) {
        long ms = random ? ThreadLocalRandom.current().nextInt(delayMs) + 1 : delayMs;
        LockSupport.parkNanos(ms * 1_000_000L);
      }
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
  }
}
