package org.sciycsb.sequoiadb;

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
 * Where the integration tests find the node: one the user brings ({@code bin/test --server sequoiadb=HOST:PORT};
 * no package registry ships SequoiaDB; last run on SequoiaDB 6.0, standalone): {@link TestServers#sequoiadbHosts()}.
 */
final class ItServer {
  private ItServer() {}

  /** Properties reaching the test collection space, plus the given ones. */
  static Map<String, String> props(String... kv) {
    return props(TestServers.sequoiadbHosts(), kv);
  }

  /** Properties reaching the test collection space on a {@link SequoiadbStandIn}, plus the given ones. */
  static Map<String, String> props(SequoiadbStandInExtension standIn, String... kv) {
    return props(standIn.hosts(), kv);
  }

  private static Map<String, String> props(String hosts, String... kv) {
    Map<String, String> m = new HashMap<>();
    m.put("sequoiadb.hosts", hosts);
    m.put("sequoiadb.collectionspace", "sciycsb_it");
    m.put("sequoiadb.connecttimeout", "5s");
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  /** Client thread {@code thread}'s DB of a run, initialised. */
  static site.ycsb.DB db(SequoiadbRun run, int thread) throws Exception {
    site.ycsb.DB db = run.newDb(thread);
    db.init();
    return db;
  }

  static RunContext context(Map<String, String> props, Phase phase, int threads) throws Exception {
    Path dir = Files.createTempDirectory("sequoiadb-it");
    return new RunContext(new Config(props), phase, threads, dir, dir, new PrintStream(System.err, true));
  }
}
