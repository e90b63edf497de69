package org.sciycsb.wiredtiger.reference;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * RocksDB embedded as upstream YCSB's rocksdb binding does it, on the plain upstream API: one RocksDB per process
 * ({@link SharedRocksDb}), keys as their UTF-8 bytes, a record's fields as one value ({@link RecordBytes}); read by
 * {@code get}, scan by an iterator from {@code seek(startkey)}, update by read-modify-write, insert by {@code put},
 * delete by {@code delete}.
 */
public class RocksDbReference extends DB {
  /** The data folder (upstream's property), created when missing. */
  public static final String DIR = "rocksdb.dir";
  /** The block cache in bytes (ours: upstream leaves RocksDB's default, 32 MiB). */
  public static final String CACHE_SIZE = "rocksdb.cache_size";
  static final long CACHE_SIZE_DEFAULT = 32L << 20;

  private SharedRocksDb rocks;

  @Override
  public void init() throws DBException {
    String dir = getProperties().getProperty(DIR);
    if (dir == null || dir.isBlank()) {
      throw new DBException(DIR + " is not set: give the data folder, e.g. -p " + DIR + "=/tmp/rocksdb");
    }
    long cache;
    try {
      cache = Long.parseLong(getProperties().getProperty(CACHE_SIZE, Long.toString(CACHE_SIZE_DEFAULT)));
    } catch (NumberFormatException e) {
      throw new DBException(CACHE_SIZE + " must be a number of bytes");
    }
    try {
      rocks = SharedRocksDb.acquire(Path.of(dir).toAbsolutePath(), cache);
    } catch (RocksDBException | RuntimeException e) {
      throw new DBException("RocksDB did not open " + dir + ": " + e.getMessage());
    }
  }

  @Override
  public void cleanup() {
    if (rocks != null) {
      rocks = null;
      SharedRocksDb.release();
    }
  }

  private static byte[] key(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      byte[] v = rocks.db.get(rocks.table(table), key(key));
      if (v == null) {
        return Status.NOT_FOUND;
      }
      RecordBytes.decode(v, fields, result);
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try (RocksIterator it = rocks.db.newIterator(rocks.table(table))) {
      int n = 0;
      for (it.seek(key(startkey)); it.isValid() && n < recordcount; it.next()) {
        HashMap<String, ByteIterator> values = new HashMap<>();
        RecordBytes.decode(it.value(), fields, values);
        result.add(values);
        n++;
      }
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      ColumnFamilyHandle cf = rocks.table(table);
      byte[] v = rocks.db.get(cf, key(key));
      if (v == null) {
        return Status.NOT_FOUND;
      }
      Map<String, ByteIterator> record = new HashMap<>();
      RecordBytes.decode(v, null, record);
      record.putAll(values);
      rocks.db.put(cf, key(key), RecordBytes.encode(record));
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      rocks.db.put(rocks.table(table), key(key), RecordBytes.encode(values));
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      rocks.db.delete(rocks.table(table), key(key));
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }
}
