package org.sciycsb.riak;

import com.basho.riak.client.core.RiakFuture;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import site.ycsb.Status;

/** Completing a stage from a finished riak-client request, and awaiting an operation's stage. */
final class RiakStages {
  private RiakStages() {}

  /**
   * Completes a stage with a finished request's outcome. Not with {@code getNow()}: riak-client 2.1.1 marks an
   * operation done before it releases the result, and a listener added in between runs at once and reads null
   * (seen as a NullPointerException in FetchValue's conversion, counted as ERROR, under CPU load). {@code get()}
   * waits out that moment; the listener then runs on the sending thread, never on an I/O thread that would release
   * the result.
   */
  static <T, S> void settle(RiakFuture<T, S> done, CompletableFuture<T> stage) {
    try {
      stage.complete(done.get());
    } catch (ExecutionException e) {
      stage.completeExceptionally(e.getCause() != null ? e.getCause() : e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stage.completeExceptionally(e);
    } catch (RuntimeException e) {
      stage.completeExceptionally(e);
    }
  }

  /**
   * Waits for an operation's stage (the blocking calls of {@link RiakDb} are their non-blocking ones, awaited, so
   * both give the same statuses); an interrupt gives {@code ERROR} and keeps the thread's interrupt flag.
   */
  static Status await(CompletionStage<Status> stage) {
    try {
      return stage.toCompletableFuture().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    } catch (ExecutionException e) {
      return RiakOutcome.of(e).status();
    }
  }
}
