package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class IndexBuildsTest {
  private static Document op(Object active, Document command, String ns) {
    Document d = new Document("command", command);
    if (active != null) {
      d.append("active", active);
    }
    if (ns != null) {
      d.append("ns", ns);
    }
    return d;
  }

  @Test
  void aCreateIndexesInProgressOnTheCollectionIsABuild() {
    // DocumentDB's currentOp: a worker building the index, no ns
    Document documentDb = new Document("inprog", List.of(
        new Document("active", false).append("type", "idleSession"),
        op(true, new Document("createIndexes", "observation"), null)));
    assertThat(IndexBuilds.building(documentDb, "ehr", "observation")).isTrue();
    // MongoDB's: ns and $db
    Document mongo = new Document("inprog", List.of(op(true,
        new Document("createIndexes", "observation").append("$db", "ehr"), "ehr.observation")));
    assertThat(IndexBuilds.building(mongo, "ehr", "observation")).isTrue();
  }

  @Test
  void otherCollectionsDatabasesAndIdleOpsAreNot() {
    assertThat(IndexBuilds.building(new Document("inprog", List.of(
        op(true, new Document("createIndexes", "patient"), null))), "ehr", "observation")).isFalse();
    assertThat(IndexBuilds.building(new Document("inprog", List.of(
        op(true, new Document("createIndexes", "observation").append("$db", "other"), "other.observation"))),
        "ehr", "observation")).isFalse();
    assertThat(IndexBuilds.building(new Document("inprog", List.of(
        op(false, new Document("createIndexes", "observation"), null))), "ehr", "observation")).isFalse();
    assertThat(IndexBuilds.building(new Document("inprog", List.of(
        op(true, new Document("find", "observation"), null))), "ehr", "observation")).isFalse();
    assertThat(IndexBuilds.building(new Document("ok", 1), "ehr", "observation")).isFalse();
  }
}
