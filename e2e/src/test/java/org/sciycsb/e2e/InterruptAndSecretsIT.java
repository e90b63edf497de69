package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Signals and secrets, through the real launcher. */
class InterruptAndSecretsIT {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path tmp;

  private Process start(String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(HOME.resolve("bin/ycsb").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    pb.redirectOutput(tmp.resolve("out.txt").toFile());
    pb.redirectError(tmp.resolve("err.txt").toFile());
    return pb.start();
  }

  private static void signal(Process p, String sig) throws Exception {
    // bin/ycsb execs java, so the launcher's pid is the JVM's
    new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).inheritIO().start().waitFor();
  }

  private void interruptedRunIsWrittenAndMarkedPartial(String sig, int expectedExit) throws Exception {
    Path dir = tmp.resolve("run-" + sig);
    Process p = start("run", "basic", "-P", "workloads/workloada", "-p", "operationcount=0",
        "-p", "maxexecutiontime=600", "-threads", "2", "-p", "results.dir=" + dir);
    // wait until the run is measuring (the interval log has data), then interrupt it
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline && !(Files.exists(dir.resolve("latency.hlog"))
        && Files.size(dir.resolve("latency.hlog")) > 2000)) {
      Thread.sleep(200);
    }
    assertThat(p.isAlive()).as(Files.readString(tmp.resolve("err.txt"))).isTrue();
    signal(p, sig);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(expectedExit);
    JsonNode j = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("partial");
    assertThat(j.path("metadata").path("failure").asText()).contains("interrupted");
    assertThat(j.path("summary").path("operations").asLong()).isPositive();
    assertThat(j.path("operations").get(0).path("name").asText()).isEqualTo("OVERALL");
    assertThat(j.path("operations").get(0).path("operations").asLong())
        .isEqualTo(j.path("summary").path("operations").asLong());
    assertThat(Files.readString(tmp.resolve("out.txt"))).contains("[OVERALL], RunTime(ms)");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  void sigintWritesPartialResults() throws Exception {
    interruptedRunIsWrittenAndMarkedPartial("INT", 130);
  }

  @Test
  void sigtermWritesPartialResults() throws Exception {
    interruptedRunIsWrittenAndMarkedPartial("TERM", 143);
  }

  /**
   * SIGTERM during a load that batches its inserts (JDBC batches of 100 on H2): the threads flush their buffered
   * batch before the results are written, so every insert the results count as done is in the store, and no
   * flushed batch goes uncounted.
   */
  @Test
  void aLoadInterruptedMidBatchLosesNothingItCounted() throws Exception {
    Path dir = tmp.resolve("load-term");
    Path db = tmp.resolve("h2/batched");
    Process p = start("load", "jdbc", "-P", "workloads/workloada", "-p", "recordcount=1000000", "-threads", "2",
        "-target", "3000", "-p", "db.url=jdbc:h2:file:" + db, "-p", "db.batchsize=100", "-p", "jdbc.droptable=true",
        "-s", "-p", "status.interval=1", "-p", "results.dir=" + dir);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline && !Files.readString(tmp.resolve("err.txt")).matches(
        "(?s).* sec: [1-9][0-9]{3,} operations.*")) {
      Thread.sleep(200);
    }
    assertThat(p.isAlive()).as(Files.readString(tmp.resolve("err.txt"))).isTrue();
    signal(p, "TERM");
    assertThat(p.waitFor(90, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(143);
    JsonNode j = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("partial");
    long counted = -1;
    for (JsonNode o : j.path("operations")) {
      if (o.path("name").asText().equals("INSERT")) {
        counted = o.path("operations").asLong();
        assertThat(o.path("errors").asLong()).isZero();
      }
    }
    assertThat(counted).as("inserts measured before the signal").isGreaterThan(1000).isLessThan(1000000);
    long rows;
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:h2:file:" + db, "sa", "");
        java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM usertable")) {
      rs.next();
      rows = rs.getLong(1);
    }
    assertThat(rows).as("rows in the store = inserts the results count (the last partial batches flushed)")
        .isEqualTo(counted);
  }

  @Test
  void passwordsNeverAppearInOutputsOrResults() throws Exception {
    Path dir = tmp.resolve("secret");
    String secret = "Sup3rSecretPw";
    Process p = start("load", "jdbc", "-P", "workloads/workloada", "-p", "recordcount=100",
        "-p", "db.url=jdbc:h2:file:" + tmp.resolve("h2/db") + ";PASSWORD_HASH=FALSE",
        "-p", "db.user=sa", "-p", "db.passwd=" + secret,
        "-p", "some.url=mongodb://admin:" + secret + "@127.0.0.1:27017/x",
        "-p", "results.dir=" + dir);
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
    String out = Files.readString(tmp.resolve("out.txt"), StandardCharsets.UTF_8);
    String err = Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8);
    assertThat(out + err).doesNotContain(secret);
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(f, StandardCharsets.ISO_8859_1)).as(f.toString()).doesNotContain(secret);
      }
    }
    String json = Files.readString(dir.resolve("results.json"));
    assertThat(json).contains("\"db.passwd\" : \"*****\"").contains("admin:*****@127.0.0.1");
  }
}
