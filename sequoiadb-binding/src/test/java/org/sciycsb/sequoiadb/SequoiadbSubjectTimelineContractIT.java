package org.sciycsb.sequoiadb;

import org.sciycsb.testkit.SubjectTimelineContract;

/** The SubjectTimeline contract (FHIR: newest observations of a subject) against the test node. */
class SequoiadbSubjectTimelineContractIT extends SubjectTimelineContract {
  SequoiadbSubjectTimelineContractIT() {
    super(new SequoiadbBinding(), () -> ItServer.props());
  }
}
