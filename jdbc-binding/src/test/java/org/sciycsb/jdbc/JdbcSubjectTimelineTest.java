package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.Phase;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.Status;

/** The FHIR access path on embedded H2: newest first, limit, batching flushed by flush and close, droptable. */
class JdbcSubjectTimelineTest {
  @TempDir
  Path work;

  private JdbcRun open(Phase phase, String... kv) throws Exception {
    Map<String, String> p = new java.util.HashMap<>();
    p.put("db.url", "jdbc:h2:file:" + work.resolve("tl"));
    for (int i = 0; i < kv.length; i += 2) {
      p.put(kv[i], kv[i + 1]);
    }
    return TestStores.open(p, phase, work);
  }

  @Test
  void newestFirstWithLimitAndBatching() throws Exception {
    SubjectTimeline.Schema schema = new SubjectTimeline.Schema("pat", "obs");
    try (JdbcRun run = open(Phase.LOAD, "db.batchsize", "3")) {
      assertThat(run.supports(SubjectTimeline.class)).isTrue();
      try (SubjectTimeline init = run.accessPath(SubjectTimeline.class, -1)) {
        init.prepare(schema);
        init.prepare(schema); // idempotent
      }
      SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0);
      assertThat(t.putSubject("a1", "{\"id\":\"a1\"}")).isEqualTo(Status.OK);
      // out of time order on purpose
      assertThat(t.putEvent("a1", 3000, "e3", "{\"t\":3}")).isEqualTo(Status.BATCHED_OK);
      assertThat(t.putEvent("a1", 1000, "e1", "{\"t\":1}")).isEqualTo(Status.BATCHED_OK);
      assertThat(t.putEvent("a1", 2000, "e2", "{\"t\":2}")).isEqualTo(Status.OK); // fills the batch
      t.putEvent("b2", 5000, "f1", "{\"t\":5}");
      t.putEvent("a1", 4000, "e4", "{\"t\":4}");
      List<String> out = new ArrayList<>();
      SubjectTimeline reader = run.accessPath(SubjectTimeline.class, 1);
      reader.recentEvents("a1", 10, out);
      assertThat(out).as("the last two are still buffered").containsExactly("{\"t\":3}", "{\"t\":2}", "{\"t\":1}");
      assertThat(t.flush()).isEqualTo(Status.OK);
      out.clear();
      assertThat(reader.recentEvents("a1", 2, out)).isEqualTo(Status.OK);
      assertThat(out).containsExactly("{\"t\":4}", "{\"t\":3}");
      out.clear();
      reader.recentEvents("nobody", 5, out);
      assertThat(out).isEmpty();
      t.putEvent("b2", 6000, "f2", "{\"t\":6}");
      t.close(); // flushes
      assertThat(reader.countEvents()).isEqualTo(6);
      assertThat(t.putSubject("a1", "{}")).as("closed handle").isNotEqualTo(Status.OK);
      assertThat(reader.putSubject("a1", "{}")).as("duplicate id").isEqualTo(Status.ERROR);
      reader.close();
    }
    try (JdbcRun run = open(Phase.LOAD, "jdbc.droptable", "true");
        SubjectTimeline t = run.accessPath(SubjectTimeline.class, -1)) {
      t.prepare(schema);
      assertThat(t.countEvents()).isZero();
    }
  }
}
