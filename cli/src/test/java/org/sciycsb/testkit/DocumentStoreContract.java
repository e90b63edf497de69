package org.sciycsb.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Binding;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The contract of the {@link DocumentStore} access path (the FASTA workload's documents), run on every binding that
 * serves it against its real test server: extend it, give the binding and its properties. It checks what the
 * interface promises: documents written (and flushed, or their handle closed) are read back by id, each collection
 * its own; a missing id is NOT_FOUND; {@code prepare} is idempotent; {@code count} is exact or -1. Reads go through
 * a new run, as the FASTA workload's read phase reads what its write phase wrote (the hdfs binding indexes a
 * collection once per run). The documents carry their id as {@code _id}, as the workload's do. Each test has its
 * own fresh collections.
 */
public abstract class DocumentStoreContract extends StoreContract {
  private String rna;
  private String task;

  /** See {@link StoreContract#StoreContract}. */
  protected DocumentStoreContract(Binding binding, Supplier<Map<String, String>> properties) {
    super(binding, properties);
  }

  @BeforeEach
  void openStore() throws Exception {
    rna = freshName("r");
    task = freshName("k");
    openRun(Map.of());
    prepare();
  }

  private void prepare() throws Exception {
    try (DocumentStore setup = run.accessPath(DocumentStore.class, -1)) {
      setup.prepare(List.of(rna, task));
    }
  }

  private void reopen() throws Exception {
    reopenRun();
    prepare();
  }

  private DocumentStore handle() throws Exception {
    return run.accessPath(DocumentStore.class, 0);
  }

  /** A document without whitespace, so a store that reformats its JSON gives the same text less spaces. */
  static String doc(String id, String sequence) {
    return "{\"_id\":\"" + id + "\",\"seq\":\"" + sequence + "\",\"length\":" + sequence.length() + "}";
  }

  private static void written(Status s) {
    assertThat(s).as("an insert (OK, or BATCHED_OK when buffered)").isIn(Status.OK, Status.BATCHED_OK);
  }

  /** The document read by a handle on the current run, without the whitespace between tokens. */
  private String read(String collection, String id) throws Exception {
    try (DocumentStore d = handle()) {
      DocumentStore.Result r = d.read(collection, id);
      assertThat(r.status()).as("read %s/%s", collection, id).isEqualTo(Status.OK);
      return r.json().replaceAll("\\s", "");
    }
  }

  private Status readStatus(String collection, String id) throws Exception {
    try (DocumentStore d = handle()) {
      return d.read(collection, id).status();
    }
  }

  @Test
  void documentsAreReadBackByIdInTheirCollection() throws Exception {
    try (DocumentStore d = handle()) {
      for (int i = 0; i < 5; i++) {
        written(d.insert(rna, "id" + i, doc("id" + i, "ACGU".repeat(i + 1))));
      }
      written(d.insert(task, "id1", doc("id1", "TASK")));
      assertThat(d.flush()).isEqualTo(Status.OK);
    }
    reopen();
    for (int i = 0; i < 5; i++) {
      assertThat(read(rna, "id" + i)).isEqualTo(doc("id" + i, "ACGU".repeat(i + 1)));
    }
    assertThat(read(task, "id1")).as("the same id in another collection").isEqualTo(doc("id1", "TASK"));
  }

  @Test
  void aMissingDocumentIsNotFound() throws Exception {
    try (DocumentStore d = handle()) {
      written(d.insert(rna, "there", doc("there", "AC")));
      assertThat(d.flush()).isEqualTo(Status.OK);
    }
    reopen();
    assertThat(readStatus(rna, "nobody")).as("an id never written").isEqualTo(Status.NOT_FOUND);
    assertThat(readStatus(task, "there")).as("an id of another collection").isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void closingAHandleWritesWhatItBuffered() throws Exception {
    try (DocumentStore d = handle()) {
      written(d.insert(rna, "c1", doc("c1", "GG"))); // no flush: close writes it
    }
    reopen();
    assertThat(read(rna, "c1")).isEqualTo(doc("c1", "GG"));
  }

  @Test
  void prepareAgainKeepsTheDocuments() throws Exception {
    try (DocumentStore d = handle()) {
      written(d.insert(rna, "p1", doc("p1", "UU")));
    }
    prepare();
    reopen();
    assertThat(read(rna, "p1")).isEqualTo(doc("p1", "UU"));
  }

  @Test
  void countIsExactOrUnknown() throws Exception {
    try (DocumentStore d = handle()) {
      for (int i = 0; i < 3; i++) {
        written(d.insert(rna, "n" + i, doc("n" + i, "A")));
      }
    }
    reopen();
    try (DocumentStore d = run.accessPath(DocumentStore.class, -1)) {
      assertThat(d.count(rna)).as("count: the 3 documents written, or -1 (the store cannot tell)").isIn(3L, -1L);
      assertThat(d.count(task)).as("count of an empty collection, or -1").isIn(0L, -1L);
    }
  }
}
