package org.sciycsb.wiredtiger;

import org.sciycsb.testkit.BindingConformance;

/** The CRUD contract on WiredTiger embedded, in the (temporary) work folder's default data folder. */
class WiredTigerConformanceTest extends BindingConformance {
  WiredTigerConformanceTest() {
    super(new WiredTigerBinding(), TestProps::small);
  }
}
