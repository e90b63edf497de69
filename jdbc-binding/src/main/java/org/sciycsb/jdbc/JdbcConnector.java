package org.sciycsb.jdbc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;

/**
 * Opens the run's connections from its {@link JdbcSettings.Connection}: the driver, the connection properties and
 * timeouts, and a failure to connect as one line naming what failed.
 */
final class JdbcConnector {
  private JdbcConnector() {}

  /** The driver named by db.driver, or the first one on the classpath that accepts the URL. */
  static Driver driver(JdbcSettings.Connection settings) throws ConfigException {
    ClassLoader loader = JdbcConnector.class.getClassLoader();
    if (settings.driverClass() != null) {
      Driver d;
      try {
        d = (Driver) Class.forName(settings.driverClass(), true, loader).getDeclaredConstructor().newInstance();
      } catch (ClassNotFoundException e) {
        throw new ConfigException("bad value for db.driver: class " + settings.driverClass()
            + " is not on the classpath (put its jar in the binding's classpath)");
      } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
        throw new ConfigException("bad value for db.driver: " + settings.driverClass()
            + " is not a usable java.sql.Driver (" + e + ")");
      }
      if (!accepts(d, settings.url())) {
        throw new ConfigException("db.driver " + settings.driverClass() + " does not accept db.url "
            + settings.maskedUrl());
      }
      return d;
    }
    for (Driver d : ServiceLoader.load(Driver.class, loader)) {
      if (accepts(d, settings.url())) {
        return d;
      }
    }
    throw new ConfigException("no JDBC driver on the classpath accepts db.url " + settings.maskedUrl()
        + " (built in: jdbc:h2:, jdbc:postgresql:, jdbc:mariadb:); add the driver jar and set db.driver");
  }

  private static boolean accepts(Driver d, String url) {
    try {
      return d.acceptsURL(url);
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * The connection properties: user, password and the driver's timeouts unless the URL sets them; {@code login}
   * bounds the whole opening of a connection (the run's first connection: db.connecttimeout, so that a silent
   * server fails the start quickly; a thread's: db.logintimeout, as hundreds open theirs at once).
   */
  static Properties connectionProperties(JdbcSettings.Connection settings, java.time.Duration login) {
    Properties p = new Properties();
    if (settings.user() != null) {
      p.setProperty("user", settings.user());
    }
    if (settings.password() != null && (settings.user() != null || !settings.password().isEmpty())) {
      p.setProperty("password", settings.password());
    }
    long ms = settings.connectTimeout().toMillis();
    String lower = settings.url().toLowerCase(Locale.ROOT);
    switch (Dialect.ofUrl(settings.url())) {
      case POSTGRESQL:
        if (!lower.contains("connecttimeout=")) {
          p.setProperty("connectTimeout", wholeSeconds(settings.connectTimeout()));
        }
        if (!lower.contains("logintimeout=")) {
          p.setProperty("loginTimeout", wholeSeconds(login));
        }
        break;
      case MARIADB:
        if (!lower.contains("connecttimeout=")) {
          p.setProperty("connectTimeout", Long.toString(ms));
        }
        break;
      default:
        break;
    }
    return p;
  }

  /** A driver property in whole seconds, rounded up, at least 1. */
  private static String wholeSeconds(java.time.Duration d) {
    return Long.toString(Math.max(1, (d.toMillis() + 999) / 1000));
  }

  static Connection connectNow(JdbcSettings.Connection settings, Driver driver, java.time.Duration login)
      throws BindingException {
    try {
      Connection c = driver.connect(settings.url(), connectionProperties(settings, login));
      if (c == null) {
        throw new BindingException("jdbc: driver " + driver.getClass().getName() + " refused db.url "
            + settings.maskedUrl());
      }
      return c;
    } catch (SQLException e) {
      throw connectFailure(settings, e);
    }
  }

  /** Connects, giving up after the connect timeout (plus a grace second) even when a driver ignores it. */
  static Connection connectWithDeadline(JdbcSettings.Connection settings, Driver driver) throws BindingException {
    ExecutorService ex = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "jdbc-connect");
      t.setDaemon(true);
      return t;
    });
    Future<Connection> f = ex.submit(() -> connectNow(settings, driver, settings.connectTimeout()));
    long waitMs = settings.connectTimeout().toMillis() + 1000;
    try {
      return f.get(waitMs, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof BindingException) {
        throw (BindingException) c;
      }
      throw new BindingException("jdbc: cannot connect to " + settings.maskedUrl() + ": "
          + settings.reason(c), c);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new BindingException("jdbc: no answer from " + settings.maskedUrl() + " within "
          + org.sciycsb.api.Option.formatDuration(settings.connectTimeout()) + " (db.connecttimeout)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("jdbc: interrupted while connecting to " + settings.maskedUrl());
    } finally {
      ex.shutdownNow();
    }
  }

  /** One line naming what failed: unreachable server, refused credentials, missing database. */
  static BindingException connectFailure(JdbcSettings.Connection settings, SQLException e) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    String msg = settings.reason(e);
    String what;
    if (state.startsWith("28")) {
      what = "the server refused the credentials of user " + (settings.user() == null ? "(none)" : settings.user())
          + " (db.user/db.passwd)";
    } else if (state.startsWith("08")) {
      what = "the server cannot be reached";
    } else if ("3D000".equals(state)) {
      what = "the database does not exist";
    } else if ("53300".equals(state)) {
      what = "the server has no connection slot left (one connection per thread: raise max_connections or use "
          + "fewer threads)";
    } else if ("90020".equals(state)) {
      what = "the H2 database is open in another process (add ;AUTO_SERVER=TRUE to db.url to share it)";
    } else {
      what = "cannot connect";
    }
    return new BindingException("jdbc: " + what + " at " + settings.maskedUrl() + ": " + msg, e);
  }

  /** Creates the folder of an embedded H2 file database, so that H2 can create the file. */
  static void prepareH2Folder(String url) {
    // jdbc:h2:file:/abs/path/name[;settings] or jdbc:h2:/abs/path/name: make the folder so H2 can create the file
    String rest = url.substring("jdbc:h2:".length());
    if (rest.startsWith("mem:") || rest.startsWith("tcp:") || rest.startsWith("ssl:") || rest.startsWith("zip:")) {
      return;
    }
    if (rest.startsWith("file:")) {
      rest = rest.substring(5);
    }
    int semi = rest.indexOf(';');
    if (semi >= 0) {
      rest = rest.substring(0, semi);
    }
    if (rest.startsWith("~")) {
      return;
    }
    try {
      Path parent = Paths.get(rest).toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (Exception e) {
      // H2 reports the problem itself when it cannot create the file
    }
  }
}
