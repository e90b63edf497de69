package org.sciycsb.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** start.file: a client announces itself ready only once its threads are, and takes the start time it is given. */
class StartBarrierTest {
  @TempDir
  Path tmp;

  @Test
  void readyOnlyOnceEveryThreadArrivedThenTheWrittenStartTime() throws Exception {
    Phaser gate = new Phaser(3); // two threads and the engine
    CompletableFuture<Long> at = awaitStart(gate);
    gate.arrive();
    Thread.sleep(200);
    assertThat(ready()).as("one of two threads initialised").isZero();
    gate.arrive();
    readyThenTheWrittenStartTime(at);
  }

  /** A thread whose initialisation failed leaves the gate; the client is ready without it (it hung before). */
  @Test
  void aThreadThatFailedToInitialiseDoesNotHoldTheClientBack() throws Exception {
    Phaser gate = new Phaser(4); // three threads and the engine
    CompletableFuture<Long> at = awaitStart(gate);
    gate.arrive();
    gate.arriveAndDeregister();
    Thread.sleep(200);
    assertThat(ready()).as("one thread still initialising").isZero();
    gate.arrive();
    readyThenTheWrittenStartTime(at);
  }

  @Test
  void aStopEndsTheWait() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    CompletableFuture<Long> at = CompletableFuture.supplyAsync(() -> StartBarrier.await(tmp.resolve("start.at"),
        new Phaser(1), stop::get, new PrintStream(new ByteArrayOutputStream())));
    Thread.sleep(100);
    assertThat(at).isNotDone();
    stop.set(true);
    assertThat(at.get(5, TimeUnit.SECONDS)).isZero();
  }

  /** The client side of the barrier on {@code start.at}, in the background. */
  CompletableFuture<Long> awaitStart(Phaser gate) {
    Path file = tmp.resolve("start.at");
    return CompletableFuture.supplyAsync(() -> StartBarrier.await(file, gate, () -> false,
        new PrintStream(new ByteArrayOutputStream())));
  }

  /** The last thread has arrived: the client announces itself ready, then takes the start time written for it. */
  void readyThenTheWrittenStartTime(CompletableFuture<Long> at) throws Exception {
    long t0 = System.currentTimeMillis();
    while (ready() == 0 && System.currentTimeMillis() - t0 < 5000) {
      Thread.sleep(10);
    }
    assertThat(ready()).isEqualTo(1);
    assertThat(at).isNotDone();
    Files.writeString(tmp.resolve("start.at"), "1795617922059\n");
    assertThat(at.get(5, TimeUnit.SECONDS)).isEqualTo(1795617922059L);
  }

  long ready() throws Exception {
    try (var l = Files.list(tmp)) {
      return l.filter(f -> f.getFileName().toString().startsWith("start.at.ready-")).count();
    }
  }
}
