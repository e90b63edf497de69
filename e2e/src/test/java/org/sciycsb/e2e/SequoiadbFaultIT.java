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
 * The SequoiaDB node (its own instance {@code sequoiadb@fault}) killed with SIGKILL mid-run: failed operations are
 * counted while it is down, the run continues through a restart and writes its results; or it ends at
 * {@code errors.max} when the node stays down.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SequoiadbFaultIT extends FaultScenario {
  @TempDir
  static Path tmp; // static: filled before @BeforeAll
  private final String table = "fault" + System.currentTimeMillis();

  @Override
  void startServer() throws Exception {
    FaultServers.start("sequoiadb");
  }

  @Override
  void killServer() throws Exception {
    FaultServers.servers("kill", "sequoiadb");
  }

  @Override
  void restartServer() throws Exception {
    FaultServers.servers("start", "sequoiadb");
  }

  @Override
  void stopServer() {
    FaultServers.stopQuietly("sequoiadb");
  }

  @Override
  List<String> binding() {
    // a short connect timeout: operations while the node is down fail after at most 2 s with SERVICE_UNAVAILABLE
    return List.of("sequoiadb", "-p", "sequoiadb.hosts=127.0.0.1:" + FaultServers.sequoiadbPort(),
        "-p", "table=" + table, "-p", "sequoiadb.connecttimeout=2s");
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
    continuesThroughAKillAndRestart(tmp, 30, Duration.ofSeconds(6));
  }

  @Test
  @Order(2)
  void theRunEndsEarlyAndCleanlyAtErrorsMax() throws Exception {
    endsEarlyAtErrorsMax(tmp, 6);
  }
}
