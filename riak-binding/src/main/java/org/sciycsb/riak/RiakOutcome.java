package org.sciycsb.riak;

import com.basho.riak.client.core.NoNodesAvailableException;
import com.basho.riak.client.core.netty.RiakResponseException;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import site.ycsb.Status;

/** How a failed Riak request is counted: pure classification of the exception, unit-tested. */
public enum RiakOutcome {
  /** Timeout, overload, too few replicas or nodes reachable, primaries missing: SERVICE_UNAVAILABLE, retried. */
  UNAVAILABLE(Status.SERVICE_UNAVAILABLE, true),
  /** A conditional (strongly consistent) write lost a race or found the key created: retried from the fetch. */
  CONFLICT(Status.UNEXPECTED_STATE, true),
  /** The server said not found. */
  NOT_FOUND(Status.NOT_FOUND, false),
  /** The backend has no secondary indexes (bitcask): scans cannot be served. */
  NO_2I(Status.NOT_IMPLEMENTED, false),
  /** Anything else. */
  ERROR(Status.ERROR, false);

  private final Status status;
  private final boolean retryable;

  RiakOutcome(Status status, boolean retryable) {
    this.status = status;
    this.retryable = retryable;
  }

  public Status status() {
    return status;
  }

  public boolean retryable() {
    return retryable;
  }

  /** Classifies what {@code executeAsync(..).get(..)} threw, or what a stage failed with. */
  public static RiakOutcome of(Throwable t) {
    Throwable c = rootCause(t);
    if (c instanceof TimeoutException || c instanceof NoNodesAvailableException || c instanceof ConnectException
        || c instanceof ClosedChannelException) {
      return UNAVAILABLE;
    }
    if (c instanceof RiakResponseException) {
      return ofServerMessage(c.getMessage());
    }
    if (c instanceof IOException) {
      return UNAVAILABLE;
    }
    String m = c.getMessage();
    if (m != null) {
      String lm = m.toLowerCase(Locale.ROOT);
      // riak-client reports a connection that dropped mid-request as a plain Exception("Connection closed
      // unexpectantly")
      if (lm.contains("no nodes available") || lm.contains("connection closed") || lm.contains("connection reset")) {
        return UNAVAILABLE;
      }
    }
    return ERROR;
  }

  /** What a future's wrappers ({@link ExecutionException}, {@link CompletionException}) hold. */
  public static Throwable rootCause(Throwable t) {
    Throwable c = t;
    while ((c instanceof ExecutionException || c instanceof CompletionException) && c.getCause() != null) {
      c = c.getCause();
    }
    return c;
  }

  /** Classifies the error text of an RpbErrorResp. */
  public static RiakOutcome ofServerMessage(String message) {
    String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
    if (m.contains("indexes_not_supported")) {
      return NO_2I;
    }
    if (m.contains("notfound") || m.equals("not found")) {
      return NOT_FOUND;
    }
    if (m.contains("timeout") || m.contains("overload") || m.contains("insufficient_vnodes")
        || m.contains("val_unsatisfied") || m.contains("unavailable") || m.contains("too_many_fails")
        || m.contains("all_nodes_down")) {
      return UNAVAILABLE;
    }
    if (m.equals("failed") || m.equals("modified") || m.contains("match_found") || m.contains("precondition")
        || m.contains("{error,failed}")) {
      return CONFLICT;
    }
    return ERROR;
  }
}
