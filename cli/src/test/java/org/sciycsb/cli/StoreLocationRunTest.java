package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run without storage.path finds the store's data device from where its binding says the store is
 * (metadata.storage.sampling and found): the test-stall binding says it through stall.endpoint, never contacted.
 */
class StoreLocationRunTest {
  @TempDir
  Path tmp;

  private JsonNode storage(String name, String... more) throws Exception {
    String[] base = {"run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=50",
        "-p", "results.dir=" + tmp.resolve(name), "-p", "resources.interval=200ms"};
    String[] argv = new String[base.length + more.length];
    System.arraycopy(base, 0, argv, 0, base.length);
    System.arraycopy(more, 0, argv, base.length, more.length);
    Cli c = Cli.run(argv);
    assertThat(c.exit).as(c.toString()).isZero();
    return Cli.results(tmp.resolve(name)).path("metadata").path("storage");
  }

  @Test
  void aRemoteStoreIsNotSampled() throws Exception {
    JsonNode s = storage("remote", "-p", "stall.endpoint=198.51.100.7:5432,203.0.113.9");
    assertThat(s.path("sampling").asText()).isEqualTo("not sampled: remote (198.51.100.7:5432, 203.0.113.9:1)");
    assertThat(s.has("found")).isFalse();
    assertThat(s.path("path").asText()).as("the results directory, as before").isEqualTo(
        tmp.resolve("remote").toString());
  }

  @Test
  void aLocalServerWhoseDataFolderIsUnknownIsNamed() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"))) {
      JsonNode s = storage("local", "-p", "stall.endpoint=localhost:" + server.getLocalPort());
      assertThat(s.path("sampling").asText()).isEqualTo("not sampled: local server " + ProcessHandle.current().pid()
          + " (java), its data folder unknown: set -p storage.path=DIR");
    }
  }

  @Test
  void storagePathStillWinsAndIsSaid() throws Exception {
    JsonNode s = storage("named", "-p", "stall.endpoint=198.51.100.7:5432", "-p", "storage.path=" + tmp);
    assertThat(s.path("found").asText()).isEqualTo("storage.path");
    assertThat(s.path("sampling").asText()).startsWith("sampled: ");
    assertThat(s.path("path").asText()).isEqualTo(tmp.toString());
  }

  @Test
  void aBindingThatCannotTellIsAsBefore() throws Exception {
    JsonNode s = storage("unknown");
    assertThat(s.path("sampling").asText()).isEqualTo(
        "not sampled: no storage.path (a remote server, or one whose data folder was not named)");
  }
}
