package org.sciycsb.census;

import com.mongodb.MongoClient;
import com.mongodb.MongoClientOptions;
import com.mongodb.MongoClientURI;
import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * The census jobs' side of MongoDB, through the 3.x driver that mongo-hadoop-core 2.0.2 needs (the same driver on
 * the same classpath as the connector). Against FerretDB alone this driver fails in its handshake: FerretDB (1.24
 * and 2.5) answers OP_QUERY only for hello/isMaster/saslStart/saslContinue, and the 3.x driver also sends
 * {@code buildinfo} over OP_QUERY before any OP_MSG (error 352 UnsupportedOpQueryCommand). Use a MongoDB
 * server, FerretDB through the {@link OpQueryBridge} ({@code SCIYCSB_STANDIN_BACKEND=ferretdb bin/servers start
 * mongo-standin}) or the mongo-java-server STAND-IN ({@code bin/servers start mongo-standin}).
 */
final class Mongo3 implements AutoCloseable {
  private final MongoClient client;
  private final Locations where;

  Mongo3(Locations where) {
    this.where = where;
    MongoClientOptions.Builder opts = MongoClientOptions.builder().serverSelectionTimeout(5000).connectTimeout(5000);
    this.client = new MongoClient(new MongoClientURI(where.uri(), opts));
  }

  MongoCollection<Document> collection() {
    return client.getDatabase(where.database()).getCollection(where.collection());
  }

  boolean exists() throws CensusException {
    try {
      MongoDatabase db = client.getDatabase(where.database());
      for (String n : db.listCollectionNames()) {
        if (n.equals(where.collection())) {
          return true;
        }
      }
      return false;
    } catch (MongoException e) {
      throw unreachable(e);
    }
  }

  long count() throws CensusException {
    try {
      return collection().countDocuments();
    } catch (MongoException e) {
      throw unreachable(e);
    }
  }

  /** The collection's average document size in bytes (collStats), 2500 when the server does not tell. */
  long averageDocumentSize() {
    try {
      Document st = client.getDatabase(where.database()).runCommand(new Document("collStats", where.collection()));
      Object v = st.get("avgObjSize");
      if (v instanceof Number && ((Number) v).longValue() > 0) {
        return ((Number) v).longValue();
      }
    } catch (MongoException e) {
      // fall back to the estimate
    }
    return 2500;
  }

  /** FerretDB's version from {@code buildInfo} ("1.24.0"), or null when the server is not FerretDB or does not say. */
  String ferretDbVersion() {
    try {
      Object v = client.getDatabase("admin").runCommand(new Document("buildInfo", 1)).get("ferretdbVersion");
      return v == null ? null : v.toString().replaceFirst("^v", "");
    } catch (MongoException e) {
      return null;
    }
  }

  void drop() throws CensusException {
    try {
      collection().drop();
    } catch (MongoException e) {
      throw unreachable(e);
    }
  }

  /** Loads records [from, to) as documents (_id = record id), in unordered batches. */
  long load(CensusGenerator gen, long from, long to, int batch) throws CensusException {
    List<Document> docs = new ArrayList<>(batch);
    long n = 0;
    MongoCollection<Document> c = collection();
    try {
      for (long i = from; i < to; i++) {
        docs.add(document(gen, i));
        if (docs.size() == batch) {
          c.insertMany(docs, new InsertManyOptions().ordered(false));
          n += docs.size();
          docs.clear();
        }
      }
      if (!docs.isEmpty()) {
        c.insertMany(docs, new InsertManyOptions().ordered(false));
        n += docs.size();
      }
      return n;
    } catch (MongoException e) {
      throw new CensusException("loading into " + where.namespace() + " failed: " + firstLine(e), CensusException.FAILED, e);
    }
  }

  /** Record i as a document: typed columns, _id = record id; a malformed record misses its last 71 columns. */
  static Document document(CensusGenerator gen, long i) {
    String[] f = gen.fields(i);
    Document d = new Document("_id", Long.parseLong(f[CensusSchema.RECORD_ID]));
    int n = gen.malformed(i) ? 40 : f.length;
    for (int j = 0; j < n; j++) {
      d.put(CensusSchema.COLUMNS.get(j), CensusRecords.typed(j, f[j]));
    }
    return d;
  }

  CensusException unreachable(Exception e) {
    return new CensusException("MongoDB at " + hosts() + " not reachable or failing (" + firstLine(e)
        + "); mongo-hadoop needs the 3.x driver, which FerretDB alone rejects: use MongoDB, FerretDB through the"
        + " OP_QUERY bridge (SCIYCSB_STANDIN_BACKEND=ferretdb bin/servers start mongo-standin) or the stand-in"
        + " (bin/servers start mongo-standin)", 3, e);
  }

  String hosts() {
    String rest = where.uri().substring("mongodb://".length());
    int at = rest.indexOf('@');
    if (at >= 0) {
      rest = rest.substring(at + 1);
    }
    int slash = rest.indexOf('/');
    return slash < 0 ? rest : rest.substring(0, slash);
  }

  /** The 3.x driver's jar name (its manifest has no version), e.g. mongo-java-driver-3.12.14.jar. */
  static String driverJar() {
    String j = org.apache.hadoop.util.ClassUtil.findContainingJar(MongoClient.class);
    return j == null ? "mongo-java-driver" : new java.io.File(j).getName();
  }

  static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage() == null ? e : e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  @Override
  public void close() {
    client.close();
  }
}
