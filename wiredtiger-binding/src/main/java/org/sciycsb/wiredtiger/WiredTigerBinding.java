package org.sciycsb.wiredtiger;

import java.nio.file.Path;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreLocation;

/**
 * The {@code wiredtiger} binding: WiredTiger, the storage engine mongod writes with, embedded in the client process
 * (as upstream YCSB's RocksDB binding embeds RocksDB), from Debian's packages; records stored as mongod stores them.
 */
public final class WiredTigerBinding implements Binding {
  @Override
  public String name() {
    return "wiredtiger";
  }

  @Override
  public String summary() {
    return "WiredTiger (mongod's storage engine) embedded in the client, from Debian; records as mongod stores them";
  }

  @Override
  public OptionSet options() {
    return WiredTigerOptions.all();
  }

  @Override
  public String hostLocalStore(Config config) {
    return "the wiredtiger binding's store is a folder on this host (wiredtiger.dir), opened by one process at a "
        + "time: clients on other hosts would each write a store of their own";
  }

  /** The data folder. */
  @Override
  public StoreLocation location(Config config, Path workDir) throws ConfigException {
    return StoreLocation.embedded(WiredTigerSettings.dir(config, workDir));
  }

  @Override
  public BindingRun open(RunContext context) throws BenchmarkException {
    return WiredTigerRun.open(context);
  }
}
