package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * {@code bin/ycsb study} through the real launcher at tiny scales: sandisk, bankmark and niec whole on the embedded
 * H2 store, sei on the Cassandra and MongoDB-wire test servers in one report, dede's raw read/write census steps
 * against the HDFS test server (bin/servers start hdfs; the test fails without it) and a MongoDB-wire stand-in
 * started here. Each report is checked for its tables and for every measured number being the one in the run
 * folder's results.json that it names. The studies on a real Riak node
 * (sei, niec, sei on three stores): {@link RiakStudyIT}, tagged server-riak.
 */
class StudyEndToEndIT {
  static final Path HOME = LauncherEndToEndIT.HOME;
  static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path tmp;

  record Result(int exit, String out, String err) {}

  Result ycsb(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(HOME.resolve("bin/ycsb").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    pb.redirectOutput(tmp.resolve("out.txt").toFile());
    pb.redirectError(tmp.resolve("err.txt").toFile());
    Process p = pb.start();
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("bin/ycsb " + String.join(" ", args) + " did not finish in 10 minutes");
    }
    return new Result(p.exitValue(), Files.readString(tmp.resolve("out.txt"), StandardCharsets.UTF_8),
        Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8));
  }

  /** A results.json field such as operations[READ].response.p95, resolved here. */
  static double field(JsonNode results, String path) {
    JsonNode n = results;
    // dots inside {...} belong to a member's name (the store's counters: counters{threadpool.ReadStage.completed})
    for (String seg : path.split("\\.(?![^{]*})")) {
      if (seg.endsWith("}")) {
        n = n.path(seg.substring(0, seg.indexOf('{'))).path(seg.substring(seg.indexOf('{') + 1, seg.length() - 1));
      } else if (seg.endsWith("]")) {
        String name = seg.substring(seg.indexOf('[') + 1, seg.length() - 1);
        JsonNode found = null;
        for (JsonNode e : n.path(seg.substring(0, seg.indexOf('[')))) {
          if (e.path("name").asText().equals(name)) {
            found = e;
          }
        }
        assertThat(found).as(path).isNotNull();
        n = found;
      } else {
        n = n.path(seg);
      }
    }
    assertThat(n.isNumber()).as(path + " is a number").isTrue();
    return n.asDouble();
  }

  /** Every measured cell equals (the mean of) the results.json fields it names; returns the cells checked. */
  static int checkCells(Path studyDir, JsonNode doc) throws IOException {
    int checked = 0;
    for (JsonNode t : doc.path("tables")) {
      for (JsonNode row : t.path("rows")) {
        var it = row.fields();
        while (it.hasNext()) {
          JsonNode c = it.next().getValue();
          if (c.has("published") || !c.has("sources")) {
            continue;
          }
          List<Double> vals = new ArrayList<>();
          for (JsonNode s : c.path("sources")) {
            JsonNode res = MAPPER.readTree(studyDir.resolve(s.path("dir").asText()).resolve("results.json").toFile());
            vals.add(field(res, s.path("field").asText()));
          }
          String derived = c.path("derived").asText();
          double expect = derived.startsWith("sum") ? vals.stream().mapToDouble(Double::doubleValue).sum()
              : derived.endsWith("x 100 of the two means") ? percentChange(vals)
              : c.has("derived") ? vals.get(0) / vals.get(1)
              : vals.stream().mapToDouble(Double::doubleValue).average().getAsDouble();
          assertThat(c.path("value").asDouble()).as(t.path("id") + " " + c).isCloseTo(expect, within(1e-9));
          checked++;
        }
      }
    }
    return checked;
  }

  /** "(a - b) / b x 100 of the two means": the sources are a's runs, then as many of b's. */
  static double percentChange(List<Double> vals) {
    int half = vals.size() / 2;
    double a = vals.subList(0, half).stream().mapToDouble(Double::doubleValue).average().getAsDouble();
    double b = vals.subList(half, vals.size()).stream().mapToDouble(Double::doubleValue).average().getAsDouble();
    return (a - b) / b * 100;
  }

  static JsonNode table(JsonNode doc, String id) {
    for (JsonNode t : doc.path("tables")) {
      if (t.path("id").asText().equals(id)) {
        return t;
      }
    }
    throw new AssertionError("no table " + id + " in the report");
  }

  /** The study ran every step, wrote its three report files, and names H2 as the store of its runs. */
  static JsonNode finished(Path dir, int steps) throws IOException {
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    assertThat(doc.path("steps")).hasSize(steps);
    for (JsonNode s : doc.path("steps")) {
      assertThat(s.path("status").asText()).as(s.path("name").asText()).isEqualTo("ok");
    }
    assertThat(dir.resolve("study.md")).isRegularFile();
    assertThat(dir.resolve("study.html")).isRegularFile();
    return doc;
  }

  /**
   * What a report names a run's store by: the binding's {@code details.label} when it gives one (FerretDB: "FerretDB
   * 1.24.0 on PostgreSQL, NOT MongoDB"), else product and version.
   */
  static String label(JsonNode store) {
    String label = store.path("details").path("label").asText("");
    return label.isEmpty() ? store.path("product").asText() + " " + store.path("version").asText() : label;
  }

  @Test
  void sandiskWholeOnTheEmbeddedStore() throws Exception {
    Path dir = tmp.resolve("sandisk");
    Result r = ycsb("study", "sandisk", "--scale", "1e-5", "-p", "results.dir=" + dir, "-p", "label.storage=ssd");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode doc = finished(dir, 30);
    assertThat(doc.path("binding").asText()).isEqualTo("jdbc");
    JsonNode load = MAPPER.readTree(dir.resolve("1TB/load/results.json").toFile());
    assertThat(load.path("metadata").path("store").path("product").asText()).isEqualTo("H2");
    assertThat(load.path("summary").path("operations").asLong()).isEqualTo(Math.round((1L << 40) * 1e-5) / 1024);
    assertThat(load.path("extra").path("countCheck").asText()).isEqualTo("ok");
    JsonNode t = table(doc, "throughput");
    assertThat(t.path("rows")).hasSize(9);
    assertThat(t.path("rows").get(1).path("pub-SSD-256GB").path("value").asDouble()).isEqualTo(4676);
    assertThat(table(doc, "latency").path("rows")).hasSize(9);
    assertThat(checkCells(dir, doc)).isGreaterThan(100);
    assertThat(Files.readString(dir.resolve("study.md"))).contains("## Throughput (ops/s) by workload")
        .contains("**this run** = ").contains("storage ssd").contains("published: SSD 1TB ops/s");
    assertThat(Files.readString(dir.resolve("study.html"))).contains("id=\"table-throughput\"").contains("<svg");
  }

  /** The failure and the error lines of every failed step (its results.json and log), for a failing test's message. */
  static String failures(Path dir) {
    StringBuilder sb = new StringBuilder();
    try (var walk = Files.walk(dir)) {
      List<Path> files = walk.toList();
      for (Path p : files.stream().filter(f -> f.getFileName().toString().equals("results.json")).toList()) {
        JsonNode m = MAPPER.readTree(p.toFile()).path("metadata");
        if (!m.path("failure").isNull() && !m.path("failure").isMissingNode()) {
          sb.append("\n").append(dir.relativize(p)).append(": ").append(m.path("failure").asText());
        }
      }
      for (Path p : files.stream().filter(f -> f.toString().endsWith(".log")).toList()) {
        Files.readAllLines(p).stream().filter(l -> l.contains("rror") && !l.contains("Errors=0")).limit(10)
            .forEach(l -> sb.append("\n").append(p.getFileName()).append(": ").append(l));
      }
    } catch (IOException | RuntimeException e) {
      sb.append("\n(could not read the steps: ").append(e).append(')');
    }
    return sb.toString();
  }

  @Test
  void bankmarkWholeWithWarmupsAndTheBulkLoad() throws Exception {
    Path dir = tmp.resolve("bankmark");
    Result r = ycsb("study", "bankmark", "jdbc", "--scale", "1e-5", "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(() -> r.err() + failures(dir)).isZero();
    JsonNode doc = finished(dir, 32);
    JsonNode bulk = MAPPER.readTree(dir.resolve("tcI/bulkload/results.json").toFile());
    assertThat(bulk.path("metadata").path("properties").path("db.batchsize").asText()).isEqualTo("1000");
    assertThat(bulk.path("summary").path("operations").asLong()).isEqualTo(2000);
    JsonNode warm = MAPPER.readTree(dir.resolve("tcII/workload5/warmup/results.json").toFile());
    assertThat(warm.path("metadata").path("properties").path("updateproportion").asText()).isEqualTo("0.05");
    assertThat(field(MAPPER.readTree(dir.resolve("tcII/workload5/run/results.json").toFile()),
        "operations[INSERT].operations")).isPositive();
    JsonNode t = table(doc, "throughput");
    assertThat(t.path("rows")).hasSize(7);
    assertThat(t.path("rows").get(2).path("pub-I").path("precision").asText()).startsWith("upper bound");
    assertThat(table(doc, "warmup").path("rows")).hasSize(10);
    assertThat(checkCells(dir, doc)).isGreaterThan(60);
    assertThat(Files.readString(dir.resolve("study.md"))).contains("<= 30000");
  }

  /**
   * Seed 004's Cassandra settings reach the server: every step of bankmark on the Cassandra test server writes and
   * reads at ONE in a keyspace of replication factor 3 (the server warns that it has one node), as its results say.
   */
  @Test
  void bankmarkOnCassandraWithThePapersSettings() throws Exception {
    Path dir = tmp.resolve("bankmark-cassandra");
    Result r = ycsb("study", "bankmark", "cassandra", "--scale", "1e-5", "--only", "tcI/workload2/*",
        "-p", "cassandra.hosts=" + TestServers.cassandraHosts(), "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(() -> r.err() + failures(dir)).isZero();
    JsonNode doc = finished(dir, 3);
    for (JsonNode step : doc.path("steps")) {
      JsonNode details = store(dir, step.path("name").asText()).path("details");
      assertThat(details.path("read_consistency").asText()).isEqualTo("ONE");
      assertThat(details.path("write_consistency").asText()).isEqualTo("ONE");
      assertThat(details.path("replication").asText()).contains("'replication_factor': 3");
      assertThat(details.path("keyspace").asText()).isEqualTo("sciycsb_bankmark");
    }
    assertThat(Files.readString(dir.resolve("study.md"))).contains("the paper's settings for cassandra");
  }

  @Test
  void niecWritesThenReadsAtEveryWorkerCount() throws Exception {
    Path dir = tmp.resolve("niec");
    Result r = ycsb("study", "niec", "jdbc", "--scale", "1e-3", "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode doc = finished(dir, 16); // 7 worker counts x write, read; the client alone (Figure 4.1)
    JsonNode rows = table(doc, "workers").path("rows");
    assertThat(rows).hasSize(7);
    assertThat(rows.get(4).path("workers").path("text").asText()).isEqualTo("20");
    assertThat(rows.get(4).path("pub-mongo-w").path("value").asDouble()).isEqualTo(4593);
    JsonNode alone = table(doc, "no-database").path("rows");
    assertThat(alone.get(0).path("rate").path("value").asDouble()).as("the client alone writes").isPositive();
    assertThat(alone.get(1).path("rate").path("sources").get(0).path("dir").asText()).isEqualTo("client/read");
    JsonNode read = MAPPER.readTree(dir.resolve("workers-20/read/results.json").toFile());
    assertThat(read.path("summary").path("operations").asLong()).isEqualTo(80);
    assertThat(read.path("extra").path("fasta").path("reads").path("rna").path("notFound").asLong()).isZero();
    assertThat(checkCells(dir, doc)).isGreaterThan(30);
  }

  /** The store a run's results name (metadata.store.product and version, details). */
  static JsonNode store(Path dir, String step) throws IOException {
    return MAPPER.readTree(dir.resolve(step).resolve("results.json").toFile()).path("metadata").path("store");
  }

  /**
   * Seed 003's stores in one study (issue: several stores): the 80/20 mix at two threads on the real Cassandra and
   * MongoDB-wire test servers, each store its own process and folder, one report whose columns and lines name each
   * product and version as its runs reported, every measured cell naming the results.json it comes from. (With Riak
   * as a third store: {@link RiakStudyIT}, against a Riak node the user brings.)
   */
  @Test
  void seiOnTwoRealStoresInOneReport() throws Exception {
    Path dir = tmp.resolve("sei-stores");
    Result r = ycsb("study", "sei", "cassandra,mongodb", "--scale", "1e-4", "--repeat", "1",
        "--only", "strong/8020/threads-2", "-p", "cassandra.hosts=" + TestServers.cassandraHosts(),
        "-p", "cassandra.keyspace=sciycsb_sei_stores", "-p", "mongodb.url=" + TestServers.mongodb("sciycsb_sei_stores"),
        "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(() -> r.err() + failures(dir)).isZero();
    List<String> labels = checkStoresStudy(dir, List.of("cassandra", "mongodb"));
    assertThat(labels.get(0)).startsWith("Apache Cassandra 5.0");
    assertThat(labels.get(1)).startsWith("FerretDB").endsWith(", NOT MongoDB");
  }

  /**
   * Checks a study of sei's 80/20 mix at 2 threads over several stores, one folder each: every store's two steps
   * finished; the report's stores, throughput columns and figure lines are named by the stores' labels; each
   * store's cell at 2 threads comes from its own run; every measured cell names the results.json it comes from.
   * Returns the labels, in the order of the bindings.
   */
  static List<String> checkStoresStudy(Path dir, List<String> bindings) throws Exception {
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("format").asText()).isEqualTo("sciycsb-study-stores");
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    List<String> labels = new ArrayList<>();
    for (String b : bindings) {
      finished(dir.resolve(b), 2);
      labels.add(label(store(dir.resolve(b), "strong/8020/threads-2")));
    }
    assertThat(doc.path("stores").findValuesAsText("label")).containsExactlyElementsOf(labels);
    JsonNode t = table(doc, "throughput");
    assertThat(t.path("columns").findValuesAsText("groupLabel")).containsAll(labels);
    JsonNode two = null;
    for (JsonNode row : t.path("rows")) {
      if (row.path("threads").path("text").asText().equals("2")) {
        two = row;
      }
    }
    assertThat(two).as("the row of 2 threads").isNotNull();
    for (String b : bindings) {
      assertThat(two.path(b + ":strong-8020").path("sources").get(0).path("dir").asText())
          .isEqualTo(b + "/strong/8020/threads-2");
    }
    assertThat(checkCells(dir, doc)).isGreaterThanOrEqualTo(bindings.size() * 5);
    JsonNode fig = doc.path("figures").get(0);
    for (String l : labels) {
      assertThat(fig.path("series").findValuesAsText("name")).anyMatch(n -> n.startsWith(l + ": "));
    }
    String md = Files.readString(dir.resolve("study.md"));
    for (String b : bindings) {
      assertThat(md).contains("| " + b + "/strong/load |");
    }
    return labels;
  }

  @Test
  void dedeRawReadsAndWritesAgainstHdfsAndAStandIn() throws Exception {
    String hdfs = System.getProperty("sciycsb.hdfs.url");
    if (hdfs == null || hdfs.isBlank()) {
      hdfs = System.getenv("SCIYCSB_HDFS_URL");
    }
    if (hdfs == null || hdfs.isBlank()) {
      hdfs = "hdfs://127.0.0.1:9000";
    }
    MongoServer standin = new MongoServer(new MemoryBackend());
    try {
      standin.bind("127.0.0.1", 0);
      InetSocketAddress a = standin.getLocalAddress();
      Path dir = tmp.resolve("dede");
      Result r = ycsb("study", "dede", "--scale", "1e-4", "--repeat", "1", "--only", "raw/*",
          "-p", "results.dir=" + dir, "-p", "study.hdfs=" + hdfs, "-p", "study.mongo=mongodb://127.0.0.1:" + a.getPort());
      assertThat(r.exit()).as(r.err()).isZero();
      JsonNode doc = finished(dir, 6);
      assertThat(doc.path("binding").isNull()).as("no engine step").isTrue();
      JsonNode raw = table(doc, "raw");
      for (JsonNode col : raw.path("columns")) {
        if (col.path("group").asText().equals("run")) {
          assertThat(col.path("title").asText()).as("a stand-in figure is never labelled MongoDB")
              .satisfiesAnyOf(t -> assertThat(t).doesNotContain("MongoDB"), t -> assertThat(t).contains("not MongoDB"));
        }
      }
      assertThat(raw.path("columns").get(3).path("title").asText()).contains("stand-in");
      JsonNode read = raw.path("rows").get(0);
      assertThat(read.path("hdfs").path("value").asDouble()).isPositive();
      assertThat(read.path("pub-hdfs").path("value").asDouble()).isEqualTo(9_300_000);
      JsonNode census = MAPPER.readTree(dir.resolve("raw/read-mongo/results.json").toFile());
      assertThat(census.path("format").asText()).isEqualTo("sciycsb-census");
      assertThat(census.path("summary").path("recordsRead").asLong()).isEqualTo(3720);
      assertThat(checkCells(dir, doc)).isEqualTo(6);
      assertThat(Files.readString(dir.resolve("study.md"))).contains("stand-in (not MongoDB)");
    } finally {
      standin.shutdownNow();
    }
  }

  @Test
  void aBadStudyIsOneLineThroughTheLauncher() throws Exception {
    Result r = ycsb("study", "nosuch");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().lines().filter(l -> l.startsWith("error: ")).toList()).hasSize(1);
    assertThat(r.err()).contains("unknown study 'nosuch'").contains("sandisk (seed 002)").doesNotContain("\tat ");
    Result l = ycsb("study", "list");
    assertThat(l.exit()).isZero();
    assertThat(l.out()).contains("bankmark  (seed 004)").contains("at scale 1: 42 steps");
  }
}
