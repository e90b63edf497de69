package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.FailureLog;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.ServerConfiguration;
import org.sciycsb.api.ServerStats;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.DB;

/**
 * One run of the wiredtiger binding: the one {@link Connection} of the run (WiredTiger in this process, on the data
 * folder), a session per client thread ({@link ThreadSession}), an admin session for counts, emptying and statistics,
 * and, with the journal flushed in the background, the thread that flushes it every interval (mongod's journal
 * flusher). Closing flushes the log, takes a checkpoint and closes the connection.
 */
public final class WiredTigerRun implements BindingRun {
  private final WiredTigerSettings settings;
  /** Opens and closes: every session and cursor is closed on it (ConnectionThread says why). */
  private final ConnectionThread owner;
  private final Connection conn;
  private final String openConfig;
  private final FailureLog failures;
  private final Tables tables = new Tables();
  private final Session admin;
  private final JournalFlusher flusher;
  private final Set<Session> sessions = ConcurrentHashMap.newKeySet();
  private volatile SubjectTimeline.Schema timelineSchema;
  private boolean closed;

  private WiredTigerRun(WiredTigerSettings settings, ConnectionThread owner, Connection conn, String openConfig,
      FailureLog failures) throws BenchmarkException {
    this.settings = settings;
    this.owner = owner;
    this.conn = conn;
    this.openConfig = openConfig;
    this.failures = failures;
    this.admin = owner.call(() -> conn.open_session(null));
    this.flusher = settings.journal() && !settings.syncEachCommit()
        ? JournalFlusher.start(owner, conn, settings.journalIntervalMillis()) : null;
  }

  /** Checks the installation, the settings and the data folder, then opens WiredTiger on it. */
  public static WiredTigerRun open(RunContext context) throws BenchmarkException {
    Installation.check();
    WiredTigerSettings settings = WiredTigerSettings.from(context.config(), context.workDir());
    String config = settings.openConfig(Installation.extensions(settings.compressor()));
    if (!settings.extraConfig().isEmpty()) {
      OpenCheck.check(config);
    }
    DataFolder folder = DataFolder.prepare(settings.dir());
    ConnectionThread owner = new ConnectionThread();
    Connection conn;
    try {
      conn = owner.call(() -> Opener.open(folder, config));
    } catch (BenchmarkException | RuntimeException e) {
      owner.shutdown();
      throw e;
    }
    if (Durability.worthSaying(settings)) {
      context.log().println("wiredtiger: " + Durability.describe(settings));
    }
    try {
      return new WiredTigerRun(settings, owner, conn, config, context.failures());
    } catch (RuntimeException e) {
      owner.run(() -> conn.close(null));
      owner.shutdown();
      throw new BindingException("wiredtiger: cannot open a session on " + settings.dir() + ": " + e.getMessage(), e);
    }
  }

  WiredTigerSettings settings() {
    return settings;
  }

  Tables tables() {
    return tables;
  }

  /** The timeline's collections, once a handle prepared them: every later handle uses them. */
  SubjectTimeline.Schema timelineSchema() {
    return timelineSchema;
  }

  void timelineSchema(SubjectTimeline.Schema s) {
    timelineSchema = s;
  }

  Session openSession() {
    Session s = conn.open_session(null);
    sessions.add(s);
    return s;
  }

  /** Closes a session (and its cursors) on the connection's thread. */
  void closeSession(Session s) {
    if (sessions.remove(s)) {
      owner.run(() -> s.close(null));
    }
  }

  @Override
  public DB newDb(int threadId) {
    return new WiredTigerDb(this, threadId);
  }

  @Override
  public Map<Class<? extends AccessPath>, AccessPathFactory> accessPaths() {
    return Map.of(DocumentStore.class, id -> new WiredTigerDocumentStore(new ThreadSession(this)),
        SubjectTimeline.class, id -> new WiredTigerSubjectTimeline(new ThreadSession(this)));
  }

  @Override
  public StoreInfo storeInfo() {
    String full = Installation.versionString();
    String version = full.replaceFirst("^WiredTiger\\s+", "").replaceFirst(":.*$", "").trim();
    Map<String, String> details = new LinkedHashMap<>();
    details.put("fullVersion", full);
    details.put("dir", settings.dir().toString());
    details.put("durability", Durability.describe(settings));
    details.put("embedded", "in the client process (Debian's libwiredtiger0 and libwiredtiger-java)");
    details.put(StoreInfo.LABEL, "WiredTiger " + version + " (embedded)");
    return new StoreInfo("WiredTiger", version, details);
  }

  /** The records of a collection: its {@code _id} index's entries (0 when it does not exist). */
  @Override
  public synchronized OptionalLong count(String table) throws BenchmarkException {
    return owner.call(() -> countHere(table));
  }

  private OptionalLong countHere(String table) throws BenchmarkException {
    try {
      String uri = "table:index-" + table + "-_id";
      if (!tables.exists(admin, uri)) {
        return OptionalLong.of(0);
      }
      Cursor c = admin.open_cursor(uri, null, null);
      long n = 0;
      while (c.next() == 0) {
        n++;
      }
      c.close();
      return OptionalLong.of(n);
    } catch (WiredTigerException e) {
      throw new BindingException("wiredtiger: cannot count " + table + ": " + e.getMessage(), e);
    }
  }

  /** Truncates the collection and its index; both stay, with their settings. */
  @Override
  public synchronized boolean empty(String table) throws BenchmarkException {
    return owner.call(() -> emptyHere(table));
  }

  private boolean emptyHere(String table) throws BenchmarkException {
    try {
      for (String uri : new String[] {"table:collection-" + table, "table:index-" + table + "-_id"}) {
        if (tables.exists(admin, uri)) {
          admin.truncate(uri, null, null, null);
        }
      }
      return true;
    } catch (WiredTigerException e) {
      throw new BindingException("wiredtiger: cannot empty " + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized Optional<ServerStats> serverStats() throws BenchmarkException {
    if (closed) {
      return Optional.empty();
    }
    try {
      return Optional.of(owner.call(() -> WiredTigerStats.read(admin)));
    } catch (WiredTigerException e) {
      throw new BindingException("wiredtiger: cannot read its statistics: " + e.getMessage(), e);
    }
  }

  @Override
  public Optional<ServerConfiguration> serverConfiguration() {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("wiredtiger_open", openConfig);
    s.put("collection", settings.collectionConfig());
    s.put("index", settings.indexConfig("u"));
    s.put("home", settings.dir().toString());
    return Optional.of(new ServerConfiguration("the binding's wiredtiger_open and create configurations", s));
  }

  /** Records a failed operation. */
  void failed(String op, Throwable e) {
    String kind = e.getClass().getSimpleName();
    failures.record(op, kind, () -> "wiredtiger: " + op + " failed (" + kind + "): " + e.getMessage(), e);
  }

  /** Records an insert of an existing _id (mongod's duplicate key error). */
  void duplicate(String op, String collection, String id) {
    failures.record(op, "duplicate key", () -> "wiredtiger: " + op + " failed: duplicate key " + id + " in "
        + collection + "'s _id index (-p wiredtiger.upsert=true replaces it)");
  }

  /** Stops the journal flusher, closes every session, flushes the log, checkpoints and closes WiredTiger. */
  @Override
  public synchronized void close() throws BenchmarkException {
    if (closed) {
      return;
    }
    closed = true;
    if (flusher != null) {
      flusher.stop();
    }
    try {
      owner.call(() -> {
        for (Session s : sessions) {
          closeSession(s);
        }
        if (settings.journal()) {
          admin.log_flush("sync=on");
        }
        admin.checkpoint(null);
        admin.close(null);
        conn.close(null);
        return null;
      });
    } catch (WiredTigerException e) {
      throw new BindingException("wiredtiger: closing " + settings.dir() + " failed: " + e.getMessage(), e);
    } finally {
      owner.shutdown();
    }
  }
}
