package org.sciycsb.jdbc;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;

/**
 * The binding's settings for one run, read and validated from the configuration before anything connects,
 * grouped by concern, each group resolved by a method of its own.
 *
 * @param connection  where and as whom to connect, and how long it may take
 * @param writes      how inserts are batched and committed
 * @param table       the table and its record layout, and whether to create or drop it
 * @param fetchSize   scan fetch size, 0 for the driver default
 */
public record JdbcSettings(Connection connection, Writes writes, Table table, int fetchSize) {

  /**
   * Where and as whom to connect.
   *
   * @param url            the JDBC URL (the computed H2 default when {@code db.url} is unset)
   * @param user           the user, or null for none
   * @param password       the password, never printed
   * @param driverClass    the driver class name, or null to pick it from the URL
   * @param connectTimeout how long the server may take to answer (the first connection's whole opening)
   * @param loginTimeout   how long a client thread's connection may take to open in all (at least connectTimeout)
   */
  public record Connection(String url, String user, String password, String driverClass, Duration connectTimeout,
      Duration loginTimeout) {

    /** The URL with any password in it masked. */
    public String maskedUrl() {
      return org.sciycsb.api.Secrets.maskText(url);
    }

    /** A text with the password (and any password inside URLs) masked, for error messages. */
    public String mask(String text) {
      if (text == null) {
        return "";
      }
      String s = text;
      if (password != null && password.length() >= 3) {
        s = s.replace(password, org.sciycsb.api.Secrets.MASK);
      }
      return org.sciycsb.api.Secrets.maskText(s);
    }

    /** The first line of an exception's message, masked: driver messages may append the SQL text on new lines. */
    public String reason(Throwable e) {
      String m = e.getMessage();
      return mask(firstLine(m == null || m.isBlank() ? e.toString() : m));
    }

    private static String firstLine(String s) {
      if (s == null) {
        return "";
      }
      int nl = s.indexOf('\n');
      String line = (nl < 0 ? s : s.substring(0, nl)).trim();
      if (line.endsWith("; SQL statement:")) {
        line = line.substring(0, line.length() - "; SQL statement:".length());
      }
      return line;
    }

    @Override
    public String toString() {
      return "Connection[url=" + maskedUrl() + ", user=" + user + ", password=" + org.sciycsb.api.Secrets.MASK + "]";
    }
  }

  /**
   * How inserts are written.
   *
   * @param batchSize      inserts a JDBC batch holds; 1 or less means no batching
   * @param autoCommit     JDBC auto-commit
   * @param batchUpdateApi use addBatch/executeBatch for batches
   */
  public record Writes(int batchSize, boolean autoCommit, boolean batchUpdateApi) {
    /** True when inserts are grouped with addBatch/executeBatch. */
    public boolean batching() {
      return batchSize > 1 && batchUpdateApi;
    }

    /** True when inserts run one by one but commit in groups of {@link #batchSize} (upstream's non-batch-API mode). */
    public boolean groupCommits() {
      return batchSize > 1 && !batchUpdateApi && !autoCommit;
    }
  }

  /**
   * The table of the records.
   *
   * @param name         the table name ({@code table})
   * @param fields       the record layout's field names ({@code fieldnameprefix}, {@code fieldcount})
   * @param fieldLength  the longest value ({@code fieldlength}), for column types
   * @param create       create the table when missing
   * @param drop         drop the table when a load phase opens
   */
  public record Table(String name, List<String> fields, int fieldLength, boolean create, boolean drop) {}

  // the standard YCSB record layout, owned by the core workload: read here, not declared again
  static final Option<String> TABLE = Option.string("table", "usertable", "table name");
  static final Option<Integer> FIELD_COUNT = Option.integer("fieldcount", 10, "fields per record")
      .check(v -> v >= 0, "must not be negative");
  static final Option<String> FIELD_PREFIX = Option.string("fieldnameprefix", "field", "field name prefix");
  static final Option<Integer> FIELD_LENGTH = Option.integer("fieldlength", 100, "longest field value")
      .check(v -> v >= 0, "must not be negative");

  /** The default URL: an H2 database in file mode under the work folder. */
  public static String defaultUrl(Path workDir) {
    Path dir = workDir.toAbsolutePath().normalize().resolve("h2");
    return "jdbc:h2:file:" + dir.resolve("ycsb").toString().replace('\\', '/');
  }

  /** Reads and validates every setting; bad values give a {@link ConfigException} naming the key. */
  public static JdbcSettings from(Config config, Path workDir) throws ConfigException {
    Connection connection = connection(config, workDir);
    Table table = table(config);
    return new JdbcSettings(connection, writes(config), table, config.get(JdbcOptions.FETCH_SIZE));
  }

  private static Writes writes(Config config) throws ConfigException {
    return new Writes(config.get(JdbcOptions.BATCH_SIZE), config.get(JdbcOptions.AUTOCOMMIT),
        config.get(JdbcOptions.BATCH_UPDATE_API));
  }

  private static Connection connection(Config config, Path workDir) throws ConfigException {
    String url = url(config, workDir);
    String user = config.get(JdbcOptions.USER);
    if ((user == null || user.isEmpty()) && Dialect.ofUrl(url) == Dialect.H2) {
      user = "sa";
    }
    String driver = config.get(JdbcOptions.DRIVER);
    return new Connection(url, user == null || user.isEmpty() ? null : user, config.get(JdbcOptions.PASSWORD),
        driver == null || driver.isBlank() ? null : driver.trim(), config.get(JdbcOptions.CONNECT_TIMEOUT),
        loginTimeout(config));
  }

  /** db.url, or the H2 default; an embedded H2 file database with the settings that keep its data safe. */
  private static String url(Config config, Path workDir) throws ConfigException {
    String url = config.get(JdbcOptions.URL);
    if (url == null || url.isBlank()) {
      url = defaultUrl(workDir);
    }
    url = url.trim();
    if (!url.regionMatches(true, 0, "jdbc:", 0, 5)) {
      throw new ConfigException("bad value for db.url: '" + org.sciycsb.api.Secrets.maskText(url)
          + "' is not a JDBC URL (expected jdbc:h2:..., jdbc:postgresql://..., jdbc:mariadb://...)");
    }
    if (Dialect.ofUrl(url) == Dialect.H2 && embeddedH2File(url)) {
      // H2 closes an embedded database in its own shutdown hook: on SIGINT/SIGTERM it would close under the
      // threads still flushing their last batch. The binding closes its connections itself, after the flush.
      url = withH2Setting(url, "DB_CLOSE_ON_EXIT", "FALSE");
      // H2 2.2's compaction when the database closes (moving chunks) now and then loses committed data: the next
      // open sees an older version, tables and rows gone (h2database#4123, #4247; a bankmark study of 32 steps
      // lost a table's rows in about 1 of 8 runs under load). Not compacting at close keeps every commit.
      url = withH2Setting(url, "MAX_COMPACT_TIME", "0");
    }
    return url;
  }

  private static Table table(Config config) throws ConfigException {
    String table = config.get(TABLE);
    if (!Sql.isTableName(table)) {
      throw new ConfigException("bad value for table: '" + table
          + "' is not a plain SQL identifier (letters, digits and _, optionally schema.table)");
    }
    String prefix = config.get(FIELD_PREFIX);
    int count = config.get(FIELD_COUNT);
    if (!Sql.isIdentifier(prefix + "0")) {
      throw new ConfigException("bad value for fieldnameprefix: '" + prefix
          + "' does not give plain SQL column names (letters, digits and _)");
    }
    boolean create = config.get(JdbcOptions.CREATE_TABLE);
    boolean drop = config.get(JdbcOptions.DROP_TABLE);
    if (drop && !create) {
      throw new ConfigException("jdbc.droptable=true needs jdbc.createtable=true (the table must be created again)");
    }
    return new Table(table, Sql.layoutFields(prefix, count), config.get(FIELD_LENGTH), create, drop);
  }

  /** db.logintimeout, at least db.connecttimeout (a login cannot end before its connection is accepted). */
  private static Duration loginTimeout(Config config) throws ConfigException {
    Duration connect = config.get(JdbcOptions.CONNECT_TIMEOUT);
    Duration login = config.get(JdbcOptions.LOGIN_TIMEOUT);
    return login.compareTo(connect) < 0 ? connect : login;
  }

  /** The H2 URL with {@code ;KEY=value} appended unless the URL sets that key itself. */
  static String withH2Setting(String url, String key, String value) {
    if (url.toUpperCase(java.util.Locale.ROOT).contains(";" + key + "=")) {
      return url;
    }
    return url.replaceAll(";+$", "") + ";" + key + "=" + value;
  }

  /** An embedded H2 database in a file ({@code jdbc:h2:file:...} or {@code jdbc:h2:/path}), not mem/tcp/ssl/zip. */
  static boolean embeddedH2File(String url) {
    String rest = url.substring("jdbc:h2:".length()).toLowerCase(java.util.Locale.ROOT);
    return !(rest.startsWith("mem:") || rest.startsWith("tcp:") || rest.startsWith("ssl:") || rest.startsWith("zip:")
        || rest.startsWith("nio") || rest.startsWith("split:") || rest.startsWith("async:"));
  }

  @Override
  public String toString() {
    return "JdbcSettings[url=" + connection.maskedUrl() + ", user=" + connection.user() + ", password="
        + org.sciycsb.api.Secrets.MASK + ", table=" + table.name() + ", batchSize=" + writes.batchSize() + "]";
  }
}
