package org.sciycsb.engine.run;

import java.util.List;
import java.util.Map;
import org.sciycsb.measure.Collector;
import org.sciycsb.measure.IntervalPoint;

/**
 * A running phase seen from outside, the engine's {@code LiveRun}: the collector's counters and last interval, the
 * threads' windows, the phase. Any thread may read it at any time.
 */
public final class LiveState {
  private final String command;
  private final String binding;
  private final String workload;
  private final Collector collector;
  private volatile List<ClientThread> clients = List.of();
  private volatile List<Thread> threads = List.of();
  private final long planned;
  private final long limit;
  private volatile String phase = "init";

  LiveState(String command, String binding, String workload, Collector collector, long planned, long limit) {
    this.command = command;
    this.binding = binding;
    this.workload = workload;
    this.collector = collector;
    this.planned = planned;
    this.limit = limit;
  }

  /** The client threads, once created (before they start). */
  void threads(List<ClientThread> clientThreads, List<Thread> javaThreads) {
    this.clients = List.copyOf(clientThreads);
    this.threads = List.copyOf(javaThreads);
  }

  void phase(String now) {
    phase = now;
  }

  public String command() {
    return command;
  }

  public String binding() {
    return binding;
  }

  public String workload() {
    return workload;
  }

  public String phase() {
    return phase;
  }

  public Map<String, Map<String, Long>> calls() {
    return collector.callsSoFar();
  }

  public IntervalPoint lastInterval() {
    return collector.lastInterval();
  }

  public long operationsDone() {
    return collector.opsDone();
  }

  public long operationsPlanned() {
    return planned;
  }

  public int threads() {
    return threads.size();
  }

  public long inFlight() {
    List<ClientThread> cs = clients;
    List<Thread> ts = threads;
    long n = 0;
    for (int i = 0; i < ts.size(); i++) {
      if (!ts.get(i).isAlive()) {
        continue;
      }
      AsyncWindow w = cs.get(i).window();
      n += w == null ? 1 : w.inFlight();
    }
    return n;
  }

  public long inFlightLimit() {
    return limit;
  }
}
