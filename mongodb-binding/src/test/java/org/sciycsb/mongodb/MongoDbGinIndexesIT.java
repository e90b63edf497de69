package org.sciycsb.mongodb;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Phase;
import org.sciycsb.mongodb.AccessPlan.Kind;

/**
 * The GIN indexes {@code bin/servers start mongodb} adds behind FerretDB's back (SCIYCSB_MONGODB_INDEXES=gin, the
 * default; mongodb-binding/server/mongodb.sh): PostgreSQL's own plan (FerretDB 1.24's explain is PostgreSQL's
 * {@code EXPLAIN (FORMAT JSON)}) for a read by {@code _id}, and for the FHIR read by {@code subject} once the
 * timeline's index is made, is a scan of the twin {@code sciycsb_gin_<oid>}, which FerretDB's {@code listIndexes}
 * does not show; dropping FerretDB's index drops its twin, and the read scans the table again. 20,000 documents,
 * so that a scan of the table costs the planner more than the index (a table of a few hundred is scanned whatever
 * its indexes). The planner takes the index once autovacuum has analyzed the table (within seconds: the script sets
 * autovacuum_naptime=5s): the plan is asked again until then, for at most a minute. Not tagged
 * {@code server-mongodb}: it is about the test server.
 */
class MongoDbGinIndexesIT {
  private static final int DOCUMENTS = 20_000;
  private static final long DEADLINE_MS = 60_000;
  private final String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
  private MongoDbRun run;
  private final List<String> dropped = new ArrayList<>();

  @AfterEach
  void close() {
    if (run != null) {
      dropped.forEach(c -> run.collection(c).drop());
      run.close();
    }
  }

  private MongoCollection<Document> collection(String prefix) throws Exception {
    run = (MongoDbRun) new MongoDbBinding().open(ItServer.context(ItServer.props(), Phase.LOAD, 1));
    String name = prefix + suffix;
    dropped.add(name);
    return run.collection(name);
  }

  private static void insert(MongoCollection<Document> c, java.util.function.IntFunction<Document> doc) {
    List<Document> batch = new ArrayList<>();
    for (int i = 0; i < DOCUMENTS; i++) {
      batch.add(doc.apply(i));
      if (batch.size() == 1000) {
        c.insertMany(batch);
        batch.clear();
      }
    }
    assertThat(c.countDocuments()).isEqualTo(DOCUMENTS);
  }

  /** The plan, asked until it is an index scan or the deadline passes; the last answer. */
  private static AccessPlan untilIndexed(Supplier<AccessPlan> explain) throws InterruptedException {
    long end = System.currentTimeMillis() + DEADLINE_MS;
    AccessPlan p = explain.get();
    while (p.kind() != Kind.INDEX && System.currentTimeMillis() < end) {
      Thread.sleep(1000);
      p = explain.get();
    }
    return p;
  }

  private static List<String> listed(MongoCollection<Document> c) {
    List<String> names = new ArrayList<>();
    c.listIndexes().forEach(d -> names.add(d.getString("name")));
    return names;
  }

  @Test
  void aReadByIdIsAnIndexScanOfTheHiddenGinTwin() throws Exception {
    MongoCollection<Document> c = collection("gin");
    insert(c, i -> new Document("_id", "k" + i).append("x", i));
    AccessPlan p = untilIndexed(() -> AccessPlan.explain(c.find(eq("_id", "k4242"))));
    assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.INDEX);
    assertThat(p.indexes()).as(p.toString()).singleElement().asString().startsWith("sciycsb_gin_");
    // FerretDB knows nothing of it
    assertThat(listed(c)).containsExactly("_id_");
    assertThat(c.find(eq("_id", "k4242")).first()).containsEntry("x", 4242);
    assertThat(run.storeInfo().details().get("serverChanges")).contains("sciycsb_gin_");
  }

  @Test
  void theFhirReadBySubjectIsAnIndexScanUntilFerretDbsIndexIsDropped() throws Exception {
    MongoCollection<Document> c = collection("ginobs");
    c.createIndex(Indexes.compoundIndex(Indexes.ascending("subject"), Indexes.descending("effective")),
        new IndexOptions().name(MongoDbSubjectTimeline.INDEX));
    insert(c, i -> new Document("_id", "e" + i).append("subject", "s" + (i % 2000))
        .append("effective", new Date(1_000L * i)));
    Supplier<AccessPlan> explain = () -> AccessPlan.explain(c.find(eq("subject", "s7"))
        .sort(Indexes.descending("effective")).limit(5));
    AccessPlan p = untilIndexed(explain);
    assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.INDEX);
    assertThat(p.indexes()).as(p.toString()).singleElement().asString().startsWith("sciycsb_gin_");
    assertThat(listed(c)).containsExactlyInAnyOrder("_id_", MongoDbSubjectTimeline.INDEX);
    assertThat(c.find(eq("subject", "s7")).into(new ArrayList<>())).hasSize(DOCUMENTS / 2000);

    c.dropIndex(MongoDbSubjectTimeline.INDEX);
    AccessPlan after = explain.get();
    assertThat(after.kind()).as(after.toString()).isEqualTo(Kind.COLLECTION_SCAN);
    assertThat(after.indexes()).as(after.toString()).isEmpty();
  }
}
