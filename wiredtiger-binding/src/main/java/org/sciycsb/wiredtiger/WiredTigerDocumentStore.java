package org.sciycsb.wiredtiger;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The {@link DocumentStore} access path on WiredTiger: each document type a collection as mongod lays it out
 * ({@link Collection}), the document the BSON of its JSON ({@code _id} its id), on one thread's session.
 */
final class WiredTigerDocumentStore implements DocumentStore {
  private final ThreadSession ts;
  private final Map<String, Collection> collections = new HashMap<>();

  WiredTigerDocumentStore(ThreadSession ts) {
    this.ts = ts;
  }

  private Collection coll(String name) {
    return collections.computeIfAbsent(name, n -> new Collection(ts, n));
  }

  @Override
  public void prepare(List<String> names) throws BenchmarkException {
    try {
      for (String n : names) {
        coll(n).create();
      }
    } catch (RuntimeException e) {
      throw new BindingException("wiredtiger: cannot create the collections " + names + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Status insert(String collection, String id, String json) {
    byte[] doc;
    try {
      doc = RecordBson.fromJson(id, json);
    } catch (RuntimeException e) {
      ts.run().failed("document insert (bad JSON, id " + id + ")", e);
      return Status.BAD_REQUEST;
    }
    try {
      long rid = ts.transaction(() -> coll(collection).insert(Collection.key(id), doc, ts.run().settings().upsert()));
      if (rid == Collection.DUPLICATE) {
        ts.run().duplicate("document insert", collection, id);
        return Status.ERROR;
      }
      return Status.OK;
    } catch (Exception e) {
      ts.run().failed("document insert", e);
      return Status.ERROR;
    }
  }

  @Override
  public Result read(String collection, String id) {
    try {
      byte[] doc = ts.transaction(() -> coll(collection).find(Collection.key(id)));
      return doc == null ? new Result(Status.NOT_FOUND, null) : new Result(Status.OK, RecordBson.toJson(doc));
    } catch (Exception e) {
      ts.run().failed("document read", e);
      return new Result(Status.ERROR, null);
    }
  }

  @Override
  public long count(String collection) throws BenchmarkException {
    return ts.run().count(collection).orElse(-1);
  }

  @Override
  public void close() {
    ts.close();
  }
}
