package org.sciycsb.metrics;

import java.time.Duration;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** The {@code metrics.*} options: where live metrics go (off unless one of the two addresses is set). */
public final class MetricsOptions {
  private MetricsOptions() {}

  public static final Option<String> PROMETHEUS = Option.string("metrics.prometheus", null,
      "serve live metrics at http://<host:port>/metrics while the run runs, for Prometheus to scrape: <port> or"
          + " <host>:<port> (port 0 = any free port, printed on stderr); unset = off");
  public static final Option<String> HOST = Option.string("metrics.host", "127.0.0.1",
      "the address the metrics endpoint binds to when metrics.prometheus gives a port only (0.0.0.0 = every"
          + " interface); loopback unless told otherwise");
  public static final Option<Duration> LINGER = Option.duration("metrics.linger", Duration.ZERO, "s",
      "keep serving the final values this long after the run ended (its results are written by then), so that"
          + " Prometheus scrapes the final counts of a short run: one scrape interval or more; 0 = close at once")
      .check(d -> d.toSeconds() <= 3600, "must be at most 1h");
  public static final Option<String> PUSHGATEWAY = Option.string("metrics.pushgateway", null,
      "push live metrics to this Prometheus Pushgateway, <host>:<port> (short-lived clients: YARN tasks), every"
          + " metrics.push.interval and once at the end; unset = off");
  public static final Option<Duration> PUSH_INTERVAL = Option.duration("metrics.push.interval",
      Duration.ofSeconds(10), "s", "time between two pushes to metrics.pushgateway")
      .check(d -> d.toMillis() >= 100, "must be at least 100 ms");
  public static final Option<String> JOB = Option.string("metrics.job", "sciycsb",
      "the job name of the pushed metrics (the Pushgateway's grouping key job; instance is metrics.client)");
  public static final Option<String> CLIENT = Option.string("metrics.client", null,
      "this client's id, the client label of every metric, so that the clients of a multi-process or YARN run are"
          + " told apart and summed (bin/ycsb study --clients and --yarn give each its own)")
      .defaultShownAs("<host>-<pid>");

  public static OptionSet all() {
    return OptionSet.builder("metrics").add(PROMETHEUS, HOST, LINGER, PUSHGATEWAY, PUSH_INTERVAL, JOB, CLIENT)
        .ownPrefix("metrics.").build();
  }
}
