package org.sciycsb.engine.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Phaser;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.config.EngineOptions;

/**
 * Holds the threads at the start gate (they initialise meanwhile) until {@code start.at}, or the time the
 * {@code start.file} barrier gives, so that client processes started apart begin together; a signal ends the wait.
 */
final class StartTime {
  private StartTime() {}

  /** Waits for the start time; returns at once without one, or when a stop is requested. */
  static void await(Config cfg, Phaser gate, Stop stop, PrintStream err) throws ConfigException {
    awaitStartTime(startTime(cfg, gate, stop, err), stop, err);
  }

  /** The start time: start.at, or the one the start.file barrier gives once every thread is initialised. */
  private static long startTime(Config cfg, Phaser gate, Stop stop, PrintStream err) throws ConfigException {
    String startFile = cfg.get(EngineOptions.START_FILE);
    return startFile != null ? StartBarrier.await(Path.of(startFile), gate, stop::requested, err)
        : cfg.get(EngineOptions.START_AT);
  }

  private static void awaitStartTime(long startAtMs, Stop stop, PrintStream err) {
    if (startAtMs <= 0) {
      return;
    }
    long wait = startAtMs - System.currentTimeMillis();
    if (wait > 0) {
      err.println("waiting " + wait / 1000.0 + " s for start.at " + Instant.ofEpochMilli(startAtMs));
    }
    while (!stop.requested() && (wait = startAtMs - System.currentTimeMillis()) > 0) {
      try {
        Thread.sleep(Math.min(wait, 100));
      } catch (InterruptedException e) {
        stop.request("interrupted");
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
