package org.sciycsb.wiredtiger.reference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;
import org.sciycsb.bindings.ClassDbBinding;
import org.sciycsb.testkit.BindingConformance;

/**
 * The CRUD contract on the RocksDB reference, run as the engine runs it ({@code -db RocksDbReference}: one DB per
 * thread through {@link ClassDbBinding}), each test in a fresh data folder: so bench/wiredtiger.sh's RocksDB figures
 * come from a store that reads, scans, updates and deletes what was written.
 */
class RocksDbReferenceConformanceTest extends BindingConformance {
  RocksDbReferenceConformanceTest() {
    super(new ClassDbBinding(RocksDbReference.class.getName()), RocksDbReferenceConformanceTest::props);
  }

  private static Map<String, String> props() {
    try {
      return Map.of(RocksDbReference.DIR, Files.createTempDirectory("rocksdb-ref").toString(),
          RocksDbReference.CACHE_SIZE, Long.toString(8L << 20));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A plain site.ycsb.DB has no way to empty a table (upstream's API has none); the suite holds it to saying so. */
  @Override
  protected boolean canEmpty() {
    return false;
  }
}
