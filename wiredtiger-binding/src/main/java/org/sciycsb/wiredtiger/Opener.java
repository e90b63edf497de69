package org.sciycsb.wiredtiger;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.WiredTigerException;
import com.wiredtiger.db.wiredtiger;
import java.util.Locale;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;

/**
 * {@code wiredtiger_open} on a checked data folder ({@link DataFolder}), its failure one line: a configuration
 * WiredTiger refuses (exit 2), a folder another process holds (exit 3), a store that needs more than recovery (exit
 * 3: this binding never salvages). What a failed open wrote into a folder that was new or empty is removed again.
 */
final class Opener {
  private Opener() {}

  static Connection open(DataFolder folder, String config) throws BenchmarkException {
    try {
      return wiredtiger.open(folder.dir().toString(), config);
    } catch (WiredTigerException e) {
      folder.forgetCreated();
      throw failure(folder, e);
    }
  }

  private static BenchmarkException failure(DataFolder folder, WiredTigerException e) {
    String m = String.valueOf(e.getMessage());
    String lower = m.toLowerCase(Locale.ROOT);
    if (lower.contains("invalid argument")) {
      return new ConfigException("wiredtiger: WiredTiger refuses the open configuration (" + m + "; its message "
          + "is on the line above): check wiredtiger.config", e);
    }
    if (lower.contains("busy")) {
      return new BindingException("wiredtiger: " + folder.dir() + " is in use by another WiredTiger connection ("
          + m + "): give another wiredtiger.dir or wait for that run to end", e);
    }
    if (lower.contains("salvage") || lower.contains("recovery")) {
      return new BindingException("wiredtiger: " + folder.dir() + " needs more than WiredTiger's recovery (" + m
          + "): this binding never salvages a store; move it away or repair it with the wt utility", e);
    }
    return new BindingException("wiredtiger: cannot open " + folder.dir() + ": " + m, e);
  }
}
