package org.sciycsb.jdbc;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.testkit.TestServers;

/** Where the integration tests find their stores, with the server script's defaults. */
final class TestStores {
  private TestStores() {}

  /** {@code -Dsciycsb.postgres.url}, else {@code SCIYCSB_POSTGRES_URL}, else 127.0.0.1:$PGPORT_SCIYCSB (5433). */
  static String postgresUrl() {
    return TestServers.postgres();
  }

  static Map<String, String> postgres() {
    Map<String, String> m = new HashMap<>();
    m.put("db.url", postgresUrl());
    m.put("db.user", System.getProperty("sciycsb.postgres.user", "ycsb"));
    m.put("db.passwd", System.getProperty("sciycsb.postgres.password", "ycsb"));
    return m;
  }

  /** The PostgreSQL test database with inserts batched ({@code db.batchsize=100}). */
  static Map<String, String> postgresBatched() {
    Map<String, String> m = postgres();
    m.put("db.batchsize", "100");
    return m;
  }

  static String freshTable() {
    return "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  static JdbcRun open(Map<String, String> props, Phase phase, Path work) throws BenchmarkException {
    return JdbcRun.open(new RunContext(new Config(props), phase, 1, work, work, new PrintStream(System.err, true)));
  }

  static Path tempWork() throws IOException {
    return Files.createTempDirectory("jdbc-it");
  }
}
