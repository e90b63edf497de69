package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerRollbackException;
import java.util.HashMap;
import java.util.Map;

/**
 * One client thread's WiredTiger session and its cached cursors (a session and its cursors belong to one thread,
 * as in mongod), and transactions on it: {@link #transaction} begins one, runs the work, commits, and on a write
 * conflict ({@link WiredTigerRollbackException}) rolls back and runs it again, as mongod's
 * {@code writeConflictRetry} does.
 */
final class ThreadSession implements AutoCloseable {
  /** Attempts of one transaction before its write conflict is the operation's failure. */
  static final int ATTEMPTS = 1000;

  /** The work of one transaction. */
  @FunctionalInterface
  interface Work<T> {
    T run() throws Exception;
  }

  private final WiredTigerRun run;
  private final Session session;
  private final Map<String, Cursor> cursors = new HashMap<>();
  private boolean closed;

  ThreadSession(WiredTigerRun run) {
    this.run = run;
    this.session = run.openSession();
  }

  Session session() {
    return session;
  }

  WiredTigerRun run() {
    return run;
  }

  /** The cached cursor of a table, opened (and the table created, with {@code config}) on first use. */
  Cursor cursor(String uri, String config) {
    Cursor c = cursors.get(uri);
    if (c == null) {
      run.tables().ensure(session, uri, config);
      c = session.open_cursor(uri, null, null);
      cursors.put(uri, c);
    }
    return c;
  }

  /** Runs {@code work} in a transaction, again after each write conflict; every cursor is reset after it. */
  <T> T transaction(Work<T> work) throws Exception {
    for (int attempt = 1; ; attempt++) {
      session.begin_transaction(null);
      boolean done = false;
      try {
        T t = work.run();
        resetCursors();
        session.commit_transaction(null);
        done = true;
        return t;
      } catch (WiredTigerRollbackException e) {
        if (attempt >= ATTEMPTS) {
          throw e;
        }
      } finally {
        if (!done) {
          resetCursors();
          rollbackQuietly();
        }
      }
      if (attempt % 10 == 0) {
        Thread.onSpinWait();
        Thread.yield();
      }
    }
  }

  private void rollbackQuietly() {
    try {
      session.rollback_transaction(null);
    } catch (RuntimeException e) {
      // a commit that failed has already ended the transaction
    }
  }

  private void resetCursors() {
    for (Cursor c : cursors.values()) {
      c.reset();
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    cursors.clear();
    run.closeSession(session); // closing the session closes its cursors
  }
}
