package org.sciycsb.engine.run;

import java.util.Map;
import java.util.Set;
import org.sciycsb.engine.validity.GcWatch;
import org.sciycsb.engine.validity.HostCpu;

/**
 * When measuring began and when it must end, set by the start gate (nanoTime; 0 = not yet, or no limit), with the
 * client's CPU time, the JVM's GC pauses and the host's CPU taken by other processes from then; its GC watch and
 * host sampler are stopped however the run ends.
 */
final class MeasurementTiming {
  volatile long measureStart;
  volatile long deadline;
  /** The client process's CPU time when measuring began. */
  volatile ProcessCpu.Reading cpuStart;
  /** The JVM's GC pauses from when measuring began. */
  private GcWatch gc;
  /** The processes whose CPU counts as the run's own beside this one (a store server on this host). */
  volatile Set<Long> ownPids = Set.of();
  private HostCpu host;
  private Map<String, Object> hostCpu = Map.of();
  /** The collectors' counts when measuring began, and what they did until it ended. */
  private java.util.Map<String, long[]> collectorsAtStart = java.util.Map.of();
  private java.util.Map<String, long[]> collectors;
  private boolean closed;

  /** Starts watching the GC pauses, unless the run has ended already (a thread late to the start gate). */
  synchronized void startGc() {
    if (!closed) {
      gc = GcWatch.start();
      host = HostCpu.start(ownPids);
      collectorsAtStart = GcCollectors.now();
    }
  }

  /** Each collector's {collections, ms} over the measured time (as YCSB names them), once {@link #stopGc} ran. */
  synchronized java.util.Map<String, long[]> collectors() {
    return collectors == null ? GcCollectors.between(java.util.Map.of(), java.util.Map.of()) : collectors;
  }

  /** The pauses since measuring began (none if it never began); removes the listeners, always called. */
  synchronized GcWatch.Pauses stopGc() {
    if (!closed) {
      collectors = GcCollectors.between(collectorsAtStart, GcCollectors.now());
    }
    closed = true;
    if (host != null) {
      hostCpu = host.stop();
      host = null;
    }
    return gc == null ? new GcWatch.Pauses(0, 0, 0) : gc.stop();
  }

  /** {@code metadata.hostCpu}: the other processes' CPU while measuring (empty before {@link #stopGc}, or off Linux). */
  synchronized Map<String, Object> hostCpu() {
    return hostCpu;
  }
}
