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
 * A single Cassandra node (its own instance {@code cassandra@fault}, on its own loopback address) killed with
 * SIGKILL mid-run and started again (about 20 s): the driver reconnects (cassandra.reconnect.maxdelay) and the run
 * continues; with {@code errors.max} it ends early. The 3-node QUORUM/ALL fault test is cluster-test.sh.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraFaultIT extends FaultScenario {
  @TempDir
  static Path tmp; // static: filled before @BeforeAll
  private final String table = "fault" + System.currentTimeMillis();

  @Override
  void startServer() throws Exception {
    FaultServers.start("cassandra");
  }

  @Override
  void killServer() throws Exception {
    FaultServers.servers("stop-node", "cassandra", "1");
  }

  @Override
  void restartServer() throws Exception {
    FaultServers.servers("start-node", "cassandra", "1");
  }

  @Override
  void stopServer() {
    FaultServers.stopQuietly("cassandra");
  }

  @Override
  List<String> binding() {
    return List.of("cassandra", "-p", "cassandra.hosts=" + FaultServers.cassandraHost(), "-p", "table=" + table,
        "-p", "cassandra.requesttimeout=3s");
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
    // the restart takes about 20 s here (longer on a loaded machine): a run long enough to see it recover
    continuesThroughAKillAndRestart(tmp, 75, Duration.ofSeconds(2));
  }

  @Test
  @Order(2)
  void theRunEndsEarlyAndCleanlyAtErrorsMax() throws Exception {
    endsEarlyAtErrorsMax(tmp, 20);
  }
}
