package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * Every option of the {@code cassandra} binding, declared once, and the parsing of their values (hosts, consistency
 * levels, replication maps); {@link CassandraSettings} resolves them into the run's settings.
 */
public final class CassandraOptions {
  private CassandraOptions() {}

  /** Every consistency level name the driver knows, in protocol order. */
  static final String[] LEVELS =
      Arrays.stream(DefaultConsistencyLevel.values()).map(Enum::name).toArray(String[]::new);

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

  public static final Option<String> HOSTS = Option.string("cassandra.hosts", "127.0.0.1",
      "Contact points, comma-separated, each host or host:port (the port defaults to cassandra.port)");
  public static final Option<Integer> PORT = Option.integer("cassandra.port", 9042, "CQL native transport port")
      .check(p -> p > 0 && p < 65536, "must be a TCP port (1..65535)");
  public static final Option<String> LOCAL_DC = Option.string("cassandra.localdc", "datacenter1",
      "Local datacenter of the driver's load balancing (the test server's is datacenter1; started with --dcs D,"
          + " datacenter1..D)");
  public static final Option<String> KEYSPACE = Option.string("cassandra.keyspace", "ycsb",
      "Keyspace of the table (the table itself is the YCSB 'table' property, default usertable)")
      .check(s -> IDENTIFIER.matcher(s).matches(), "must be a CQL identifier (a letter, then letters, digits, _)");
  public static final Option<Boolean> CREATE_SCHEMA = Option.bool("cassandra.createschema", true,
      "Create the keyspace and table if missing (y_id text PRIMARY KEY, field0..fieldN text); when false,"
          + " a missing keyspace or table is an error before the run starts");
  public static final Option<String> STRATEGY = Option.choice("cassandra.replication.strategy", "SimpleStrategy",
      "Replication strategy of a created keyspace (NetworkTopologyStrategy when cassandra.replication.dcs is set)",
      "SimpleStrategy", "NetworkTopologyStrategy");
  public static final Option<Integer> REPLICATION_FACTOR = Option.integer("cassandra.replication.factor", 1,
      "Replication factor of a created keyspace (SimpleStrategy, or the local DC under NetworkTopologyStrategy)")
      .check(n -> n >= 1 && n <= 32, "must be 1..32");
  public static final Option<String> REPLICATION_DCS = Option.string("cassandra.replication.dcs", null,
      "Per-datacenter replication factors of a created keyspace, e.g. dc1:3,dc2:3 (implies NetworkTopologyStrategy)");
  public static final Option<String> CONSISTENCY = Option.choice("cassandra.consistency", null,
      "Preset: strong = write EACH_QUORUM / read LOCAL_QUORUM, eventual = ONE / ONE (the SEI study's settings);"
          + " cassandra.readconsistency / cassandra.writeconsistency override it", "strong", "eventual");
  public static final Option<String> READ_CONSISTENCY = Option.choice("cassandra.readconsistency", null,
      "Consistency level of reads and scans, any driver level name (default ONE, or the preset's)", LEVELS)
      .defaultShownAs("ONE");
  public static final Option<String> WRITE_CONSISTENCY = Option.choice("cassandra.writeconsistency", null,
      "Consistency level of inserts, updates and deletes, any driver level name (default ONE, or the preset's)",
      LEVELS).defaultShownAs("ONE");
  public static final Option<String> USERNAME = Option.string("cassandra.username", null,
      "User name for PasswordAuthenticator (none by default)");
  public static final Option<String> PASSWORD = Option.string("cassandra.password", null,
      "Password of cassandra.username (masked in every output)").secret();
  public static final Option<Duration> CONNECT_TIMEOUT = Option.duration("cassandra.connecttimeout",
      Duration.ofSeconds(5), "ms", "Time to open a connection to a node; an unreachable cluster fails after it")
      .check(d -> !d.isZero(), "must be positive");
  public static final Option<Duration> REQUEST_TIMEOUT = Option.duration("cassandra.requesttimeout",
      Duration.ofSeconds(12), "ms", "Client-side timeout of one request, retries included")
      .check(d -> !d.isZero(), "must be positive");
  public static final Option<Duration> RECONNECT_MAX_DELAY = Option.duration("cassandra.reconnect.maxdelay",
      Duration.ofSeconds(5), "ms", "Longest wait between the driver's attempts to reconnect to a node that went down"
          + " (exponential from 1 s; the driver's own default of 60 s can hide a restarted node for a minute)")
      .check(d -> !d.isZero(), "must be positive");
  public static final Option<String> COMPRESSION = Option.choice("cassandra.compression", "none",
      "Native protocol compression: none, lz4 (bundled) or snappy (needs org.xerial.snappy:snappy-java on the"
          + " classpath, and protocol v4: Cassandra 4+ negotiates v5, which has no snappy)", "none", "lz4", "snappy");
  public static final Option<Integer> POOL_SIZE = Option.integer("cassandra.poolsize", 1,
      "Connections per node (local datacenter; each carries up to cassandra.maxrequests concurrent requests)")
      .check(n -> n >= 1 && n <= 64, "must be 1..64");
  public static final Option<Integer> MAX_REQUESTS = Option.integer("cassandra.maxrequests", 32767,
      "Requests in flight per connection (the driver's max-requests-per-connection; its own default is 1024, which"
          + " fails the requests above it with 'No connection was available': the run's threads and inflight set the"
          + " concurrency, not the driver)")
      .check(n -> n >= 1 && n <= 32767, "must be 1..32767 (the protocol's stream ids)");
  public static final Option<Boolean> SSL = Option.bool("cassandra.ssl", false,
      "TLS to the nodes through the driver's DefaultSslEngineFactory");
  public static final Option<String> TRUSTSTORE = Option.string("cassandra.ssl.truststore", null,
      "Truststore file (JKS or PKCS12) for cassandra.ssl; default: the JVM's truststore");
  public static final Option<String> TRUSTSTORE_PASSWORD = Option.string("cassandra.ssl.truststore.password", null,
      "Password of cassandra.ssl.truststore").secret();
  public static final Option<String> KEYSTORE = Option.string("cassandra.ssl.keystore", null,
      "Keystore file for client certificate authentication (optional)");
  public static final Option<String> KEYSTORE_PASSWORD = Option.string("cassandra.ssl.keystore.password", null,
      "Password of cassandra.ssl.keystore").secret();
  public static final Option<Boolean> SSL_HOSTNAME_VALIDATION = Option.bool("cassandra.ssl.hostnamevalidation",
      true, "Check that the node's certificate matches its address");
  public static final Option<Boolean> TRACING = Option.bool("cassandra.tracing", false,
      "Enable query tracing (server side, in system_traces) on a sample of the statements");
  public static final Option<Double> TRACING_FRACTION = Option.decimal("cassandra.tracing.fraction", 0.01,
      "Fraction of statements traced when cassandra.tracing=true (1 = all)")
      .check(f -> f > 0 && f <= 1, "must be in (0, 1]");

  // upstream YCSB cassandra-cql names, accepted as aliases (ours win when both are set)
  public static final Option<String> UP_HOSTS = Option.string("hosts", null,
      "Upstream YCSB alias of cassandra.hosts");
  public static final Option<Integer> UP_PORT = Option.integer("port", null, "Upstream YCSB alias of cassandra.port")
      .check(p -> p > 0 && p < 65536, "must be a TCP port (1..65535)");
  public static final Option<String> UP_READ = Option.choice("cassandra.readconsistencylevel", null,
      "Upstream YCSB alias of cassandra.readconsistency", LEVELS);
  public static final Option<String> UP_WRITE = Option.choice("cassandra.writeconsistencylevel", null,
      "Upstream YCSB alias of cassandra.writeconsistency", LEVELS);
  public static final Option<Long> UP_CONNECT_MS = Option.longValue("cassandra.connecttimeoutmillis", null,
      "Upstream YCSB alias of cassandra.connecttimeout, in ms").check(n -> n > 0, "must be positive");
  public static final Option<Long> UP_READ_MS = Option.longValue("cassandra.readtimeoutmillis", null,
      "Upstream YCSB alias of cassandra.requesttimeout, in ms").check(n -> n > 0, "must be positive");
  public static final Option<Boolean> UP_SSL = Option.bool("cassandra.useSSL", null,
      "Upstream YCSB alias of cassandra.ssl");

  // the standard YCSB record layout, read to create the table
  public static final Option<String> TABLE = Option.string("table", "usertable", "YCSB table name")
      .check(s -> IDENTIFIER.matcher(s).matches(), "must be a CQL identifier (a letter, then letters, digits, _)");
  public static final Option<Integer> FIELD_COUNT = Option.integer("fieldcount", 10, "YCSB fields per record")
      .check(n -> n >= 1 && n <= 1000, "must be 1..1000");
  public static final Option<String> FIELD_PREFIX = Option.string("fieldnameprefix", "field",
      "YCSB field name prefix")
      .check(s -> IDENTIFIER.matcher(s).matches(), "must be a CQL identifier (a letter, then letters, digits, _)");

  /** The binding's declared options (the YCSB record layout keys belong to the engine). */
  public static OptionSet optionSet() {
    return OptionSet.builder("cassandra")
        .add(HOSTS, PORT, LOCAL_DC, KEYSPACE, CREATE_SCHEMA, STRATEGY, REPLICATION_FACTOR, REPLICATION_DCS,
            CONSISTENCY, READ_CONSISTENCY, WRITE_CONSISTENCY, USERNAME, PASSWORD, CONNECT_TIMEOUT, REQUEST_TIMEOUT,
            RECONNECT_MAX_DELAY, COMPRESSION, POOL_SIZE, MAX_REQUESTS, SSL, TRUSTSTORE, TRUSTSTORE_PASSWORD, KEYSTORE, KEYSTORE_PASSWORD,
            SSL_HOSTNAME_VALIDATION, TRACING, TRACING_FRACTION,
            UP_HOSTS, UP_PORT, UP_READ, UP_WRITE, UP_CONNECT_MS, UP_READ_MS, UP_SSL)
        .ownPrefix("cassandra.")
        .build();
  }

  /** A host and port of one contact point. */
  public record HostPort(String host, int port) {
    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  /** {read, write} of a preset; ONE/ONE (upstream YCSB's default) without one. */
  static DefaultConsistencyLevel[] preset(String name) {
    if ("strong".equals(name)) {
      return new DefaultConsistencyLevel[] {DefaultConsistencyLevel.LOCAL_QUORUM, DefaultConsistencyLevel.EACH_QUORUM};
    }
    return new DefaultConsistencyLevel[] {DefaultConsistencyLevel.ONE, DefaultConsistencyLevel.ONE};
  }

  static DefaultConsistencyLevel level(Config config, Option<String> ours, Option<String> upstream,
      DefaultConsistencyLevel dflt) throws ConfigException {
    String name = config.isSet(ours) ? config.get(ours) : config.isSet(upstream) ? config.get(upstream) : null;
    return name == null ? dflt : DefaultConsistencyLevel.valueOf(name);
  }

  static List<HostPort> parseHosts(String hosts, int port, String key) throws ConfigException {
    List<HostPort> out = new ArrayList<>();
    for (String h : hosts.split(",")) {
      String s = h.trim();
      if (s.isEmpty()) {
        continue;
      }
      int p = port;
      int colon = s.lastIndexOf(':');
      if (colon > 0 && s.indexOf(':') == colon) {
        try {
          p = Integer.parseInt(s.substring(colon + 1));
        } catch (NumberFormatException e) {
          throw new ConfigException("bad value for " + key + ": '" + s + "' has a bad port");
        }
        if (p <= 0 || p > 65535) {
          throw new ConfigException("bad value for " + key + ": '" + s + "' has a bad port");
        }
        s = s.substring(0, colon);
      }
      out.add(new HostPort(s, p));
    }
    if (out.isEmpty()) {
      throw new ConfigException("bad value for " + key + ": no host given");
    }
    return List.copyOf(out);
  }

  /** The CQL replication map of a created keyspace. */
  static String replication(Config config, String localDc) throws ConfigException {
    String dcs = config.get(REPLICATION_DCS);
    String strategy = config.get(STRATEGY);
    int rf = config.get(REPLICATION_FACTOR);
    if (dcs != null && !dcs.isBlank()) {
      if (config.isSet(STRATEGY) && strategy.equals("SimpleStrategy")) {
        throw new ConfigException(REPLICATION_DCS.name() + " needs NetworkTopologyStrategy, but "
            + STRATEGY.name() + "=SimpleStrategy");
      }
      Map<String, Integer> m = new LinkedHashMap<>();
      for (String part : dcs.split(",")) {
        String p = part.trim();
        if (p.isEmpty()) {
          continue;
        }
        int colon = p.lastIndexOf(':');
        if (colon <= 0) {
          throw new ConfigException("bad value for " + REPLICATION_DCS.name() + ": '" + p
              + "' is not dc:factor (e.g. dc1:3,dc2:3)");
        }
        String dc = p.substring(0, colon).trim();
        int n;
        try {
          n = Integer.parseInt(p.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
          throw new ConfigException("bad value for " + REPLICATION_DCS.name() + ": '" + p
              + "' has no numeric factor (e.g. dc1:3,dc2:3)");
        }
        if (n < 0 || n > 32 || !dc.matches("[A-Za-z0-9_.-]+")) {
          throw new ConfigException("bad value for " + REPLICATION_DCS.name() + ": '" + p + "'");
        }
        m.put(dc, n);
      }
      if (m.isEmpty()) {
        throw new ConfigException("bad value for " + REPLICATION_DCS.name() + ": no datacenter given");
      }
      return nts(m);
    }
    if (strategy.equals("NetworkTopologyStrategy")) {
      return nts(Map.of(localDc, rf));
    }
    return render(Map.of("class", "SimpleStrategy", "replication_factor", Integer.toString(rf)));
  }

  private static String nts(Map<String, Integer> m) {
    Map<String, String> r = new LinkedHashMap<>();
    r.put("class", "NetworkTopologyStrategy");
    m.forEach((dc, n) -> r.put(dc, Integer.toString(n)));
    return render(r);
  }

  /**
   * A replication map as CQL text, in one canonical form: the class first (without its package), then the other
   * keys sorted. The binding uses it to create a keyspace and to compare an existing keyspace's replication.
   */
  static String render(Map<String, String> replication) {
    StringBuilder b = new StringBuilder("{'class': '");
    String cls = replication.getOrDefault("class", "?");
    b.append(cls.substring(cls.lastIndexOf('.') + 1)).append('\'');
    new java.util.TreeMap<>(replication).forEach((k, v) -> {
      if (!k.equals("class")) {
        b.append(", '").append(k).append("': ").append(v.matches("\\d+") ? v : "'" + v + "'");
      }
    });
    return b.append('}').toString();
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
