package org.sciycsb.sequoiadb;

import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.SubjectTimelineContract;

/** The SubjectTimeline contract (FHIR: newest observations of a subject) against the test node. */
@Tag("server-sequoiadb")
class SequoiadbSubjectTimelineContractIT extends SubjectTimelineContract {
  SequoiadbSubjectTimelineContractIT() {
    super(new SequoiadbBinding(), () -> ItServer.props());
  }
}
