package org.sciycsb.jdbc;

import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreLocation;

/**
 * The {@code jdbc} binding: the default store of the tool. With no {@code db.url} it runs on an embedded H2
 * database in file mode under the work folder, so a fresh machine benchmarks a real SQL engine with nothing
 * installed; with {@code db.url=jdbc:postgresql://...} or {@code jdbc:mariadb://...} it is the relational baseline.
 */
public final class JdbcBinding implements Binding {
  @Override
  public String name() {
    return "jdbc";
  }

  @Override
  public String summary() {
    return "SQL stores through JDBC: embedded H2 by default (nothing to install), PostgreSQL and MariaDB by db.url";
  }

  @Override
  public OptionSet options() {
    return JdbcOptions.all();
  }

  /** The embedded H2 default (and any H2 URL that is not a tcp/ssl server) lives in this host's work folder. */
  @Override
  public String hostLocalStore(Config config) {
    String url = config.raw("db.url");
    String u = url == null ? "" : url.toLowerCase(java.util.Locale.ROOT);
    if (url == null || (u.startsWith("jdbc:h2:") && !u.startsWith("jdbc:h2:tcp:") && !u.startsWith("jdbc:h2:ssl:"))) {
      return "the jdbc binding's embedded H2 store is a file on this host: give -p db.url of a server every client "
          + "reaches (jdbc:postgresql://host/db, jdbc:h2:tcp://host/path, ...)";
    }
    return null;
  }

  @Override
  public boolean supportsThreadClients() {
    return true;
  }

  /** The hosts and ports of db.url, or the folder of an embedded H2 database (the default's: under workDir). */
  @Override
  public StoreLocation location(Config config, java.nio.file.Path workDir) throws ConfigException {
    String url = config.get(JdbcOptions.URL);
    return JdbcLocation.of(url == null || url.isBlank() ? JdbcSettings.defaultUrl(workDir) : url);
  }

  @Override
  public BindingRun open(RunContext context) throws BenchmarkException {
    return JdbcRun.open(context);
  }
}
