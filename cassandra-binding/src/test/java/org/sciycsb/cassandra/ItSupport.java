package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3Token;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3TokenFactory;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;

/** Where the integration tests find the test server: system properties with the server script's defaults. */
final class ItSupport {
  private ItSupport() {}

  /** {@code -Dsciycsb.cassandra.hosts=...} (or env SCIYCSB_CASSANDRA_HOSTS), default 127.0.0.1. */
  static String hosts() {
    return org.sciycsb.testkit.TestServers.cassandraHosts();
  }

  /** The server script, for the fault test's stop-node / start-node. */
  static Path script() {
    return Path.of(System.getProperty("sciycsb.cassandra.script", "server/cassandra.sh"));
  }

  /** The test server's TLS truststore (password "truststore"), written by {@code cassandra.sh start}. */
  static Path truststore() {
    String p = System.getProperty("sciycsb.cassandra.truststore");
    if (p != null) {
      return Path.of(p);
    }
    String work = System.getenv("SCIYCSB_WORK");
    return (work != null ? Path.of(work) : Path.of("..", "work")).resolve("servers/cassandra/tls/truststore.p12");
  }

  static Map<String, String> props(String... kv) {
    Map<String, String> m = new HashMap<>();
    m.put("cassandra.hosts", hosts());
    m.put("cassandra.keyspace", "sciycsb_it");
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  static RunContext context(Map<String, String> props, PrintStream log) throws Exception {
    Path dir = Files.createTempDirectory("cassandra-it");
    return new RunContext(new Config(props), Phase.RUN, 1, dir, dir, log);
  }

  static BindingRun open(Map<String, String> props) throws Exception {
    return new CassandraBinding().open(context(props, new PrintStream(System.err, true)));
  }

  static BenchmarkException openFails(Map<String, String> props) {
    try (BindingRun run = open(props)) {
      throw new AssertionError("open succeeded: " + run.storeInfo());
    } catch (BenchmarkException e) {
      return e;
    } catch (Exception e) {
      throw new AssertionError("unexpected " + e, e);
    }
  }

  /** The Murmur3 token of a text partition key, as Cassandra computes it. */
  static long token(String key) {
    return ((Murmur3Token) new Murmur3TokenFactory().hash(TypeCodecs.TEXT.encode(key, ProtocolVersion.DEFAULT)))
        .getValue();
  }
}
