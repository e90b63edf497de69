package org.sciycsb.engine;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.sciycsb.api.Secrets;
import site.ycsb.Status;

/**
 * Exceptions thrown out of bindings and workloads during a run: the first few are printed (one line each,
 * secrets masked) and kept for {@code results.json}; all are counted.
 */
public final class ErrorLog {
  private static final int KEEP = 20;
  private final PrintStream out;
  private final boolean debug;
  private final AtomicInteger count = new AtomicInteger();
  private final List<String> samples = new ArrayList<>();

  public ErrorLog(PrintStream out, boolean debug) {
    this.out = out;
    this.debug = debug;
  }

  /** Notes an exception thrown by a binding call; the call counts as ERROR. */
  public Status note(String where, Throwable e) {
    int n = count.incrementAndGet();
    if (n <= KEEP) {
      String line = where + ": " + e.getClass().getSimpleName() + ": " + Secrets.maskText(String.valueOf(e.getMessage()));
      synchronized (samples) {
        samples.add(line);
      }
      out.println("error: " + line + (n == KEEP ? " (further errors are counted, not printed)" : ""));
      if (debug) {
        e.printStackTrace(out);
      }
    }
    return Status.ERROR;
  }

  public int count() {
    return count.get();
  }

  public List<String> samples() {
    synchronized (samples) {
      return List.copyOf(samples);
    }
  }
}
