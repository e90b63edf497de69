package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.sciycsb.mongodb.AccessPlan.Kind;

/**
 * {@link AccessPlan} on recorded explain answers ({@code src/test/resources/explain/README.md}): DocumentDB's, captured
 * from the test server, and MongoDB's, written by hand after MongoDB's documented format.
 */
class AccessPlanTest {
  private static Document recorded(String name) throws IOException {
    try (InputStream in = AccessPlanTest.class.getResourceAsStream("/explain/" + name)) {
      assertThat(in).as(name).isNotNull();
      return Document.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  // --- FerretDB 2.5 on DocumentDB 0.106 / PostgreSQL 15: real answers, recorded when it was the test server ---

  @Test
  void documentDbTimelineReadIsABitmapScanOfTheBindingsIndex() throws IOException {
    AccessPlan p = AccessPlan.of(recorded("documentdb-0.106-timeline.json"));
    assertThat(p.kind()).isEqualTo(Kind.INDEX);
    assertThat(p.indexes()).containsExactly(MongoDbSubjectTimeline.INDEX);
    assertThat(p.describe()).isEqualTo("index subject_1_effective_-1");
  }

  @Test
  void documentDbUnindexedFieldIsACollectionScanThoughItWalksTheIdIndexOnTheShardKeyAlone() throws IOException {
    AccessPlan p = AccessPlan.of(recorded("documentdb-0.106-unindexed-field.json"));
    assertThat(p.kind()).isEqualTo(Kind.COLLECTION_SCAN);
    assertThat(p.indexes()).isEmpty();
    assertThat(p.describe()).isEqualTo("collection scan");
  }

  @Test
  void documentDbReadByIdIsAnIndexScanOfId() throws IOException {
    AccessPlan p = AccessPlan.of(recorded("documentdb-0.106-by-id.json"));
    assertThat(p.kind()).isEqualTo(Kind.INDEX);
    assertThat(p.indexes()).containsExactly("_id_");
  }

  @Test
  void postgresSeqScanIsACollectionScan() {
    // synthetic: PostgreSQL's EXPLAIN (FORMAT JSON) node for a sequential scan, under DocumentDB's queryPlanner.Plan
    Document d = Document.parse("{queryPlanner: {Plan: {'Node Type': 'Limit', Plans: [{'Node Type': 'Seq Scan',"
        + " 'Relation Name': 'documents_7', Filter: '(document OPERATOR(documentdb_api_catalog.@=) ...)'}]}}}");
    assertThat(AccessPlan.of(d).kind()).isEqualTo(Kind.COLLECTION_SCAN);
  }

  @Test
  void postgresIndexScanWithAShardKeyAndADocumentConditionIsIndexServed() {
    // synthetic variant of the by-id answer: an Index Only Scan whose condition restricts more than the shard key
    Document d = Document.parse("{queryPlanner: {Plan: {'Node Type': 'Index Only Scan', 'Index Name': 'x_1',"
        + " 'Index Cond': \"((shard_key_value = '4'::bigint) AND (document OPERATOR(documentdb_api_catalog.@=) 'B'))\"}}}");
    AccessPlan p = AccessPlan.of(d);
    assertThat(p.kind()).isEqualTo(Kind.INDEX);
    assertThat(p.indexes()).containsExactly("x_1");
  }

  // --- MongoDB: answers written by hand after MongoDB's documented explain format, NOT captured from a mongod ---

  @Test
  void mongoIxscanNamesTheIndexAndIgnoresRejectedPlans() throws IOException {
    AccessPlan p = AccessPlan.of(recorded("mongodb-ixscan.json"));
    assertThat(p.kind()).isEqualTo(Kind.INDEX);
    assertThat(p.indexes()).containsExactly("subject_1_effective_-1");
  }

  @Test
  void mongoCollscanIsACollectionScan() throws IOException {
    AccessPlan p = AccessPlan.of(recorded("mongodb-collscan.json"));
    assertThat(p.kind()).isEqualTo(Kind.COLLECTION_SCAN);
    assertThat(p.describe()).isEqualTo("collection scan");
  }

  @Test
  void mongoSlotBasedEngineNestsTheStagesUnderQueryPlan() {
    // hand-written after the documented slot-based engine layout: winningPlan: {queryPlan: {stage...}, slotBasedPlan}
    Document d = Document.parse("{queryPlanner: {winningPlan: {queryPlan: {stage: 'LIMIT', inputStage: {stage:"
        + " 'FETCH', inputStage: {stage: 'IXSCAN', indexName: 'subject_1_effective_-1'}}},"
        + " slotBasedPlan: {slots: '...', stages: '[1] limit 5 [2] ixseek ...'}}}}");
    assertThat(AccessPlan.of(d).indexes()).containsExactly("subject_1_effective_-1");
  }

  @Test
  void mongosShardMergeIsIndexServedOnlyWhenEveryShardIs() {
    // hand-written after the documented sharded layout: winningPlan {stage: SHARD_MERGE, shards: [{winningPlan}]}
    String shardA = "{shardName: 'a', winningPlan: {stage: 'SHARDING_FILTER', inputStage: {stage: 'FETCH',"
        + " inputStage: {stage: 'IXSCAN', indexName: 'subject_1_effective_-1'}}}}";
    String shardB = "{shardName: 'b', winningPlan: {queryPlan: {stage: 'FETCH', inputStage: {stage: 'IXSCAN',"
        + " keyPattern: {subject: 1, effective: -1}}}}}";
    String shardC = "{shardName: 'c', winningPlan: {stage: 'SHARDING_FILTER', inputStage: {stage: 'COLLSCAN'}}}";
    AccessPlan both = AccessPlan.of(Document.parse("{queryPlanner: {mongosPlannerVersion: 1, winningPlan: {stage:"
        + " 'SHARD_MERGE', shards: [" + shardA + ", " + shardB + "]}}}"));
    assertThat(both.kind()).isEqualTo(Kind.INDEX);
    assertThat(both.indexes()).containsExactly("subject_1_effective_-1", "{\"subject\": 1, \"effective\": -1}");
    AccessPlan oneScans = AccessPlan.of(Document.parse("{queryPlanner: {winningPlan: {stage: 'SHARD_MERGE', shards:"
        + " [" + shardA + ", " + shardC + "]}}}"));
    assertThat(oneScans.kind()).isEqualTo(Kind.COLLECTION_SCAN);
  }

  @Test
  void mongoIdStagesAreTheIdIndex() {
    // hand-written: IDHACK (classic _id equality, no indexName) and 8.0's EXPRESS_IXSCAN (keyPattern as text)
    assertThat(AccessPlan.of(Document.parse("{queryPlanner: {winningPlan: {stage: 'IDHACK'}}}")).describe())
        .isEqualTo("index _id_");
    assertThat(AccessPlan.of(Document.parse("{queryPlanner: {winningPlan: {isCached: false, stage:"
        + " 'EXPRESS_IXSCAN', keyPattern: '{ _id: 1 }', indexName: '_id_'}}}")).describe()).isEqualTo("index _id_");
  }

  @Test
  void unknownFormatsAreUnknownNotExceptions() {
    assertThat(AccessPlan.of(new Document("ok", 1.0)).kind()).isEqualTo(Kind.UNKNOWN);
    // FerretDB 1.x on SQLite: queryPlanner is a list of strings
    assertThat(AccessPlan.of(Document.parse("{queryPlanner: ['id=3 parent=0 notused=0 detail=SCAN t']}")).kind())
        .isEqualTo(Kind.UNKNOWN);
    assertThat(AccessPlan.of(Document.parse("{queryPlanner: {Plan: 'text'}}")).kind()).isEqualTo(Kind.UNKNOWN);
    assertThat(AccessPlan.of(Document.parse("{queryPlanner: {winningPlan: {stage: 'EOF'}}}")).describe())
        .isEqualTo("unknown (no collection or index scan in the plan)");
    assertThat(AccessPlan.of(Document.parse("{queryPlanner: {Plan: {'Node Type': 'Index Scan', Plans: 7}}}"))
        .describe()).isEqualTo("index (unnamed)");
  }
}
