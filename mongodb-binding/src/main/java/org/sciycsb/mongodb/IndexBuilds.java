package org.sciycsb.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import org.bson.Document;
import org.sciycsb.api.BindingException;

/**
 * Waits until an index the binding created is ready, before a run measures anything. MongoDB's createIndexes
 * returns once the index is built, and so does FerretDB 2.5 (it calls DocumentDB's
 * {@code create_indexes_non_concurrently}); DocumentDB's background path, though, queues the build to a pg_cron job
 * (every 2 s) and lists the index while it is still being built (listIndexes shows valid indexes and builds in
 * progress). So: the index must be listed, and no {@code createIndexes} on that collection may be in progress in
 * {@code currentOp}. A server that refuses currentOp (no privilege) is taken at its listIndexes word.
 */
final class IndexBuilds {
  static final Duration POLL = Duration.ofMillis(250);

  private IndexBuilds() {}

  /** Returns once the index {@code name} of {@code coll} is listed and not being built; fails after timeout. */
  static void await(MongoDatabase admin, MongoCollection<Document> coll, String name, Duration timeout,
      PrintStream log) throws BindingException {
    await(admin, coll, name, timeout, log, System::nanoTime);
  }

  static void await(MongoDatabase admin, MongoCollection<Document> coll, String name, Duration timeout,
      PrintStream log, LongSupplier nanos) throws BindingException {
    String ns = coll.getNamespace().getFullName();
    long start = nanos.getAsLong();
    long deadline = start + timeout.toNanos();
    long nextNote = start + Duration.ofSeconds(10).toNanos();
    boolean currentOpWorks = true;
    while (true) {
      boolean listed = false;
      for (Document d : coll.listIndexes()) {
        if (name.equals(d.getString("name"))) {
          listed = true;
          break;
        }
      }
      boolean building = false;
      if (listed && currentOpWorks) {
        try {
          building = building(admin.runCommand(new Document("currentOp", 1)), coll.getNamespace().getDatabaseName(),
              coll.getNamespace().getCollectionName());
        } catch (MongoException e) {
          currentOpWorks = false; // e.g. not authorized: listIndexes is all we can know
        }
      }
      if (listed && !building) {
        return;
      }
      long now = nanos.getAsLong();
      if (now - deadline >= 0) {
        throw new BindingException("mongodb: the index " + name + " on " + ns + " is not ready after "
            + org.sciycsb.api.Option.formatDuration(timeout) + (listed ? " (still being built)" : " (not listed)"));
      }
      if (now - nextNote >= 0) {
        log.println("mongodb: waiting for the index " + name + " on " + ns + " to be built ("
            + Duration.ofNanos(now - start).toSeconds() + " s)");
        nextNote = now + Duration.ofSeconds(10).toNanos();
      }
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new BindingException("mongodb: interrupted while waiting for the index " + name + " on " + ns, e);
      }
    }
  }

  /**
   * True when a currentOp answer shows a createIndexes on db.collection in progress: MongoDB's
   * {@code {ns, command: {createIndexes: coll}}}, DocumentDB's {@code {command: {createIndexes: coll}, ns?}}.
   */
  static boolean building(Document currentOp, String db, String collection) {
    Object inprog = currentOp.get("inprog");
    if (!(inprog instanceof List<?> ops)) {
      return false;
    }
    for (Object o : ops) {
      if (!(o instanceof Document op) || Boolean.FALSE.equals(op.get("active"))) {
        continue;
      }
      if (!(op.get("command") instanceof Document cmd) || !collection.equals(cmd.get("createIndexes"))) {
        continue;
      }
      Object ns = op.get("ns");
      Object cmdDb = cmd.get("$db");
      if ((ns == null || ns.equals(db + "." + collection) || ns.equals(db + ".$cmd"))
          && (cmdDb == null || cmdDb.equals(db))) {
        return true;
      }
    }
    return false;
  }
}
