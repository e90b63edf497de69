package org.sciycsb.jdbc;

import java.time.Duration;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * The options of the {@code jdbc} binding, declared once. The names are upstream YCSB's {@code JdbcDBClient} names
 * where upstream has one ({@code db.driver}, {@code db.url}, {@code db.user}, {@code db.passwd},
 * {@code db.batchsize}, {@code jdbc.fetchsize}, {@code jdbc.autocommit}, {@code jdbc.batchupdateapi}).
 */
public final class JdbcOptions {
  /** How the computed default of {@code db.url} is shown in help. */
  public static final String DEFAULT_URL_TEXT = "jdbc:h2:file:<workDir>/h2/ycsb";

  public static final Option<String> URL = Option.string("db.url", null,
      "JDBC URL of the store; the default is an embedded H2 database in file mode under the work folder "
          + "(jdbc:postgresql://host:5432/db, jdbc:mariadb://host:3306/db reach a server)")
      .defaultShownAs(DEFAULT_URL_TEXT);

  public static final Option<String> USER = Option.string("db.user", null,
      "user name; unset means 'sa' for H2 and no user otherwise")
      .defaultShownAs("sa for H2, unset otherwise");

  public static final Option<String> PASSWORD = Option.string("db.passwd", "",
      "password of db.user (masked in every output)").secret();

  public static final Option<String> DRIVER = Option.string("db.driver", null,
      "JDBC driver class; unset picks the driver on the classpath that accepts db.url (H2, PostgreSQL, MariaDB)")
      .defaultShownAs("auto from db.url");

  public static final Option<Integer> BATCH_SIZE = Option.integer("db.batchsize", 0,
      "inserts grouped into one JDBC batch (addBatch/executeBatch); -1 (upstream's default), 0 or 1 send "
          + "each insert at once; the last partial batch is flushed when the thread ends")
      .check(v -> v >= -1, "must be -1, 0 or a positive number");

  public static final Option<Duration> CONNECT_TIMEOUT = Option.duration("db.connecttimeout", Duration.ofSeconds(5),
      "s", "how long to wait for the server when connecting (the driver's connectTimeout, and for the run's first "
          + "connection its loginTimeout too): an unreachable or silent server fails the start after this long")
      .check(d -> d.toMillis() >= 1, "must be at least 1ms");
  public static final Option<Duration> LOGIN_TIMEOUT = Option.duration("db.logintimeout", Duration.ofSeconds(30),
      "s", "how long a client thread's connection may take to open in all, authentication included (PostgreSQL's "
          + "loginTimeout; at least db.connecttimeout): once the server has answered the run's first connection, "
          + "the threads open theirs at once, and hundreds logging in together on a small machine take seconds")
      .check(d -> d.toMillis() >= 1, "must be at least 1ms");

  public static final Option<Boolean> AUTOCOMMIT = Option.bool("jdbc.autocommit", true,
      "JDBC auto-commit; when false the binding commits after each write, each flushed batch, "
          + "or every db.batchsize inserts when jdbc.batchupdateapi=false");

  public static final Option<Integer> FETCH_SIZE = Option.integer("jdbc.fetchsize", 0,
      "rows fetched per round trip by scans; 0 keeps the driver's default "
          + "(PostgreSQL streams only with jdbc.autocommit=false)")
      .check(v -> v >= 0, "must not be negative");

  public static final Option<Boolean> BATCH_UPDATE_API = Option.bool("jdbc.batchupdateapi", true,
      "use the JDBC batch API for db.batchsize; false executes each insert and only groups the commits "
          + "(upstream's behaviour with jdbc.autocommit=false)");

  public static final Option<Boolean> CREATE_TABLE = Option.bool("jdbc.createtable", true,
      "create the table when it is missing: YCSB_KEY VARCHAR(255) PRIMARY KEY plus one column per field "
          + "(fieldcount, fieldnameprefix) sized for fieldlength");

  public static final Option<Boolean> DROP_TABLE = Option.bool("jdbc.droptable", false,
      "drop the table (and the FHIR workload's tables) when a load phase opens, so the load starts from an empty table "
          + "(needs jdbc.createtable=true)");

  private JdbcOptions() {}

  /** Every option of the binding, and its owned prefixes. */
  public static OptionSet all() {
    return OptionSet.builder("jdbc")
        .add(URL, USER, PASSWORD, DRIVER, BATCH_SIZE, CONNECT_TIMEOUT, LOGIN_TIMEOUT, AUTOCOMMIT, FETCH_SIZE,
            BATCH_UPDATE_API, CREATE_TABLE, DROP_TABLE)
        .ownPrefix("db.")
        .ownPrefix("jdbc.")
        .build();
  }
}
