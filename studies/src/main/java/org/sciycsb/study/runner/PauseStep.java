package org.sciycsb.study.runner;

import java.util.function.BooleanSupplier;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.study.plan.Step;

/** A pause step: waits its seconds, ended early by the study's interrupt. */
final class PauseStep {
  private PauseStep() {}

  /** 0 after the whole pause, the interrupted exit code when the study was interrupted during it. */
  static int run(Step s, BooleanSupplier interrupted) {
    try {
      long end = System.nanoTime() + s.seconds() * 1_000_000_000L;
      while (System.nanoTime() < end) {
        if (interrupted.getAsBoolean()) {
          return BenchmarkException.EXIT_INTERRUPTED;
        }
        Thread.sleep(Math.min(200, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
      }
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return BenchmarkException.EXIT_INTERRUPTED;
    }
  }
}
