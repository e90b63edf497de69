package org.sciycsb.wiredtiger;

import java.nio.file.Path;
import java.util.List;
import org.sciycsb.api.ByteSize;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/**
 * The binding's settings, read and checked once ({@link #from}), and the configuration strings they give: the
 * {@code wiredtiger_open} configuration ({@link #openConfig}) and the create configurations of a collection and an
 * index ({@link #collectionConfig}, {@link #indexConfig}), as mongod writes them.
 *
 * @param dir the data folder
 * @param cacheBytes the cache size
 * @param checkpointSeconds seconds between checkpoints, 0 for none during the run
 * @param journal WiredTiger's log on
 * @param syncEachCommit the log synced at each commit (else flushed every {@code journalIntervalMillis})
 * @param journalIntervalMillis the background flush's period
 * @param journalFileMax the size of a log file
 * @param compressor snappy, zlib or none
 * @param leafPageMax a collection's leaf page size
 * @param internalPageMax a collection's internal page size
 * @param memoryPageMax a collection's in-memory page limit
 * @param indexPageMax an index's leaf and internal page size
 * @param evictionThreads eviction threads
 * @param upsert an insert of an existing _id replaces it
 * @param extraConfig the user's extra open configuration, or empty
 */
record WiredTigerSettings(Path dir, long cacheBytes, long checkpointSeconds, boolean journal,
    boolean syncEachCommit, long journalIntervalMillis, long journalFileMax, String compressor, long leafPageMax,
    long internalPageMax, long memoryPageMax, long indexPageMax, int evictionThreads, boolean upsert,
    String extraConfig) {

  private static final long GIB = 1L << 30;

  /** The data folder of this configuration: {@code wiredtiger.dir}, or the default under {@code workDir}. */
  static Path dir(Config config, Path workDir) throws ConfigException {
    String d = config.get(WiredTigerOptions.DIR);
    Path p = d == null || d.isBlank() ? defaultDir(workDir) : Path.of(d.trim());
    return p.toAbsolutePath().normalize();
  }

  static Path defaultDir(Path workDir) {
    return workDir.toAbsolutePath().normalize().resolve("wiredtiger").resolve("data");
  }

  /** Reads and checks every setting; a bad value is a {@link ConfigException} naming the key. */
  static WiredTigerSettings from(Config config, Path workDir) throws ConfigException {
    long memory = HostMemory.total();
    Long cache = config.get(WiredTigerOptions.CACHE_SIZE);
    if (cache == null) {
      cache = defaultCache(memory);
    } else if (memory > 0 && cache > memory) {
      throw new ConfigException("bad value for " + WiredTigerOptions.CACHE_SIZE.name() + ": "
          + ByteSize.format(cache) + " is more than this host's memory (" + ByteSize.format(memory) + ")");
    }
    String extra = config.get(WiredTigerOptions.CONFIG);
    return new WiredTigerSettings(dir(config, workDir), cache,
        config.get(WiredTigerOptions.CHECKPOINT_WAIT).getSeconds(), config.get(WiredTigerOptions.JOURNAL),
        "commit".equals(config.get(WiredTigerOptions.JOURNAL_SYNC)),
        config.get(WiredTigerOptions.JOURNAL_INTERVAL).toMillis(), config.get(WiredTigerOptions.JOURNAL_FILE_MAX),
        config.get(WiredTigerOptions.BLOCK_COMPRESSOR), config.get(WiredTigerOptions.LEAF_PAGE_MAX),
        config.get(WiredTigerOptions.INTERNAL_PAGE_MAX), config.get(WiredTigerOptions.MEMORY_PAGE_MAX),
        config.get(WiredTigerOptions.INDEX_PAGE_MAX), config.get(WiredTigerOptions.EVICTION_THREADS),
        config.get(WiredTigerOptions.UPSERT), extra == null ? "" : extra.trim());
  }

  /** mongod's default cache: 50 % of (RAM - 1 GiB), at least 256 MiB. */
  static long defaultCache(long memory) {
    long half = memory > GIB ? (memory - GIB) / 2 : 0;
    return Math.max(half, 256L << 20);
  }

  /** The configuration of {@code wiredtiger_open}: mongod's, from the settings, then the user's extra. */
  String openConfig(List<Path> extensions) {
    StringBuilder c = new StringBuilder("create,cache_size=").append(cacheBytes)
        .append(",session_max=33000")
        .append(",eviction=(threads_min=").append(evictionThreads).append(",threads_max=").append(evictionThreads)
        .append("),statistics=(fast)")
        .append(",checkpoint=(wait=").append(checkpointSeconds).append(",log_size=2GB)")
        .append(",file_manager=(close_idle_time=100000)");
    if (journal) {
      c.append(",log=(enabled=true,archive=true,file_max=").append(journalFileMax);
      if (!"none".equals(compressor)) {
        c.append(",compressor=").append(compressor);
      }
      c.append(")");
      if (syncEachCommit) {
        c.append(",transaction_sync=(enabled=true,method=fsync)");
      }
    } else {
      c.append(",log=(enabled=false)");
    }
    if (!extensions.isEmpty()) {
      c.append(",extensions=[");
      for (int i = 0; i < extensions.size(); i++) {
        c.append(i == 0 ? "" : ",").append('"').append(extensions.get(i)).append('"');
      }
      c.append("]");
    }
    if (!extraConfig.isEmpty()) {
      c.append(',').append(extraConfig);
    }
    return c.toString();
  }

  /** A collection (mongod's WiredTigerRecordStore): record id to one BSON document. */
  String collectionConfig() {
    return "key_format=q,value_format=u,type=file,internal_page_max=" + internalPageMax + ",leaf_page_max="
        + leafPageMax + ",memory_page_max=" + memoryPageMax + ",split_pct=90,leaf_value_max=64MB,checksum=on"
        + ",block_compressor=" + ("none".equals(compressor) ? "" : compressor);
  }

  /** An index (mongod's WiredTigerIndex): no block compressor, prefix compression. */
  String indexConfig(String keyFormat) {
    return "key_format=" + keyFormat + ",value_format=q,type=file,internal_page_max=" + indexPageMax
        + ",leaf_page_max=" + indexPageMax + ",checksum=on,prefix_compression=true,block_compressor=";
  }
}
