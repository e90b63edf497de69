package org.sciycsb.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The DocumentStore access path against the server of {@code bin/servers start hdfs} (fails when it is not
 * running): per-thread document files, flush visibility, line counts, reads through the index, escapes.
 */
@Tag("server-hdfs")
class HdfsDocumentStoreIT {
  static final String BASE = HdfsBindingIT.BASE + "-docs";

  @AfterAll
  static void removeBase() throws Exception {
    try (FileSystem fs = FileSystem.newInstance(new URI(HdfsBindingIT.URL), new Configuration())) {
      fs.delete(new Path(BASE), true);
    }
  }

  static String doc(String id, int i) {
    return "{\"_id\":\"" + id + "\",\"n\":" + i + ",\"s\":\"AC\\tGU\"}";
  }

  @Test
  void documentsAreAppendedPerThreadFlushedCountedAndRead() throws Exception {
    try (BindingRun run = new HdfsBinding().open(HdfsBindingIT.context(Phase.LOAD, "hdfs.basepath", BASE))) {
      assertThat(run.supports(DocumentStore.class)).isTrue();
      try (DocumentStore admin = run.accessPath(DocumentStore.class, -1)) {
        admin.prepare(List.of("task", "rna"));
        assertThat(admin.count("rna")).isZero();
      }
      DocumentStore a = run.accessPath(DocumentStore.class, 0);
      DocumentStore b = run.accessPath(DocumentStore.class, 1);
      for (int i = 0; i < 50; i++) {
        assertThat((i % 2 == 0 ? a : b).insert("rna", "id" + i, doc("id" + i, i))).isEqualTo(Status.BATCHED_OK);
      }
      // a tab and an equals sign in the id, line breaks in the JSON (whitespace between tokens)
      assertThat(a.insert("task", "t\t=1", "{\n  \"_id\": \"t\\t=1\",\r\n  \"q\": \"\u00e9\"\n}"))
          .isEqualTo(Status.BATCHED_OK);
      assertThat(a.flush()).isEqualTo(Status.OK);
      assertThat(b.flush()).isEqualTo(Status.OK);
      try (DocumentStore admin = run.accessPath(DocumentStore.class, -1)) {
        assertThat(admin.count("rna")).as("visible after hflush, files still open").isEqualTo(50);
        assertThat(admin.count("task")).isEqualTo(1);
      }
      a.close();
      b.close();
    }
    try (FileSystem fs = FileSystem.newInstance(new URI(HdfsBindingIT.URL), new Configuration())) {
      FileStatus[] files = fs.listStatus(new Path(BASE + "/rna"));
      assertThat(files).extracting(f -> f.getPath().getName().replaceAll("^load-\\d+-[0-9a-f]+-", ""))
          .containsExactlyInAnyOrder("t0000.doc", "t0001.doc");
      List<String> lines = new ArrayList<>();
      for (FileStatus f : fs.listStatus(new Path(BASE + "/task"))) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(f.getPath()),
            StandardCharsets.UTF_8))) {
          r.lines().forEach(lines::add);
        }
      }
      assertThat(lines).containsExactly("t\\t\\=1\t{   \"_id\": \"t\\t=1\",    \"q\": \"\u00e9\" }");
    }
    try (BindingRun run = new HdfsBinding().open(HdfsBindingIT.context(Phase.RUN, "hdfs.basepath", BASE))) {
      DocumentStore d = run.accessPath(DocumentStore.class, 0);
      DocumentStore.Result r = d.read("rna", "id7");
      assertThat(r.status()).isEqualTo(Status.OK);
      assertThat(r.json()).isEqualTo(doc("id7", 7));
      assertThat(d.read("rna", "id48").json()).isEqualTo(doc("id48", 48));
      assertThat(d.read("task", "t\t=1").json()).contains("\"q\": \"\u00e9\"");
      assertThat(d.read("rna", "nobody").status()).isEqualTo(Status.NOT_FOUND);
      assertThat(d.read("gs", "id7").status()).as("a collection never written").isEqualTo(Status.NOT_FOUND);
      assertThat(d.count("gs")).isZero();
      d.close();
    }
  }

  @Test
  void readsWithoutTheIndexAreNotImplemented() throws Exception {
    try (BindingRun run = new HdfsBinding().open(HdfsBindingIT.context(Phase.RUN, "hdfs.basepath", BASE,
        "hdfs.index", "false"))) {
      DocumentStore d = run.accessPath(DocumentStore.class, 0);
      assertThat(d.read("rna", "id7").status()).isEqualTo(Status.NOT_IMPLEMENTED);
    }
  }

  @Test
  void badCollectionNamesAreConfigErrors() throws Exception {
    try (BindingRun run = new HdfsBinding().open(HdfsBindingIT.context(Phase.LOAD, "hdfs.basepath", BASE))) {
      DocumentStore d = run.accessPath(DocumentStore.class, -1);
      assertThatThrownBy(() -> d.prepare(List.of("a/b"))).isInstanceOf(ConfigException.class)
          .hasMessageContaining("a/b");
    }
  }
}
