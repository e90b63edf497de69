package org.sciycsb.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dedicated server instances the fault tests kill and restart ({@code bin/servers <name>@fault}): their own
 * data, state and ports, so that killing them never disturbs the servers other tests use. Ports follow the
 * environment (defaults derived from each server's usual variable, as {@code bin/test} documents):
 * <ul>
 *   <li>FerretDB: {@code SCIYCSB_FAULT_MONGODB_PORT}, default {@code SCIYCSB_MONGODB_PORT} (27017) + 2; its
 *       PostgreSQL (DocumentDB) {@code SCIYCSB_FAULT_MONGODB_PGPORT}, default {@code SCIYCSB_MONGODB_PGPORT}
 *       (5434) + 2; the client logs in as the server script's role ({@code SCIYCSB_MONGODB_USER} /
 *       {@code SCIYCSB_MONGODB_PASSWORD}, default sciycsb / sciycsb-test-pw);</li>
 *   <li>HDFS: {@code SCIYCSB_FAULT_HDFS_PORT} (NameNode RPC; HTTP, DataNode data, HTTP and IPC are the next four),
 *       default {@code SCIYCSB_HDFS_PORT} (9000) + 10;</li>
 *   <li>Cassandra: one node on {@code SCIYCSB_CASSANDRA_NET}.(1 + {@code SCIYCSB_FAULT_CASSANDRA_OFFSET}, default 10),
 *       JMX port {@code SCIYCSB_CASSANDRA_JMX_BASE} (7199) + the offset.</li>
 * </ul>
 * The servers' work folder is {@code SCIYCSB_WORK} (bin/test's), so the binaries and jars cached there serve.
 */
final class FaultServers {
  static final String INSTANCE = "fault";

  private FaultServers() {}

  static int mongoPort() {
    return Integer.parseInt(Launcher.env("SCIYCSB_FAULT_MONGODB_PORT",
        Integer.toString(Integer.parseInt(Launcher.env("SCIYCSB_MONGODB_PORT", "27017")) + 2)));
  }

  static int mongoPgPort() {
    return Integer.parseInt(Launcher.env("SCIYCSB_FAULT_MONGODB_PGPORT",
        Integer.toString(Integer.parseInt(Launcher.env("SCIYCSB_MONGODB_PGPORT", "5434")) + 2)));
  }

  static String mongoUrl() {
    String enc = java.net.URLEncoder.encode(Launcher.env("SCIYCSB_MONGODB_USER", "sciycsb"), StandardCharsets.UTF_8)
        + ":" + java.net.URLEncoder.encode(Launcher.env("SCIYCSB_MONGODB_PASSWORD", "sciycsb-test-pw"), StandardCharsets.UTF_8);
    return "mongodb://" + enc + "@127.0.0.1:" + mongoPort() + "/ycsb?authSource=admin&authMechanism=SCRAM-SHA-256";
  }

  static int hdfsPort() {
    return Integer.parseInt(Launcher.env("SCIYCSB_FAULT_HDFS_PORT",
        Integer.toString(Integer.parseInt(Launcher.env("SCIYCSB_HDFS_PORT", "9000")) + 10)));
  }

  static String hdfsUrl() {
    return "hdfs://127.0.0.1:" + hdfsPort();
  }

  static int cassandraOffset() {
    return Integer.parseInt(Launcher.env("SCIYCSB_FAULT_CASSANDRA_OFFSET", "10"));
  }

  static String cassandraHost() {
    return Launcher.env("SCIYCSB_CASSANDRA_NET", "127.0.0") + "." + (1 + cassandraOffset());
  }

  /** The environment of {@code bin/servers <server>@fault}: the instance's ports in the script's variables. */
  static Map<String, String> env(String server) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("SCIYCSB_WORK", Launcher.serversWork());
    switch (server) {
      case "mongodb" -> {
        e.put("SCIYCSB_MONGODB_PORT", Integer.toString(mongoPort()));
        e.put("SCIYCSB_MONGODB_PGPORT", Integer.toString(mongoPgPort()));
      }
      case "hdfs" -> {
        int p = hdfsPort();
        e.put("SCIYCSB_HDFS_PORT", Integer.toString(p));
        e.put("SCIYCSB_HDFS_HTTP_PORT", Integer.toString(p + 1));
        e.put("SCIYCSB_HDFS_DN_PORT", Integer.toString(p + 2));
        e.put("SCIYCSB_HDFS_DN_HTTP_PORT", Integer.toString(p + 3));
        e.put("SCIYCSB_HDFS_DN_IPC_PORT", Integer.toString(p + 4));
      }
      case "cassandra" -> {
        e.put("SCIYCSB_CASSANDRA_NODE_OFFSET", Integer.toString(cassandraOffset()));
        e.put("CASSANDRA_HEAP_MAX", "512M");
        e.put("CASSANDRA_HEAP_MIN", "256M");
      }
      default -> throw new IllegalArgumentException(server);
    }
    return e;
  }

  /** {@code bin/servers <action> <server>@fault [args]}; fails the test when the script fails. */
  static String servers(String action, String server, String... args) throws IOException, InterruptedException {
    List<String> a = new ArrayList<>(List.of(action, server + "@" + INSTANCE));
    a.addAll(List.of(args));
    return Launcher.servers(env(server), a.toArray(String[]::new));
  }

  /** Sets up and starts the instance (setup is idempotent and uses the shared cache). */
  static void start(String server, String... args) throws IOException, InterruptedException {
    servers("setup", server);
    servers("start", server, args);
  }

  static void stopQuietly(String server) {
    try {
      servers("stop", server);
    } catch (Exception | AssertionError e) {
      System.err.println("could not stop " + server + "@" + INSTANCE + ": " + e.getMessage());
    }
  }
}
