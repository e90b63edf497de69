package org.sciycsb.engine;

import java.util.Map;
import org.sciycsb.measure.IntervalPoint;

/**
 * A running phase as seen from outside while it runs (live metrics): read by any thread at any time, never blocking
 * the client threads. Every figure comes from what the engine measures anyway: the recorders' cumulative counters and
 * the collector's last finalized interval; nothing is measured twice.
 */
public interface LiveRun {
  /** {@code load} or {@code run}. */
  String command();

  /** The binding's name ({@code basic}, {@code jdbc}, ...). */
  String binding();

  /** The workload's name. */
  String workload();

  /** Where the run is: {@code init} (threads initialising), {@code warmup}, {@code measured}, {@code ended}. */
  String phase();

  /**
   * Calls that ended so far per operation name and status name (warmup included, so each count only grows);
   * composite operations are listed under their own names besides their parts.
   */
  Map<String, Map<String, Long>> calls();

  /** The last finalized interval of the measured part (percentiles of response and service time), or null. */
  IntervalPoint lastInterval();

  /** Workload-level operations done so far, warmup included. */
  long operationsDone();

  /** Workload-level operations planned, or -1 when the run is bounded by time only. */
  long operationsPlanned();

  /** Client threads of the run. */
  int threads();

  /** Operations in flight now: each running synchronous thread holds one, an asynchronous one its window's. */
  long inFlight();

  /** The most operations in flight at once: {@code inflight}, or one per thread. */
  long inFlightLimit();
}
