package org.sciycsb.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Binding;
import org.sciycsb.api.access.AsyncDocumentStore;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.DocumentStore.Result;
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

  /**
   * True to run every test through the handle's non-blocking calls ({@link AsyncDocumentStore}), each awaited, plus
   * the test of many calls in flight at once: a binding whose document store is asynchronous runs the contract
   * twice, once by a subclass that answers true here.
   */
  protected boolean throughAsync() {
    return false;
  }

  /** A handle of client thread 0 on the current run (through its asynchronous calls when {@link #throughAsync}). */
  private DocumentStore handle() throws Exception {
    DocumentStore d = run.accessPath(DocumentStore.class, 0);
    if (!throughAsync()) {
      return d;
    }
    assertThat(d).as("an asynchronous binding's document store handle").isInstanceOf(AsyncDocumentStore.class);
    assertThat(binding.supportsAsync(DocumentStore.class)).as("the binding declares it").isTrue();
    return new AwaitedStore(d);
  }

  private static <T> T await(CompletionStage<T> stage) {
    try {
      return stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("an asynchronous call failed or hung: " + e, e);
    }
  }

  /** The blocking calls of a handle made through its asynchronous ones, each awaited (within 60 s). */
  private static final class AwaitedStore implements DocumentStore {
    private final DocumentStore inner;
    private final AsyncDocumentStore async;

    AwaitedStore(DocumentStore inner) {
      this.inner = inner;
      this.async = (AsyncDocumentStore) inner;
    }

    @Override
    public void prepare(List<String> collections) throws org.sciycsb.api.BenchmarkException {
      inner.prepare(collections);
    }

    @Override
    public Status insert(String collection, String id, String json) {
      Status s = await(async.insertAsync(collection, id, json));
      assertThat(s).as("an asynchronous insert is written when it completes").isNotEqualTo(Status.BATCHED_OK);
      return s;
    }

    @Override
    public Result read(String collection, String id) {
      return await(async.readAsync(collection, id));
    }

    @Override
    public Status flush() {
      return inner.flush();
    }

    @Override
    public long count(String collection) throws org.sciycsb.api.BenchmarkException {
      return inner.count(collection);
    }

    @Override
    public void close() {
      inner.close();
    }
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

  /** Only in the asynchronous contract: 200 documents sent at once, then all read at once with 20 missing ids. */
  @Test
  void manyCallsInFlightAtOnce() throws Exception {
    if (!throughAsync()) {
      return; // the blocking contract is one call at a time
    }
    List<CompletableFuture<Status>> puts = new ArrayList<>();
    try (DocumentStore d = handle()) {
      AsyncDocumentStore a = (AsyncDocumentStore) ((AwaitedStore) d).inner;
      for (int i = 0; i < 200; i++) {
        puts.add(a.insertAsync(i % 2 == 0 ? rna : task, "m" + i, doc("m" + i, "AC".repeat(i % 7 + 1)))
            .toCompletableFuture());
      }
      for (CompletableFuture<Status> f : puts) {
        assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(Status.OK);
      }
    }
    reopen();
    try (DocumentStore d = handle()) {
      AsyncDocumentStore a = (AsyncDocumentStore) ((AwaitedStore) d).inner;
      List<CompletableFuture<Result>> reads = new ArrayList<>();
      for (int i = 0; i < 220; i++) {
        reads.add(a.readAsync(i % 2 == 0 ? rna : task, "m" + i).toCompletableFuture());
      }
      for (int i = 0; i < 220; i++) {
        Result r = reads.get(i).get(60, TimeUnit.SECONDS);
        if (i >= 200) {
          assertThat(r.status()).as("m%d was never written", i).isEqualTo(Status.NOT_FOUND);
          continue;
        }
        assertThat(r.status()).as("read m%d", i).isEqualTo(Status.OK);
        assertThat(r.json().replaceAll("\\s", "")).isEqualTo(doc("m" + i, "AC".repeat(i % 7 + 1)));
      }
    }
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
