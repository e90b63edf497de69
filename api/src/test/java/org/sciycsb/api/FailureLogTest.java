package org.sciycsb.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The one failure policy: counts by kind and operation, the first few of each kind printed, the rest counted. */
class FailureLogTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private List<String> lines() {
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void countsByKindAndOperation() {
    FailureLog log = new FailureLog(out, false);
    log.record("insert", "MongoTimeoutException", () -> "mongodb: insert failed: timeout");
    log.record("insert", "MongoTimeoutException", () -> "mongodb: insert failed: timeout");
    log.record("read", "MongoTimeoutException", () -> "mongodb: read failed: timeout");
    log.record("insert", "MongoWriteException", () -> "mongodb: insert failed: E11000 duplicate key");
    assertThat(log.counts()).isEqualTo(Map.of(
        "MongoTimeoutException", Map.of("insert", 2L, "read", 1L),
        "MongoWriteException", Map.of("insert", 1L)));
    assertThat(log.count()).isEqualTo(4);
    assertThat(log.count("MongoTimeoutException")).isEqualTo(3);
    assertThat(log.count("nothing of the kind")).isZero();
    assertThat(lines()).hasSize(4).contains("mongodb: insert failed: E11000 duplicate key");
    assertThat(log.unshown()).as("every failure was shown").isEmpty();
  }

  @Test
  void printsTheFirstOfEachKindThenOnlyCounts() {
    FailureLog log = new FailureLog(out, false);
    AtomicInteger built = new AtomicInteger();
    for (int i = 1; i <= 25; i++) {
      int n = i;
      boolean shown = log.record(i % 2 == 0 ? "read" : "insert", "Timeout", () -> {
        built.incrementAndGet();
        return "store: failure " + n;
      });
      assertThat(shown).isEqualTo(i <= FailureLog.SHOWN);
    }
    log.record("insert", "Refused", () -> "store: refused");
    assertThat(built).as("lines built only to be printed").hasValue(FailureLog.SHOWN);
    List<String> lines = lines();
    assertThat(lines).hasSize(FailureLog.SHOWN + 1);
    assertThat(lines.get(0)).isEqualTo("store: failure 1");
    assertThat(lines.get(FailureLog.SHOWN - 1)).isEqualTo("store: failure " + FailureLog.SHOWN + FailureLog.LAST_SHOWN);
    assertThat(lines.get(FailureLog.SHOWN)).as("another kind is shown on its own account").isEqualTo("store: refused");
    assertThat(log.counts().get("Timeout")).isEqualTo(Map.of("insert", 13L, "read", 12L));
    assertThat(log.unshown()).containsExactly("failures: 15 more of kind Timeout were only counted (insert 13, read 12)");
  }

  @Test
  void masksSecretsAndPrintsStackTracesOnlyWithDebug() {
    FailureLog quiet = new FailureLog(out, false);
    quiet.record("read", "X", () -> "store: mongodb://user:hunter2@host failed", new IllegalStateException("boom"));
    assertThat(lines()).containsExactly("store: mongodb://user:" + Secrets.MASK + "@host failed");
    bytes.reset();
    FailureLog debug = new FailureLog(out, true);
    debug.record("read", "X", () -> "store: failed", new IllegalStateException("boom"));
    assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("IllegalStateException: boom").contains("\tat ");
  }

  @Test
  void threadsRecordingAtOnceLoseNoCountAndShowExactlyTheFirstFew() throws Exception {
    FailureLog log = new FailureLog(out, false, 3);
    int threads = 8;
    int each = 5_000;
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> started = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      String op = "op" + (t % 2);
      Thread th = new Thread(() -> {
        ready.countDown();
        try {
          go.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        for (int i = 0; i < each; i++) {
          log.record(op, i % 2 == 0 ? "A" : "B", () -> "store: failed");
        }
      });
      th.start();
      started.add(th);
    }
    assertThat(ready.await(30, TimeUnit.SECONDS)).isTrue();
    go.countDown();
    for (Thread th : started) {
      th.join(TimeUnit.SECONDS.toMillis(60));
      assertThat(th.isAlive()).isFalse();
    }
    long half = (long) threads / 2 * each / 2;
    assertThat(log.counts()).isEqualTo(Map.of("A", Map.of("op0", half, "op1", half),
        "B", Map.of("op0", half, "op1", half)));
    assertThat(log.count()).isEqualTo((long) threads * each);
    assertThat(lines()).as("three of each kind").hasSize(6);
    assertThat(lines().stream().filter(l -> l.endsWith(FailureLog.LAST_SHOWN))).hasSize(2);
  }
}
