package org.sciycsb.engine.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.Secrets;
import site.ycsb.Status;

/**
 * Exceptions thrown out of bindings and workloads during a run, recorded in the run's {@link FailureLog} (the
 * policy every binding uses: counted by kind, here the exception's class, and operation; the first few of each kind
 * printed as {@code error: READ: Class: message}); the first {@value #KEEP} lines are also kept for
 * {@code results.json}.
 */
final class ErrorLog {
  private static final int KEEP = 20;
  private final FailureLog failures;
  private final List<String> samples = new ArrayList<>();
  private final AtomicInteger count = new AtomicInteger();

  ErrorLog(FailureLog failures) {
    this.failures = failures;
  }

  /** Notes an exception thrown by a binding call; the call counts as ERROR. */
  Status note(String where, Throwable e) {
    String kind = e.getClass().getSimpleName();
    failures.record(where, kind, () -> "error: " + line(where, e), e);
    if (count.incrementAndGet() <= KEEP) {
      synchronized (samples) {
        samples.add(line(where, e));
      }
    }
    return Status.ERROR;
  }

  private static String line(String where, Throwable e) {
    return where + ": " + e.getClass().getSimpleName() + ": " + Secrets.maskText(String.valueOf(e.getMessage()));
  }

  /** Exceptions noted so far. */
  int count() {
    return count.get();
  }

  List<String> samples() {
    synchronized (samples) {
      return List.copyOf(samples);
    }
  }
}
