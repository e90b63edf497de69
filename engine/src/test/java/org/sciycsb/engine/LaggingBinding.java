package org.sciycsb.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The engine tests' binding {@code test-lagging}, a stand-in for a replicated store read at a weak consistency
 * level: it keeps every version of every record (under the run's {@code lag.id}, so a load and a run share them)
 * and serves each thread's every {@code lag.every}-th read of a record that has more than {@code lag.depth}
 * versions from the version {@code lag.depth} before the latest, counting what it served so (by depth) for the
 * test to hold the measured staleness to; every other read, and every read at {@code lag.every=0}, gets the latest
 * version, as a linearizable store's would.
 */
public final class LaggingBinding implements Binding {
  static final Option<String> ID = Option.string("lag.id", "default", "where this run's records are kept");
  static final Option<Integer> EVERY = Option.integer("lag.every", 0, "every N-th read of a thread is served old");
  static final Option<Integer> DEPTH = Option.integer("lag.depth", 1, "how many versions old");
  /** By lag.id: the records (key: versions, oldest first). */
  static final Map<String, Map<String, List<Map<String, byte[]>>>> STORES = new ConcurrentHashMap<>();
  /** By lag.id: the reads served old, by depth (index 0 unused). */
  static final Map<String, AtomicLongArray> SERVED_OLD = new ConcurrentHashMap<>();

  @Override
  public String name() {
    return "test-lagging";
  }

  @Override
  public String summary() {
    return "test store: serves a known share of reads from an older version";
  }

  @Override
  public OptionSet options() {
    return OptionSet.builder("test-lagging").add(ID, EVERY, DEPTH).ownPrefix("lag.").build();
  }

  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** The reads of run {@code id} served {@code depth} versions old. */
  static long servedOld(String id, int depth) {
    AtomicLongArray a = SERVED_OLD.get(id);
    return a == null ? 0 : a.get(depth);
  }

  @Override
  public BindingRun open(RunContext ctx) throws org.sciycsb.api.ConfigException {
    String id = ctx.config().get(ID);
    Map<String, List<Map<String, byte[]>>> store = STORES.computeIfAbsent(id, k -> new ConcurrentHashMap<>());
    AtomicLongArray served = SERVED_OLD.computeIfAbsent(id, k -> new AtomicLongArray(65));
    int every = ctx.config().get(EVERY);
    int depth = ctx.config().get(DEPTH);
    return new BindingRun() {
      @Override
      public site.ycsb.DB newDb(int threadId) {
        return new StallBinding.AsyncTestDb() {
          private final java.util.concurrent.atomic.AtomicLong reads = new java.util.concurrent.atomic.AtomicLong();

          @Override
          public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
            List<Map<String, byte[]>> versions = store.get(k);
            if (versions == null) {
              return Status.NOT_FOUND;
            }
            Map<String, byte[]> row;
            synchronized (versions) {
              int at = versions.size() - 1;
              if (every > 0 && reads.incrementAndGet() % every == 0 && versions.size() > depth) {
                at -= depth;
                served.incrementAndGet(depth);
              }
              row = versions.get(at);
            }
            row.forEach((name, v) -> {
              if (f == null || f.contains(name)) {
                r.put(name, new ByteArrayByteIterator(v));
              }
            });
            return Status.OK;
          }

          @Override
          public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
            return Status.NOT_IMPLEMENTED;
          }

          @Override
          public Status update(String t, String k, Map<String, ByteIterator> v) {
            List<Map<String, byte[]>> versions = store.get(k);
            if (versions == null) {
              return Status.NOT_FOUND;
            }
            synchronized (versions) {
              Map<String, byte[]> row = new HashMap<>(versions.get(versions.size() - 1));
              v.forEach((name, value) -> row.put(name, value.toArray()));
              versions.add(row);
            }
            return Status.OK;
          }

          @Override
          public Status insert(String t, String k, Map<String, ByteIterator> v) {
            Map<String, byte[]> row = new HashMap<>();
            v.forEach((name, value) -> row.put(name, value.toArray()));
            List<Map<String, byte[]>> versions = new ArrayList<>();
            versions.add(row);
            store.put(k, versions);
            return Status.OK;
          }

          @Override
          public Status delete(String t, String k) {
            return store.remove(k) != null ? Status.OK : Status.NOT_FOUND;
          }

          @Override
          public CompletionStage<Status> readAsync(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
            return CompletableFuture.supplyAsync(() -> read(t, k, f, r));
          }

          @Override
          public CompletionStage<Status> scanAsync(String t, String k, int n, Set<String> f,
              Vector<HashMap<String, ByteIterator>> r) {
            return CompletableFuture.completedFuture(Status.NOT_IMPLEMENTED);
          }

          @Override
          public CompletionStage<Status> updateAsync(String t, String k, Map<String, ByteIterator> v) {
            return CompletableFuture.supplyAsync(() -> update(t, k, v));
          }

          @Override
          public CompletionStage<Status> insertAsync(String t, String k, Map<String, ByteIterator> v) {
            return CompletableFuture.supplyAsync(() -> insert(t, k, v));
          }

          @Override
          public CompletionStage<Status> deleteAsync(String t, String k) {
            return CompletableFuture.supplyAsync(() -> delete(t, k));
          }
        };
      }

      @Override
      public StoreInfo storeInfo() {
        return StoreInfo.of("test-lagging", "1.0");
      }

      @Override
      public void close() {}
    };
  }
}
