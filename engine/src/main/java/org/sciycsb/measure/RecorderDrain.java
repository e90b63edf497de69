package org.sciycsb.measure;

import java.util.List;

/**
 * Reads the recorders' counts without ever waiting for a writer: swaps each recorder's set for a spare one
 * ({@link ThreadRecorder#beginSwap}) and moves what the old set held into the caller's sums once the writer has left
 * it ({@link ThreadRecorder#takeIfSafe}). A recorder whose thread is still inside the critical section it was in at
 * the swap is read at a later call: no wait, no loss. The set read becomes the spare for the next swap.
 *
 * <p>Threads: the collector side only, under the {@link Collector}'s lock. With aligned intervals it takes a
 * recorder's {@link ThreadRecorder#crossing} lock while reading one whose thread has not crossed the interval's end,
 * so that thread cannot hand over (or record past the boundary into the set being read) meanwhile.
 */
final class RecorderDrain {
  private final List<ThreadRecorder> recorders;
  private final int slots;
  private SparseCounts[] spare;

  /** @param slots the recorders' slots ({@link OperationRegistry#size()} times {@link ThreadRecorder#SLOTS_PER_OP}) */
  RecorderDrain(List<ThreadRecorder> recorders, int slots) {
    this.recorders = recorders;
    this.slots = slots;
    this.spare = new SparseCounts[slots];
  }

  /**
   * Swaps recorders and moves what they held into {@code into}, or drops it when {@code into} is null. With
   * {@code onlyBehind} >= 0, only recorders whose thread has not crossed that interval's end itself (blocked in a
   * long operation, idle, or not scheduled since the boundary): their counts all belong to it or to earlier ones.
   */
  void drain(SparseCounts[] into, long onlyBehind) {
    for (ThreadRecorder r : recorders) {
      // a set left pending by an earlier call (its writer was inside then): read it once the writer has left it
      SparseCounts[] old = r.takeIfSafe();
      if (old != null) {
        SparseCounts.moveAll(old, into);
        spare = old;
      }
      if (onlyBehind < 0) {
        swapAndRead(r, into);
      } else if (r.crossedUpTo() < onlyBehind) {
        r.crossing.lock(); // the owner cannot cross meanwhile: what this reads ended before the boundary
        try {
          if (r.crossedUpTo() < onlyBehind) {
            swapAndRead(r, into);
          }
        } finally {
          r.crossing.unlock();
        }
      }
    }
  }

  private void swapAndRead(ThreadRecorder r, SparseCounts[] into) {
    if (r.beginSwap(spare != null ? spare : new SparseCounts[slots])) {
      spare = null;
      SparseCounts[] old = r.takeIfSafe();
      if (old != null) {
        SparseCounts.moveAll(old, into);
        spare = old;
      } // else the writer is inside: read at a later call
    }
  }
}
