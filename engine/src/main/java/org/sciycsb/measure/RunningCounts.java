package org.sciycsb.measure;

import java.util.List;
import org.sciycsb.api.Operation;

/**
 * The cumulative counters of every recorder, summed: calls per (operation, status) and workload operations done.
 * They are read while the client threads write them (opaque reads of single-writer counters, see
 * {@link ThreadRecorder#statusCount}), so a sum is exact for what the threads had published when it was read.
 *
 * <p>Threads: any reader; the collector side reads them for the intervals, the status lines and the summaries, and a
 * client thread for its progress line.
 */
final class RunningCounts {
  private final List<ThreadRecorder> recorders;

  RunningCounts(List<ThreadRecorder> recorders) {
    this.recorders = recorders;
  }

  /** Calls of operation {@code op} that ended with status {@code s}, warmup included. */
  long status(int op, int s) {
    long t = 0;
    for (ThreadRecorder r : recorders) {
      t += r.statusCount(op, s);
    }
    return t;
  }

  /** Workload-level operations done, warmup included. */
  long opsDone() {
    long t = 0;
    for (ThreadRecorder r : recorders) {
      t += r.opsDone();
    }
    return t;
  }

  /** Failed calls, all operations (composite ones excluded, their parts are counted). */
  long errors(OperationRegistry registry) {
    long e = 0;
    for (Operation op : registry.all()) {
      if (op.composite()) {
        continue;
      }
      for (int s = 0; s < StatusCodes.MAX; s++) {
        if (!StatusCodes.isOk(s)) {
          e += status(op.index(), s);
        }
      }
    }
    return e;
  }
}
