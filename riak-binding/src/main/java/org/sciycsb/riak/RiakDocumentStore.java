package org.sciycsb.riak;

import com.basho.riak.client.core.query.RiakObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.access.AsyncDocumentStore;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The {@link DocumentStore} access path (the FASTA workload's task, rna, gs and align documents) in Riak: a bucket
 * per collection in {@code riak.bucket_type}, key = the document id, value = the document's JSON as given
 * ({@code application/json}), with the {@code key_bin} index the binding writes on records (unless
 * {@code riak.scan_index=false} or the backend has no 2i). Seed 001 stored its four document types the same way,
 * one bucket each.
 *
 * <ul>
 *   <li>insert: one put with the run's write quorums, an upsert (strongly consistent types: conditional on the
 *       current causal context, and the {@code key_bin} entry in {@code riak.scan_bucket_type} when set). Riak has
 *       no multi-object write: nothing is buffered, every insert is acknowledged when it returns. The same steps
 *       as a record's insert ({@link RiakRun#putAsync}).</li>
 *   <li>read: one fetch with the read quorums; siblings resolve to the latest; {@code NOT_FOUND} when absent.</li>
 *   <li>count: the paged {@code key_bin} listing of {@link RiakRun#count} (10,000 keys a page; a coverage query,
 *       exact once the writes have settled), or -1 when the bucket is not indexed.</li>
 * </ul>
 *
 * <p>Both calls are written once, non-blocking ({@link AsyncDocumentStore}, for {@code -p inflight=N}); the blocking
 * ones await them, so both give the same statuses.
 */
final class RiakDocumentStore implements DocumentStore, AsyncDocumentStore {
  private final RiakRun run;
  private final RiakRequests req;
  private final RiakSettings s;

  RiakDocumentStore(RiakRun run) {
    this.run = run;
    this.req = run.requests();
    this.s = run.settings();
  }

  /** Buckets need no creation in Riak (they exist once an object is in them); names are checked. */
  @Override
  public void prepare(List<String> collections) throws BenchmarkException {
    for (String c : collections) {
      if (c == null || c.isEmpty()) {
        throw new ConfigException("riak: empty collection (bucket) name");
      }
    }
  }

  @Override
  public Status insert(String collection, String id, String json) {
    return RiakStages.await(insertAsync(collection, id, json));
  }

  @Override
  public CompletionStage<Status> insertAsync(String collection, String id, String json) {
    return run.putAsync("document insert", collection, id, json.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public Result read(String collection, String id) {
    return readAsync(collection, id).toCompletableFuture().join();
  }

  @Override
  public CompletionStage<Result> readAsync(String collection, String id) {
    String[] json = new String[1];
    return run.retryingAsync("document read", () -> run.executeAsync(req.fetch(collection, id)).thenApply(r -> {
      RiakObject o = r.isNotFound() ? null : RiakRun.live(r.getValues());
      if (o == null) {
        return Status.NOT_FOUND;
      }
      json[0] = o.getValue().toStringUtf8();
      return Status.OK;
    })).thenApply(st -> new Result(st, st.isOk() ? json[0] : null));
  }

  @Override
  public long count(String collection) throws BenchmarkException {
    return run.count(collection).orElse(-1);
  }
}
