package org.sciycsb.wiredtiger.reference;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * The one RocksDB of the process, as upstream YCSB's rocksdb binding keeps it: opened by the first thread's
 * {@code init()}, closed by the last thread's {@code cleanup()}, one column family per table (created on first use).
 * Its options are upstream's defaults (level-style compaction optimised, twice the cores as background threads),
 * with the block cache's size given ({@code rocksdb.cache_size}) so that a run can be in or out of cache.
 */
final class SharedRocksDb {
  private static SharedRocksDb open;
  private static int users;

  final RocksDB db;
  private final Path dir;
  private final LRUCache cache;
  private final DBOptions dbOptions;
  private final ColumnFamilyOptions cfOptions;
  private final Map<String, ColumnFamilyHandle> tables = new HashMap<>();

  private SharedRocksDb(Path dir, long cacheBytes) throws RocksDBException {
    this.dir = dir;
    int threads = Runtime.getRuntime().availableProcessors() * 2;
    cache = new LRUCache(cacheBytes);
    dbOptions = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
        .setIncreaseParallelism(threads).setMaxBackgroundJobs(threads).setInfoLogLevel(InfoLogLevel.WARN_LEVEL);
    cfOptions = new ColumnFamilyOptions().optimizeLevelStyleCompaction()
        .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache));
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    for (byte[] name : existing(dir)) {
      descriptors.add(new ColumnFamilyDescriptor(name, cfOptions));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    db = RocksDB.open(dbOptions, dir.toString(), descriptors, handles);
    for (int i = 0; i < handles.size(); i++) {
      tables.put(new String(descriptors.get(i).getName(), StandardCharsets.UTF_8), handles.get(i));
    }
  }

  private static List<byte[]> existing(Path dir) throws RocksDBException {
    List<byte[]> names = new ArrayList<>();
    if (Files.exists(dir.resolve("CURRENT"))) {
      try (Options o = new Options()) {
        names.addAll(RocksDB.listColumnFamilies(o, dir.toString()));
      }
    }
    if (names.isEmpty()) {
      names.add(RocksDB.DEFAULT_COLUMN_FAMILY);
    }
    return names;
  }

  /** The process's RocksDB on {@code dir}, opened when no thread holds it; one more user. */
  static synchronized SharedRocksDb acquire(Path dir, long cacheBytes) throws RocksDBException {
    if (open == null) {
      RocksDB.loadLibrary();
      open = new SharedRocksDb(dir, cacheBytes);
    } else if (!open.dir.equals(dir)) {
      throw new IllegalStateException("this process's RocksDB is open on " + open.dir + ", not " + dir);
    }
    users++;
    return open;
  }

  /** One user less; the last one closes it (flushing nothing more than RocksDB does at close). */
  static synchronized void release() {
    if (--users > 0 || open == null) {
      return;
    }
    SharedRocksDb s = open;
    open = null;
    s.tables.values().forEach(ColumnFamilyHandle::close);
    s.db.close();
    s.cfOptions.close();
    s.dbOptions.close();
    s.cache.close();
  }

  /** The column family of {@code table}, created when missing. */
  synchronized ColumnFamilyHandle table(String table) throws RocksDBException {
    ColumnFamilyHandle h = tables.get(table);
    if (h == null) {
      h = db.createColumnFamily(new ColumnFamilyDescriptor(table.getBytes(StandardCharsets.UTF_8), cfOptions));
      tables.put(table, h);
    }
    return h;
  }
}
