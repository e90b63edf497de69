package org.sciycsb.engine;

import java.util.Map;
import org.sciycsb.engine.run.LiveState;
import org.sciycsb.measure.IntervalPoint;

/** The {@link LiveRun} the extensions' listeners see: the run's {@link LiveState}, read through. */
final class LiveView implements LiveRun {
  private final LiveState live;

  LiveView(LiveState live) {
    this.live = live;
  }

  @Override
  public String command() {
    return live.command();
  }

  @Override
  public String binding() {
    return live.binding();
  }

  @Override
  public String workload() {
    return live.workload();
  }

  @Override
  public String phase() {
    return live.phase();
  }

  @Override
  public Map<String, Map<String, Long>> calls() {
    return live.calls();
  }

  @Override
  public IntervalPoint lastInterval() {
    return live.lastInterval();
  }

  @Override
  public long operationsDone() {
    return live.operationsDone();
  }

  @Override
  public long operationsPlanned() {
    return live.operationsPlanned();
  }

  @Override
  public int threads() {
    return live.threads();
  }

  @Override
  public long inFlight() {
    return live.inFlight();
  }

  @Override
  public long inFlightLimit() {
    return live.inFlightLimit();
  }
}
