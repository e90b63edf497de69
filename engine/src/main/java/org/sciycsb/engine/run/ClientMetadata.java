package org.sciycsb.engine.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.sciycsb.api.BindingRun;
import org.sciycsb.measure.ThreadRecorder;

/**
 * The metadata the client threads tell of themselves: their connections ({@code connections}), the in-flight window
 * ({@code inflight}) and the scheduled operations that began late ({@code lateStarts}).
 */
final class ClientMetadata {
  private ClientMetadata() {}

  /**
   * The connections section of the metadata: the mode, how many binding clients there were, the connections they
   * opened (when every client can tell) and what the store counted (when it says).
   */
  static Map<String, Object> connections(BindingRun run, boolean perThread, List<ClientThread> clients,
      Object serverConnections) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mode", perThread ? "perthread" : "shared");
    m.put("clients", perThread ? 1 + clients.size() : 1);
    OptionalLong shared;
    try {
      shared = run.connectionsOpened();
    } catch (RuntimeException e) {
      shared = OptionalLong.empty();
    }
    Long opened = shared.isPresent() ? shared.getAsLong() : null;
    if (perThread && opened != null) {
      for (ClientThread c : clients) {
        OptionalLong own = c.ownConnectionsOpened();
        if (own.isEmpty()) {
          opened = null;
          break;
        }
        opened += own.getAsLong();
      }
    }
    m.put("clientOpened", opened == null ? "unknown" : opened);
    m.put("server", serverConnections);
    return m;
  }

  /**
   * What the operations waited for in the client: the in-flight window ({@code inflight}, with -p inflight) and, with
   * a schedule, the operations that began late for their slots ({@code lateStarts}: waiting for their thread).
   */
  static void clientWaits(Map<String, Object> meta, Settings s, List<ClientThread> clients,
      List<ThreadRecorder> recorders) {
    if (s.inflight() > 0) {
      meta.put("inflight", inflight(s, clients));
    }
    long scheduled = 0;
    long late = 0;
    for (ThreadRecorder r : recorders) {
      long[] sl = r.scheduledAndLate();
      scheduled += sl[0];
      late += sl[1];
    }
    if (scheduled > 0) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("operations", scheduled);
      m.put("late", late);
      m.put("lateAfterMs", ThreadRecorder.LATE_NANOS / 1_000_000.0);
      m.put("share", Math.round(1e4 * late / (double) scheduled) / 1e4);
      meta.put("lateStarts", m);
    }
  }

  /**
   * {@code metadata.inflight}: the limit, whether the threads sent asynchronously, and how often an operation found
   * its thread's window full (it then waited for a place: with a schedule, the wait is in its response time).
   */
  private static Map<String, Object> inflight(Settings s, List<ClientThread> clients) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("limit", s.inflight());
    long issued = 0;
    long waits = 0;
    long waitNanos = 0;
    boolean async = false;
    for (ClientThread c : clients) {
      AsyncWindow w = c.window();
      if (w != null) {
        async = true;
        issued += w.issuedOps();
        waits += w.fullWaits();
        waitNanos += w.fullWaitNanos();
      }
    }
    m.put("mode", async ? "asynchronous" : "one per thread");
    if (async) {
      m.put("operationsSent", issued);
      m.put("windowFullWaits", waits);
      m.put("windowFullFraction", issued == 0 ? 0.0 : Math.round(1e4 * waits / (double) issued) / 1e4);
      m.put("windowFullWaitMs", Math.round(waitNanos / 1e6));
    }
    return m;
  }
}
