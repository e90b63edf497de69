package org.sciycsb.sequoiadb;

import static org.assertj.core.api.Assertions.assertThat;

import com.sequoiadb.base.DBCursor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BSONObject;
import org.bson.BasicBSONObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Phase;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.Status;

/**
 * The engine's own access plans (explain) for the domain workloads' queries: FHIR's newest observations of a subject
 * is an index scan of {@code subject_time}, FASTA's document by id an index scan of the collection's {@code $id}.
 */
@Tag("server-sequoiadb")
class SequoiadbAccessPlanIT {
  private final String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
  private SequoiadbRun run;

  @AfterEach
  void close() {
    if (run != null) {
      run.close();
    }
  }

  private SequoiadbRun open() throws Exception {
    Map<String, String> p = ItServer.props();
    p.put("table", "plan" + suffix);
    run = (SequoiadbRun) new SequoiadbBinding().open(ItServer.context(p, Phase.LOAD, 1));
    return run;
  }

  private BSONObject plan(String collection, BSONObject matcher, BSONObject selector, BSONObject order,
      BSONObject hint, long limit) {
    return run.call(db -> {
      try (DBCursor c = run.collection(db, collection).explain(matcher, selector, order, hint, 0, limit, 0,
          null)) {
        return c.getNext();
      }
    });
  }

  @Test
  void newestEventsOfASubjectAreAnIndexScanOfSubjectTime() throws Exception {
    open();
    SubjectTimeline.Schema schema = new SubjectTimeline.Schema("pat" + suffix, "obs" + suffix);
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, -1)) {
      t.prepare(schema);
    }
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0)) {
      for (int i = 0; i < 300; i++) {
        assertThat(t.putEvent("s" + (i % 30), 1_000L * i, "e" + i, "{\"n\":" + i + "}")).isEqualTo(Status.OK);
      }
      List<String> out = new ArrayList<>();
      assertThat(t.recentEvents("s7", 3, out)).isEqualTo(Status.OK);
      assertThat(out).containsExactly("{\"n\":277}", "{\"n\":247}", "{\"n\":217}");
    }
    BSONObject p = plan(schema.events(), SequoiadbSubjectTimeline.ofSubject("s7"),
        SequoiadbSubjectTimeline.JSON_ONLY, SequoiadbSubjectTimeline.NEWEST_FIRST, SequoiadbSubjectTimeline.HINT, 3);
    assertThat(p.get("ScanType")).as(p.toString()).isEqualTo("ixscan");
    assertThat(p.get("IndexName")).as(p.toString()).isEqualTo(SequoiadbSubjectTimeline.INDEX);
  }

  @Test
  void documentByIdIsAnIndexScanOfTheIdIndex() throws Exception {
    open();
    String coll = "doc" + suffix;
    try (DocumentStore d = run.accessPath(DocumentStore.class, -1)) {
      d.prepare(List.of(coll));
    }
    try (DocumentStore d = run.accessPath(DocumentStore.class, 0)) {
      for (int i = 0; i < 200; i++) {
        assertThat(d.insert(coll, "id" + i, "{\"x\":" + i + "}")).isEqualTo(Status.OK);
      }
      assertThat(d.read(coll, "id42").json()).isEqualTo("{\"x\":42}");
    }
    BSONObject p = plan(coll, new BasicBSONObject("_id", "id42"), null, null, null, -1);
    assertThat(p.get("ScanType")).as(p.toString()).isEqualTo("ixscan");
    assertThat(p.get("IndexName")).as(p.toString()).isEqualTo("$id");
  }
}
