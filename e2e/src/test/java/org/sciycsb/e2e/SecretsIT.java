package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Passwords in URLs and in properties never appear in stdout, stderr (drivers' log lines included), any results
 * file (JSON, text, CSV, XML, the interval log) or any file under the work folder (the launcher's build log), with
 * right and wrong credentials, on real servers: PostgreSQL with authentication (user ycsb_secret, created by the
 * test server's script), FerretDB (which refuses unknown users), Cassandra.
 */
class SecretsIT {
  @TempDir
  Path tmp;

  static final String PG_PW = "Pg-s3cret-Wd9"; // bin/servers start postgres creates ycsb_secret with it
  static final String PG_URL = Launcher.postgresUrl().replaceAll("\\?.*$", "");
  static final String MONGO_HOST = Launcher.mongoUrl().replaceAll("^mongodb://([^/]*@)?([^/?]*).*$", "$2");
  static final String MONGO_PW = "Mongo-s3cret-Qz4"; // bin/servers start mongodb creates sciycsb_secret with it
  static final String CASSANDRA_HOSTS = Launcher.cassandraHost();

  /** The secret appears nowhere: stdout, stderr, every file the run wrote, every file under the work folder. */
  private void nowhere(Launcher.Result r, String secret) throws IOException {
    assertThat(r.out()).as("stdout").doesNotContain(secret);
    assertThat(r.err()).as("stderr").doesNotContain(secret);
    try (Stream<Path> all = Files.walk(tmp)) {
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        if (f.getFileName().toString().endsWith(".out") || f.getFileName().toString().endsWith(".err")
            || f.startsWith(tmp.resolve("input"))) {
          continue; // the captured streams are checked above; the test's own input files hold the secret
        }
        assertThat(Files.readString(f, StandardCharsets.ISO_8859_1)).as(f.toString()).doesNotContain(secret);
      }
    }
  }

  @Test
  void postgresqlPasswordAsAPropertyAndInAPropertyFile() throws Exception {
    Path props = Files.createDirectories(tmp.resolve("input")).resolve("pg.properties");
    Files.writeString(props, "db.url=" + PG_URL + "\ndb.user=ycsb_secret\ndb.passwd=" + PG_PW + "\n");
    Launcher.Result load = Launcher.ycsb(tmp, "load", "jdbc", "-P", "workloads/workloada", "-P", props.toString(),
        "-p", "recordcount=200", "-p", "table=secrets_it", "-p", "jdbc.droptable=true",
        "-p", "results.dir=" + tmp.resolve("pg-load"));
    assertThat(load.exit()).as(load.toString()).isZero();
    Launcher.Result run = Launcher.ycsb(tmp, "run", "jdbc", "-P", "workloads/workloada", "-p", "db.url=" + PG_URL,
        "-p", "db.user=ycsb_secret", "-p", "db.passwd=" + PG_PW, "-p", "recordcount=200", "-p", "operationcount=300",
        "-p", "table=secrets_it", "-p", "results.dir=" + tmp.resolve("pg-run"), "-p", "sla.READ.p99=10s");
    assertThat(run.exit()).as(run.toString()).isZero();
    assertThat(tmp.resolve("pg-run/junit.xml")).exists();
    nowhere(load, PG_PW);
    nowhere(run, PG_PW);
    String json = Files.readString(tmp.resolve("pg-run/results.json"));
    assertThat(json).contains("\"db.passwd\" : \"*****\"").contains("PostgreSQL");
  }

  @Test
  void postgresqlPasswordInsideTheUrl() throws Exception {
    Launcher.Result r = Launcher.ycsb(tmp, "load", "jdbc", "-P", "workloads/workloada",
        "-p", "db.url=" + PG_URL + "?user=ycsb_secret&password=" + PG_PW, "-p", "recordcount=100",
        "-p", "table=secrets_url_it", "-p", "jdbc.droptable=true", "-p", "results.dir=" + tmp.resolve("pg-url"));
    assertThat(r.exit()).as(r.toString()).isZero();
    nowhere(r, PG_PW);
    assertThat(Files.readString(tmp.resolve("pg-url/results.json"))).contains("password=*****");
  }

  @Test
  void wrongCredentialsAreNamedWithoutEchoingThePassword() throws Exception {
    String wrong = "Wr0ng-" + PG_PW;
    for (List<String> debug : List.of(List.<String>of(), List.of("--debug"))) {
      List<String> args = new java.util.ArrayList<>(List.of("run", "jdbc", "-p", "db.url=" + PG_URL, "-p",
          "db.user=ycsb_secret", "-p", "db.passwd=" + wrong, "-p", "results.dir=" + tmp.resolve("pg-wrong")));
      args.addAll(debug);
      Launcher.Result r = Launcher.ycsb(tmp, args.toArray(String[]::new));
      assertThat(r.exit()).as(r.toString()).isEqualTo(3);
      assertThat(r.errorLines()).hasSize(1);
      assertThat(r.errorLines().get(0)).contains("refused the credentials of user ycsb_secret");
      nowhere(r, wrong);
      nowhere(r, "r0ng-Pg"); // no piece of it either
    }
  }

  @Test
  void mongodbWrongCredentialsAreNamedWithoutEchoingThePassword() throws Exception {
    String mongoPw = "M0ngo-Secret-Pw";
    Launcher.Result m = Launcher.ycsb(tmp, "run", "mongodb", "-p",
        "mongodb.url=mongodb://admin:" + mongoPw + "@" + MONGO_HOST + "/ycsb", "-p", "mongodb.connecttimeout=3s",
        "-p", "results.dir=" + tmp.resolve("mongo-wrong"), "--debug");
    assertThat(m.exit()).as(m.toString()).isEqualTo(3);
    assertThat(m.errorLines().get(0)).contains("refused the credentials").contains("admin:*****@");
    nowhere(m, mongoPw);
    String censusPw = "Census-Url-Pw";
    Launcher.Result c = Launcher.census(tmp, "native-read", "-p",
        "census.input=mongodb://reader:" + censusPw + "@127.0.0.1:1/census.in", "--debug");
    assertThat(c.exit()).as(c.toString()).isEqualTo(3);
    nowhere(c, censusPw);
  }

  @Test
  void mongodbPasswordInsideTheUrl() throws Exception {
    // bin/servers start mongodb creates the user sciycsb_secret with this password (FerretDB authenticates)
    String url = "mongodb://sciycsb_secret:" + MONGO_PW + "@" + MONGO_HOST
        + "/ycsb?authSource=admin&authMechanism=SCRAM-SHA-256";
    Launcher.Result load = Launcher.ycsb(tmp, "load", "mongodb", "-P", "workloads/workloada", "-p", "mongodb.url=" + url,
        "-p", "recordcount=100", "-p", "table=secrets_it_" + System.currentTimeMillis(),
        "-p", "results.dir=" + tmp.resolve("mongo-load"), "--debug");
    assertThat(load.exit()).as(load.toString()).isZero();
    nowhere(load, MONGO_PW);
    assertThat(Files.readString(tmp.resolve("mongo-load/results.json"))).contains("sciycsb_secret:*****@");
  }

  @Test
  void cassandraPasswordAndDriverLogLines() throws Exception {
    // the test node does not authenticate: the driver warns about the unused credentials on stderr
    String pw = "Cass-S3cret-Pw";
    Launcher.Result r = Launcher.ycsb(tmp, "load", "cassandra", "-P", "workloads/workloada", "-p",
        "cassandra.hosts=" + CASSANDRA_HOSTS, "-p", "cassandra.username=ycsb", "-p", "cassandra.password=" + pw,
        "-p", "recordcount=50", "-p", "table=secrets_it", "-p", "results.dir=" + tmp.resolve("cass"));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).contains("did not send an authentication challenge");
    nowhere(r, pw);
    assertThat(Files.readString(tmp.resolve("cass/results.json"))).contains("\"cassandra.password\" : \"*****\"");
  }
}
