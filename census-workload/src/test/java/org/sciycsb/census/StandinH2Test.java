package org.sciycsb.census;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import de.bwaldvogel.mongo.MongoServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk-backed stand-in (mongo-java-server's H2 backend on an MVStore file in a temporary folder), in-process
 * on an ephemeral port, through the census commands' own code and mongo-hadoop's 3.x driver: a load of N records
 * stores N (counted with a client, and again after the server was stopped and reopened on the same file), the raw
 * read returns N, and the filter job (mongo-hadoop's MongoInputFormat, local job runner) writes the same lines as
 * on the in-memory backend for the same input, whose record ids are those an independent count selects.
 */
class StandinH2Test {
  static final long RECORDS = 2500;
  static final long SEED = 7;
  static final long MALFORMED_EVERY = 400;

  @TempDir
  Path tmp;

  @Test
  void labelNamesTheServerAndTheBackendAndSaysNotMongoDb() {
    assertThat(StandinServer.label(StandinServer.Backend.H2))
        .matches("mongo-java-server \\d+\\.\\d+\\.\\d+ stand-in \\(H2 backend\\), NOT MongoDB");
    assertThat(StandinServer.label(StandinServer.Backend.MEMORY)).contains("stand-in (in-memory backend), NOT MongoDB");
    assertThat(StandinServer.Backend.parse("H2")).isEqualTo(StandinServer.Backend.H2);
    assertThatThrownBy(() -> StandinServer.Backend.parse("postgres")).hasMessageContaining("memory or h2");
    assertThatThrownBy(() -> StandinServer.start(0, StandinServer.Backend.H2, null)).hasMessageContaining("file");
  }

  @Test
  void loadReadAndFilterOnTheH2BackendMatchTheInMemoryBackend() throws Exception {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("hadoop.tmp.dir", tmp.resolve("hadoop").toString());
    CensusGenerator gen = new CensusGenerator(SEED, MALFORMED_EVERY);
    long malformed = RECORDS / MALFORMED_EVERY;

    // the independent count: the generated text split by hand, columns found by header name
    List<String> header = Arrays.asList(CensusSchema.header().split(","));
    int male = header.indexOf("male_total");
    int female = header.indexOf("female_total");
    TreeSet<String> expected = new TreeSet<>();
    for (long i = 0; i < RECORDS; i++) {
      String[] f = gen.line(i).split(",", -1);
      if (f.length == 111 && Long.parseLong(f[female]) > Long.parseLong(f[male])) {
        expected.add(f[0]);
      }
    }
    assertThat(expected).isNotEmpty();

    Path file = tmp.resolve("standin/data/standin.mv.db");
    MongoServer h2 = StandinServer.start(0, StandinServer.Backend.H2, file);
    MongoServer memory = StandinServer.start(0);
    List<String> onH2;
    List<String> onMemory;
    try {
      String h2Url = "mongodb://127.0.0.1:" + h2.getLocalAddress().getPort();
      String memUrl = "mongodb://127.0.0.1:" + memory.getLocalAddress().getPort();
      for (String url : List.of(h2Url, memUrl)) {
        JobReport load = CensusData.load(conf, Locations.parse("o", url + "/census.in"), gen, RECORDS, 1, false, false, 300);
        assertThat(load.recordsWritten).as(url).isEqualTo(RECORDS);
      }
      assertThat(count(h2Url + "/census.in")).isEqualTo(RECORDS);
      for (String url : List.of(h2Url, memUrl)) {
        assertThat(firstBatch(url, new org.bson.Document("find", "in"))).as(url).isEqualTo(StandinServer.DEFAULT_BATCH);
        assertThat(firstBatch(url, new org.bson.Document("find", "in").append("batchSize", 7))).as(url).isEqualTo(7);
      }
      assertThat(Files.size(file)).as("the records are in the MVStore file").isGreaterThan(RECORDS * 1000);

      JobReport read = CensusData.read(conf, Locations.parse("i", h2Url + "/census.in"));
      assertThat(read.recordsRead).isEqualTo(RECORDS - malformed);
      assertThat(read.malformed).isEqualTo(malformed);

      onH2 = filter(conf, h2Url + "/census.in", "h2");
      onMemory = filter(conf, memUrl + "/census.in", "memory");
    } finally {
      h2.shutdownNow();
      memory.shutdownNow();
    }
    assertThat(onH2).hasSize(expected.size());
    assertThat(onH2).isEqualTo(onMemory);
    TreeSet<String> ids = new TreeSet<>();
    onH2.forEach(l -> ids.add(l.substring(0, l.indexOf(','))));
    assertThat(ids).isEqualTo(expected);
    assertThat(onH2).allSatisfy(l -> assertThat(l.split(",", -1)).hasSize(111));

    // the collections outlive the server: reopened on the same file, every record is still there
    MongoServer again = StandinServer.start(0, StandinServer.Backend.H2, file);
    try {
      String url = "mongodb://127.0.0.1:" + again.getLocalAddress().getPort();
      assertThat(count(url + "/census.in")).isEqualTo(RECORDS);
      assertThat(CensusData.read(conf, Locations.parse("i", url + "/census.in")).recordsRead).isEqualTo(RECORDS - malformed);
    } finally {
      again.shutdownNow();
    }
  }

  /**
   * A find sent as a raw command, as mongo-hadoop's reader sends it (no batchSize unless given): the size of its first
   * batch. Without the stand-in's default batch the whole collection came in one reply, and the 3.x driver refuses
   * replies over 48 MB (128 MB splits of the census records read nothing).
   */
  static int firstBatch(String url, org.bson.Document find) {
    try (com.mongodb.MongoClient c = new com.mongodb.MongoClient(new com.mongodb.MongoClientURI(url))) {
      org.bson.Document r = c.getDatabase("census").runCommand(find);
      org.bson.Document cursor = (org.bson.Document) r.get("cursor");
      assertThat(cursor.get("id", Number.class).longValue()).as("a cursor stays open for the rest").isNotZero();
      return cursor.getList("firstBatch", Object.class).size();
    }
  }

  static long count(String ns) throws CensusException {
    try (Mongo3 m = new Mongo3(new Locations(ns, true))) {
      return m.count();
    }
  }

  /** The filter job from the stand-in to a local folder, with small splits (several mappers); its lines, sorted. */
  List<String> filter(Configuration conf, String in, String name) throws Exception {
    Path out = tmp.resolve("out-" + name);
    Map<String, String> p = new HashMap<>();
    p.put("census.input", in);
    p.put("census.output", out.toUri().toString());
    p.put("census.splitsize", "1");
    JobReport r = new CensusJobRunner(p, conf).run(CensusJobKind.FILTER);
    assertThat(r.recordsRead).as(name).isEqualTo(RECORDS);
    assertThat(r.malformed).as(name).isEqualTo(RECORDS / MALFORMED_EVERY);
    assertThat(r.splits).as(name).isGreaterThan(1);
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(out)) {
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("part-")).toList()) {
        lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new AssertionError("cannot read " + out, e);
    }
    assertThat(r.recordsWritten).as(name).isEqualTo(lines.size());
    lines.sort(null);
    return lines;
  }
}
