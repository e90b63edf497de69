package org.sciycsb.wiredtiger;

/**
 * What a crash of the client process loses under the run's journal settings, in one sentence: said at open when it
 * may lose acknowledged writes beyond a journal interval (the journal off), and kept in the store's details of the
 * results. Each sentence is what wiredtiger-binding's DurabilityIT kills a client with SIGKILL to check.
 */
final class Durability {
  private Durability() {}

  /** The guarantee of these settings. */
  static String describe(WiredTigerSettings s) {
    if (!s.journal()) {
      String bound = s.checkpointSeconds() == 0
          ? "no checkpoint is taken until the run closes (wiredtiger.checkpoint.wait=0), so a crash loses every "
              + "write of the run"
          : "at most the last " + s.checkpointSeconds() + " s of writes (wiredtiger.checkpoint.wait)";
      return "the journal is off (wiredtiger.journal=false): a crash loses every write since the last checkpoint, "
          + bound;
    }
    if (s.syncEachCommit()) {
      return "the journal is synced at each commit (wiredtiger.journal.sync=commit, mongod's j:true): a crash "
          + "loses no acknowledged write";
    }
    return "the journal is flushed every " + s.journalIntervalMillis() + " ms (wiredtiger.journal.sync=background,"
        + " mongod's default): a crash loses at most the writes acknowledged in the last interval";
  }

  /** True when a crash may lose acknowledged writes beyond one journal interval: worth a line at open. */
  static boolean worthSaying(WiredTigerSettings s) {
    return !s.journal();
  }
}
