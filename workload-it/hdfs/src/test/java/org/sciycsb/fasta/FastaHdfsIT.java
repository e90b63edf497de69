package org.sciycsb.fasta;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sciycsb.fasta.doc.DocType;
import org.sciycsb.testkit.InProcessRun;
import org.sciycsb.testkit.TestServers;

/**
 * The fasta workload end to end through the engine and the hdfs binding's DocumentStore on the HDFS test server
 * ({@code bin/servers start hdfs}): the write phase (real ssearch36 fixtures, two of them faulty, and a generated
 * corpus; per type, documents written = the parser's = the store's line-count growth = the ids files), then the
 * read phase through the binding's index. The server address comes from {@code -Dsciycsb.hdfs.url} or
 * {@code SCIYCSB_HDFS_URL} (default {@code hdfs://127.0.0.1:9000}); the test fails when no NameNode answers there.
 * Lives in the hdfs module (package of {@link FastaEndToEnd}, from the fasta-workload test jar) so that Hadoop
 * stays off the fasta module's classpath.
 */
@Tag("server-hdfs")
class FastaHdfsIT extends FastaEndToEnd {
  static final String BASE = "/sciycsb-fasta-it-" + System.nanoTime();

  static String url() {
    return TestServers.hdfs();
  }

  @Override
  String binding() {
    return "hdfs";
  }

  @Override
  List<String> storeProps() {
    return List.of("hdfs.url=" + url(), "hdfs.basepath=" + BASE);
  }

  @AfterAll
  static void removeBase() throws Exception {
    try (FileSystem fs = FileSystem.newInstance(new URI(url()), new Configuration())) {
      fs.delete(new org.apache.hadoop.fs.Path(BASE), true);
    }
  }

  /**
   * What is in HDFS after a write phase: per collection, one {@code .doc} file per worker that wrote, every line
   * {@code id TAB json} whose JSON carries the same id, and the ids those of the ids files.
   */
  @Test
  void theFilesHoldOneLinePerDocumentWithItsId() throws Exception {
    Path corpus = tmp.resolve("corpus");
    Path load = tmp.resolve("load");
    InProcessRun c = InProcessRun.run("load", "hdfs", "-threads", "2", "-p", "workload=fasta", "-p",
        "fasta.table.prefix=" + prefix,
        "-p", "hdfs.url=" + url(), "-p", "hdfs.basepath=" + BASE, "-p", "hdfs.flush=hsync",
        "-p", "fasta.corpus.files=2", "-p", "fasta.corpus.hits=60", "-p", "fasta.corpus.dir=" + corpus,
        "-p", "results.dir=" + load);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(InProcessRun.results(load).path("metadata").path("store").path("product").asText()).isEqualTo("HDFS");
    assertThat(c.text("FASTA_WRITE_RNA", "Return=BATCHED_OK")).isEqualTo(c.text("FASTA_WRITE_RNA", "Operations"));
    try (FileSystem fs = FileSystem.newInstance(new URI(url()), new Configuration())) {
      for (DocType t : DocType.values()) {
        Set<String> ids = new HashSet<>(Files.readAllLines(load.resolve("ids").resolve(t.code() + ".txt")));
        assertThat(ids).isNotEmpty();
        Set<String> stored = new HashSet<>();
        FileStatus[] files = fs.listStatus(new org.apache.hadoop.fs.Path(BASE + "/" + prefix + t.code()));
        assertThat(files).isNotEmpty().hasSizeLessThanOrEqualTo(2)
            .allSatisfy(f -> assertThat(f.getPath().getName()).matches("load-\\d+-[0-9a-f]+-t000[01]\\.doc"));
        for (FileStatus f : files) {
          try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(f.getPath()),
              StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
              int tab = line.indexOf('\t');
              String id = line.substring(0, tab);
              assertThat(line.substring(tab + 1)).startsWith("{\"_id\":\"" + id + "\"");
              assertThat(stored.add(id)).as("one line per document").isTrue();
            }
          }
        }
        assertThat(stored).as(t.code()).isEqualTo(ids);
      }
    }
  }
}
