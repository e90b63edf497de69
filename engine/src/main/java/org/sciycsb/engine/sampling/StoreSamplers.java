package org.sciycsb.engine.sampling;

import java.util.Map;
import java.util.function.Function;
import org.sciycsb.api.BindingRun;

/**
 * The store's samplers beside the measurement, each in a thread of its own: its count of client connections
 * (every second) and, with {@code serverstats.sample}, its own figures ({@code extra.server} of the results).
 */
public final class StoreSamplers {
  private final ConnectionSampler connections;
  private final ServerStatsSampler stats;

  private StoreSamplers(ConnectionSampler connections, ServerStatsSampler stats) {
    this.connections = connections;
    this.stats = stats;
  }

  /**
   * Starts sampling {@code run}: its connections, and its own figures every {@code statsIntervalMs} when
   * {@code serverStats}; returns once the first figures are in (or after a short wait).
   *
   * @param describe an exception in one line, for the reason the store's figures could not be read
   */
  public static StoreSamplers start(BindingRun run, boolean serverStats, long statsIntervalMs,
      Function<Throwable, String> describe) {
    StoreSamplers s = new StoreSamplers(new ConnectionSampler(run, 1000),
        serverStats ? new ServerStatsSampler(run, statsIntervalMs, describe) : null);
    s.connections.start();
    if (s.stats != null) {
      s.stats.start();
    }
    return s;
  }

  /** Stops both (a last sample of the store's figures). */
  public void stop() {
    connections.stop();
    if (stats != null) {
      stats.stop();
    }
  }

  /** {@code extra.server}: the store's own figures over the measured run. */
  public void addTo(Map<String, Object> extra, long measuredStartEpochMs) {
    if (stats != null) {
      extra.put("server", stats.section(measuredStartEpochMs));
    }
  }

  /** {first, max, last, samples} as the store counted its client connections, or "unknown (why)". */
  public Object serverConnections() {
    return connections.result();
  }
}
