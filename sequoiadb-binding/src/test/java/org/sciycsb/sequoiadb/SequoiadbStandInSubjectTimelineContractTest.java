package org.sciycsb.sequoiadb;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.sciycsb.testkit.SubjectTimelineContract;

/**
 * The SubjectTimeline contract (FHIR: the newest observations of a subject) run end to end against
 * {@link SequoiadbStandIn}, a protocol-level STAND-IN, not SequoiaDB (no package registry ships a SequoiaDB
 * server): it checks the binding's requests and its handling of the answers over the real driver and wire
 * protocol, nothing about SequoiaDB's own behaviour or speed.
 * {@link SequoiadbSubjectTimelineContractIT} runs the same suite
 * against a real node ({@code bin/test --server sequoiadb=HOST:PORT}).
 */
class SequoiadbStandInSubjectTimelineContractTest extends SubjectTimelineContract {
  @RegisterExtension
  static final SequoiadbStandInExtension STAND_IN = new SequoiadbStandInExtension();

  SequoiadbStandInSubjectTimelineContractTest() {
    super(new SequoiadbBinding(), () -> ItServer.props(STAND_IN));
  }
}
