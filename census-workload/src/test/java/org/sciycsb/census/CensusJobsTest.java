package org.sciycsb.census;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import de.bwaldvogel.mongo.MongoServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The census jobs on a real HDFS (an in-process MiniDFSCluster) with the local job runner, and on the
 * mongo-java-server STAND-IN (in-process) for mongo-hadoop's MongoDB side. The filter's output is checked against
 * a count made here, independently, from the generated CSV text.
 */
class CensusJobsTest {
  static final long RECORDS = 3000;
  static final long SEED = 42;
  static final long MALFORMED_EVERY = 500;

  static MiniDFSCluster dfs;
  static MongoServer standin;
  static String hdfs;
  static String mongo;
  static Configuration conf;
  static Set<String> expectedFemaleIds;
  static long expectedValid;

  @BeforeAll
  static void start() throws Exception {
    Path base = Files.createTempDirectory("census-minidfs");
    Configuration dc = new Configuration();
    dc.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.toString());
    dfs = new MiniDFSCluster.Builder(dc).numDataNodes(1).build();
    dfs.waitActive();
    hdfs = dfs.getURI().toString();
    standin = StandinServer.start(0);
    mongo = "mongodb://127.0.0.1:" + standin.getLocalAddress().getPort();
    conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("hadoop.tmp.dir", base.resolve("tmp").toString());

    // the independent count: the generated text, split by hand, columns found by header name
    List<String> header = Arrays.asList(CensusSchema.header().split(","));
    int male = header.indexOf("male_total");
    int female = header.indexOf("female_total");
    expectedFemaleIds = new TreeSet<>();
    CensusGenerator g = new CensusGenerator(SEED, MALFORMED_EVERY);
    for (long i = 0; i < RECORDS; i++) {
      String[] f = g.line(i).split(",", -1);
      if (f.length != 111) {
        continue;
      }
      expectedValid++;
      if (Long.parseLong(f[female]) > Long.parseLong(f[male])) {
        expectedFemaleIds.add(f[0]);
      }
    }
    assertThat(expectedValid).isEqualTo(RECORDS - RECORDS / MALFORMED_EVERY);

    JobReport h = CensusData.load(conf, Locations.parse("o", hdfs + "/census/in"), g, RECORDS, 2, false, false, 500);
    assertThat(h.recordsWritten).isEqualTo(RECORDS);
    JobReport m = CensusData.load(conf, Locations.parse("o", mongo + "/census.in"), g, RECORDS, 1, false, false, 500);
    assertThat(m.recordsWritten).isEqualTo(RECORDS);
  }

  @AfterAll
  static void stop() {
    if (standin != null) {
      standin.shutdownNow();
    }
    if (dfs != null) {
      dfs.shutdown();
    }
  }

  static CensusJobRunner runner(String in, String out, String... kv) throws Exception {
    Map<String, String> p = new HashMap<>();
    p.put("census.input", in);
    p.put("census.output", out);
    for (int i = 0; i < kv.length; i += 2) {
      p.put(kv[i], kv[i + 1]);
    }
    return new CensusJobRunner(p, conf);
  }

  static List<String> hdfsLines(String dir) throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(dir);
    FileSystem fs = p.getFileSystem(conf);
    List<String> out = new ArrayList<>();
    for (FileStatus st : fs.listStatus(p)) {
      if (!st.getPath().getName().startsWith("part-")) {
        continue;
      }
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(st.getPath()), StandardCharsets.UTF_8))) {
        String l;
        while ((l = r.readLine()) != null) {
          out.add(l);
        }
      }
    }
    return out;
  }

  static Set<String> mongoIds(String ns) {
    Set<String> ids = new TreeSet<>();
    try (Mongo3 m = new Mongo3(new Locations(mongo + "/" + ns, true))) {
      for (org.bson.Document d : m.collection().find()) {
        ids.add(String.valueOf(d.get("_id")));
      }
    }
    return ids;
  }

  static Set<String> firstFields(List<String> lines) {
    Set<String> ids = new TreeSet<>();
    for (String l : lines) {
      ids.add(l.substring(0, l.indexOf(',')));
    }
    return ids;
  }

  @Test
  void filterHdfsToHdfsMatchesTheIndependentCount() throws Exception {
    JobReport r = runner(hdfs + "/census/in", hdfs + "/census/out-filter", "census.splitsize", "1")
        .run(CensusJobKind.FILTER);
    assertThat(r.recordsRead).isEqualTo(RECORDS);
    assertThat(r.malformed).isEqualTo(RECORDS / MALFORMED_EVERY);
    assertThat(r.recordsWritten).isEqualTo(expectedFemaleIds.size());
    assertThat(r.splits).isGreaterThan(1);
    assertThat(r.mappers).isEqualTo(r.splits);
    assertThat(r.totalMs).isEqualTo(r.mapMs + r.reduceMs);
    List<String> lines = hdfsLines(hdfs + "/census/out-filter");
    assertThat(firstFields(lines)).isEqualTo(expectedFemaleIds);
    assertThat(lines).allSatisfy(l -> assertThat(l.split(",")).hasSize(111));
  }

  @Test
  void mergeAndReorderOnHdfs() throws Exception {
    JobReport m = runner(hdfs + "/census/in", hdfs + "/census/out-merge").run(CensusJobKind.MERGE);
    assertThat(m.recordsWritten).isEqualTo(expectedValid);
    List<String> merged = hdfsLines(hdfs + "/census/out-merge");
    assertThat(merged).hasSize((int) expectedValid).allSatisfy(l -> assertThat(l).startsWith("record_id: ")
        .contains("; female_total: "));
    JobReport o = runner(hdfs + "/census/in", hdfs + "/census/out-reorder", "census.separator", ";")
        .run(CensusJobKind.REORDER);
    assertThat(o.recordsWritten).isEqualTo(expectedValid);
    assertThat(hdfsLines(hdfs + "/census/out-reorder"))
        .allSatisfy(l -> assertThat(l.split(";", -1)).hasSize(111));
  }

  @Test
  void filterOverEveryInputOutputCombination() throws Exception {
    JobReport mh = runner(mongo + "/census.in", hdfs + "/census/out-m2h", "census.splitsize", "1")
        .run(CensusJobKind.FILTER);
    assertThat(mh.recordsRead).isEqualTo(RECORDS);
    assertThat(mh.malformed).isEqualTo(RECORDS / MALFORMED_EVERY);
    assertThat(mh.splits).isGreaterThan(1);
    assertThat(firstFields(hdfsLines(hdfs + "/census/out-m2h"))).isEqualTo(expectedFemaleIds);

    JobReport hm = runner(hdfs + "/census/in", mongo + "/census.out_h2m").run(CensusJobKind.FILTER);
    assertThat(hm.recordsWritten).isEqualTo(expectedFemaleIds.size());
    assertThat(mongoIds("census.out_h2m")).isEqualTo(expectedFemaleIds);

    JobReport mm = runner(mongo + "/census.in", mongo + "/census.out_m2m").run(CensusJobKind.FILTER);
    assertThat(mm.recordsWritten).isEqualTo(expectedFemaleIds.size());
    assertThat(mongoIds("census.out_m2m")).isEqualTo(expectedFemaleIds);
    try (Mongo3 m = new Mongo3(new Locations(mongo + "/census.out_m2m", true))) {
      org.bson.Document d = m.collection().find().first();
      assertThat(d).containsKeys("county_name", "male_total", "female_total");
      assertThat(((Number) d.get("female_total")).longValue()).isGreaterThan(((Number) d.get("male_total")).longValue());
    }
  }

  @Test
  void threeStagePath() throws Exception {
    JobReport r = runner(mongo + "/census.in", mongo + "/census.out_3s").runThreeStage(CensusJobKind.FILTER,
        hdfs + "/census/staging");
    assertThat(r.stages).hasSize(3);
    assertThat(r.recordsRead).isEqualTo(RECORDS);
    assertThat(r.recordsWritten).isEqualTo(expectedFemaleIds.size());
    assertThat(r.totalMs).isEqualTo(r.stages.get(0).totalMs + r.stages.get(1).totalMs + r.stages.get(2).totalMs);
    assertThat(mongoIds("census.out_3s")).isEqualTo(expectedFemaleIds);
  }

  @Test
  void rawReadCountsRecords() throws Exception {
    JobReport h = CensusData.read(conf, Locations.parse("i", hdfs + "/census/in"));
    assertThat(h.recordsRead).isEqualTo(expectedValid);
    assertThat(h.malformed).isEqualTo(RECORDS / MALFORMED_EVERY);
    JobReport m = CensusData.read(conf, Locations.parse("i", mongo + "/census.in"));
    assertThat(m.recordsRead).isEqualTo(expectedValid);
  }

  @Test
  void missingInputsAreClearErrors() throws Exception {
    assertThatThrownBy(() -> runner(hdfs + "/census/nothing-here", hdfs + "/census/x").run(CensusJobKind.FILTER))
        .isInstanceOf(CensusException.class).hasMessageContaining("/census/nothing-here").hasMessageContaining("does not exist")
        .satisfies(e -> assertThat(((CensusException) e).exitCode()).isNotZero());
    assertThatThrownBy(() -> runner(mongo + "/census.absent", hdfs + "/census/x").run(CensusJobKind.FILTER))
        .isInstanceOf(CensusException.class).hasMessageContaining("census.absent does not exist");
    assertThatThrownBy(() -> runner(hdfs + "/census/in", hdfs + "/census/in").run(CensusJobKind.FILTER))
        .isInstanceOf(CensusException.class).hasMessageContaining("exists");
  }
}
