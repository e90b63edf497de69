package org.sciycsb.census.nativemongo;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.sciycsb.census.CensusException;
import org.sciycsb.census.CensusGenerator;
import org.sciycsb.census.CensusRecords;
import org.sciycsb.census.CensusSchema;
import org.sciycsb.census.JobReport;
import org.sciycsb.census.Locations;

/**
 * The census on MongoDB without Hadoop, through the 5.x driver (FerretDB or MongoDB): loading documents, a full
 * sequential read, and the filter as an aggregation pipeline ({@code $match} with {@code $expr}, then
 * {@code $out}), for the native-vs-Hadoop comparison of seed 000 §6.3. Incomplete documents (no last column,
 * {@code checksum}) are malformed: counted, never kept. FerretDB 1.x lacks {@code $gt} inside {@code $expr}: the
 * filter then runs in this client (find + batched inserts), and the results say so.
 */
public final class NativeMongo implements AutoCloseable {
  private final MongoClient client;
  private final String hosts;
  private final String product;
  private final String version;

  public NativeMongo(String uri) throws CensusException {
    ConnectionString cs = new ConnectionString(uri);
    hosts = String.join(",", cs.getHosts());
    client = MongoClients.create(MongoClientSettings.builder().applyConnectionString(cs)
        .applyToClusterSettings(b -> b.serverSelectionTimeout(5, TimeUnit.SECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(5, TimeUnit.SECONDS)).build());
    try {
      Document info = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
      Object ferret = info.get("ferretdbVersion");
      product = ferret != null ? "FerretDB" : "MongoDB";
      version = ferret != null ? ferret + " (MongoDB-compatible " + info.get("version") + ")"
          : String.valueOf(info.get("version"));
    } catch (MongoException e) {
      client.close();
      throw new CensusException("MongoDB server at " + hosts + " not reachable (" + firstLine(e) + ")", 3, e);
    }
  }

  MongoCollection<Document> collection(Locations l) {
    return client.getDatabase(l.database()).getCollection(l.collection());
  }

  boolean exists(Locations l) {
    MongoDatabase db = client.getDatabase(l.database());
    for (String n : db.listCollectionNames()) {
      if (n.equals(l.collection())) {
        return true;
      }
    }
    return false;
  }

  private JobReport report(String job) {
    JobReport r = new JobReport();
    r.metadata.put("job", job);
    r.metadata.put("store", product + " " + version);
    r.metadata.put("client", "mongodb-driver-sync " + com.mongodb.internal.build.MongoDriverVersion.VERSION);
    r.metadata.put("java", System.getProperty("java.version"));
    r.metadata.put("start", Instant.now().toString());
    return r;
  }

  /** Loads generated records as documents (same layout as the Hadoop side's loader: _id = record id). */
  public JobReport load(Locations out, CensusGenerator gen, long records, int batch, boolean overwrite,
      boolean oneField) throws CensusException {
    JobReport r = report("native-load");
    r.metadata.put("output", out.uri());
    r.metadata.put("outputKind", "mongodb");
    r.metadata.put("layout", oneField ? "onefield" : "full");
    try {
      MongoCollection<Document> c = collection(out);
      if (exists(out)) {
        if (!overwrite && c.estimatedDocumentCount() > 0) {
          throw new CensusException("collection " + out.namespace() + " exists and is not empty"
              + " (census.overwrite=true replaces it)", CensusException.BAD_INPUT);
        }
        c.drop();
      }
      long t0 = System.nanoTime();
      List<Document> docs = new ArrayList<>(batch);
      for (long i = 0; i < records; i++) {
        docs.add(oneField ? new Document("_id", i + 1) : document(gen, i));
        if (docs.size() == batch || i == records - 1) {
          c.insertMany(docs, new InsertManyOptions().ordered(false));
          r.recordsWritten += docs.size();
          docs.clear();
        }
      }
      r.totalMs = (System.nanoTime() - t0) / 1_000_000;
      r.recordsRead = r.recordsWritten;
      return r;
    } catch (MongoException e) {
      throw new CensusException("loading " + out.namespace() + " at " + hosts + " failed: " + firstLine(e), CensusException.FAILED, e);
    }
  }

  static Document document(CensusGenerator gen, long i) {
    String[] f = gen.fields(i);
    Document d = new Document("_id", Long.parseLong(f[CensusSchema.RECORD_ID]));
    int n = gen.malformed(i) ? 40 : f.length;
    for (int j = 0; j < n; j++) {
      d.put(CensusSchema.COLUMNS.get(j), CensusRecords.typed(j, f[j]));
    }
    return d;
  }

  /** Reads every document sequentially (the raw read test). */
  public JobReport read(Locations in) throws CensusException {
    JobReport r = report("native-read");
    r.metadata.put("input", in.uri());
    r.metadata.put("inputKind", "mongodb");
    try {
      if (!exists(in)) {
        throw new CensusException("collection " + in.namespace() + " does not exist at " + hosts, CensusException.BAD_INPUT);
      }
      long t0 = System.nanoTime();
      for (Document d : collection(in).find().batchSize(1000)) {
        if (d.size() >= CensusSchema.FIELDS || d.size() == 1) {
          r.recordsRead++;
        } else {
          r.malformed++;
        }
      }
      r.totalMs = (System.nanoTime() - t0) / 1_000_000;
      return r;
    } catch (MongoException e) {
      throw new CensusException("reading " + in.namespace() + " at " + hosts + " failed: " + firstLine(e), CensusException.FAILED, e);
    }
  }

  /** The filter as one aggregation pipeline on the server: {@code $match $expr female_total > male_total, $out}. */
  public JobReport filter(Locations in, Locations out, boolean overwrite) throws CensusException {
    JobReport r = report("native-filter");
    r.metadata.put("input", in.uri());
    r.metadata.put("inputKind", "mongodb");
    r.metadata.put("output", out.uri());
    r.metadata.put("outputKind", "mongodb");
    r.metadata.put("runner", "aggregation pipeline ($match $expr, $out)");
    if (!in.database().equals(out.database())) {
      throw new CensusException("native-filter writes with $out into the input's database: use "
          + in.database() + ".<collection> for census.output", 2);
    }
    try {
      if (!exists(in)) {
        throw new CensusException("census input collection " + in.namespace() + " does not exist at " + hosts, CensusException.BAD_INPUT);
      }
      MongoCollection<Document> o = collection(out);
      if (exists(out)) {
        if (!overwrite && o.estimatedDocumentCount() > 0) {
          throw new CensusException("census output collection " + out.namespace() + " exists and is not empty"
              + " (census.overwrite=true replaces it)", CensusException.BAD_INPUT);
        }
        o.drop();
      }
      List<Document> pipeline = List.of(
          new Document("$match", new Document("checksum", new Document("$exists", true)) // complete records
              .append("$expr", new Document("$gt", List.of("$female_total", "$male_total")))),
          new Document("$out", out.collection()));
      long t0 = System.nanoTime();
      try {
        collection(in).aggregate(pipeline).toCollection();
      } catch (com.mongodb.MongoCommandException e) {
        if (e.getErrorCode() != 238 && e.getErrorCode() != 115 && e.getErrorCode() != 168) {
          throw e;
        }
        // FerretDB 1.x: "$gt is not implemented yet" in $expr. Fall back to filtering in this client (a find
        // streamed through the driver, inserts in batches), and say so in the results.
        r.metadata.put("runner", "client-side filter through driver 5.x (the server lacks $expr: "
            + firstLine(e).replaceAll(".*'(.*)'.*", "$1") + ")");
        o.drop();
        t0 = System.nanoTime();
        clientSideFilter(in, o);
      }
      r.totalMs = (System.nanoTime() - t0) / 1_000_000;
      r.mapMs = r.totalMs;
      r.recordsRead = collection(in).countDocuments();
      r.malformed = collection(in).countDocuments(new Document("checksum", new Document("$exists", false)));
      r.recordsWritten = o.countDocuments();
      return r;
    } catch (MongoException e) {
      throw new CensusException("the native filter on " + product + " " + version + " failed: " + firstLine(e), CensusException.FAILED, e);
    }
  }

  private void clientSideFilter(Locations in, MongoCollection<Document> out) {
    List<Document> batch = new ArrayList<>(1000);
    for (Document d : collection(in).find().batchSize(1000)) {
      Object f = d.get("female_total");
      Object m = d.get("male_total");
      if (d.containsKey("checksum") && f instanceof Number && m instanceof Number
          && ((Number) f).longValue() > ((Number) m).longValue()) {
        batch.add(d);
        if (batch.size() == 1000) {
          out.insertMany(batch, new InsertManyOptions().ordered(false));
          batch.clear();
        }
      }
    }
    if (!batch.isEmpty()) {
      out.insertMany(batch, new InsertManyOptions().ordered(false));
    }
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
