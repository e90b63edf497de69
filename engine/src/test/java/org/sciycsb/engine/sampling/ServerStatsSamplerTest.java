package org.sciycsb.engine.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ServerStats;
import org.sciycsb.api.StoreInfo;
import site.ycsb.DB;

/** The store's own figures over a run: counters' differences and rates, gauges' mean and maximum, or why none. */
class ServerStatsSamplerTest {
  /** A sampler whose reasons give an exception's message (the engine's one-line description without its class). */
  static ServerStatsSampler sampler(org.sciycsb.api.BindingRun run, long periodMillis) {
    return new ServerStatsSampler(run, periodMillis, Throwable::getMessage);
  }

  /** A store whose counter grows by 10 at every read and whose gauge alternates 1, 3. */
  static class CountingStore implements BindingRun {
    final AtomicInteger reads = new AtomicInteger();
    final boolean fails;

    CountingStore(boolean fails) {
      this.fails = fails;
    }

    @Override
    public DB newDb(int threadId) {
      throw new UnsupportedOperationException();
    }

    @Override
    public StoreInfo storeInfo() {
      return StoreInfo.of("counting", "1");
    }

    @Override
    public Optional<ServerStats> serverStats() throws BindingException {
      if (fails) {
        throw new BindingException("no stats for you");
      }
      int n = reads.incrementAndGet();
      return Optional.of(new ServerStats("the counting store", Map.of("ops", 10.0 * n),
          Map.of("pending", n % 2 == 0 ? 3.0 : 1.0)));
    }

    @Override
    public void close() {}
  }

  @Test
  @SuppressWarnings("unchecked")
  void countersBecomeDifferencesAndRatesGaugesMeansAndMaxima() throws Exception {
    CountingStore store = new CountingStore(false);
    ServerStatsSampler s = sampler(store, 100);
    long start = System.currentTimeMillis();
    s.start();
    long deadline = System.nanoTime() + 30_000_000_000L; // 3 samples at 100 ms; a loaded CI machine gets 30 s
    while (store.reads.get() < 3 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    s.stop();
    Map<String, Object> m = s.section(start);
    int reads = store.reads.get();
    assertThat(reads).isGreaterThanOrEqualTo(3);
    assertThat(m).containsEntry("source", "the counting store").containsEntry("samples", reads);
    Map<String, Object> ops = (Map<String, Object>) ((Map<String, Object>) m.get("counters")).get("ops");
    assertThat(ops).containsEntry("start", 10.0).containsEntry("end", 10.0 * reads)
        .containsEntry("delta", 10.0 * (reads - 1));
    double seconds = ((Number) m.get("spanMs")).longValue() / 1000.0;
    assertThat((Double) ops.get("perSecond")).isCloseTo(10.0 * (reads - 1) / seconds,
        org.assertj.core.api.Assertions.within(0.01));
    Map<String, Object> pending = (Map<String, Object>) ((Map<String, Object>) m.get("gauges")).get("pending");
    assertThat(pending).containsEntry("max", 3.0).containsEntry("samples", reads);
    assertThat(m.get("series")).asList().hasSize(reads);
  }

  @Test
  void aStoreThatCannotSaySaysWhy() throws Exception {
    ServerStatsSampler s = sampler(new CountingStore(true), 100);
    s.start();
    Thread.sleep(150);
    s.stop();
    assertThat(s.section(System.currentTimeMillis()))
        .containsEntry("unavailable", "the store's figures could not be read: no stats for you");
    ServerStatsSampler none = sampler(new CountingStore(false) {
      @Override
      public Optional<ServerStats> serverStats() {
        return Optional.empty();
      }
    }, 100);
    none.start();
    Thread.sleep(150);
    none.stop();
    assertThat(none.section(0)).containsEntry("unavailable", "the binding does not read the store's own figures");
  }

  @Test
  void startReturnsOnceTheFirstSampleIsTakenSoThatItPrecedesTheRun() throws Exception {
    CountingStore slow = new CountingStore(false) {
      @Override
      public Optional<ServerStats> serverStats() throws BindingException {
        try {
          Thread.sleep(300); // a store whose answer takes a while (an HTTP servlet, a cold client)
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return super.serverStats();
      }
    };
    ServerStatsSampler s = sampler(slow, 10_000);
    s.start();
    assertThat(slow.reads.get()).as("samples taken when start returned").isEqualTo(1);
    s.stop();
  }

  @Test
  void aStoreThatDoesNotAnswerDelaysTheStartByTheFirstSampleWaitAtMost() throws Exception {
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    CountingStore hung = new CountingStore(false) {
      @Override
      public Optional<ServerStats> serverStats() throws BindingException {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return super.serverStats();
      }
    };
    ServerStatsSampler s = sampler(hung, 100);
    long t0 = System.nanoTime();
    s.start();
    long waitedMs = (System.nanoTime() - t0) / 1_000_000;
    release.countDown();
    s.stop();
    assertThat(waitedMs).isBetween(ServerStatsSampler.FIRST_SAMPLE_WAIT_MS - 50,
        ServerStatsSampler.FIRST_SAMPLE_WAIT_MS + 1000);
  }
}
