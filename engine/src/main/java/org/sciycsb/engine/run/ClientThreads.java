package org.sciycsb.engine.run;

import java.util.ArrayList;
import java.util.List;
import org.sciycsb.api.Shares;
import org.sciycsb.engine.trace.TraceWorkload;
import org.sciycsb.measure.SparseCounts;
import org.sciycsb.measure.StatusCodes;
import org.sciycsb.measure.ThreadRecorder;

/** A run's client threads, each with its recorder, its share of the operations, the warmup and the window. */
record ClientThreads(List<ThreadRecorder> recorders, List<ClientThread> clients, List<Thread> javaThreads) {

  /** A recorder for each thread, before the collector that reads them opens. */
  static List<ThreadRecorder> recorders(Settings s, int operations, StatusCodes codes) {
    List<ThreadRecorder> recorders = new ArrayList<>();
    SparseCounts.Layout layout = new SparseCounts.Layout(s.digits());
    for (int i = 0; i < s.threads(); i++) {
      ThreadRecorder r = new ThreadRecorder(i, operations, codes, layout);
      if (s.output().raw()) {
        r.keepRawPoints();
      }
      recorders.add(r);
    }
    return recorders;
  }

  /** The client threads, not started yet, each with its share of the operations, the warmup and the window. */
  static ClientThreads create(SharedState shared, Settings s, List<ThreadRecorder> recorders, long planned,
      boolean sharedWork) {
    List<ClientThread> clients = new ArrayList<>();
    List<Thread> javaThreads = new ArrayList<>();
    TraceWorkload replay = shared.replay;
    for (int i = 0; i < s.threads(); i++) {
      long quota = s.arrival() != null || planned < 0 || sharedWork ? -1 : Shares.share(planned, s.threads(), i);
      long warmQuota = s.warmupOps() > 0 ? Shares.share(s.warmupOps(), s.threads(), i) : -1;
      if (replay != null) { // each thread replays its recorded operations: the warmup ones first
        quota = replay.measuredCount(i);
        warmQuota = replay.warmupCount(i);
      }
      int window = s.inflight() > s.threads() ? (int) Shares.share(s.inflight(), s.threads(), i) : 0;
      ClientThread c = new ClientThread(shared, i, recorders.get(i), quota, warmQuota, window);
      clients.add(c);
      Thread t = new Thread(c, "client-" + i);
      t.setDaemon(true);
      javaThreads.add(t);
    }
    return new ClientThreads(recorders, clients, javaThreads);
  }

  void start() {
    javaThreads.forEach(Thread::start);
  }

  /** The threads whose init failed (known once the start gate's first phase has ended). */
  List<ClientThread> failedInit() {
    return clients.stream().filter(c -> c.initFailure() != null).toList();
  }
}
