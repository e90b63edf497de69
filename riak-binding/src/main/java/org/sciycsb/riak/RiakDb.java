package org.sciycsb.riak;

import com.basho.riak.client.api.cap.VClock;
import com.basho.riak.client.api.commands.indexes.BinIndexQuery;
import com.basho.riak.client.api.commands.indexes.SecondaryIndexQuery;
import com.basho.riak.client.api.commands.kv.FetchValue;
import com.basho.riak.client.core.query.RiakObject;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One client thread's view of the run's shared Riak client. Every method returns a {@link Status} and never
 * throws: failures are classified by {@link RiakOutcome} and retried ({@code riak.retries}) when retryable.
 */
final class RiakDb extends DB {
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

  private Status withRetries(RiakRun.Attempt attempt) {
    return run.retrying(attempt);
  }

  /** See {@link RiakRun#live}. */
  static RiakObject live(List<RiakObject> values) {
    return RiakRun.live(values);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return withRetries(() -> {
      FetchValue.Response r = run.execute(req.fetch(table, key));
      RiakObject o = r.isNotFound() ? null : live(r.getValues());
      if (o == null) {
        return Status.NOT_FOUND;
      }
      return decode(o, fields, result);
    });
  }

  private Status decode(RiakObject o, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      codec.decodeInto(o.getValue().unsafeGetValue(), fields, result);
      return Status.OK;
    } catch (IOException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (!s.scansSupported() || run.no2i().get()) {
      return Status.NOT_IMPLEMENTED;
    }
    if (recordcount <= 0) {
      return Status.OK;
    }
    int base = result.size();
    Status st = withRetries(() -> {
      result.setSize(base); // a retry starts over
      BinIndexQuery.Response r = run.execute(req.scan(table, startkey, recordcount));
      for (SecondaryIndexQuery.Response.Entry<String> e : r.getEntries()) {
        String key = e.getRiakObjectLocation().getKeyAsString();
        FetchValue.Response f = run.execute(req.fetch(table, key));
        RiakObject o = f.isNotFound() ? null : live(f.getValues());
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
    });
    if (st == Status.NOT_IMPLEMENTED) {
      run.no2i().set(true);
    }
    return st;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return withRetries(() -> {
      FetchValue.Response r = run.execute(req.fetch(table, key));
      RiakObject o = r.isNotFound() ? null : live(r.getValues());
      if (o == null) {
        return Status.NOT_FOUND;
      }
      Map<String, Object> merged = new LinkedHashMap<>(codec.decode(o.getValue().unsafeGetValue(), null));
      merged.putAll(values);
      VClock vclock = r.getVectorClock();
      run.execute(req.store(table, key, req.object(key, codec.encode(merged)), vclock));
      return Status.OK;
    });
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    byte[] json = codec.encode(values);
    // an upsert, as in the other bindings (strongly consistent types: conditional on the current causal context)
    Status st = withRetries(() -> {
      run.upsert(table, key, req.object(key, json));
      return Status.OK;
    });
    if (st.isOk() && s.strongConsistency() && s.scansSupported()) {
      st = withRetries(() -> {
        run.execute(req.storeIndexEntry(table, key));
        return Status.OK;
      });
    }
    return st;
  }

  @Override
  public Status delete(String table, String key) {
    Status st = withRetries(() -> {
      if (!s.strongConsistency()) {
        run.execute(req.delete(table, key, null));
        return Status.OK;
      }
      FetchValue.Response r = run.execute(req.fetch(table, key));
      if (r.isNotFound() || live(r.getValues()) == null) {
        return Status.NOT_FOUND;
      }
      run.execute(req.delete(table, key, r.getVectorClock()));
      return Status.OK;
    });
    if (st.isOk() && s.strongConsistency() && s.scansSupported()) {
      st = withRetries(() -> {
        run.execute(req.deleteIndexEntry(table, key));
        return Status.OK;
      });
    }
    return st;
  }
}
