package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;

/**
 * mongod's journal flusher: a thread of its own that syncs WiredTiger's log to the device every interval
 * ({@code storage.journal.commitIntervalMs}, 100 ms by default), so that a commit waits for no device and at most one
 * interval of commits is lost in a crash.
 */
final class JournalFlusher implements Runnable {
  private final ConnectionThread owner;
  private final Session session;
  private final long intervalMillis;
  private final Thread thread;
  private volatile boolean running = true;

  private JournalFlusher(ConnectionThread owner, Connection conn, long intervalMillis) {
    this.owner = owner;
    this.session = conn.open_session(null);
    this.intervalMillis = intervalMillis;
    this.thread = new Thread(this, "wiredtiger-journal-flusher");
    thread.setDaemon(true);
  }

  /** Opens its session here, on the caller's thread; {@link #stop} closes it on the connection's thread. */
  static JournalFlusher start(ConnectionThread owner, Connection conn, long intervalMillis) {
    JournalFlusher f = new JournalFlusher(owner, conn, intervalMillis);
    f.thread.start();
    return f;
  }

  @Override
  public void run() {
    while (running) {
      try {
        Thread.sleep(intervalMillis);
      } catch (InterruptedException e) {
        break;
      }
      try {
        session.log_flush("sync=on");
      } catch (WiredTigerException e) {
        // the next interval tries again; the close flushes once more
      }
    }
  }

  /** Stops the thread and closes its session on the connection's thread (before the connection closes). */
  void stop() {
    running = false;
    thread.interrupt();
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    owner.run(() -> session.close(null));
  }
}
