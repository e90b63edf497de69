package org.sciycsb.engine.sampling;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.sciycsb.api.BindingRun;

/**
 * Samples the store's own count of client connections ({@link BindingRun#serverConnections}) in a thread of its own
 * while a run goes on (a slow answer delays nothing else): the first sample once every client thread has
 * initialised, then one per period. Stops at the first sample the store cannot give: the count is then "unknown".
 */
final class ConnectionSampler implements Runnable {
  private final BindingRun run;
  private final long periodMillis;
  private final Thread thread;
  private volatile boolean stop;
  private long first = -1;
  private long max = -1;
  private long last = -1;
  private long samples;
  private String unknown;

  ConnectionSampler(BindingRun run, long periodMillis) {
    this.run = run;
    this.periodMillis = periodMillis;
    this.thread = new Thread(this, "connection-sampler");
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  @Override
  public void run() {
    while (!stop) {
      OptionalLong n;
      try {
        n = run.serverConnections();
      } catch (RuntimeException e) {
        n = OptionalLong.empty();
      }
      synchronized (this) {
        if (n.isEmpty()) {
          if (samples == 0) {
            unknown = "the store does not report its connections";
            return;
          }
        } else {
          long v = n.getAsLong();
          if (samples == 0) {
            first = v;
          }
          max = Math.max(max, v);
          last = v;
          samples++;
        }
      }
      try {
        Thread.sleep(periodMillis);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** Stops sampling (waits a little for a sample in progress). */
  void stop() {
    stop = true;
    thread.interrupt();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** {first, max, last, samples} as the server counted its current connections, or "unknown". */
  synchronized Object result() {
    if (samples == 0) {
      return "unknown" + (unknown != null ? " (" + unknown + ")" : "");
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("first", first);
    m.put("max", max);
    m.put("last", last);
    m.put("samples", samples);
    return m;
  }
}
