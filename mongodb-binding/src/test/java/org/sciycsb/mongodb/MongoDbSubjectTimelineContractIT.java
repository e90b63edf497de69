package org.sciycsb.mongodb;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.SubjectTimelineContract;

/**
 * The SubjectTimeline contract against the test server (FerretDB 2.5 on DocumentDB and PostgreSQL 15:
 * {@code bin/servers start mongodb}).
 */
@Tag("server-mongodb")
class MongoDbSubjectTimelineContractIT extends SubjectTimelineContract {
  MongoDbSubjectTimelineContractIT() {
    super(new MongoDbBinding(), () -> ItServer.props());
  }
}
