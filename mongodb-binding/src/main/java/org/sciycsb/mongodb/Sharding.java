package org.sciycsb.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import java.io.PrintStream;
import java.util.Locale;
import org.bson.Document;
import org.sciycsb.api.BindingException;

/**
 * How the binding shards its collections when the server is a mongos ({@code mongodb.shardkey}): {@code hashed} on
 * a hashed key (seed 001's FASTA collections; spreads increasing keys over the shards), {@code range} on the key
 * itself (seed 003's setting: increasing keys all go to the last chunk's shard, the paper's explanation of
 * MongoDB's result), {@code none} leaves every collection as it is. On a server that is not a mongos it does
 * nothing: there is nothing to shard.
 */
final class Sharding {
  private final String kind;
  private final MongoDatabase admin;
  private final String database;
  private final PrintStream log;
  private boolean enabled;

  Sharding(String kind, MongoDatabase admin, String database, PrintStream log) {
    this.kind = kind;
    this.admin = admin;
    this.database = database;
    this.log = log;
  }

  /** The shard key document of {@code field} for a kind: {@code {field: "hashed"}} or {@code {field: 1}}. */
  static Document key(String field, String kind) {
    return new Document(field, "hashed".equals(kind) ? (Object) "hashed" : (Object) 1);
  }

  /** What a collection's key is, for people: "{_id: hashed}", "{subject: 1} (range)". */
  static String describe(String field, String kind) {
    return "hashed".equals(kind) ? "{" + field + ": hashed}" : "{" + field + ": 1} (range)";
  }

  String kind() {
    return kind;
  }

  /**
   * Shards {@code collection} on {@code field} as {@code mongodb.shardkey} says (enabling sharding on the database
   * first, once); a collection already sharded is left as it is. Returns what was done, for the results.
   */
  synchronized String shard(String collection, String field) throws BindingException {
    String ns = database + "." + collection;
    if ("none".equals(kind)) {
      return "mongos, " + ns + " left as it is (mongodb.shardkey=none)";
    }
    enable();
    try {
      admin.runCommand(new Document("shardCollection", ns).append("key", key(field, kind)));
      return "mongos, " + ns + " sharded on " + describe(field, kind);
    } catch (MongoCommandException e) {
      String msg = e.getErrorMessage() == null ? e.getMessage() : e.getErrorMessage();
      if (msg != null && msg.toLowerCase(Locale.ROOT).contains("already")) {
        log.println("mongodb: " + ns + " already sharded: " + msg);
        return "mongos, " + ns + " already sharded";
      }
      throw new BindingException("cannot shard " + ns + " on " + describe(field, kind) + " (mongodb.shardkey="
          + kind + "; set mongodb.shardkey=none to leave it unsharded): " + msg);
    } catch (MongoException e) {
      throw new BindingException("cannot shard " + ns + " on " + describe(field, kind) + ": " + e.getMessage());
    }
  }

  private void enable() {
    if (enabled) {
      return;
    }
    enabled = true;
    try {
      admin.runCommand(new Document("enableSharding", database));
    } catch (MongoCommandException e) {
      // already enabled (or implicit since MongoDB 6.0): shardCollection tells whether it worked
      log.println("mongodb: enableSharding " + database + ": " + e.getErrorMessage());
    }
  }
}
