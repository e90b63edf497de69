package org.sciycsb.engine.run;

import org.sciycsb.engine.validity.GcWatch;

/**
 * When measuring began and when it must end, set by the start gate (nanoTime; 0 = not yet, or no limit), with the
 * client's CPU time and the JVM's GC pauses from then; its GC watch is removed however the run ends.
 */
final class MeasurementTiming {
  volatile long measureStart;
  volatile long deadline;
  /** The client process's CPU time when measuring began. */
  volatile ProcessCpu.Reading cpuStart;
  /** The JVM's GC pauses from when measuring began. */
  private GcWatch gc;
  private boolean closed;

  /** Starts watching the GC pauses, unless the run has ended already (a thread late to the start gate). */
  synchronized void startGc() {
    if (!closed) {
      gc = GcWatch.start();
    }
  }

  /** The pauses since measuring began (none if it never began); removes the listeners, always called. */
  synchronized GcWatch.Pauses stopGc() {
    closed = true;
    return gc == null ? new GcWatch.Pauses(0, 0, 0) : gc.stop();
  }
}
