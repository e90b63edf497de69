package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sciycsb.e2e.StudyEndToEndIT.MAPPER;
import static org.sciycsb.e2e.StudyEndToEndIT.checkCells;
import static org.sciycsb.e2e.StudyEndToEndIT.failures;
import static org.sciycsb.e2e.StudyEndToEndIT.finished;
import static org.sciycsb.e2e.StudyEndToEndIT.store;
import static org.sciycsb.e2e.StudyEndToEndIT.table;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * {@code bin/ycsb study} through the real launcher on a REAL Riak KV node that the user brings (no package registry
 * ships Riak KV, so {@code bin/servers} cannot set one up): {@code bin/test --server riak=HOST:PORT}, which sets
 * {@code SCIYCSB_RIAK_HOSTS} ({@link TestServers#riakHosts()}). Tagged {@code server-riak}: left out of the default
 * {@code bin/test}; without the node it fails, it is never skipped. The node is not a local process of this machine,
 * so its CPU is not sampled ({@code resources.pids}). The three-store study also needs the Cassandra and
 * MongoDB-wire test servers ({@link TestServers}' defaults, or {@code --server cassandra=... --server mongodb=...}).
 */
@Tag("server-riak")
class RiakStudyIT {
  @TempDir
  Path tmp;

  StudyEndToEndIT.Result ycsb(String... args) throws Exception {
    StudyEndToEndIT study = new StudyEndToEndIT();
    study.tmp = tmp;
    return study.ycsb(args);
  }

  @Test
  void seiStrongAndEventualOnARealRiakNode() throws Exception {
    Path dir = tmp.resolve("sei-riak");
    StudyEndToEndIT.Result r = ycsb("study", "sei", "riak", "--scale", "1e-4", "-p",
        "riak.hosts=" + TestServers.riakHosts(), "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(() -> r.err() + failures(dir)).isZero();
    JsonNode doc = finished(dir, 50);
    JsonNode strong = store(dir, "strong/8020/threads-2/run-1");
    assertThat(strong.path("product").asText()).isEqualTo("Riak KV");
    assertThat(strong.path("version").asText()).isNotBlank();
    // the presets reach the requests: quorum reads and writes for strong, one for eventual
    assertThat(strong.path("details").path("r").asText()).isEqualTo("quorum");
    assertThat(strong.path("details").path("w").asText()).isEqualTo("quorum");
    JsonNode eventual = store(dir, "eventual/8020/threads-2/run-1");
    assertThat(eventual.path("details").path("r").asText()).isEqualTo("one");
    assertThat(eventual.path("details").path("w").asText()).isEqualTo("one");
    assertThat(table(doc, "consistency").path("rows")).hasSize(4);
    assertThat(checkCells(dir, doc)).isGreaterThan(20);
  }

  /**
   * Seed 003's stores in one study (issue: several stores): the 80/20 mix at two threads on Cassandra, the
   * MongoDB-wire server and Riak, each store its own process and folder, one report whose columns and lines name
   * each product and version as its runs reported, every measured cell naming the results.json it comes from.
   */
  @Test
  void seiOnThreeRealStoresInOneReport() throws Exception {
    Path dir = tmp.resolve("sei-stores");
    StudyEndToEndIT.Result r = ycsb("study", "sei", "cassandra,mongodb,riak", "--scale", "1e-4", "--repeat", "1",
        "--only", "strong/8020/threads-2", "-p", "cassandra.hosts=" + TestServers.cassandraHosts(),
        "-p", "cassandra.keyspace=sciycsb_sei_stores", "-p", "mongodb.url=" + TestServers.mongodb("sciycsb_sei_stores"),
        "-p", "riak.hosts=" + TestServers.riakHosts(), "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(() -> r.err() + failures(dir)).isZero();
    List<String> labels = StudyEndToEndIT.checkStoresStudy(dir, List.of("cassandra", "mongodb", "riak"));
    assertThat(labels.get(0)).startsWith("Apache Cassandra 5.0");
    assertThat(labels.get(1)).startsWith("FerretDB").endsWith(", NOT MongoDB");
    // any Riak KV release: the node is the user's
    assertThat(labels.get(2)).startsWith("Riak KV ");
  }

  @Test
  void niecOnARealRiakNode() throws Exception {
    Path dir = tmp.resolve("niec-riak");
    StudyEndToEndIT.Result r = ycsb("study", "niec", "riak", "--scale", "1e-3", "-p",
        "riak.hosts=" + TestServers.riakHosts(), "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(() -> r.err() + failures(dir)).isZero();
    JsonNode doc = finished(dir, 16); // 7 worker counts x write, read; the client alone (Figure 4.1)
    assertThat(table(doc, "workers").path("rows")).hasSize(7);
    assertThat(store(dir, "workers-20/read").path("product").asText()).isEqualTo("Riak KV");
    JsonNode read = MAPPER.readTree(dir.resolve("workers-20/read/results.json").toFile());
    assertThat(read.path("summary").path("operations").asLong()).isEqualTo(80);
    assertThat(read.path("extra").path("fasta").path("reads").path("rna").path("notFound").asLong()).isZero();
    assertThat(checkCells(dir, doc)).isGreaterThan(30);
  }
}
