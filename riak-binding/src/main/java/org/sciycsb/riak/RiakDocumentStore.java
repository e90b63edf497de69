package org.sciycsb.riak;

import com.basho.riak.client.api.commands.kv.FetchValue;
import com.basho.riak.client.core.query.RiakObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
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
 *       no multi-object write: nothing is buffered, every insert is acknowledged when it returns.</li>
 *   <li>read: one fetch with the read quorums; siblings resolve to the latest; {@code NOT_FOUND} when absent.</li>
 *   <li>count: the paged {@code key_bin} listing of {@link RiakRun#count} (10,000 keys a page; a coverage query,
 *       exact once the writes have settled), or -1 when the bucket is not indexed.</li>
 * </ul>
 */
final class RiakDocumentStore implements DocumentStore {
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
    byte[] value = json.getBytes(StandardCharsets.UTF_8);
    Status st = run.retrying(() -> {
      run.upsert(collection, id, req.object(id, value));
      return Status.OK;
    });
    if (st.isOk() && s.strongConsistency() && s.scansSupported()) {
      st = run.retrying(() -> {
        run.execute(req.storeIndexEntry(collection, id));
        return Status.OK;
      });
    }
    return st;
  }

  @Override
  public Result read(String collection, String id) {
    AtomicReference<String> json = new AtomicReference<>();
    Status st = run.retrying(() -> {
      FetchValue.Response r = run.execute(req.fetch(collection, id));
      RiakObject o = r.isNotFound() ? null : RiakRun.live(r.getValues());
      if (o == null) {
        return Status.NOT_FOUND;
      }
      json.set(o.getValue().toStringUtf8());
      return Status.OK;
    });
    return new Result(st, st.isOk() ? json.get() : null);
  }

  @Override
  public long count(String collection) throws BenchmarkException {
    return run.count(collection).orElse(-1);
  }
}
