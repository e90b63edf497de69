package org.sciycsb.metrics;

import io.prometheus.metrics.exporter.pushgateway.PushGateway;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Pushes a run's metrics to a Pushgateway on a daemon thread of its own, every {@code metrics.push.interval} while
 * the run runs and once at its end, grouped by job and instance (the client id). A push that fails is reported once
 * on stderr (the run goes on, later pushes are tried quietly, and a success after a failure is reported too); short
 * timeouts keep a Pushgateway that hangs from delaying the end of the run by more than a few seconds.
 */
final class Pusher {
  private final PushGateway gateway;
  private final Address address;
  private final Duration interval;
  private final LiveMetrics metrics;
  private final PrintStream err;
  private final AtomicBoolean failing = new AtomicBoolean();
  private ScheduledExecutorService timer;

  Pusher(Address address, String job, String client, Duration interval, LiveMetrics metrics, PrintStream err) {
    this.address = address;
    this.interval = interval;
    this.metrics = metrics;
    this.err = err;
    this.gateway = PushGateway.builder().address(address.toString()).job(job).groupingKey("instance", client)
        .connectionTimeout(Duration.ofSeconds(1)).readTimeout(Duration.ofSeconds(3)).build();
  }

  /** Starts pushing every interval. */
  synchronized void start() {
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "metrics-push");
      t.setDaemon(true);
      return t;
    });
    long ms = interval.toMillis();
    timer.scheduleWithFixedDelay(this::push, 0, ms, TimeUnit.MILLISECONDS);
  }

  /** Stops the periodic pushes and pushes the final values once. */
  void finish() {
    stopTimer();
    push();
  }

  void close() {
    stopTimer();
  }

  private synchronized void stopTimer() {
    if (timer != null) {
      timer.shutdownNow();
      try {
        timer.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      timer = null;
    }
  }

  /** One push (PUT: the group holds exactly this run's metrics); a failure is reported once. */
  private void push() {
    try {
      gateway.push(metrics);
      if (failing.compareAndSet(true, false)) {
        err.println("metrics: pushing to the Pushgateway at " + address + " works again");
      }
    } catch (IOException | RuntimeException e) {
      if (failing.compareAndSet(false, true)) {
        err.println("warning: metrics: push to the Pushgateway at " + address + " failed (" + e.getMessage()
            + "); the run goes on, further failures are not shown");
      }
    }
  }
}
