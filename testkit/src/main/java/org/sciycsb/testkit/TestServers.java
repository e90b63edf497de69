package org.sciycsb.testkit;

/**
 * Where the test servers are: the one place the integration tests of every module read it from. Each address comes
 * from a system property, else the environment variable that {@code bin/test} and the server scripts
 * ({@code <module>/server/<name>.sh}) use, else the scripts' default. A test that needs a server fails when it is
 * not there (its connection is refused): it never skips.
 */
public final class TestServers {
  private TestServers() {}

  /** A setting: the system property, else the environment variable, else the default (blank counts as unset). */
  public static String setting(String property, String env, String dflt) {
    String v = property == null ? null : System.getProperty(property);
    if (v == null || v.isBlank()) {
      v = System.getenv(env);
    }
    return v == null || v.isBlank() ? dflt : v;
  }

  /**
   * The MongoDB-wire server, without a database:
   * {@code mongodb://sciycsb:sciycsb-test-pw@127.0.0.1:27017/?authSource=admin&authMechanism=SCRAM-SHA-256}.
   * {@code SCIYCSB_MONGODB_URL} (or {@code -Dsciycsb.mongodb.url}) replaces it whole (a database it names is left
   * out; its credentials and options are kept); else the server script's defaults: {@code SCIYCSB_MONGODB_PORT},
   * {@code SCIYCSB_MONGODB_USER} and {@code SCIYCSB_MONGODB_PASSWORD} (FerretDB 2 on DocumentDB always
   * authenticates: the user is a PostgreSQL role, as {@code bin/servers url mongodb} prints).
   */
  public static String mongodb() {
    String[] p = mongodbParts();
    return p[1].isEmpty() ? p[0] : p[0] + "/" + p[1];
  }

  /**
   * The MongoDB-wire server with a database, its options after it:
   * {@code mongodb://user:pass@host:port/<database>?authSource=admin&authMechanism=SCRAM-SHA-256}.
   */
  public static String mongodb(String database) {
    String[] p = mongodbParts();
    return p[0] + "/" + database + p[1];
  }

  /** The server part ({@code mongodb://user:pass@host:port}) and the options ({@code ?...} or empty). */
  private static String[] mongodbParts() {
    String v = setting("sciycsb.mongodb.url", "SCIYCSB_MONGODB_URL", null);
    if (v == null) {
      v = "mongodb://" + urlEncode(setting(null, "SCIYCSB_MONGODB_USER", "sciycsb")) + ":"
          + urlEncode(setting(null, "SCIYCSB_MONGODB_PASSWORD", "sciycsb-test-pw")) + "@127.0.0.1:"
          + setting(null, "SCIYCSB_MONGODB_PORT", "27017") + "/?authSource=admin&authMechanism=SCRAM-SHA-256";
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^(mongodb(?:\\+srv)?://[^/?]*)(?:/[^?]*)?(\\?.*)?$").matcher(v.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("SCIYCSB_MONGODB_URL / sciycsb.mongodb.url is not a mongodb:// URL: " + v);
    }
    String query = m.group(2) == null || m.group(2).equals("?") ? "" : m.group(2);
    return new String[] {m.group(1), query};
  }

  private static String urlEncode(String s) {
    return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** The PostgreSQL test database ({@code bin/servers start postgres}). */
  public static String postgres() {
    return setting("sciycsb.postgres.url", "SCIYCSB_POSTGRES_URL",
        "jdbc:postgresql://127.0.0.1:" + setting(null, "PGPORT_SCIYCSB", "5433") + "/ycsb");
  }

  /** The HDFS NameNode ({@code bin/servers start hdfs}). */
  public static String hdfs() {
    return setting("sciycsb.hdfs.url", "SCIYCSB_HDFS_URL",
        "hdfs://127.0.0.1:" + setting(null, "SCIYCSB_HDFS_PORT", "9000"));
  }

  /** The Cassandra contact points, comma-separated (CQL on 9042). */
  public static String cassandraHosts() {
    return setting("sciycsb.cassandra.hosts", "SCIYCSB_CASSANDRA_HOSTS", "127.0.0.1");
  }

  /** The first Cassandra contact point, its host only. */
  public static String cassandraHost() {
    String h = cassandraHosts().split(",")[0].trim();
    return h.contains(":") ? h.substring(0, h.indexOf(':')) : h;
  }

  /**
   * The Riak node's protocol buffers address(es), the {@code riak.hosts} value: a node the user brings (no package
   * registry ships Riak KV; {@code bin/test --server riak=HOST:PORT} sets {@code SCIYCSB_RIAK_HOSTS}), else
   * 127.0.0.1 and {@code SCIYCSB_RIAK_PORT} (8087).
   */
  public static String riakHosts() {
    return setting("sciycsb.riak.hosts", "SCIYCSB_RIAK_HOSTS",
        "127.0.0.1:" + setting(null, "SCIYCSB_RIAK_PORT", "8087"));
  }

  /**
   * The SequoiaDB node, the {@code sequoiadb.hosts} value: a node the user brings (no package registry ships
   * SequoiaDB; {@code bin/test --server sequoiadb=HOST:PORT} sets {@code SCIYCSB_SEQUOIADB_HOSTS}), else 127.0.0.1 and
   * {@code SCIYCSB_SEQUOIADB_PORT} (11810).
   */
  public static String sequoiadbHosts() {
    return setting("sciycsb.sequoiadb.hosts", "SCIYCSB_SEQUOIADB_HOSTS",
        "127.0.0.1:" + setting(null, "SCIYCSB_SEQUOIADB_PORT", "11810"));
  }
}
