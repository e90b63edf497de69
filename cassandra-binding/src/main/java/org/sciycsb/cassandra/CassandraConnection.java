package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.internal.core.ssl.DefaultSslEngineFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Option;
import org.sciycsb.api.Secrets;
import org.sciycsb.cassandra.CassandraOptions.HostPort;

/**
 * Opens a run's {@link CqlSession}: the driver's configuration from the settings (timeouts, pool, compression, TLS)
 * and a failure to connect as one clear line.
 */
final class CassandraConnection {
  private CassandraConnection() {}

  /** The driver's configuration of the settings. */
  static DriverConfigLoader configLoader(CassandraSettings s) {
    CassandraSettings.Timeouts t = s.timeouts();
    int pool = s.connection().poolSize();
    ProgrammaticDriverConfigLoaderBuilder b = DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, t.connect())
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, t.connect())
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, t.request())
        .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY,
            t.reconnectMaxDelay().compareTo(Duration.ofSeconds(1)) < 0 ? t.reconnectMaxDelay() : Duration.ofSeconds(1))
        .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, t.reconnectMaxDelay())
        .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, pool)
        .withInt(DefaultDriverOption.CONNECTION_POOL_REMOTE_SIZE, pool)
        // the driver's default of 1024 per connection failed reads at -p inflight=1024 with one connection
        .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, s.connection().maxRequests())
        // every statement of ours is idempotent: the driver may retry it on another node when one dies
        .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true)
        .withBoolean(DefaultDriverOption.RECONNECT_ON_INIT, false)
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, CassandraSchema.DDL_TIMEOUT)
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, CassandraSchema.DDL_TIMEOUT)
        // a DDL statement completes once the driver has refreshed its schema metadata, which it debounces (1 s by
        // default, for clients issuing bursts of DDL): the binding's few statements at setup need no debounce
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(10));
    if (!s.compression().equals("none")) {
      b = b.withString(DefaultDriverOption.PROTOCOL_COMPRESSION, s.compression());
    }
    return tls(b, s.tls()).build();
  }

  private static ProgrammaticDriverConfigLoaderBuilder tls(ProgrammaticDriverConfigLoaderBuilder builder,
      CassandraSettings.Tls tls) {
    if (!tls.enabled()) {
      return builder;
    }
    ProgrammaticDriverConfigLoaderBuilder b = builder
        .withClass(DefaultDriverOption.SSL_ENGINE_FACTORY_CLASS, DefaultSslEngineFactory.class)
        .withBoolean(DefaultDriverOption.SSL_HOSTNAME_VALIDATION, tls.hostnameValidation());
    if (tls.truststore() != null) {
      b = b.withString(DefaultDriverOption.SSL_TRUSTSTORE_PATH, tls.truststore());
      if (tls.truststorePassword() != null) {
        b = b.withString(DefaultDriverOption.SSL_TRUSTSTORE_PASSWORD, tls.truststorePassword());
      }
    }
    if (tls.keystore() != null) {
      b = b.withString(DefaultDriverOption.SSL_KEYSTORE_PATH, tls.keystore());
      if (tls.keystorePassword() != null) {
        b = b.withString(DefaultDriverOption.SSL_KEYSTORE_PASSWORD, tls.keystorePassword());
      }
    }
    return b;
  }

  /** Connects to the contact points; an unreachable cluster, refused credentials or a bad host is one line. */
  static CqlSession connect(CassandraSettings s) throws BenchmarkException {
    CassandraSettings.Connection c = s.connection();
    CqlSessionBuilder b = CqlSession.builder().withConfigLoader(configLoader(s)).withLocalDatacenter(c.localDc());
    for (HostPort hp : c.contactPoints()) {
      InetSocketAddress a = new InetSocketAddress(hp.host(), hp.port());
      if (a.isUnresolved()) {
        throw new BindingException("cannot resolve the Cassandra host '" + hp.host() + "' (cassandra.hosts)");
      }
      b.addContactPoint(a);
    }
    String user = s.credentials().username();
    if (user != null) {
      b.withAuthCredentials(user, s.credentials().password());
    }
    try {
      return b.build();
    } catch (AllNodesFailedException e) {
      throw new BindingException("cannot reach Cassandra at " + c.contactPoints() + " within "
          + Option.formatDuration(s.timeouts().connect()) + " (cassandra.connecttimeout): " + firstCause(e), e);
    } catch (AuthenticationException e) {
      throw new BindingException("Cassandra refused the credentials of user '" + user + "': "
          + Secrets.maskText(e.getMessage()), e);
    } catch (DriverException | IllegalStateException | IllegalArgumentException e) {
      throw new BindingException("cannot connect to Cassandra at " + c.contactPoints() + ": "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
  }

  /** One line out of the driver's per-node error report. */
  static String firstCause(AllNodesFailedException e) {
    Map<Node, List<Throwable>> all = e.getAllErrors();
    if (all.isEmpty()) {
      return Secrets.maskText(String.valueOf(e.getMessage()));
    }
    List<String> parts = new ArrayList<>();
    all.forEach((node, errs) -> {
      Throwable t = errs.isEmpty() ? null : errs.get(errs.size() - 1);
      while (t != null && t.getCause() != null && t.getCause() != t) {
        t = t.getCause();
      }
      parts.add(node.getEndPoint() + ": " + describeCause(t));
    });
    return String.join("; ", parts);
  }

  /** A connection failure in words: refused, timed out, closed, else the exception's own message. */
  static String describeCause(Throwable t) {
    if (t == null) {
      return "failed";
    }
    String name = t.getClass().getSimpleName();
    String msg = t.getMessage();
    if (t instanceof java.net.ConnectException || (msg != null && msg.contains("Connection refused"))) {
      return "connection refused (nothing listens there?)";
    }
    if (name.contains("Timeout") || (msg != null && msg.toLowerCase(Locale.ROOT).contains("timed out"))) {
      return "no answer in time";
    }
    if (name.contains("ClosedChannel") || name.contains("ClosedConnection")) {
      return "the connection was closed before the CQL handshake (nothing listens there, or not a CQL port?)";
    }
    return name + (msg == null || msg.equals("null") ? "" : " " + Secrets.maskText(msg));
  }
}
