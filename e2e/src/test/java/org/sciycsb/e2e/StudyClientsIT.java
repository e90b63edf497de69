package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb study --clients N}: every engine step as N client processes started together, the step's results
 * their exact merge, on the PostgreSQL test server ({@code bin/servers start postgres}; the test fails without it).
 * Seed 004's workload 5 (reads of the latest records, 5 % inserts) is the hard case: the clients' inserts must take
 * different keys (a duplicate key is an error in PostgreSQL) and their reads only keys that exist.
 */
class StudyClientsIT {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final String PG = Launcher.postgresUrl();

  @TempDir
  Path tmp;

  @Test
  void bankmarkWorkload5WithTwoClientProcesses() throws Exception {
    Path dir = tmp.resolve("bankmark");
    Launcher.Result r;
    try {
      r = Launcher.ycsb(tmp, "study", "bankmark", "jdbc", "--scale", "1e-5", "--clients", "2",
          "--only", "tcI/workload5/*", "-p", "db.url=" + PG, "-p", "db.user=ycsb", "-p", "db.passwd=ycsb",
          "-p", "results.dir=" + dir);
    } catch (AssertionError hung) {
      throw new AssertionError(hung.getMessage() + clientLogs(dir), hung);
    }
    assertThat(r.exit()).as(r.err() + clientLogs(dir)).isZero();
    JsonNode doc = StudyEndToEndIT.finished(dir, 3);
    assertThat(doc.path("clients").asInt()).isEqualTo(2);
    assertThat(doc.path("command").asText()).contains("--clients 2");
    long inserted = 0;
    for (JsonNode step : doc.path("steps")) {
      String name = step.path("name").asText();
      assertThat(step.path("clients").asInt()).as(name).isEqualTo(2);
      assertThat(step.path("clientsWithResults").asInt()).as(name).isEqualTo(2);
      assertThat(step.path("failedOperations").asLong()).as(name).isZero();
      assertThat(step.has("clientsWarning")).as(name + ": " + step.path("clientsWarning").asText()).isFalse();
      assertThat(step.path("clientStartSkewMs").asLong()).as(name).isLessThanOrEqualTo(1000);
      inserted += mergedIsExact(dir.resolve(name));
    }
    // the load's 2,000 records and every insert of the warmup and the run, each a row of its own
    try (Connection c = DriverManager.getConnection(PG, "ycsb", "ycsb"); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT count(*) FROM " + doc.path("tablePrefix").asText()
             + "bm_i_workload5")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(inserted).isGreaterThan(2000);
    }
    JsonNode run = MAPPER.readTree(dir.resolve("tcI/workload5/run/results.json").toFile());
    assertThat(run.path("metadata").path("store").path("product").asText()).contains("PostgreSQL");
    assertThat(run.path("metadata").path("threads").asInt()).isEqualTo(128);
    assertThat(StudyEndToEndIT.checkCells(dir, doc)).isPositive();
    assertThat(Files.readString(dir.resolve("study.md"))).contains("2 client processes on this host");
  }

  /**
   * A study killed outright (SIGKILL: no shutdown hook runs) mid-step does not leave its client processes loading
   * the store: each watches the study's pid ({@code stop.withpid}), ends its run as on a signal and writes what it
   * measured, marked partial.
   */
  @Test
  void clientsOfAKilledStudyEndAndKeepWhatTheyMeasured() throws Exception {
    Path dir = tmp.resolve("killed");
    Launcher.Running study = Launcher.start(tmp, "killed", java.util.Map.of(), "ycsb", "study", "bankmark", "jdbc",
        "--scale", "1e-5", "--clients", "2", "--only", "tcI/workload5/*", "-p", "maxexecutiontime=120",
        "-p", "db.url=" + PG, "-p", "db.user=ycsb", "-p", "db.passwd=ycsb", "-p", "results.dir=" + dir);
    Path warmup = dir.resolve("tcI/workload5/warmup");
    long t0 = System.currentTimeMillis();
    while (!Files.exists(warmup.resolve("clients/start.at")) && study.process.isAlive()
        && System.currentTimeMillis() - t0 < 240_000) {
      Thread.sleep(100);
    }
    assertThat(warmup.resolve("clients/start.at")).as(study.errSoFar() + clientLogs(dir)).exists();
    Thread.sleep(3000); // the clients are measuring
    List<ProcessHandle> clients = study.process.children().toList();
    assertThat(clients).as("the warmup's client processes").hasSize(2);
    study.signal("KILL");
    try {
      for (ProcessHandle c : clients) {
        c.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
      }
    } finally {
      clients.forEach(ProcessHandle::destroyForcibly); // a client that outlived the minute must not outlive the test
    }
    for (String k : List.of("1", "2")) {
      JsonNode r = MAPPER.readTree(warmup.resolve("clients").resolve(k).resolve("results.json").toFile());
      assertThat(r.path("summary").path("outcome").asText()).as(clientLogs(dir)).isEqualTo("partial");
      assertThat(r.path("summary").path("operations").asLong()).isPositive();
    }
    assertThat(clientLogs(dir)).contains("ended (stop.withpid)");
  }

  /** What every client process of every step printed (the study's logs/*_client-N.log), for a failure's message. */
  static String clientLogs(Path dir) throws IOException {
    Path logs = dir.resolve("logs");
    if (!Files.isDirectory(logs)) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    try (Stream<Path> files = Files.list(logs)) {
      for (Path f : files.filter(f -> f.getFileName().toString().contains("_client-")).sorted().toList()) {
        List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
        b.append("\n--- ").append(f.getFileName()).append(" (last 40 lines) ---\n")
            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
      }
    }
    return b.toString();
  }

  /**
   * A step's merged results: its counts are the sums of its two clients' and its INSERT latencies those of the
   * union of their interval histograms (read here with HdrHistogram's own reader). Returns its successful inserts.
   */
  static long mergedIsExact(Path step) throws Exception {
    JsonNode merged = MAPPER.readTree(step.resolve("results.json").toFile());
    long ops = 0;
    Histogram union = new Histogram(3);
    for (String k : List.of("1", "2")) {
      Path client = step.resolve("clients").resolve(k);
      ops += MAPPER.readTree(client.resolve("results.json").toFile()).path("summary").path("operations").asLong();
      HistogramLogReader reader = new HistogramLogReader(client.resolve("latency.hlog").toFile());
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if ("INSERT.response".equals(h.getTag())) {
          union.add((Histogram) h);
        }
      }
    }
    assertThat(merged.path("summary").path("operations").asLong()).as(step.toString()).isEqualTo(ops).isPositive();
    if (step.endsWith("warmup")) { // seed 004: "no inserts were performed during the warmup"
      assertThat(union.getTotalCount()).isZero();
      return 0;
    }
    JsonNode insert = MultiProcessLoadIT.op(merged, "INSERT");
    assertThat(insert.path("response").path("count").asLong()).isEqualTo(union.getTotalCount());
    assertThat(insert.path("response").path("p99").asDouble()).isEqualTo(union.getValueAtPercentile(99) / 1000.0);
    return insert.path("statuses").path("OK").asLong();
  }

  @Test
  void anEmbeddedStoreCannotBeSharedByClientProcesses() throws Exception {
    Path dir = tmp.resolve("never");
    Launcher.Result r = Launcher.ycsb(tmp, "study", "bankmark", "jdbc", "--scale", "1e-5", "--clients", "2",
        "-p", "results.dir=" + dir);
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().lines().toList()).as(r.err()).singleElement().asString()
        .startsWith("error: step tcI/workload1/load: --clients 2 runs every step as 2 processes, and the jdbc "
            + "binding's embedded H2 store is a file on this host");
    assertThat(dir).doesNotExist();
  }
}
