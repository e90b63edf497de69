/**
 * bench/wiredtiger.sh's reference store beside WiredTiger: RocksDB (rocksdbjni from Maven Central) embedded in the
 * client process as upstream YCSB's rocksdb binding embeds it, a plain {@code site.ycsb.DB} that the engine runs with
 * {@code -db org.sciycsb.wiredtiger.reference.RocksDbReference -cp ...}. Test scope only: it is on no production
 * classpath, and its contract test shows that its figures come from a correct store.
 */
package org.sciycsb.wiredtiger.reference;
