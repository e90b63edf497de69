package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.cassandra.CassandraOptions.HostPort;

/**
 * Everything the binding needs, resolved and validated from its options ({@link CassandraOptions}), grouped by
 * concern; each group is resolved by a method of its own.
 *
 * @param connection where and how to connect
 * @param consistency the consistency levels of reads and writes
 * @param credentials PasswordAuthenticator's user and password, or none
 * @param timeouts the driver's connect, request and reconnection times
 * @param compression the native protocol compression: none, lz4 or snappy
 * @param tls TLS to the nodes
 * @param schema the keyspace and table, and whether to create them
 * @param tracing query tracing on a sample of the statements
 */
public record CassandraSettings(Connection connection, Consistency consistency, Credentials credentials,
    Timeouts timeouts, String compression, Tls tls, Schema schema, Tracing tracing) {

  /**
   * Where and how to connect.
   *
   * @param contactPoints the contact points
   * @param localDc the local datacenter of the driver's load balancing
   * @param poolSize connections per node
   * @param maxRequests requests in flight per connection
   */
  public record Connection(List<HostPort> contactPoints, String localDc, int poolSize, int maxRequests) {}

  /** The consistency levels of reads and scans, and of inserts, updates and deletes. */
  public record Consistency(DefaultConsistencyLevel read, DefaultConsistencyLevel write) {}

  /** PasswordAuthenticator's user name and password: both null, or both set. */
  public record Credentials(String username, String password) {
    @Override
    public String toString() {
      return "Credentials[username=" + username + "]";
    }
  }

  /** The time to open a connection, the client-side timeout of a request, the longest wait between reconnections. */
  public record Timeouts(Duration connect, Duration request, Duration reconnectMaxDelay) {}

  /**
   * TLS to the nodes through the driver's DefaultSslEngineFactory.
   *
   * @param enabled TLS on
   * @param truststore the truststore file, or null for the JVM's
   * @param truststorePassword its password, or null
   * @param keystore the keystore file for client certificates, or null
   * @param keystorePassword its password, or null
   * @param hostnameValidation check that a node's certificate matches its address
   */
  public record Tls(boolean enabled, String truststore, String truststorePassword, String keystore,
      String keystorePassword, boolean hostnameValidation) {
    @Override
    public String toString() {
      return "Tls[enabled=" + enabled + ", truststore=" + truststore + ", keystore=" + keystore + "]";
    }
  }

  /**
   * The keyspace and table of the records.
   *
   * @param keyspace the keyspace
   * @param table the table ({@code table})
   * @param fieldCount the YCSB fields per record
   * @param fieldPrefix the YCSB field name prefix
   * @param create create the keyspace and table if missing
   * @param replication the CQL replication map of a created keyspace ({@link CassandraOptions#render} form)
   */
  public record Schema(String keyspace, String table, int fieldCount, String fieldPrefix, boolean create,
      String replication) {
    /** The field names of the created table. */
    public List<String> fields() {
      List<String> out = new ArrayList<>(fieldCount);
      for (int i = 0; i < fieldCount; i++) {
        out.add(fieldPrefix + i);
      }
      return out;
    }
  }

  /** Query tracing (server side, in system_traces) on a fraction of the statements. */
  public record Tracing(boolean enabled, double fraction) {}

  /** Resolves every option; a bad value throws {@link ConfigException} naming the key. */
  public static CassandraSettings from(Config config) throws ConfigException {
    Connection connection = connection(config);
    return new CassandraSettings(connection, consistency(config), credentials(config), timeouts(config),
        compression(config), tls(config), schema(config, connection.localDc()), new Tracing(
            config.get(CassandraOptions.TRACING), config.get(CassandraOptions.TRACING_FRACTION)));
  }

  /** For messages and results: never the password. */
  public String describe() {
    return "hosts=" + connection.contactPoints() + " localdc=" + connection.localDc() + " keyspace="
        + schema.keyspace() + " table=" + schema.table() + " read=" + consistency.read() + " write="
        + consistency.write();
  }

  @Override
  public String toString() {
    return describe();
  }

  /** The contact points the settings name (cassandra.hosts or hosts, on cassandra.port or port). */
  public static List<HostPort> contactPoints(Config config) throws ConfigException {
    return connection(config).contactPoints();
  }

  private static Connection connection(Config config) throws ConfigException {
    int port = config.isSet(CassandraOptions.PORT) ? config.get(CassandraOptions.PORT)
        : config.isSet(CassandraOptions.UP_PORT) ? config.get(CassandraOptions.UP_PORT)
        : CassandraOptions.PORT.defaultValue();
    boolean ours = config.isSet(CassandraOptions.HOSTS);
    String hosts = ours ? config.get(CassandraOptions.HOSTS) : config.isSet(CassandraOptions.UP_HOSTS)
        ? config.get(CassandraOptions.UP_HOSTS) : CassandraOptions.HOSTS.defaultValue();
    List<HostPort> contactPoints = CassandraOptions.parseHosts(hosts, port,
        ours ? CassandraOptions.HOSTS.name() : CassandraOptions.UP_HOSTS.name());
    String localDc = config.get(CassandraOptions.LOCAL_DC).trim();
    if (localDc.isEmpty()) {
      throw new ConfigException("bad value for " + CassandraOptions.LOCAL_DC.name() + ": must not be empty");
    }
    return new Connection(contactPoints, localDc, config.get(CassandraOptions.POOL_SIZE),
        config.get(CassandraOptions.MAX_REQUESTS));
  }

  private static Consistency consistency(Config config) throws ConfigException {
    DefaultConsistencyLevel[] preset = CassandraOptions.preset(config.get(CassandraOptions.CONSISTENCY));
    DefaultConsistencyLevel read = CassandraOptions.level(config, CassandraOptions.READ_CONSISTENCY,
        CassandraOptions.UP_READ, preset[0]);
    DefaultConsistencyLevel write = CassandraOptions.level(config, CassandraOptions.WRITE_CONSISTENCY,
        CassandraOptions.UP_WRITE, preset[1]);
    if (read == DefaultConsistencyLevel.ANY) {
      throw new ConfigException("bad value for " + CassandraOptions.READ_CONSISTENCY.name()
          + ": ANY is only valid for writes (use ONE, LOCAL_ONE, QUORUM, LOCAL_QUORUM, ALL...)");
    }
    if (write.isSerial()) {
      throw new ConfigException("bad value for " + CassandraOptions.WRITE_CONSISTENCY.name() + ": " + write
          + " is only valid for lightweight transactions and serial reads, not for plain writes");
    }
    return new Consistency(read, write);
  }

  private static Credentials credentials(Config config) throws ConfigException {
    String user = config.get(CassandraOptions.USERNAME);
    String password = config.get(CassandraOptions.PASSWORD);
    if ((user == null) != (password == null)) {
      throw new ConfigException(CassandraOptions.USERNAME.name() + " and " + CassandraOptions.PASSWORD.name()
          + " must be set together");
    }
    return new Credentials(user, password);
  }

  private static Timeouts timeouts(Config config) throws ConfigException {
    Duration connect = config.isSet(CassandraOptions.CONNECT_TIMEOUT) || !config.isSet(CassandraOptions.UP_CONNECT_MS)
        ? config.get(CassandraOptions.CONNECT_TIMEOUT) : Duration.ofMillis(config.get(CassandraOptions.UP_CONNECT_MS));
    Duration request = config.isSet(CassandraOptions.REQUEST_TIMEOUT) || !config.isSet(CassandraOptions.UP_READ_MS)
        ? config.get(CassandraOptions.REQUEST_TIMEOUT) : Duration.ofMillis(config.get(CassandraOptions.UP_READ_MS));
    return new Timeouts(connect, request, config.get(CassandraOptions.RECONNECT_MAX_DELAY));
  }

  private static String compression(Config config) throws ConfigException {
    String compression = config.get(CassandraOptions.COMPRESSION);
    if (compression.equals("lz4") && !present("net.jpountz.lz4.LZ4Factory")) {
      throw new ConfigException(CassandraOptions.COMPRESSION.name()
          + "=lz4 needs at.yawk.lz4:lz4-java (or org.lz4:lz4-java) on the classpath");
    }
    if (compression.equals("snappy") && !present("org.xerial.snappy.Snappy")) {
      throw new ConfigException(CassandraOptions.COMPRESSION.name()
          + "=snappy needs org.xerial.snappy:snappy-java on the classpath (not bundled: use lz4)");
    }
    return compression;
  }

  private static Tls tls(Config config) throws ConfigException {
    boolean ssl = config.isSet(CassandraOptions.SSL) || !config.isSet(CassandraOptions.UP_SSL)
        ? config.get(CassandraOptions.SSL) : config.get(CassandraOptions.UP_SSL);
    String truststore = config.get(CassandraOptions.TRUSTSTORE);
    String keystore = config.get(CassandraOptions.KEYSTORE);
    for (String f : new String[] {truststore, keystore}) {
      if (f != null && !Files.isReadable(Path.of(f))) {
        throw new ConfigException("cannot read the " + (f.equals(truststore) ? CassandraOptions.TRUSTSTORE.name()
            : CassandraOptions.KEYSTORE.name()) + " file " + f);
      }
    }
    if (!ssl && (truststore != null || keystore != null)) {
      throw new ConfigException("a truststore or keystore is set but " + CassandraOptions.SSL.name() + " is false");
    }
    return new Tls(ssl, truststore, config.get(CassandraOptions.TRUSTSTORE_PASSWORD), keystore,
        config.get(CassandraOptions.KEYSTORE_PASSWORD), config.get(CassandraOptions.SSL_HOSTNAME_VALIDATION));
  }

  private static Schema schema(Config config, String localDc) throws ConfigException {
    return new Schema(config.get(CassandraOptions.KEYSPACE), config.get(CassandraOptions.TABLE),
        config.get(CassandraOptions.FIELD_COUNT), config.get(CassandraOptions.FIELD_PREFIX),
        config.get(CassandraOptions.CREATE_SCHEMA), CassandraOptions.replication(config, localDc));
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, CassandraSettings.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
