package org.sciycsb.mongodb;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import org.sciycsb.mongodb.AccessPlan.Kind;
import site.ycsb.Status;

/**
 * The server's own plans (explain) for the domain workloads' reads, and what the binding makes of them. Where the
 * server can serve them from an index (MongoDB; FerretDB 2 on DocumentDB), FHIR's newest observations of a subject
 * use the binding's index {@code subject_1_effective_-1} and FASTA's document by id the {@code _id_} index. The test
 * server, FerretDB 1.24 on PostgreSQL 15, cannot: it pushes an equality down as {@code _jsonb->'field' @> value},
 * which its btree indexes on {@code _jsonb->'field'} do not serve, so PostgreSQL's plan for every filtered read,
 * {@code _id} included, is a Seq Scan; there the binding records a collection scan and warns of it once. A query on
 * an unindexed field is a collection scan everywhere. With the GIN twins bin/servers adds behind FerretDB 1.24's back
 * (its default), these small collections' reads are a scan or a twin's index scan, by the planner's cost.
 */
@Tag("server-mongodb")
class MongoDbAccessPlanIT {
  private final String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();
  private final List<String> dropped = new ArrayList<>();
  private MongoDbRun run;

  @AfterEach
  void close() {
    if (run != null) {
      dropped.forEach(c -> run.collection(c).drop());
      run.close();
    }
  }

  private MongoDbRun open() throws Exception {
    Map<String, String> p = ItServer.props();
    p.put("table", "plan" + suffix);
    Path dir = Files.createTempDirectory("mongodb-it");
    run = (MongoDbRun) new MongoDbBinding().open(new RunContext(new Config(p), Phase.LOAD, 1, dir, dir,
        new PrintStream(log, true, StandardCharsets.UTF_8)));
    return run;
  }

  /** Whether the server can serve an equality filter from an index: not FerretDB 1.x (above). */
  private boolean indexesServeFilters() {
    return !(run.storeInfo().product().equals("FerretDB") && run.storeInfo().version().startsWith("v1."));
  }

  /**
   * FerretDB 1.x with the GIN twins bin/servers adds behind its back (its note in serverChanges): on these small
   * collections PostgreSQL's planner may take a twin or scan the table, by cost (MongoDbGinIndexesIT proves the
   * twins serve on 20,000 documents); never an index FerretDB lists.
   */
  private boolean twins() {
    return !indexesServeFilters() && run.storeInfo().details().containsKey("serverChanges");
  }

  /** The plan a FerretDB 1.x server may give: a collection scan, or with the twins a scan of one of them. */
  private static void scanOrTwin(AccessPlan p, boolean twins) {
    if (twins && p.kind() == Kind.INDEX) {
      assertThat(p.indexes()).as(p.toString()).allMatch(n -> n.startsWith("sciycsb_gin_"));
    } else {
      assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.COLLECTION_SCAN);
    }
  }

  private String warning(String events) {
    return "mongodb: warning: the FHIR reads (newest observations of a subject) will scan the whole collection "
        + events + ": explain shows no use of the index " + MongoDbSubjectTimeline.INDEX;
  }

  private String logged() {
    return log.toString(StandardCharsets.UTF_8);
  }

  /** Prepares the FHIR collections and stores 300 observations of 30 subjects (the newest of s7 read back). */
  private SubjectTimeline.Schema timeline() throws Exception {
    SubjectTimeline.Schema schema = new SubjectTimeline.Schema("pat" + suffix, "obs" + suffix);
    dropped.addAll(List.of(schema.subjects(), schema.events()));
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, -1)) {
      t.prepare(schema);
    }
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0)) {
      for (int i = 0; i < 300; i++) {
        assertThat(t.putEvent("s" + (i % 30), 1_000L * i, "e" + i, "{\"n\":" + i + "}")).isEqualTo(Status.OK);
      }
      List<String> out = new ArrayList<>();
      assertThat(t.recentEvents("s7", 3, out)).isEqualTo(Status.OK);
      assertThat(out).containsExactly("{\"n\": 277}", "{\"n\": 247}", "{\"n\": 217}");
    }
    return schema;
  }

  @Test
  void newestObservationsOfASubjectUseTheBindingsIndexWhereTheServerCanAndPrepareRecordsThePlan() throws Exception {
    open();
    SubjectTimeline.Schema schema = timeline();
    String expected = indexesServeFilters() ? "index " + MongoDbSubjectTimeline.INDEX : "collection scan";
    // prepare (on the empty collection) recorded the plan, and warned (once) only of a collection scan
    String recorded = run.storeInfo().details().get(MongoDbSubjectTimeline.READ_PLAN_DETAIL);
    if (twins()) {
      assertThat(recorded).matches("collection scan|index sciycsb_gin_[0-9]+");
    } else {
      assertThat(recorded).isEqualTo(expected);
    }
    boolean scanned = recorded.equals("collection scan");
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0)) {
      AccessPlan p = AccessPlan.explain(((MongoDbSubjectTimeline) t).recentQuery("s7", 3));
      if (indexesServeFilters()) {
        assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.INDEX);
        assertThat(p.indexes()).as(p.toString()).containsExactly(MongoDbSubjectTimeline.INDEX);
        // with 300 observations stored, the check prepare makes finds the same plan
        assertThat(((MongoDbSubjectTimeline) t).checkReadPlan().describe()).isEqualTo(expected);
      } else {
        scanOrTwin(p, twins());
        AccessPlan again = ((MongoDbSubjectTimeline) t).checkReadPlan();
        scanOrTwin(again, twins());
        scanned |= again.kind() == Kind.COLLECTION_SCAN;
      }
    }
    assertThat(logged().lines().filter(l -> l.contains("warning")))
        .containsExactlyElementsOf(indexesServeFilters() || !scanned ? List.of() : List.of(warning(schema.events())));
  }

  @Test
  void withoutTheIndexTheCheckWarnsOnceAndRecordsACollectionScan() throws Exception {
    open();
    SubjectTimeline.Schema schema = timeline();
    run.collection(schema.events()).dropIndex(MongoDbSubjectTimeline.INDEX);
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0)) {
      AccessPlan p = ((MongoDbSubjectTimeline) t).checkReadPlan();
      assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.COLLECTION_SCAN);
      ((MongoDbSubjectTimeline) t).checkReadPlan();
    }
    assertThat(run.storeInfo().details()).containsEntry(MongoDbSubjectTimeline.READ_PLAN_DETAIL, "collection scan");
    assertThat(logged().lines().filter(l -> l.contains("warning"))).containsExactly(warning(schema.events()));
  }

  @Test
  void aQueryOnAnUnindexedFieldIsACollectionScan() throws Exception {
    open();
    SubjectTimeline.Schema schema = timeline();
    AccessPlan p = AccessPlan.explain(run.collection(schema.events()).find(eq("resource.n", 42)));
    assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.COLLECTION_SCAN);
    assertThat(p.describe()).isEqualTo("collection scan");
  }

  @Test
  void documentByIdUsesTheIdIndexWhereTheServerCan() throws Exception {
    open();
    String coll = "doc" + suffix;
    dropped.add(coll);
    try (DocumentStore d = run.accessPath(DocumentStore.class, -1)) {
      d.prepare(List.of(coll));
    }
    try (DocumentStore d = run.accessPath(DocumentStore.class, 0)) {
      for (int i = 0; i < 200; i++) {
        assertThat(d.insert(coll, "id" + i, "{\"_id\":\"id" + i + "\",\"x\":" + i + "}")).isEqualTo(Status.OK);
      }
      assertThat(d.read(coll, "id42").json()).contains("\"x\": 42");
      AccessPlan p = AccessPlan.explain(((MongoDbDocumentStore) d).byId(coll, "id42"));
      if (indexesServeFilters()) {
        assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.INDEX);
        assertThat(p.indexes()).as(p.toString()).containsExactly("_id_");
      } else {
        scanOrTwin(p, twins());
      }
    }
  }
}
