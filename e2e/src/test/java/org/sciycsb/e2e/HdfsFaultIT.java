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

  @Test
  @Order(2)
  void theRunEndsEarlyAndCleanlyAtErrorsMax() throws Exception {
    endsEarlyAtErrorsMax(tmp, 20);
  }
}
