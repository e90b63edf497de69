package org.sciycsb.bindings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import org.sciycsb.testkit.StoreContract;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * What the conformance suites mean for the {@code basic} binding, which keeps nothing (upstream's BasicDB): the
 * CRUD data contract of {@link org.sciycsb.testkit.BindingConformance} does not apply (a read never returns what
 * was inserted), so the suite does not run on it. What it promises instead is checked here: it declares no
 * operation unsupported and answers every one OK (a missing key too, unlike a store), returning no data, and it
 * serves no access path (a domain workload is refused before the run).
 */
class BasicBindingContractTest extends StoreContract {
  BasicBindingContractTest() {
    super(new BasicBinding(), Map::of);
  }

  @Test
  void everyOperationIsSupportedAnswersOkAndReturnsNothing() throws Exception {
    openRun(Map.of());
    assertThat(run.unsupportedOperations()).isEmpty();
    DB db = run.newDb(0);
    db.init();
    Map<String, ByteIterator> values = StringByteIterator.getByteIteratorMap(Map.of("field0", "a"));
    assertThat(db.insert("usertable", "user1", values)).isEqualTo(Status.OK);
    Map<String, ByteIterator> read = new HashMap<>();
    assertThat(db.read("usertable", "user1", null, read)).isEqualTo(Status.OK);
    assertThat(read).as("basic keeps nothing").isEmpty();
    assertThat(db.read("usertable", "nobody", null, read)).isEqualTo(Status.OK);
    assertThat(db.update("usertable", "user1", values)).isEqualTo(Status.OK);
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertThat(db.scan("usertable", "user1", 5, null, scanned)).isEqualTo(Status.OK);
    assertThat(scanned).isEmpty();
    assertThat(db.delete("usertable", "user1")).isEqualTo(Status.OK);
    db.cleanup();
  }

  @Test
  void servesOnlyTheNoOpDocumentStore() throws Exception {
    openRun(Map.of());
    assertThat(run.accessPaths()).as("seed 001's client alone (Figure 4.1): documents, no database")
        .containsOnlyKeys(DocumentStore.class);
    assertThat(run.supports(SubjectTimeline.class)).isFalse();
    assertThat(run.supports(DocumentStore.class)).isTrue();
  }
}
