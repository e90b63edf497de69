package org.sciycsb.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * HDFS (its own NameNode and DataNode, {@code hdfs@fault}, on their own ports) killed with SIGKILL mid-run, both
 * daemons, then started again: reads fail while it is down (SERVICE_UNAVAILABLE) and succeed again after; with
 * {@code errors.max} the run ends early. Reads only: the binding's files are append-only (workload C).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HdfsFaultIT extends FaultScenario {
  @TempDir
  static Path tmp; // static: filled before @BeforeAll
  private final String base = "/fault" + System.currentTimeMillis();

  @Override
  void startServer() throws Exception {
    FaultServers.start("hdfs");
  }

  @Override
  void killServer() throws Exception {
    FaultServers.servers("kill", "hdfs", "namenode", "datanode");
  }

  @Override
  void restartServer() throws Exception {
    FaultServers.servers("start", "hdfs");
  }

  @Override
  void stopServer() {
    FaultServers.stopQuietly("hdfs");
  }

  @Override
  List<String> binding() {
    return List.of("hdfs", "-p", "hdfs.url=" + FaultServers.hdfsUrl(), "-p", "hdfs.basepath=" + base);
  }

  @Override
  String workload() {
    return "workloads/workloadc";
  }

  @Override
  List<String> operations() {
    return List.of("READ");
  }

  @BeforeAll
  void setUp() throws Exception {
    startServer();
    load(tmp);
  }

  @AfterAll
  void tearDown() {
    stopServer();
  }

  @Test
  @Order(1)
  void theRunContinuesThroughAKillAndRestart() throws Exception {
    continuesThroughAKillAndRestart(tmp, 60, Duration.ofSeconds(8));
  }

  /**
   * The DataNode crashes during a load and comes back: the load goes on into new files, but what the broken files
   * held is not readable in the store, and the post-load count check says so (exit 4, results written).
   */
  @Test
  @Order(2)
  void aDataNodeCrashDuringALoadIsCaughtByTheCountCheck() throws Exception {
    java.nio.file.Path dir = tmp.resolve("lossy-load");
    Launcher.Running load = Launcher.start(tmp, "lossy-load", java.util.Map.of(), "ycsb", "load", "hdfs",
        "-p", "hdfs.url=" + FaultServers.hdfsUrl(), "-p", "hdfs.basepath=" + base + "-lossy", "-P",
        "workloads/workloada", "-p", "recordcount=60000", "-target", "3000", "-threads", "2",
        "-s", "-p", "status.interval=1", "-p", "results.dir=" + dir);
    awaitMeasuring(load, Duration.ofSeconds(90));
    Thread.sleep(2000);
    FaultServers.servers("kill", "hdfs", "datanode");
    Thread.sleep(2000);
    restartServer();
    Launcher.Result r = load.await(Duration.ofMinutes(4));
    org.assertj.core.api.Assertions.assertThat(r.exit()).as(r.toString()).isEqualTo(4);
    org.assertj.core.api.Assertions.assertThat(r.errorLines()).hasSize(1);
    org.assertj.core.api.Assertions.assertThat(r.errorLines().get(0))
        .matches("error: count check failed: \\d+ inserts succeeded but the store holds \\d+ records");
    org.assertj.core.api.Assertions.assertThat(r.err()).contains("hdfs: warning: writing").doesNotContain("\tat ");
    com.fasterxml.jackson.databind.JsonNode j = Launcher.json(dir.resolve("results.json"));
    org.assertj.core.api.Assertions.assertThat(j.path("summary").path("outcome").asText()).isEqualTo("failed");
    org.assertj.core.api.Assertions.assertThat(j.path("extra").path("countCheck").asText())
        .startsWith("count check failed");
  }

  @Test
  @Order(3)
  void theRunEndsEarlyAndCleanlyAtErrorsMax() throws Exception {
    endsEarlyAtErrorsMax(tmp, 20);
  }
}
