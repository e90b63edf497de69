package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.StoreLocation;
import org.sciycsb.api.StoreLocation.Endpoint;
import org.sciycsb.engine.servers.ServerControl;

/** Where the store's data is when storage.path does not say: from where the binding says its store is. */
class StoreDataLocatorTest {
  /** Test servers that answer urls() and dataDirs() from maps; nothing else is asked. */
  private record Servers(Map<String, String> urls, Map<String, List<Path>> dirs) implements ServerControl {
    @Override
    public Optional<List<String>> nodeFaultServers(String verb) {
      return Optional.empty();
    }

    @Override
    public int nodeCount(String server, String asker) {
      throw new AssertionError();
    }

    @Override
    public List<Long> pids(String server, String asker) {
      throw new AssertionError();
    }

    @Override
    public List<Path> dataDirs(String server, String asker) throws ConfigException {
      if (!dirs.containsKey(server)) {
        throw new ConfigException(asker + ": " + server + " has no data folder");
      }
      return dirs.get(server);
    }

    @Override
    public List<String> nodeCommand(String verb, String server, List<String> nodes) {
      throw new AssertionError();
    }
  }

  private static final Servers NONE = new Servers(Map.of(), Map.of());

  private static StoreDataLocator.Found locate(Servers servers, String... endpoints) throws Exception {
    return new StoreDataLocator(servers, Path.of("/proc")).locate(StoreLocation.at(
        StoreLocation.parseHosts(String.join(",", endpoints), 1, "test")));
  }

  @Test
  void aRemoteEndpointIsNotSampled() throws Exception {
    StoreDataLocator.Found f = locate(NONE, "198.51.100.7:5432", "203.0.113.9:5432");
    assertThat(f.dirs()).isEmpty();
    assertThat(f.how()).isNull();
    assertThat(f.unsampled()).isEqualTo("not sampled: remote (198.51.100.7:5432, 203.0.113.9:5432)");
  }

  @Test
  void unknownAndEmbedded() {
    StoreDataLocator l = new StoreDataLocator(NONE, Path.of("/proc"));
    assertThat(l.locate(StoreLocation.UNKNOWN).unsampled()).isEqualTo(
        "not sampled: no storage.path (a remote server, or one whose data folder was not named)");
    StoreDataLocator.Found f = l.locate(StoreLocation.embedded(Path.of("/w/h2")));
    assertThat(f.dirs()).containsExactly(Path.of("/w/h2"));
    assertThat(f.how()).isEqualTo("binding: embedded store's folder");
  }

  @Test
  void aLocalEndpointThatATestServerServesIsItsDataFolders() throws Exception {
    Map<String, String> urls = new LinkedHashMap<>();
    urls.put("mongodb", "mongodb://sciycsb:pw@127.0.0.1:27017/?authSource=admin");
    urls.put("postgres", "jdbc:postgresql://127.0.0.1:5433/ycsb?user=ycsb&password=ycsb");
    urls.put("cassandra", "127.0.0.1:9042");
    Servers servers = new Servers(urls, Map.of("postgres", List.of(Path.of("/w/pg/data")),
        "cassandra", List.of(Path.of("/w/c/node1"), Path.of("/w/c/node2"))));
    StoreDataLocator.Found f = locate(servers, "localhost:5433");
    assertThat(f.dirs()).containsExactly(Path.of("/w/pg/data"));
    assertThat(f.how()).isEqualTo("test server postgres");
    f = locate(servers, "127.0.0.1:9042", "127.0.0.2:9042", "198.51.100.7:9042");
    assertThat(f.how()).isEqualTo("test server cassandra");
    assertThat(f.dirs()).hasSize(2);
    assertThat(locate(servers, "127.0.0.1:27017").unsampled()).isEqualTo(
        "not sampled: storage.path: mongodb has no data folder");
  }

  @Test
  void aLocalProcessWhoseDataFolderIsUnknownIsSaid() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"))) {
      StoreDataLocator.Found f = locate(NONE, "127.0.0.1:" + s.getLocalPort());
      assertThat(f.dirs()).isEmpty();
      assertThat(f.unsampled()).isEqualTo("not sampled: local server " + ProcessHandle.current().pid()
          + " (java), its data folder unknown: set -p storage.path=DIR");
    }
  }

  @Test
  void aLocalPortNobodyListensOnIsSaid() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    assertThat(locate(NONE, "127.0.0.1:" + port).unsampled()).isEqualTo(
        "not sampled: no process of this host listens on 127.0.0.1:" + port);
  }

  @Test
  void hostsAndPortsInServerAddresses() {
    assertThat(StoreDataLocator.endpointsIn("mongodb://u:p@127.0.0.1:27017,h2:1/?x=1")).containsExactly(
        new Endpoint("127.0.0.1", 27017), new Endpoint("h2", 1));
    assertThat(StoreDataLocator.endpointsIn("jdbc:postgresql://[::1]:5433/ycsb")).containsExactly(
        new Endpoint("::1", 5433));
    assertThat(StoreDataLocator.endpointsIn("127.0.9.1:9042")).containsExactly(new Endpoint("127.0.9.1", 9042));
    assertThat(StoreDataLocator.endpointsIn("hdfs://127.0.0.1:9000")).containsExactly(
        new Endpoint("127.0.0.1", 9000));
  }
}
