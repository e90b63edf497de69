package org.sciycsb.riak;

import com.basho.riak.client.api.RiakClient;
import com.basho.riak.client.core.NoNodesAvailableException;
import com.basho.riak.client.core.RiakCluster;
import com.basho.riak.client.core.RiakFuture;
import com.basho.riak.client.core.RiakNode;
import com.basho.riak.client.core.operations.PingOperation;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Option;
import org.sciycsb.api.StoreInfo;

/**
 * Opening a run on a Riak cluster: the client's network layer, a ping, the bucket check, the 2i probe and the
 * server's description; every failure is one clear line, and nothing lingers when opening fails.
 */
final class RiakConnect {
  private RiakConnect() {}

  /** Starts the cluster client and checks that a node answers a ping; a failure is one clear line. */
  static RiakRun open(RiakSettings s, String table, PrintStream log, FailureLog failures) throws BenchmarkException {
    for (RiakSettings.HostPort hp : s.nodes().hosts()) {
      try {
        InetAddress.getByName(hp.host());
      } catch (UnknownHostException e) {
        throw new BindingException("riak: unknown host '" + hp.host() + "' in riak.hosts");
      }
    }
    RiakCluster cluster;
    try {
      List<RiakNode> nodes = new ArrayList<>();
      for (RiakSettings.HostPort hp : s.nodes().hosts()) {
        nodes.add(new RiakNode.Builder()
            .withRemoteAddress(hp.host())
            .withRemotePort(hp.port())
            .withMinConnections(s.pool().minConnections())
            .withMaxConnections(s.pool().maxConnections())
            .withBlockOnMaxConnections(s.pool().maxConnections() > 0)
            .withConnectionTimeout((int) s.pool().connectTimeout().toMillis())
            .build());
      }
      // one attempt per request inside the client: riak.retries is the only, visible, retry layer (the client's
      // default of 3 silently re-sends failed requests, tripling the latency of timeouts)
      cluster = new RiakCluster.Builder(nodes).withExecutionAttempts(1).build();
      cluster.start();
    } catch (RuntimeException | LinkageError e) {
      throw new BindingException("riak: the client cannot start its network layer (" + e + "); on JDK 17 the JVM"
          + " needs the flags in riak-binding/jvm.options (--add-opens=java.base/java.nio=ALL-UNNAMED"
          + " --add-opens=java.base/sun.nio.ch=ALL-UNNAMED)", e);
    }
    try {
      return reach(cluster, s, table, log, failures);
    } catch (BenchmarkException | RuntimeException e) {
      shutdown(cluster); // nothing may linger when open fails
      throw e;
    }
  }

  /** Ping, bucket check, 2i probe, server info. */
  private static RiakRun reach(RiakCluster cluster, RiakSettings s, String table, PrintStream log,
      FailureLog failures) throws BenchmarkException {
    long waitMs = s.pool().connectTimeout().toMillis() + 2000;
    try {
      RiakFuture<Void, Void> ping = cluster.execute(new PingOperation());
      try {
        ping.get(waitMs, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        ping.cancel(true);
        throw e;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("riak: interrupted while reaching " + s.nodes().hosts());
    } catch (ExecutionException | TimeoutException e) {
      Throwable c = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      String why;
      if (c instanceof TimeoutException) {
        why = "no answer to a ping within " + waitMs + " ms";
      } else if (c instanceof NoNodesAvailableException) {
        why = "no node accepted a connection (refused, or no answer within riak.connect_timeout="
            + Option.formatDuration(s.pool().connectTimeout()) + ")";
      } else {
        why = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
      }
      throw new BindingException("riak: cannot reach any node of " + s.nodes().hosts() + " (protocol buffers port): "
          + why, e);
    }
    checkBucket(cluster, s, table, waitMs);
    RiakSettings effective = s;
    if (s.buckets().scansSupported() && !has2i(cluster, s, table, waitMs)) {
      effective = s.withoutScanIndex();
      log.println("riak: the backend of bucket type '" + new RiakRequests(s).indexNamespace(table)
          .getBucketTypeAsString() + "' has no secondary indexes (bitcask?): records are stored without key_bin"
          + " and scans return NOT_IMPLEMENTED (set riak.scan_index=false to silence this)");
    }
    RiakNodeStats stats = new RiakNodeStats(effective.nodes().statsUri(), effective.pool().connectTimeout());
    return new RiakRun(effective, cluster, serverInfo(cluster, effective, stats, waitMs), stats, log, failures);
  }

  /**
   * Reads a key that does not exist from the table's bucket: a server error that is not about availability
   * (typically a bucket type that does not exist or is not active) ends the run before any thread starts.
   */
  private static void checkBucket(RiakCluster cluster, RiakSettings s, String table, long waitMs)
      throws BindingException {
    RiakFuture<?, ?> f = new RiakClient(cluster).executeAsync(new RiakRequests(s).fetch(table, "sciycsb-probe"));
    try {
      f.get(waitMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      f.cancel(true);
      if (RiakOutcome.of(e) == RiakOutcome.ERROR) {
        Throwable c = e.getCause() != null ? e.getCause() : e;
        throw new BindingException("riak: a read from bucket type '" + s.buckets().type() + "', bucket '" + table
            + "' failed (does the bucket type exist and is it active? riak-admin bucket-type status "
            + s.buckets().type() + "): " + c.getMessage(), e);
      }
    }
  }

  /** Probes the table's index namespace with a one-result key_bin query: false when the backend has no 2i. */
  private static boolean has2i(RiakCluster cluster, RiakSettings s, String table, long waitMs) {
    RiakClient probe = new RiakClient(cluster);
    RiakFuture<?, ?> f = probe.executeAsync(new RiakRequests(s).scan(table, "", 1));
    try {
      f.get(waitMs, TimeUnit.MILLISECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    } catch (ExecutionException | TimeoutException e) {
      f.cancel(true);
      return RiakOutcome.of(e) != RiakOutcome.NO_2I;
    }
  }

  /** The node's version and name (protocol buffers), the ring's members and size (its HTTP GET /stats). */
  private static StoreInfo serverInfo(RiakCluster cluster, RiakSettings s, RiakNodeStats stats, long waitMs) {
    Map<String, String> details = new LinkedHashMap<>(s.describe());
    details.put("client", "riak-client " + clientVersion());
    String version = "unknown";
    try {
      ServerInfoOperation.Info info = cluster.execute(new ServerInfoOperation()).get(waitMs, TimeUnit.MILLISECONDS);
      version = info.version();
      details.put("node", info.node());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      details.put("server_info_error", String.valueOf(e.getMessage()));
    }
    try {
      RiakNodeStats.ring(stats.fetch(), details);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException | RuntimeException e) {
      details.put("stats_error", stats.uri() + ": " + e);
    }
    return new StoreInfo("Riak KV", version, details);
  }

  /** riak-client's version, from the pom.properties inside its jar. */
  static String clientVersion() {
    try (InputStream in = RiakClient.class.getResourceAsStream(
        "/META-INF/maven/com.basho.riak/riak-client/pom.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        return p.getProperty("version", "unknown");
      }
    } catch (IOException e) {
      // fall through
    }
    return "unknown";
  }

  static void shutdown(RiakCluster cluster) {
    try {
      cluster.shutdown().get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      // best effort: the process is ending anyway
    }
  }
}
