package org.sciycsb.cassandra;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.SubjectTimelineContract;

/** The SubjectTimeline contract against the one-node test server ({@code bin/servers start cassandra}). */
@Tag("server-cassandra")
class CassandraSubjectTimelineContractIT extends SubjectTimelineContract {
  CassandraSubjectTimelineContractIT() {
    super(new CassandraBinding(), () -> ItSupport.props());
  }
}
