package org.sciycsb.wiredtiger;

import java.util.HashMap;
import java.util.Map;

/** The tests' settings: a small cache and small log files (the defaults preallocate 100 MiB log files). */
final class TestProps {
  private TestProps() {}

  static Map<String, String> small() {
    Map<String, String> m = new HashMap<>();
    m.put("wiredtiger.cache_size", "64m");
    m.put("wiredtiger.journal.file_max", "1m");
    return m;
  }
}
