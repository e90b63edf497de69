package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;

import com.basho.riak.client.core.RiakFuture;
import com.basho.riak.client.core.RiakFutureListener;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link RiakRun#settle} against a future that behaves as riak-client 2.1.1's operations do between marking an
 * operation done and releasing its result: {@code isDone()} and {@code isSuccess()} already true, {@code getNow()}
 * still null, {@code get()} waiting for the release.
 */
class RiakSettleTest {
  @Test
  void aListenerCalledBeforeTheResultIsReleasedGetsTheResultNotNull() throws Exception {
    Released<String> f = new Released<>();
    CompletableFuture<String> stage = new CompletableFuture<>();
    Thread releaser = new Thread(() -> {
      sleep(200);
      f.release("value", null);
    });
    releaser.start();
    RiakStages.settle(f, stage); // as riak-client calls a listener added in that moment: at once, on the adder
    releaser.join();
    assertThat(stage).isCompletedWithValue("value");
  }

  @Test
  void aFailedRequestFailsTheStageWithItsCause() {
    Released<String> f = new Released<>();
    IOException cause = new IOException("Connection closed unexpectantly");
    f.release(null, cause);
    CompletableFuture<String> stage = new CompletableFuture<>();
    RiakStages.settle(f, stage);
    assertThat(stage).isCompletedExceptionally();
    assertThat(RiakOutcome.of(stage.handle((v, e) -> e).join())).isEqualTo(RiakOutcome.UNAVAILABLE);
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Done from the start; the value (or failure) becomes readable through get() only once released. */
  private static final class Released<V> implements RiakFuture<V, Void> {
    private final CountDownLatch latch = new CountDownLatch(1);
    private volatile V value;
    private volatile Throwable failure;

    void release(V v, Throwable t) {
      value = v;
      failure = t;
      latch.countDown();
    }

    @Override
    public V get() throws InterruptedException, ExecutionException {
      latch.await();
      if (failure != null) {
        throw new ExecutionException(failure);
      }
      return value;
    }

    @Override
    public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException {
      return get();
    }

    @Override
    public V getNow() {
      return latch.getCount() == 0 ? value : null;
    }

    @Override
    public boolean isDone() {
      return true;
    }

    @Override
    public boolean isSuccess() {
      return failure == null;
    }

    @Override
    public Throwable cause() {
      return failure;
    }

    @Override
    public boolean cancel(boolean mayInterrupt) {
      return false;
    }

    @Override
    public boolean isCancelled() {
      return false;
    }

    @Override
    public void await() throws InterruptedException {
      latch.await();
    }

    @Override
    public boolean await(long timeout, TimeUnit unit) throws InterruptedException {
      return latch.await(timeout, unit);
    }

    @Override
    public Void getQueryInfo() {
      return null;
    }

    @Override
    public void addListener(RiakFutureListener<V, Void> listener) {
      listener.handle(this);
    }

    @Override
    public void removeListener(RiakFutureListener<V, Void> listener) {}
  }
}
