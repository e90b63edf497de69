package org.sciycsb.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.LiveRun;
import org.sciycsb.engine.RunExtension;
import org.sciycsb.engine.RunListener;

/**
 * Live metrics of one run: serves {@code /metrics} on {@code metrics.prometheus} and/or pushes to
 * {@code metrics.pushgateway}, from the run's {@link LiveRun}. The endpoint is bound when the run opens (before any
 * client thread starts; an address in use or that cannot be bound is a configuration error, exit 2) and closed when
 * the run ends. A Prometheus that is down or never scrapes changes nothing; a Pushgateway that fails is reported once
 * ({@link Pusher}).
 */
public final class PrometheusMetrics implements RunListener {
  /** The extension of every run: {@code bin/ycsb load|run} and the studies add it. */
  public static final RunExtension EXTENSION = new RunExtension() {
    @Override
    public OptionSet options() {
      return MetricsOptions.all();
    }

    @Override
    public void validate(Config config) throws ConfigException {
      Address endpoint = endpoint(config);
      if (endpoint != null) {
        checkBindable(endpoint);
      }
      pushgateway(config);
      clientId(config);
    }

    @Override
    public RunListener open(Config config, Path resultsDir) throws ConfigException {
      Address endpoint = endpoint(config);
      Address gateway = pushgateway(config);
      if (endpoint == null && gateway == null) {
        return new RunListener() {};
      }
      return PrometheusMetrics.open(config, endpoint, gateway, System.err);
    }
  };

  private final LiveMetrics metrics;
  private final HTTPServer server;
  private final Pusher pusher;
  private final Duration linger;
  private volatile boolean ended;

  private PrometheusMetrics(LiveMetrics metrics, HTTPServer server, Pusher pusher, Duration linger) {
    this.metrics = metrics;
    this.server = server;
    this.pusher = pusher;
    this.linger = linger;
  }

  /** Binds the endpoint (when set) and prepares the pusher (when set); nothing is pushed before the run starts. */
  static PrometheusMetrics open(Config config, Address endpoint, Address gateway, PrintStream err)
      throws ConfigException {
    String client = clientId(config);
    LiveMetrics metrics = new LiveMetrics(config.get(EngineOptions.LABEL), client);
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(metrics);
    HTTPServer server = null;
    if (endpoint != null) {
      server = serve(endpoint, registry);
      err.println("metrics: serving http://" + new Address(endpoint.host(), server.getPort()) + "/metrics");
    }
    Pusher pusher = gateway == null ? null : new Pusher(gateway, config.get(MetricsOptions.JOB), client,
        config.get(MetricsOptions.PUSH_INTERVAL), metrics, err);
    return new PrometheusMetrics(metrics, server, pusher, config.get(MetricsOptions.LINGER));
  }

  /** The port the endpoint listens on (its own when metrics.prometheus asked for port 0), or -1. */
  public int port() {
    return server == null ? -1 : server.getPort();
  }

  @Override
  public void live(LiveRun run) {
    metrics.attach(run);
    if (pusher != null) {
      pusher.start();
    }
  }

  /** The last interval is in: the final push, so the Pushgateway keeps the run's final counts. */
  @Override
  public Map<String, Object> measurementEnded(long measuredStartEpochMs) {
    ended = true;
    if (pusher != null) {
      pusher.finish();
    }
    return null;
  }

  @Override
  public void close() {
    if (pusher != null) {
      pusher.close();
    }
    if (server != null) {
      lingerAfterTheRun();
      server.close();
    }
  }

  /** {@code metrics.linger} after a run that ended normally: the endpoint keeps serving the final values. */
  private void lingerAfterTheRun() {
    if (!ended || linger.isZero()) {
      return;
    }
    try {
      Thread.sleep(linger.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static Address endpoint(Config config) throws ConfigException {
    String v = config.get(MetricsOptions.PROMETHEUS);
    return v == null || v.isBlank() ? null : Address.parse(MetricsOptions.PROMETHEUS.name(), v,
        config.get(MetricsOptions.HOST));
  }

  static Address pushgateway(Config config) throws ConfigException {
    String v = config.get(MetricsOptions.PUSHGATEWAY);
    if (v == null || v.isBlank()) {
      return null;
    }
    Address a = Address.parse(MetricsOptions.PUSHGATEWAY.name(), v, null);
    if (a.port() == 0) {
      throw new ConfigException("bad value for metrics.pushgateway: '" + v + "' needs the Pushgateway's port");
    }
    return a;
  }

  /** {@code metrics.client}, or {@code <host>-<pid>}. */
  static String clientId(Config config) throws ConfigException {
    String id = config.get(MetricsOptions.CLIENT);
    if (id != null) {
      if (id.isBlank() || id.contains("/")) {
        throw new ConfigException("bad value for metrics.client: '" + id + "' (no blanks or slashes: it is a"
            + " label and the Pushgateway's instance)");
      }
      return id;
    }
    String host = System.getenv("HOSTNAME");
    if (host == null || host.isBlank()) {
      try {
        host = InetAddress.getLocalHost().getHostName();
      } catch (UnknownHostException e) {
        host = "localhost";
      }
    }
    return host + "-" + ProcessHandle.current().pid();
  }

  /** Fails with one line when the endpoint's address cannot be bound (in use, not this host's, unknown). */
  static void checkBindable(Address a) throws ConfigException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(socketAddress(a));
    } catch (IOException e) {
      throw cannotBind(a, e);
    }
  }

  private static HTTPServer serve(Address a, PrometheusRegistry registry) throws ConfigException {
    try {
      return HTTPServer.builder().inetAddress(socketAddress(a).getAddress()).port(a.port()).registry(registry)
          .buildAndStart();
    } catch (IOException e) {
      throw cannotBind(a, e);
    }
  }

  private static InetSocketAddress socketAddress(Address a) throws ConfigException {
    try {
      return new InetSocketAddress(InetAddress.getByName(a.host()), a.port());
    } catch (UnknownHostException e) {
      throw new ConfigException("metrics.prometheus: cannot bind " + a + ": unknown host " + a.host());
    }
  }

  private static ConfigException cannotBind(Address a, IOException e) {
    String msg = String.valueOf(e.getMessage());
    String why = !(e instanceof BindException) ? msg : msg.contains("in use") ? "the port is already in use"
        : msg.contains("assign") ? "not an address of this host" : msg;
    return new ConfigException("metrics.prometheus: cannot serve metrics on " + a + ": " + why, e);
  }
}
