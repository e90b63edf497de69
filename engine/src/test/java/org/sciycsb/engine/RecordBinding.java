package org.sciycsb.engine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The engine tests' binding {@code test-record}: a no-op store that keeps every call each client thread made, in
 * order, under the run's {@code record.id}, as {@link #describe} lines (operation, table, key, fields, value lengths,
 * scan length). Asynchronous too: a call is kept when it is made and completes on another thread.
 */
public final class RecordBinding implements Binding {
  static final Option<String> ID = Option.string("record.id", "default", "where this run's calls are kept");
  /** By record.id, by thread: the calls. */
  static final Map<String, Map<Integer, List<String>>> CALLS = new ConcurrentHashMap<>();

  @Override
  public String name() {
    return "test-record";
  }

  @Override
  public String summary() {
    return "test store: keeps every call";
  }

  @Override
  public OptionSet options() {
    return OptionSet.builder("test-record").add(ID).ownPrefix("record.").build();
  }

  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** The calls of one run, by thread. */
  static Map<Integer, List<String>> calls(String id) {
    return CALLS.getOrDefault(id, Map.of());
  }

  /** One call, in a form that a trace's record gives too: the field sets and values sorted by name. */
  static String describe(char op, String table, String key, Collection<String> fields, Map<String, Long> lengths,
      int count) {
    String f = lengths != null ? new TreeMap<>(lengths).toString() : fields == null ? "*"
        : new TreeSet<>(fields).toString();
    return op + " " + table + " " + key + " " + f + (op == 'S' ? " " + count : "");
  }

  /** Kept when called, completed on another thread: a workload's next call (read-modify-write) comes from there. */
  private static CompletionStage<Status> later(Status s) {
    return CompletableFuture.supplyAsync(() -> s);
  }

  private static Map<String, Long> lengths(Map<String, ByteIterator> values) {
    Map<String, Long> m = new TreeMap<>();
    values.forEach((k, v) -> m.put(k, v.bytesLeft()));
    return m;
  }

  @Override
  public BindingRun open(RunContext ctx) throws org.sciycsb.api.ConfigException {
    Map<Integer, List<String>> run = CALLS.computeIfAbsent(ctx.config().get(ID), k -> new ConcurrentHashMap<>());
    return new BindingRun() {
      @Override
      public site.ycsb.DB newDb(int threadId) {
        List<String> mine = java.util.Collections.synchronizedList(new ArrayList<>());
        run.put(threadId, mine);
        return new StallBinding.AsyncTestDb() {
          private Status keep(String call) {
            mine.add(call);
            return Status.OK;
          }

          @Override
          public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
            return keep(describe('R', t, k, f, null, 0));
          }

          @Override
          public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
            return keep(describe('S', t, k, f, null, n));
          }

          @Override
          public Status update(String t, String k, Map<String, ByteIterator> v) {
            return keep(describe('U', t, k, null, lengths(v), 0));
          }

          @Override
          public Status insert(String t, String k, Map<String, ByteIterator> v) {
            return keep(describe('I', t, k, null, lengths(v), 0));
          }

          @Override
          public Status delete(String t, String k) {
            return keep(describe('D', t, k, null, null, 0));
          }

          @Override
          public CompletionStage<Status> readAsync(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
            return later(read(t, k, f, r));
          }

          @Override
          public CompletionStage<Status> scanAsync(String t, String k, int n, Set<String> f,
              Vector<HashMap<String, ByteIterator>> r) {
            return later(scan(t, k, n, f, r));
          }

          @Override
          public CompletionStage<Status> updateAsync(String t, String k, Map<String, ByteIterator> v) {
            return later(update(t, k, v));
          }

          @Override
          public CompletionStage<Status> insertAsync(String t, String k, Map<String, ByteIterator> v) {
            return later(insert(t, k, v));
          }

          @Override
          public CompletionStage<Status> deleteAsync(String t, String k) {
            return later(delete(t, k));
          }
        };
      }

      @Override
      public StoreInfo storeInfo() {
        return StoreInfo.of("test-record", "1.0");
      }

      @Override
      public void close() {}
    };
  }
}
