package org.sciycsb.bindings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/** The basic binding serves document workloads (fasta) with no database: inserts dropped, reads a stub of the id. */
class BasicDocumentStoreTest {
  @Test
  void insertsAreDroppedAndReadsAnswerAStubNamingTheId() throws Exception {
    RunContext ctx = new RunContext(new Config(Map.of()), Phase.LOAD, 1, Path.of("."), Path.of("."),
        new PrintStream(System.err));
    BindingRun run = new BasicBinding().open(ctx);
    assertThat(run.supports(DocumentStore.class)).isTrue();
    DocumentStore store = run.accessPath(DocumentStore.class, 0);
    assertThat(store.insert("task", "00ab", "{\"x\": 1}")).isEqualTo(Status.OK);
    DocumentStore.Result r = store.read("task", "00ab");
    assertThat(r.status()).isEqualTo(Status.OK);
    assertThat(r.json()).contains("\"_id\": \"00ab\"").doesNotContain("\"x\"");
    assertThat(store.count("task")).as("no store: unknown").isEqualTo(-1);
    assertThat(run.openThreadClient(1).supports(DocumentStore.class)).isTrue();
    run.close();
  }
}
