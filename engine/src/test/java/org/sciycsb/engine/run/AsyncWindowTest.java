package org.sciycsb.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sciycsb.measure.OperationRegistry;
import org.sciycsb.measure.SparseCounts;
import org.sciycsb.measure.StatusCodes;
import org.sciycsb.measure.ThreadRecorder;

/** The window's waits: a closed loop refills a batch of places at once, a scheduled one each place as it frees. */
class AsyncWindowTest {
  private final List<CompletableFuture<Void>> stages = new ArrayList<>();

  private AsyncWindow fullWindow(int capacity) {
    OperationRegistry registry = new OperationRegistry();
    registry.freeze();
    AsyncWindow w = new AsyncWindow(new ThreadRecorder(0, registry.size(), new StatusCodes(),
        new SparseCounts.Layout(3)), capacity, Thread.currentThread());
    ErrorLog errors = new ErrorLog(new org.sciycsb.api.FailureLog(System.err, false));
    for (int i = 0; i < capacity; i++) {
      CompletableFuture<Void> f = new CompletableFuture<>();
      stages.add(f);
      w.issued(f, errors);
    }
    assertThat(w.full()).isTrue();
    return w;
  }

  /** Completes {@code n} operations from another thread, {@code gapMs} apart; returns when the last completed. */
  private Thread completeLater(int from, int n, long gapMs) {
    Thread t = new Thread(() -> {
      for (int i = from; i < from + n; i++) {
        try {
          TimeUnit.MILLISECONDS.sleep(gapMs);
        } catch (InterruptedException e) {
          return;
        }
        stages.get(i).complete(null);
      }
    });
    t.start();
    return t;
  }

  @Test
  void aClosedLoopSleepsUntilItsRefillBatchIsFree() throws Exception {
    AsyncWindow w = fullWindow(64);
    assertThat(w.closedLoopRefill()).isEqualTo(8);
    Thread completer = completeLater(0, 8, 20);
    w.awaitPlace(new Stop(), w.closedLoopRefill());
    completer.join();
    assertThat(w.pending()).as("woken once, by the 8th completion, not by the first").isEqualTo(56);
    assertThat(w.fullWaits()).isEqualTo(1);
    assertThat(w.fullWaitNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(140));
  }

  @Test
  void aScheduledLoopTakesThePlaceOfTheFirstCompletion() throws Exception {
    AsyncWindow w = fullWindow(64);
    Thread completer = completeLater(0, 8, 200);
    w.awaitPlace(new Stop(), 1);
    assertThat(w.pending()).isEqualTo(63);
    assertThat(w.fullWaitNanos()).isLessThan(TimeUnit.MILLISECONDS.toNanos(390));
    completer.interrupt();
    completer.join();
  }

  @Test
  void refillBatchesAreAnEighthOfTheWindowBetweenOneAnd64() {
    assertThat(fullWindow(4).closedLoopRefill()).isEqualTo(1);
    assertThat(fullWindow(128).closedLoopRefill()).isEqualTo(16);
    assertThat(fullWindow(5000).closedLoopRefill()).isEqualTo(64);
  }
}
