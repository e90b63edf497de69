package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * The sequoiadb binding through the real launcher on a SequoiaDB node that the user brings
 * ({@code bin/test --server sequoiadb=HOST:PORT}, tag {@code server-sequoiadb}; the tests fail without it): study bankmark whole at a tiny scale, the FASTA workload's documents by id and the
 * FHIR workload's newest observations of a patient. Each test uses a collection space of its own.
 */
@Tag("server-sequoiadb")
class SequoiadbLauncherIT {
  @TempDir
  Path tmp;

  private static List<String> node(String space) {
    return List.of("-p", "sequoiadb.hosts=" + TestServers.sequoiadbHosts(), "-p",
        "sequoiadb.collectionspace=" + space);
  }

  private Launcher.Result ycsb(String space, String... args) throws Exception {
    List<String> a = new java.util.ArrayList<>(List.of(args));
    a.addAll(node(space));
    return Launcher.ycsb(tmp, a.toArray(String[]::new));
  }

  private static String space(String prefix) {
    return prefix + Long.toString(System.nanoTime(), 36);
  }

  @Test
  void bankmarkWholeAtATinyScaleNamesSequoiadbAndItsVersion() throws Exception {
    Path dir = tmp.resolve("bankmark");
    Launcher.Result r = ycsb(space("bm"), "study", "bankmark", "sequoiadb", "--scale", "1e-5",
        "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode doc = Launcher.json(dir.resolve("study.json"));
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    assertThat(doc.path("steps")).hasSize(32);
    for (JsonNode s : doc.path("steps")) {
      assertThat(s.path("status").asText()).as(s.path("name").asText()).isEqualTo("ok");
    }
    JsonNode bulk = Launcher.json(dir.resolve("tcI/bulkload/results.json"));
    assertThat(bulk.path("metadata").path("properties").path("sequoiadb.batchsize").asText()).isEqualTo("1000");
    assertThat(bulk.path("summary").path("operations").asLong()).isEqualTo(2000);
    assertThat(bulk.path("extra").path("countCheck").asText()).isEqualTo("ok");
    assertThat(bulk.path("metadata").path("properties").path("sequoiadb.preset").asText()).isEqualTo("bankmark");
    JsonNode store = bulk.path("metadata").path("store");
    assertThat(store.path("details").path("compression").asText()).as("the bankmark preset").isEqualTo("snappy");
    assertThat(store.path("product").asText()).isEqualTo("SequoiaDB");
    assertThat(store.path("version").asText()).matches("6\\.\\d+\\.\\d+");
    String md = Files.readString(dir.resolve("study.md"));
    assertThat(md).contains("binding sequoiadb (SequoiaDB " + store.path("version").asText() + ")");
  }

  @Test
  void bankmarkOnSeed004sThreeStoresInOneReport() throws Exception {
    Path dir = tmp.resolve("bankmark-stores");
    String space = space("bm3");
    Launcher.Result r = Launcher.ycsb(tmp, "study", "bankmark", "cassandra,mongodb,sequoiadb", "--scale", "1e-5",
        "--only", "tcI/workload1/*,tcI/bulkload", "-p", "cassandra.hosts=" + TestServers.cassandraHosts(),
        "-p", "cassandra.keyspace=" + space, "-p", "mongodb.url=" + TestServers.mongodb(space),
        "-p", "sequoiadb.hosts=" + TestServers.sequoiadbHosts(), "-p", "sequoiadb.collectionspace=" + space,
        "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode doc = Launcher.json(dir.resolve("study.json"));
    assertThat(doc.path("format").asText()).isEqualTo("sciycsb-study-stores");
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    List<String> labels = doc.path("stores").findValuesAsText("label");
    assertThat(labels).hasSize(3);
    assertThat(labels.get(0)).startsWith("Apache Cassandra 5.0");
    assertThat(labels.get(1)).startsWith("FerretDB");
    assertThat(labels.get(2)).matches("SequoiaDB 6\\.\\d+\\.\\d+");
    JsonNode bulk = Launcher.json(dir.resolve("sequoiadb/tcI/bulkload/results.json"));
    assertThat(bulk.path("extra").path("countCheck").asText()).isEqualTo("ok");
    assertThat(Files.exists(dir.resolve("cassandra/tcI/bulkload"))).as("Cassandra has no batched insert").isFalse();
    assertThat(Files.readString(dir.resolve("study.md"))).contains(labels.get(2));
  }

  @Test
  void fastaDocumentsAreReadBackByIdThroughTheIdIndex() throws Exception {
    String space = space("fa");
    Path load = tmp.resolve("load");
    Launcher.Result l = ycsb(space, "load", "sequoiadb", "-p", "workload=fasta", "-threads", "2",
        "-p", "fasta.corpus.files=3", "-p", "fasta.corpus.hits=200", "-p", "sequoiadb.batchsize=50",
        "-p", "results.dir=" + load);
    assertThat(l.exit()).as(l.toString()).isZero();
    JsonNode f = Launcher.json(load.resolve("results.json")).path("extra").path("fasta");
    assertThat(f.path("countCheck").asText()).as(f.toString()).isEqualTo("ok");
    long total = 0;
    for (String t : List.of("task", "rna", "gs", "align")) {
      long written = f.path("documentsWritten").path(t).asLong();
      assertThat(written).as(t).isPositive();
      assertThat(f.path("documentsFailed").path(t).asLong()).as(t).isZero();
      assertThat(f.path("countGrowth").path(t).asLong()).as("documents in SequoiaDB, " + t).isEqualTo(written);
      total += written;
    }
    assertThat(f.path("documentsPlanned").asLong()).isEqualTo(total);

    Path run = tmp.resolve("run");
    Launcher.Result r = ycsb(space, "run", "sequoiadb", "-p", "workload=fasta", "-threads", "2",
        "-p", "fasta.reads=1000", "-p", "fasta.ids=" + load, "-p", "results.dir=" + run);
    assertThat(r.exit()).as(r.toString()).isZero();
    long found = 0;
    for (JsonNode t : Launcher.json(run.resolve("results.json")).path("extra").path("fasta").path("reads")) {
      assertThat(t.path("notFound").asLong()).isZero();
      assertThat(t.path("mismatched").asLong()).isZero();
      found += t.path("found").asLong();
    }
    assertThat(found).isEqualTo(1000);
  }

  @Test
  void fhirNewestObservationsOfAPatient() throws Exception {
    String space = space("fh");
    Path load = tmp.resolve("fhir-load");
    Launcher.Result l = ycsb(space, "load", "sequoiadb", "-P", "workloads/fhir-8020", "-p", "fhir.patients=200",
        "-threads", "2", "-p", "results.dir=" + load);
    assertThat(l.exit()).as(l.toString()).isZero();
    Path run = tmp.resolve("fhir-run");
    Launcher.Result r = ycsb(space, "run", "sequoiadb", "-P", "workloads/fhir-8020", "-p", "fhir.patients=200",
        "-p", "operationcount=2000", "-threads", "2", "-p", "results.dir=" + run);
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.text("FHIR_RECENT", "Return=OK")).isNotNull();
    assertThat(Long.parseLong(r.text("FHIR_RECENT", "Return=OK")) + Long.parseLong(r.text("FHIR_INSERT_OBS",
        "Return=OK"))).isEqualTo(2000);
    assertThat(r.out()).doesNotContain("Return=ERROR").doesNotContain("Return=NOT_FOUND");
  }

  @Test
  void badInputIsOneLineWithItsExitCodeAndNothingLoaded() throws Exception {
    String space = space("bad");
    Launcher.Result missing = ycsb(space, "load", "sequoiadb", "-P", "workloads/workloada", "-p", "recordcount=10",
        "-p", "sequoiadb.create=false");
    assertThat(missing.exit()).as(missing.toString()).isEqualTo(2);
    assertThat(missing.errorLines()).containsExactly("error: SequoiaDB collection space '" + space
        + "' does not exist on " + TestServers.sequoiadbHosts() + " and sequoiadb.create=false");

    Launcher.Result batch = ycsb(space, "load", "sequoiadb", "-P", "workloads/workloada", "-p", "recordcount=10",
        "-p", "sequoiadb.batchsize=-5");
    assertThat(batch.exit()).as(batch.toString()).isEqualTo(2);
    assertThat(batch.errorLines()).hasSize(1);
    assertThat(batch.errorLines().get(0)).contains("sequoiadb.batchsize").contains("-5");

    Launcher.Result down = Launcher.ycsb(tmp, "load", "sequoiadb", "-P", "workloads/workloada", "-p",
        "recordcount=10", "-p", "sequoiadb.hosts=127.0.0.1:1", "-p", "sequoiadb.password=Qq7-secret",
        "-p", "sequoiadb.connecttimeout=2s");
    assertThat(down.exit()).as(down.toString()).isEqualTo(3);
    assertThat(down.errorLines()).hasSize(1);
    assertThat(down.errorLines().get(0)).contains("127.0.0.1:1").contains("not reachable");
    for (Launcher.Result r : List.of(missing, batch, down)) {
      assertThat(r.err()).as("no stack trace without --debug").doesNotContain("\tat ").doesNotContain("Qq7-secret");
    }

    // nothing was created or loaded by the refused runs: the collection space is still missing
    Launcher.Result again = ycsb(space, "run", "sequoiadb", "-P", "workloads/workloada", "-p", "recordcount=10",
        "-p", "sequoiadb.create=false");
    assertThat(again.exit()).isEqualTo(2);
  }
}
