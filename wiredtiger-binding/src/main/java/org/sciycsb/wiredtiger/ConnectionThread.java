package org.sciycsb.wiredtiger;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;

/**
 * The thread that opens WiredTiger's connection and the one every session and cursor of it is closed on.
 * WiredTiger 3.2.1's Java binding runs a callback into the JVM when a session or cursor closes, and runs it with the
 * JNI environment of the thread that opened the connection, whatever thread closes: a client thread that closed its
 * session while the opener ran Java code left the opener's thread marked as in native code, and the JVM aborted
 * ("Illegal threadstate encountered: 4", SIGSEGV; exit 134) as 32 loading threads finished
 * ({@code WiredTigerThreadsTest}). So the opener is a thread of the binding's own that does nothing else: it opens
 * the connection, closes sessions, cursors and the connection, reads the statistics, counts and empties; the client
 * threads open and work on their own sessions and hand their close to it.
 */
final class ConnectionThread {
  /** Work that may fail with a WiredTigerException or a BenchmarkException. */
  @FunctionalInterface
  interface Work<T> {
    T run() throws BenchmarkException;
  }

  private final ExecutorService exec;
  private volatile Thread thread;

  ConnectionThread() {
    this.exec = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "wiredtiger-connection");
      t.setDaemon(true);
      thread = t;
      return t;
    });
  }

  /**
   * Runs {@code work} on the connection's thread (at once when called there) and returns its result; waits through
   * interrupts (a close must not be cut short: the interrupt is kept for the caller). Its failure is thrown as it was.
   */
  <T> T call(Work<T> work) throws BenchmarkException {
    if (Thread.currentThread() == thread) {
      return work.run();
    }
    Future<T> f = exec.submit(work::run);
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return f.get();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof BenchmarkException b) {
        throw b;
      }
      if (c instanceof RuntimeException r) {
        throw r;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new BindingException("wiredtiger: " + c, c);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** As {@link #call} for work that throws no BenchmarkException (a close). */
  void run(Runnable work) {
    try {
      call(() -> {
        work.run();
        return null;
      });
    } catch (BenchmarkException e) {
      throw new IllegalStateException(e); // a Runnable throws none
    }
  }

  /** Ends the thread once its work is done (after the connection closed). */
  void shutdown() {
    exec.shutdown();
  }
}
