package org.sciycsb.sequoiadb;

import com.sequoiadb.base.ConfigOptions;
import com.sequoiadb.base.Sequoiadb;
import com.sequoiadb.exception.BaseException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BasicBSONObject;

/**
 * The run's connections: at most {@code sequoiadb.poolsize} open at once, each opened on first need (with the
 * run's PreferredInstance as a session attribute) and borrowed for one operation. A connection that failed with a
 * network error is closed rather than returned, so the next operation connects anew (after a node restart).
 */
final class ConnectionPool implements AutoCloseable {
  private final SequoiadbSettings settings;
  private final Semaphore permits;
  private final ConcurrentLinkedQueue<Sequoiadb> idle = new ConcurrentLinkedQueue<>();
  private final AtomicLong opened = new AtomicLong();
  private volatile boolean closed;

  ConnectionPool(SequoiadbSettings settings) {
    this.settings = settings;
    this.permits = new Semaphore(settings.poolSize(), true);
  }

  /** Driver settings: the connect timeout, and no automatic reconnect loop (an operation fails instead). */
  static ConfigOptions configOptions(SequoiadbSettings settings) {
    ConfigOptions o = new ConfigOptions();
    o.setConnectTimeout((int) settings.connectTimeout().toMillis());
    o.setMaxAutoConnectRetryTime(0);
    o.setSocketKeepAlive(true);
    return o;
  }

  /** Opens one connection and sets the session's read preference. */
  static Sequoiadb connect(SequoiadbSettings settings) {
    Sequoiadb db = new Sequoiadb(settings.hosts(), settings.user(), settings.password(), configOptions(settings));
    if (settings.preferredInstance() != null) {
      try {
        db.setSessionAttr(new BasicBSONObject("PreferredInstance", settings.preferredInstance()));
      } catch (BaseException e) {
        db.close();
        throw e;
      }
    }
    return db;
  }

  /** A connection for one operation; give it back with {@link #release}. */
  Sequoiadb borrow() throws InterruptedException {
    if (closed) {
      throw new IllegalStateException("sequoiadb: the run's connection pool is closed");
    }
    permits.acquire();
    try {
      Sequoiadb db = idle.poll();
      if (db == null) {
        db = connect(settings);
        opened.incrementAndGet();
      }
      return db;
    } catch (RuntimeException e) {
      permits.release();
      throw e;
    }
  }

  /** Returns a connection; {@code broken}: it failed with a network error and is closed instead. */
  void release(Sequoiadb db, boolean broken) {
    try {
      if (broken || closed) {
        closeQuietly(db);
      } else {
        idle.add(db);
      }
    } finally {
      permits.release();
    }
  }

  long opened() {
    return opened.get();
  }

  private static void closeQuietly(Sequoiadb db) {
    try {
      db.close();
    } catch (RuntimeException ignored) {
      // the connection is gone either way
    }
  }

  @Override
  public void close() {
    closed = true;
    Sequoiadb db;
    while ((db = idle.poll()) != null) {
      closeQuietly(db);
    }
  }
}
