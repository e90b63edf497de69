package org.sciycsb.engine.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Phaser;
import java.util.function.BooleanSupplier;

/**
 * The client side of {@code start.file}: several client processes on one host begin their measured phases together
 * however long each took to start its JVM and initialise its threads. Once every thread of this client has reached
 * the start gate, the client announces it is ready ({@code <start.file>.ready-<pid>}); the coordinator (bin/ycsb
 * study --clients) writes the common start time into {@code start.file} once every client is ready, and that time
 * is this run's {@code start.at}.
 */
final class StartBarrier {
  /** How long a client waits for the start time before it begins on its own. */
  static final long MAX_WAIT_MS = 600_000;

  private StartBarrier() {}

  /**
   * Waits until every client thread has arrived at {@code gate} or left it (a thread whose initialisation failed
   * deregisters: only the engine, the caller, is then still to arrive), announces readiness, then waits for the
   * start time; returns it (epoch ms), or 0 (at once) when stopped or after {@link #MAX_WAIT_MS}.
   */
  static long await(Path file, Phaser gate, BooleanSupplier stopped, PrintStream err) {
    long deadline = System.currentTimeMillis() + MAX_WAIT_MS;
    try {
      while (gate.getUnarrivedParties() > 1 && !stopped.getAsBoolean()) {
        Thread.sleep(20);
      }
      Files.writeString(file.resolveSibling(file.getFileName() + ".ready-" + ProcessHandle.current().pid()), "",
          StandardCharsets.UTF_8);
      while (!stopped.getAsBoolean() && System.currentTimeMillis() < deadline) {
        long at = read(file);
        if (at > 0) {
          return at;
        }
        Thread.sleep(20);
      }
    } catch (IOException e) {
      err.println("warning: start.file " + file + ": " + e.getMessage() + "; beginning at once");
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
    if (!stopped.getAsBoolean()) {
      err.println("warning: no start time in " + file + " after " + MAX_WAIT_MS / 1000 + " s; beginning at once");
    }
    return 0;
  }

  /** The start time the file holds, or 0 while it does not exist or is not written whole yet. */
  static long read(Path file) {
    try {
      return Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).trim());
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }
}
