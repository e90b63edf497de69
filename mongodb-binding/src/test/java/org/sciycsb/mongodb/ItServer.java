package org.sciycsb.mongodb;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.testkit.TestServers;

/**
 * Where the integration tests find the server: {@code bin/servers start mongodb} (FerretDB 1.24 on PostgreSQL 15), or
 * the one {@code bin/test --server mongodb=URL} names ({@code SCIYCSB_MONGODB_URL}).
 */
final class ItServer {
  private ItServer() {}

  /** The server address, without a database: system property or env var, default as the server script. */
  static String url() {
    return TestServers.mongodb();
  }

  /** Properties reaching the test database, plus the given ones. */
  static Map<String, String> props(String... kv) {
    Map<String, String> m = new HashMap<>();
    m.put("mongodb.url", TestServers.mongodb("sciycsb_it"));
    m.put("mongodb.connecttimeout", "5s");
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  static RunContext context(Map<String, String> props, Phase phase, int threads) throws Exception {
    Path dir = Files.createTempDirectory("mongodb-it");
    return new RunContext(new Config(props), phase, threads, dir, dir, new PrintStream(System.err, true));
  }
}
