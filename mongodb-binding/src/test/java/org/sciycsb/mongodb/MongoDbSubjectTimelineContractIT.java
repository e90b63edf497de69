package org.sciycsb.mongodb;

import java.util.Map;
import org.sciycsb.testkit.SubjectTimelineContract;

/** The SubjectTimeline contract against the test server (FerretDB with SQLite: {@code bin/servers start mongodb}). */
class MongoDbSubjectTimelineContractIT extends SubjectTimelineContract {
  MongoDbSubjectTimelineContractIT() {
    super(new MongoDbBinding(), () -> ItServer.props());
  }
}
