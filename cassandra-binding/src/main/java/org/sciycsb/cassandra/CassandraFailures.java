package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.sciycsb.api.FailureLog;
import site.ycsb.Status;

/**
 * The driver's failures as statuses, recorded in the run's {@link FailureLog}: every operation's failure, before
 * its request is sent or in its stage, ends here, so no operation throws.
 */
final class CassandraFailures {
  private final FailureLog failures;

  CassandraFailures(FailureLog failures) {
    this.failures = failures;
  }

  /** Runs {@code send} (which may fail before anything is sent) and maps any failure of it or its stage to a status. */
  CompletionStage<Status> guarded(String op, Supplier<CompletionStage<Status>> send) {
    try {
      return send.get().exceptionally(e -> failure(op, e));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(failure(op, e));
    }
  }

  /** {@link #failure(String, String, Throwable)} without a detail. */
  Status failure(String op, Throwable t) {
    return failure(op, "", t);
  }

  /**
   * Maps a driver failure to a status and records it in the run's {@link FailureLog}, its kind the exception's class
   * (with the class of the error behind an "all nodes failed"): the first few of each kind are printed with the
   * driver's message, all are counted.
   *
   * @param detail appended to the operation in the printed line (" (batch of 12)"), or empty
   */
  Status failure(String op, String detail, Throwable t) {
    Throwable e = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    Status status = statusOf(e);
    Throwable cause = rootOf(e);
    String kind = e.getClass().getSimpleName() + (cause == e ? "" : "(" + cause.getClass().getSimpleName() + ")");
    failures.record(op, kind, () -> "cassandra: " + op + detail + " failed (" + status.getName() + "): " + kind
        + ": " + cause.getMessage(), e);
    return status;
  }

  /** The error behind the driver's "all nodes failed" wrapper: the last one of the first node tried. */
  static Throwable rootOf(Throwable e) {
    if (e instanceof AllNodesFailedException) {
      for (List<Throwable> errs : ((AllNodesFailedException) e).getAllErrors().values()) {
        if (!errs.isEmpty()) {
          return errs.get(errs.size() - 1);
        }
      }
    }
    return e;
  }

  /** Unavailable replicas or nodes: SERVICE_UNAVAILABLE; timeouts and other failures: ERROR; bad CQL: BAD_REQUEST. */
  static Status statusOf(Throwable e) {
    if (e instanceof UnavailableException || e instanceof NoNodeAvailableException
        || e instanceof AllNodesFailedException || e instanceof NodeUnavailableException
        || e instanceof OverloadedException || e instanceof BootstrappingException
        || e instanceof RequestThrottlingException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (e instanceof UnauthorizedException) {
      return Status.FORBIDDEN;
    }
    if (e instanceof QueryValidationException) {
      return Status.BAD_REQUEST;
    }
    if (e instanceof ReadTimeoutException || e instanceof WriteTimeoutException
        || e instanceof DriverTimeoutException || e instanceof ReadFailureException
        || e instanceof WriteFailureException) {
      return Status.ERROR;
    }
    return Status.ERROR;
  }

  /** Failed operations so far, by "op:ExceptionClass" (for tests and the end-of-run summary). */
  Map<String, Long> counts() {
    Map<String, Long> m = new TreeMap<>();
    failures.counts().forEach((kind, ops) -> ops.forEach((op, n) -> m.put(op + ":" + kind, n)));
    return m;
  }
}
