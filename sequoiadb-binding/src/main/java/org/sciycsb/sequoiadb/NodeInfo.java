package org.sciycsb.sequoiadb;

import com.sequoiadb.base.DBCursor;
import com.sequoiadb.base.Sequoiadb;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BSONObject;

/**
 * What the node says about itself in its database snapshot: the engine version ("6.0.0"), release, git
 * revision, role and node name.
 *
 * @param version    Major.Minor.Fix, e.g. "6.0.0"
 * @param details    release, git version, role (standalone, coord, data), node name, primary or not
 */
record NodeInfo(String version, Map<String, String> details) {

  static NodeInfo read(Sequoiadb db) {
    try (DBCursor c = db.getSnapshot(Sequoiadb.SDB_SNAP_DATABASE, (BSONObject) null, null, null)) {
      BSONObject snap = c.hasNext() ? c.getNext() : null;
      return of(snap);
    }
  }

  static NodeInfo of(BSONObject snap) {
    Map<String, String> d = new LinkedHashMap<>();
    if (snap == null || !(snap.get("Version") instanceof BSONObject v)) {
      return new NodeInfo("unknown", d);
    }
    // a server whose major version is not a number (a protocol stand-in says what it is there) keeps its words
    String version = v.get("Major") instanceof Number ? v.get("Major") + "." + v.get("Minor") + "." + v.get("Fix")
        : String.valueOf(v.get("Major"));
    put(d, "release", v.get("Release"));
    put(d, "gitVersion", v.get("GitVersion"));
    put(d, "build", v.get("Build"));
    put(d, "node", snap.get("NodeName"));
    put(d, "role", snap.get("Role") != null ? snap.get("Role") : snap.get("GroupName") == null
        || "".equals(snap.get("GroupName")) ? "standalone" : null);
    put(d, "primary", snap.get("IsPrimary"));
    return new NodeInfo(version, d);
  }

  private static void put(Map<String, String> d, String key, Object value) {
    if (value != null && !String.valueOf(value).isEmpty()) {
      d.put(key, String.valueOf(value));
    }
  }
}
