package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * The census jobs' MongoDB side on the MongoDB-wire test server (FerretDB 1.24 on PostgreSQL 15). mongo-hadoop-core
 * 2.0.2 needs the 3.x driver, whose handshake sends {@code buildinfo} over OP_QUERY, which FerretDB refuses with
 * error 352: alone, {@code bin/census load} against it is one line naming that and the way out, exit 3, nothing
 * written. Through the OP_QUERY bridge ({@code SCIYCSB_STANDIN_BACKEND=ferretdb bin/servers start mongo-standin})
 * the load, the raw read and the filter job run on FerretDB, and the filter writes exactly the records the same job
 * writes on HDFS from the same input, counted again on FerretDB with the 5.x driver.
 */
class CensusOnFerretDbIT {
  static final int RECORDS = 3000;

  @TempDir
  Path tmp;

  @Test
  void mongoHadoopsDriverAloneIsRefusedInItsHandshake() throws Exception {
    Launcher.Result r = Launcher.census(tmp, "load", "-p", "census.records=10", "-p", "census.output="
        + TestServers.mongodb("census_probe.records"), "-p", "census.results=" + tmp.resolve("results"));
    assertThat(r.exit()).as(r.toString()).isEqualTo(3);
    assertThat(r.err().lines().filter(l -> l.startsWith("error:")).toList()).singleElement().satisfies(l ->
        assertThat(l).contains("error 352 (UnsupportedOpQueryCommand)").contains("buildinfo")
            .contains("SCIYCSB_STANDIN_BACKEND=ferretdb bin/servers start mongo-standin")
            .doesNotContain("sciycsb-test-pw"));
    assertThat(r.err()).doesNotContain("\tat ");
  }

  @Test
  void throughTheBridgeTheFilterOnFerretDbWritesWhatItWritesOnHdfs() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Map<String, String> env = Map.of("SCIYCSB_STANDIN_BACKEND", "ferretdb", "SCIYCSB_STANDIN_PORT", "" + port);
    String started = Launcher.servers(env, "start", "mongo-standin@bridge");
    try {
      assertThat(started).contains("FerretDB 1.24.0 on PostgreSQL 15 through the OP_QUERY bridge, NOT MongoDB");
      String bridge = Launcher.servers(env, "url", "mongo-standin@bridge").trim();
      assertThat(bridge).contains("127.0.0.1:" + port + "/");
      String db = "census_bridge_" + System.currentTimeMillis();
      String hdfs = Launcher.hdfsUrl() + "/census-bridge-" + System.currentTimeMillis();
      census("load", "census.records=" + RECORDS, "census.output=" + at(bridge, db + ".in"));
      census("load", "census.records=" + RECORDS, "census.files=2", "census.output=" + hdfs + "/in");
      assertThat(census("read", "census.input=" + at(bridge, db + ".in")).out()).contains("RecordsRead, " + RECORDS);
      String onHdfs = census("filter", "census.input=" + hdfs + "/in", "census.output=" + hdfs + "/out").out();
      Path results = tmp.resolve("filter-on-ferretdb");
      Launcher.Result onFerret = census("filter", "census.input=" + at(bridge, db + ".in"), "census.output="
          + at(bridge, db + ".out"), "census.results=" + results);
      long written = Long.parseLong(field(onHdfs, "RecordsWritten"));
      assertThat(written).isBetween(1L, RECORDS - 1L);
      assertThat(field(onFerret.out(), "RecordsRead")).isEqualTo("" + RECORDS);
      assertThat(field(onFerret.out(), "RecordsWritten")).isEqualTo("" + written);
      // FerretDB sorts in its own memory: one split instead of the paginating splitter's sorts, said in one line
      assertThat(onFerret.err()).contains("census: the input is on FerretDB 1.24.0, which sorts in its own memory");
      assertThat(java.nio.file.Files.readString(results.resolve("results.json")))
          .contains("\"mongoSplitter\" : \"com.mongodb.hadoop.splitter.SingleMongoSplitter\"");
      try (MongoClient direct = MongoClients.create(TestServers.mongodb())) {
        assertThat(direct.getDatabase(db).getCollection("in").countDocuments()).isEqualTo(RECORDS);
        assertThat(direct.getDatabase(db).getCollection("out").countDocuments()).isEqualTo(written);
        direct.getDatabase(db).drop();
      }
    } finally {
      Launcher.servers(env, "stop", "mongo-standin@bridge");
    }
  }

  /** The bridge's URL (the test server's credentials) with the database and collection put before its options. */
  static String at(String url, String namespace) {
    int q = url.indexOf('?');
    String base = q < 0 ? url : url.substring(0, q);
    base = base.substring(0, base.indexOf('/', "mongodb://".length()) + 1);
    return base + namespace + (q < 0 ? "" : url.substring(q));
  }

  /** bin/census COMMAND -p PROP ... (results in a folder of tmp unless a census.results is given): exit 0 or fail. */
  Launcher.Result census(String command, String... props) throws Exception {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(command));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    if (java.util.Arrays.stream(props).noneMatch(p -> p.startsWith("census.results="))) {
      args.addAll(java.util.List.of("-p", "census.results=" + tmp.resolve(command + System.nanoTime())));
    }
    Launcher.Result r = Launcher.census(tmp, args.toArray(new String[0]));
    assertThat(r.exit()).as(r.toString()).isZero();
    return r;
  }

  static String field(String out, String name) {
    return out.lines().filter(l -> l.contains("], " + name + ", ")).map(l -> l.substring(l.lastIndexOf(", ") + 2))
        .findFirst().orElseThrow(() -> new AssertionError(name + " not in:\n" + out));
  }
}
