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
 * The server's own plans (explain) for the domain workloads' reads, on the test server (FerretDB 2.5 on DocumentDB
 * 0.106 / PostgreSQL 15): FHIR's newest observations of a subject use the binding's index
 * {@code subject_1_effective_-1}, FASTA's document by id the {@code _id_} index, and a query on an unindexed field
 * is a collection scan; {@code prepare} records the FHIR plan in the store details and warns of a collection scan.
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
  void newestObservationsOfASubjectUseTheBindingsIndexAndPrepareRecordsIt() throws Exception {
    open();
    timeline();
    // prepare (on the empty collection) recorded the plan and did not warn
    assertThat(run.storeInfo().details()).containsEntry(MongoDbSubjectTimeline.READ_PLAN_DETAIL,
        "index " + MongoDbSubjectTimeline.INDEX);
    assertThat(logged()).doesNotContain("warning");
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0)) {
      AccessPlan p = AccessPlan.explain(((MongoDbSubjectTimeline) t).recentQuery("s7", 3));
      assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.INDEX);
      assertThat(p.indexes()).as(p.toString()).containsExactly(MongoDbSubjectTimeline.INDEX);
      // with 300 observations stored, the check prepare makes finds the same plan
      assertThat(((MongoDbSubjectTimeline) t).checkReadPlan().describe()).isEqualTo("index "
          + MongoDbSubjectTimeline.INDEX);
    }
  }

  @Test
  void withoutTheIndexTheCheckWarnsOnceAndRecordsACollectionScan() throws Exception {
    open();
    SubjectTimeline.Schema schema = timeline();
    run.collection(schema.events()).dropIndex(MongoDbSubjectTimeline.INDEX);
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0)) {
      AccessPlan p = ((MongoDbSubjectTimeline) t).checkReadPlan();
      assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.COLLECTION_SCAN);
    }
    assertThat(run.storeInfo().details()).containsEntry(MongoDbSubjectTimeline.READ_PLAN_DETAIL, "collection scan");
    assertThat(logged().lines().filter(l -> l.contains("warning"))).containsExactly("mongodb: warning: the FHIR"
        + " reads (newest observations of a subject) will scan the whole collection " + schema.events()
        + ": explain shows no use of the index " + MongoDbSubjectTimeline.INDEX);
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
  void documentByIdUsesTheIdIndex() throws Exception {
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
      assertThat(p.kind()).as(p.toString()).isEqualTo(Kind.INDEX);
      assertThat(p.indexes()).as(p.toString()).containsExactly("_id_");
    }
  }
}
