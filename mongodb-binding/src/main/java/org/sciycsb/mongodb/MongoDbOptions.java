package org.sciycsb.mongodb;

import java.time.Duration;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** Every option the {@code mongodb} binding reads: the one declaration help, validation and the README use. */
public final class MongoDbOptions {
  private MongoDbOptions() {}

  public static final String DEFAULT_URL = "mongodb://127.0.0.1:27017/ycsb";
  public static final String DEFAULT_DATABASE = "ycsb";

  public static final Option<String> URL = Option.string("mongodb.url", DEFAULT_URL,
      "MongoDB connection string (mongodb:// or mongodb+srv://); its password is masked in every output");

  public static final Option<String> DATABASE = Option.string("mongodb.database", null,
      "database holding the table (collection)").defaultShownAs("the URL's database, else " + DEFAULT_DATABASE);

  public static final Option<Integer> BATCHSIZE = Option.integer("mongodb.batchsize", 1,
      "inserts per insertMany(ordered=false) (bulkWrite of upserts with mongodb.upsert); each thread buffers"
          + " its inserts and flushes the trailing partial batch at cleanup; 1 = one insertOne per record")
      .check(v -> v >= 1, "must be at least 1");

  public static final Option<Boolean> UPSERT = Option.bool("mongodb.upsert", false,
      "insert as replaceOne(upsert=true), so loading over existing keys replaces them instead of failing");

  public static final Option<String> WRITECONCERN_W = Option.string("mongodb.writeconcern.w", null,
      "write concern w: a number of members (0 = unacknowledged) or 'majority'; overrides the preset and the URL")
      .defaultShownAs("preset, else the URL's w, else the server default")
      .check(MongoDbOptions::validW, "must be a number >= 0 or 'majority'");

  public static final Option<Boolean> WRITECONCERN_J = Option.bool("mongodb.writeconcern.j", null,
      "write concern j: wait for the journal; overrides the preset and the URL")
      .defaultShownAs("the URL's journal, else the server default");

  public static final Option<Duration> WRITECONCERN_WTIMEOUT = Option.duration("mongodb.writeconcern.wtimeout", null,
      "ms", "write concern wtimeout (replication wait limit, e.g. 5s); overrides the URL")
      .defaultShownAs("the URL's wtimeoutMS, else none");

  public static final Option<String> READPREFERENCE = Option.choice("mongodb.readpreference", null,
      "read preference; overrides the preset and the URL",
      "primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest")
      .defaultShownAs("preset, else the URL's readPreference, else primary");

  public static final Option<String> CONSISTENCY = Option.choice("mongodb.consistency", "none",
      "consistency preset of the SEI study (SPEC.md): strong = w:1 (primary acknowledged) + primaryPreferred reads;"
          + " eventual = w:1 + nearest reads; none = no preset. Explicit writeconcern/readpreference options win",
      "strong", "eventual", "none");

  public static final Option<String> SHARDKEY = Option.choice("mongodb.shardkey", "hashed",
      "when the server is a mongos: enable sharding on the database and shard the table (and the FHIR and FASTA"
          + " collections) on a hashed key, {_id: 'hashed'} (seed 001; increasing keys spread over the shards);"
          + " range = on the key itself, {_id: 1} (seed 003's setting: increasing keys all load one shard); none ="
          + " leave the collections as they are. Ignored by a server that is not a mongos",
      "hashed", "range", "none");

  public static final Option<String> COMPRESSORS = Option.choice("mongodb.compressors", null,
      "wire compression proposed to the server (the server may refuse it and talk uncompressed)",
      "snappy", "zlib", "zstd", "none")
      .defaultShownAs("the URL's compressors, else none");

  public static final Option<Duration> CONNECT_TIMEOUT = Option.duration("mongodb.connecttimeout",
      Duration.ofSeconds(5), "ms",
      "connect and server-selection timeout: an unreachable server fails the start after this long, and"
          + " operations while the server is down return SERVICE_UNAVAILABLE after it; overrides the URL's values")
      .check(d -> !d.isZero(), "must be positive");

  /** The options of the binding; the binding owns every key under {@code mongodb.}. */
  public static OptionSet set() {
    return OptionSet.builder("mongodb")
        .add(URL, DATABASE, BATCHSIZE, UPSERT, WRITECONCERN_W, WRITECONCERN_J, WRITECONCERN_WTIMEOUT, READPREFERENCE,
            CONSISTENCY, SHARDKEY, COMPRESSORS, CONNECT_TIMEOUT)
        .ownPrefix("mongodb.")
        .build();
  }

  static boolean validW(String w) {
    String v = w.trim();
    if (v.equalsIgnoreCase("majority")) {
      return true;
    }
    try {
      return Integer.parseInt(v) >= 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
