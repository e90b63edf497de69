package org.sciycsb.mongodb;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.SubjectTimelineContract;

/**
 * The SubjectTimeline contract against the test server (FerretDB 1.24 on PostgreSQL 15: {@code bin/servers start
 * mongodb}) or the server {@code bin/test --server mongodb=URL} names.
 */
@Tag("server-mongodb")
class MongoDbSubjectTimelineContractIT extends SubjectTimelineContract {
  MongoDbSubjectTimelineContractIT() {
    super(new MongoDbBinding(), () -> ItServer.props());
  }
}
