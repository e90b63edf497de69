package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * Two client processes share one load: each {@code bin/ycsb load} inserts its half of the records
 * ({@code insertstart}/{@code insertcount}) into the same store at the same time, then {@code bin/ycsb merge}
 * combines their results. The merged counts are the sums, and the merged percentiles are those of the union of both
 * processes' interval histograms, computed here independently from their {@code latency.hlog} files with
 * HdrHistogram's own reader. The store is the MongoDB-wire test server ({@code bin/servers start mongodb}), found
 * through {@code -Dsciycsb.mongodb.url} or {@code SCIYCSB_MONGODB_URL}; the test fails when none answers.
 */
class MultiProcessLoadIT {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  static final String DB = "sciycsb_multiprocess_it_" + System.currentTimeMillis();
  static final int RECORDS = 6000;

  @TempDir
  Path tmp;

  static String url() {
    return TestServers.mongodb();
  }

  @AfterEach
  void drop() {
    try (MongoClient c = MongoClients.create(url())) {
      c.getDatabase(DB).drop();
    }
  }

  Process start(String name, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(HOME.resolve("bin/ycsb").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    pb.redirectOutput(tmp.resolve(name + ".out").toFile());
    pb.redirectError(tmp.resolve(name + ".err").toFile());
    return pb.start();
  }

  int finish(Process p, String name) throws Exception {
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as(name + " finished").isTrue();
    return p.exitValue();
  }

  String err(String name) throws Exception {
    return Files.readString(tmp.resolve(name + ".err"));
  }

  @Test
  void twoProcessesLoadHalvesAndMergeExactly() throws Exception {
    List<Process> procs = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      procs.add(start("client" + k, "load", "mongodb", "-P", "workloads/workloada",
          "-p", "mongodb.url=" + TestServers.mongodb(DB), "-p", "recordcount=" + RECORDS,
          "-p", "insertstart=" + k * (RECORDS / 2), "-p", "insertcount=" + RECORDS / 2, "-threads", "2",
          "-p", "fieldcount=2", "-p", "fieldlength=20", "-p", "results.dir=" + tmp.resolve("client" + k),
          "-l", "client" + k));
    }
    for (int k = 0; k < 2; k++) {
      assertThat(finish(procs.get(k), "client" + k)).as(err("client" + k)).isZero();
    }
    ObjectMapper json = new ObjectMapper();
    long sum = 0;
    for (int k = 0; k < 2; k++) {
      JsonNode j = json.readTree(tmp.resolve("client" + k).resolve("results.json").toFile());
      assertThat(j.path("summary").path("operations").asLong()).isEqualTo(RECORDS / 2);
      sum += j.path("summary").path("operations").asLong();
    }
    // the store holds both halves: every key once
    try (MongoClient c = MongoClients.create(url())) {
      Set<String> ids = new HashSet<>();
      for (Document d : c.getDatabase(DB).getCollection("usertable").find().projection(new Document("_id", 1))) {
        ids.add(d.getString("_id"));
      }
      assertThat(ids).hasSize(RECORDS);
    }

    Path merged = tmp.resolve("merged");
    Process m = start("merge", "merge", tmp.resolve("client0").toString(), tmp.resolve("client1").toString(),
        "-p", "results.dir=" + merged);
    assertThat(finish(m, "merge")).as(err("merge")).isZero();
    JsonNode mj = json.readTree(merged.resolve("results.json").toFile());
    assertThat(mj.path("summary").path("operations").asLong()).isEqualTo(sum).isEqualTo(RECORDS);
    JsonNode insert = op(mj, "INSERT");
    assertThat(insert.path("operations").asLong()).isEqualTo(RECORDS);
    assertThat(insert.path("statuses").path("OK").asLong()).isEqualTo(RECORDS);
    assertThat(op(mj, "OVERALL").path("operations").asLong()).isEqualTo(RECORDS);
    assertThat(mj.path("metadata").path("threads").asLong()).isEqualTo(4);

    // independently: the union of both processes' INSERT response histograms, read with HdrHistogram's reader
    Histogram union = new Histogram(3);
    for (int k = 0; k < 2; k++) {
      HistogramLogReader r = new HistogramLogReader(tmp.resolve("client" + k).resolve("latency.hlog").toFile());
      EncodableHistogram h;
      while ((h = r.nextIntervalHistogram()) != null) {
        if ("INSERT.response".equals(h.getTag())) {
          union.add((Histogram) h);
        }
      }
    }
    assertThat(union.getTotalCount()).isEqualTo(RECORDS);
    JsonNode resp = insert.path("response");
    assertThat(resp.path("count").asLong()).isEqualTo(union.getTotalCount());
    assertThat(resp.path("p95").asDouble()).isEqualTo(union.getValueAtPercentile(95) / 1000.0);
    assertThat(resp.path("p50").asDouble()).isEqualTo(union.getValueAtPercentile(50) / 1000.0);
    assertThat(resp.path("p99").asDouble()).isEqualTo(union.getValueAtPercentile(99) / 1000.0);
    assertThat(resp.path("max").asDouble()).isEqualTo(union.getMaxValue() / 1000.0);
    // and the merged text output says the same, in YCSB's whole microseconds
    String text = Files.readString(tmp.resolve("merge.out"));
    assertThat(text).contains("[INSERT], Operations, " + RECORDS)
        .contains("[INSERT], 95thPercentileLatency(us), " + Math.round(union.getValueAtPercentile(95) / 1000.0));
  }

  static JsonNode op(JsonNode results, String name) {
    for (JsonNode o : results.path("operations")) {
      if (o.path("name").asText().equals(name)) {
        return o;
      }
    }
    throw new AssertionError("no operation " + name);
  }
}
