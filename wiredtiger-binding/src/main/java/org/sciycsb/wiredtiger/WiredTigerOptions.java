package org.sciycsb.wiredtiger;

import java.time.Duration;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * The options of the {@code wiredtiger} binding, declared once. The defaults are what mongod gives WiredTiger
 * (MongoDB's {@code storage.wiredTiger.*} settings and the configuration strings mongod opens the engine and creates
 * its collections and indexes with), so that a run with no option does the I/O a default mongod does.
 */
public final class WiredTigerOptions {
  /** How the computed default of {@code wiredtiger.dir} is shown in help. */
  public static final String DEFAULT_DIR_TEXT = "<workDir>/wiredtiger/data";
  /** WiredTiger's own minimum cache. */
  static final long MIN_CACHE = 1L << 20;

  public static final Option<String> DIR = Option.string("wiredtiger.dir", null,
      "the data folder (WiredTiger's home): created when missing, reused when it holds a WiredTiger database; a "
          + "folder holding other files is refused")
      .defaultShownAs(DEFAULT_DIR_TEXT);

  public static final Option<Long> CACHE_SIZE = Option.bytes("wiredtiger.cache_size", null,
      "WiredTiger's cache (mongod's --wiredTigerCacheSizeGB): the memory-ratio knob; at least 1MiB (WiredTiger's "
          + "minimum), at most the host's memory")
      .defaultShownAs("50% of (RAM - 1GiB), at least 256MiB (mongod's rule)")
      .check(v -> v >= MIN_CACHE, "must be at least 1MiB (WiredTiger's minimum cache)");

  public static final Option<Duration> CHECKPOINT_WAIT = Option.duration("wiredtiger.checkpoint.wait",
      Duration.ofSeconds(60), "s",
      "time between WiredTiger's checkpoints (mongod's storage.syncPeriodSecs, 60s); 0 takes none during the run "
          + "(one is still taken at close)")
      .check(d -> d.getSeconds() <= 100_000 && (d.isZero() || d.toMillis() >= 1000), "must be 0 or 1s to 100000s");

  public static final Option<Boolean> JOURNAL = Option.bool("wiredtiger.journal", true,
      "WiredTiger's log (mongod's journal); false leaves durability to the checkpoints");

  public static final Option<String> JOURNAL_SYNC = Option.choice("wiredtiger.journal.sync", "background",
      "when the log reaches the device: background flushes it every wiredtiger.journal.interval (mongod's default), "
          + "commit syncs it at each commit (mongod's j:true)", "background", "commit");

  public static final Option<Duration> JOURNAL_INTERVAL = Option.duration("wiredtiger.journal.interval",
      Duration.ofMillis(100), "ms",
      "how often the log is flushed to the device with wiredtiger.journal.sync=background (mongod's "
          + "storage.journal.commitIntervalMs, 100ms)")
      .check(d -> d.toMillis() >= 1 && d.toMillis() <= 500, "must be 1ms to 500ms (mongod's range)");

  public static final Option<Long> JOURNAL_FILE_MAX = Option.bytes("wiredtiger.journal.file_max", 100L << 20,
      "the size of each log file (WiredTiger's log=(file_max), mongod's 100MiB); WiredTiger preallocates them")
      .check(v -> v >= 100L << 10 && v <= 2L << 30, "must be 100KiB to 2GiB (WiredTiger's range)");

  public static final Option<String> BLOCK_COMPRESSOR = Option.choice("wiredtiger.block_compressor", "snappy",
      "the compressor of the collections' blocks and the log (mongod's blockCompressor)", "snappy", "zlib", "none");

  public static final Option<Long> LEAF_PAGE_MAX = Option.bytes("wiredtiger.leaf_page_max", 32L << 10,
      "the collections' leaf page size (mongod: 32KiB)")
      .check(WiredTigerOptions::pageSize, "must be a multiple of 512 bytes from 512 to 512MiB");

  public static final Option<Long> INTERNAL_PAGE_MAX = Option.bytes("wiredtiger.internal_page_max", 4L << 10,
      "the collections' internal page size (mongod: 4KiB)")
      .check(WiredTigerOptions::pageSize, "must be a multiple of 512 bytes from 512 to 512MiB");

  public static final Option<Long> MEMORY_PAGE_MAX = Option.bytes("wiredtiger.memory_page_max", 10L << 20,
      "the largest a collection's page grows in cache before it is split (mongod: 10MiB)")
      .check(v -> v >= 512, "must be at least 512 bytes");

  public static final Option<Long> INDEX_PAGE_MAX = Option.bytes("wiredtiger.index.page_max", 16L << 10,
      "the indexes' leaf and internal page size (mongod: 16KiB each, with prefix compression)")
      .check(WiredTigerOptions::pageSize, "must be a multiple of 512 bytes from 512 to 512MiB");

  public static final Option<Integer> EVICTION_THREADS = Option.integer("wiredtiger.eviction.threads", 4,
      "WiredTiger's eviction threads, eviction=(threads_min=N,threads_max=N) (mongod: 4)")
      .check(v -> v >= 1 && v <= 20, "must be 1 to 20 (WiredTiger's range)");

  public static final Option<Boolean> UPSERT = Option.bool("wiredtiger.upsert", false,
      "an insert of an existing _id replaces the document (mongodb.upsert's replaceOne with upsert) instead of "
          + "failing as mongod's unique _id index does");

  public static final Option<String> CONFIG = Option.string("wiredtiger.config", "",
      "more of wiredtiger_open's configuration, appended to the binding's (a later key wins), e.g. "
          + "verbose=[checkpoint]; checked by WiredTiger before the data folder is touched");

  private WiredTigerOptions() {}

  private static boolean pageSize(long v) {
    return v >= 512 && v <= 512L << 20 && v % 512 == 0;
  }

  /** Every option of the binding, and its owned prefix. */
  public static OptionSet all() {
    return OptionSet.builder("wiredtiger")
        .add(DIR, CACHE_SIZE, CHECKPOINT_WAIT, JOURNAL, JOURNAL_SYNC, JOURNAL_INTERVAL, JOURNAL_FILE_MAX,
            BLOCK_COMPRESSOR, LEAF_PAGE_MAX, INTERNAL_PAGE_MAX, MEMORY_PAGE_MAX, INDEX_PAGE_MAX, EVICTION_THREADS,
            UPSERT, CONFIG)
        .ownPrefix("wiredtiger.")
        .build();
  }
}
