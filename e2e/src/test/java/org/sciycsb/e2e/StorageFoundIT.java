package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run against the PostgreSQL test server without storage.path samples the device under its data (issue 35): found
 * as the test server serving db.url's port ({@code bin/servers url postgres}, {@code datadir}), or, when no test
 * server's address names that port (bin/ycsb told another PGPORT_SCIYCSB), as the postmaster listening on it, whose
 * data folder is its {@code -D}. Needs the postgres test server running (bin/test starts it); fails when it is not.
 */
class StorageFoundIT {
  @TempDir
  Path tmp;

  /** A load of 300 records into a table of the test's own (dropped again), without storage.path: its storage. */
  private JsonNode run(String name, Map<String, String> env) throws Exception {
    Path results = tmp.resolve(name);
    String table = "storagefound_" + ProcessHandle.current().pid() + "_" + name;
    try {
      Launcher.Result r = Launcher.ycsb(tmp, env, "load", "jdbc", "-P", "workloads/workloada", "-p",
          "db.url=" + Launcher.postgresUrl(), "-p", "db.user=ycsb", "-p", "db.passwd=ycsb", "-p", "table=" + table,
          "-p", "recordcount=300", "-p", "resources.interval=200ms", "-p", "results.dir=" + results);
      assertThat(r.exit()).as(r.toString()).isZero();
    } finally {
      try (java.sql.Connection c = java.sql.DriverManager.getConnection(Launcher.postgresUrl(), "ycsb", "ycsb");
          java.sql.Statement st = c.createStatement()) {
        st.execute("DROP TABLE IF EXISTS " + table);
      }
    }
    return Launcher.json(results.resolve("results.json")).path("metadata").path("storage");
  }

  private static Map<String, String> serversEnv() {
    return Map.of("SCIYCSB_WORK", Launcher.serversWork());
  }

  @Test
  void theTestServerServingThePortIsItsDataDevice() throws Exception {
    List<String> dirs = Launcher.servers(serversEnv(), "datadir", "postgres").lines().filter(l -> l.startsWith("/"))
        .toList();
    assertThat(dirs).as("bin/servers datadir postgres").isNotEmpty();
    JsonNode s = run("server", serversEnv());
    assertThat(s.path("found").asText()).isEqualTo("test server postgres");
    assertThat(s.path("sampling").asText()).startsWith("sampled: ");
    assertThat(s.path("path").asText()).isEqualTo(dirs.get(0));
  }

  @Test
  void elseTheProcessListeningOnThePort() throws Exception {
    String pid = Launcher.servers(serversEnv(), "pids", "postgres").lines().filter(l -> l.matches("\\d+"))
        .findFirst().orElseThrow();
    List<String> dirs = Launcher.servers(serversEnv(), "datadir", "postgres").lines().filter(l -> l.startsWith("/"))
        .toList();
    // bin/servers url postgres names another port in this run: no test server serves db.url's
    JsonNode s = run("listening", Map.of("SCIYCSB_WORK", Launcher.serversWork(), "PGPORT_SCIYCSB", "1"));
    assertThat(s.path("found").asText()).isEqualTo("listening process " + pid);
    assertThat(s.path("sampling").asText()).startsWith("sampled: ");
    assertThat(Path.of(s.path("path").asText()).toRealPath()).isEqualTo(Path.of(dirs.get(0)).toRealPath());
  }
}
