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
   * The MongoDB-wire server's address, {@code mongodb://host:port} ({@code SCIYCSB_MONGODB_URL} may name a
   * database, as in {@code mongodb://host:port/ycsb}: it is left out; tests add their own).
   */
  public static String mongodb() {
    String v = setting("sciycsb.mongodb.url", "SCIYCSB_MONGODB_URL",
        "mongodb://127.0.0.1:" + setting(null, "SCIYCSB_MONGODB_PORT", "27017"));
    return v.replaceAll("^(mongodb(\\+srv)?://[^/?]*).*$", "$1");
  }

  /** The MongoDB-wire server with a database: {@code mongodb://host:port/<database>}. */
  public static String mongodb(String database) {
    return mongodb() + "/" + database;
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
}
