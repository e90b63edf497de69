package org.sciycsb.riak;

import com.basho.riak.client.api.commands.indexes.SecondaryIndexQuery;
import com.basho.riak.client.api.commands.kv.FetchValue;
import com.basho.riak.client.core.query.RiakObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.sciycsb.api.AsyncDb;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One client thread's view of the run's shared Riak client. Every operation is written once, non-blocking
 * ({@link AsyncDb}, for {@code -p inflight=N}): riak-client's futures, with the later steps of multi-step operations
 * (an update's put after its fetch, a scan's fetches after its index query) chained on the earlier ones' answers.
 * The blocking methods await the same stages, so both give the same statuses. Nothing throws: failures are
 * classified by {@link RiakOutcome} and retried ({@code riak.retries}, from the first step) when retryable.
 */
final class RiakDb extends DB implements AsyncDb {
  private static final CompletableFuture<Status> OK = CompletableFuture.completedFuture(Status.OK);

  private final RiakRun run;
  private final RiakRequests req;
  private final RecordCodec codec;
  private final RiakSettings s;

  RiakDb(RiakRun run) {
    this.run = run;
    this.req = run.requests();
    this.codec = run.codec();
    this.s = run.settings();
  }

  /** See {@link RiakRun#live}. */
  static RiakObject live(List<RiakObject> values) {
    return RiakRun.live(values);
  }

  private static RiakObject liveOf(FetchValue.Response r) {
    return r.isNotFound() ? null : live(r.getValues());
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return RiakStages.await(readAsync(table, key, fields, result));
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return RiakStages.await(scanAsync(table, startkey, recordcount, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return RiakStages.await(updateAsync(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return RiakStages.await(insertAsync(table, key, values));
  }

  @Override
  public Status delete(String table, String key) {
    return RiakStages.await(deleteAsync(table, key));
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    return run.retryingAsync("read", () -> run.executeAsync(req.fetch(table, key)).thenApply(r -> {
      RiakObject o = liveOf(r);
      return o == null ? Status.NOT_FOUND : decode(o, fields, result);
    }));
  }

  private Status decode(RiakObject o, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      codec.decodeInto(o.getValue().unsafeGetValue(), fields, result);
      return Status.OK;
    } catch (IOException e) {
      return Status.ERROR;
    }
  }

  /**
   * A key_bin range query from the start key (at most {@code recordcount} keys, sorted), then every record fetched
   * at once; the records join the result in key order, those deleted in between left out.
   */
  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (!s.buckets().scansSupported() || run.no2i().get()) {
      return CompletableFuture.completedFuture(Status.NOT_IMPLEMENTED);
    }
    if (recordcount <= 0) {
      return OK;
    }
    int base = result.size();
    return run.retryingAsync("scan", () -> run.executeAsync(req.scan(table, startkey, recordcount))
        .thenCompose(r -> {
          List<CompletableFuture<FetchValue.Response>> fetches = new ArrayList<>();
          for (SecondaryIndexQuery.Response.Entry<String> e : r.getEntries()) {
            fetches.add(run.executeAsync(req.fetch(table, e.getRiakObjectLocation().getKeyAsString())));
          }
          return CompletableFuture.allOf(fetches.toArray(CompletableFuture[]::new))
              .thenApply(all -> collect(fetches, base, recordcount, fields, result));
        }))
        .thenApply(st -> {
          if (st == Status.NOT_IMPLEMENTED) {
            run.no2i().set(true);
          }
          return st;
        });
  }

  private Status collect(List<CompletableFuture<FetchValue.Response>> fetches, int base, int recordcount,
      Set<String> fields, Vector<HashMap<String, ByteIterator>> result) {
    result.setSize(base); // a retry starts over
    for (CompletableFuture<FetchValue.Response> f : fetches) {
      RiakObject o = liveOf(f.join());
      if (o == null) {
        continue; // deleted between the index query and the fetch
      }
      HashMap<String, ByteIterator> rec = new HashMap<>();
      Status d = decode(o, fields, rec);
      if (!d.isOk()) {
        return d;
      }
      result.add(rec);
      if (result.size() - base >= recordcount) {
        break;
      }
    }
    return Status.OK;
  }

  /** A fetch, then a put of the merged record conditional on the fetch's causal context. */
  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return run.retryingAsync("update", () -> run.executeAsync(req.fetch(table, key)).thenCompose(r -> {
      RiakObject o = liveOf(r);
      if (o == null) {
        return CompletableFuture.completedFuture(Status.NOT_FOUND);
      }
      Map<String, Object> merged;
      try {
        merged = new LinkedHashMap<>(codec.decode(o.getValue().unsafeGetValue(), null));
      } catch (IOException e) {
        return CompletableFuture.completedFuture(Status.ERROR);
      }
      merged.putAll(values);
      return run.executeAsync(req.store(table, key, req.object(key, codec.encode(merged)), r.getVectorClock()))
          .thenApply(stored -> Status.OK);
    }));
  }

  /**
   * An upsert, as in the other bindings (strongly consistent types: conditional on the current causal context),
   * then, with a strongly consistent type and an index bucket type, the record's index entry.
   */
  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return run.putAsync("insert", table, key, codec.encode(values));
  }

  /**
   * A blind delete; on strongly consistent types a fetch first (NOT_FOUND when nothing is live) and a delete
   * conditional on its causal context, then the index entry's delete.
   */
  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    if (!s.buckets().strongConsistency()) {
      return run.retryingAsync("delete",
          () -> run.executeAsync(req.delete(table, key, null)).thenApply(x -> Status.OK));
    }
    CompletableFuture<Status> st = run.retryingAsync("delete", () -> run.executeAsync(req.fetch(table, key))
        .thenCompose(r -> liveOf(r) == null ? CompletableFuture.completedFuture(Status.NOT_FOUND)
            : run.executeAsync(req.delete(table, key, r.getVectorClock())).thenApply(x -> Status.OK)));
    if (!s.buckets().scansSupported()) {
      return st;
    }
    return st.thenCompose(done -> !done.isOk() ? CompletableFuture.completedFuture(done)
        : run.retryingAsync("delete",
            () -> run.executeAsync(req.deleteIndexEntry(table, key)).thenApply(x -> Status.OK)));
  }
}
