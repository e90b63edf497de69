package org.sciycsb.sequoiadb;

import java.util.HashMap;
import java.util.Map;

/** Properties reaching a {@link SequoiadbStandIn} (as {@link ItServer#props} reach a real node), plus the given. */
final class StandInProps {
  private StandInProps() {}

  static Map<String, String> of(SequoiadbStandInExtension standIn, String... kv) {
    Map<String, String> m = new HashMap<>();
    m.put("sequoiadb.hosts", standIn.hosts());
    m.put("sequoiadb.collectionspace", "sciycsb_it");
    m.put("sequoiadb.connecttimeout", "5s");
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }
}
