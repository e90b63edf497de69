package org.sciycsb.wiredtiger;

import org.sciycsb.testkit.SubjectTimelineContract;

/** The SubjectTimeline contract on WiredTiger embedded, in the (temporary) work folder's default data folder. */
class WiredTigerSubjectTimelineContractTest extends SubjectTimelineContract {
  WiredTigerSubjectTimelineContractTest() {
    super(new WiredTigerBinding(), TestProps::small);
  }
}
