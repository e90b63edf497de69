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
 * The MongoDB-wire server (FerretDB, its own instance {@code mongodb@fault}) killed with SIGKILL mid-run: the run
 * continues through a restart, or ends at {@code errors.max}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MongoDbFaultIT extends FaultScenario {
  @TempDir
  static Path tmp; // static: filled before @BeforeAll
  private final String table = "fault" + System.currentTimeMillis();

  @Override
  void startServer() throws Exception {
    FaultServers.start("mongodb");
  }

  @Override
  void killServer() throws Exception {
    FaultServers.servers("kill", "mongodb");
  }

  @Override
  void restartServer() throws Exception {
    FaultServers.servers("start", "mongodb");
  }

  @Override
  void stopServer() {
    FaultServers.stopQuietly("mongodb");
  }

  @Override
  List<String> binding() {
    // a short connect timeout: operations while the server is down fail after 2 s with SERVICE_UNAVAILABLE
    return List.of("mongodb", "-p", "mongodb.url=" + FaultServers.mongoUrl(), "-p", "table=" + table,
        "-p", "mongodb.connecttimeout=2s");
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
