package org.sciycsb.mongodb;

import java.util.Map;
import org.sciycsb.api.Binding;
import org.sciycsb.testkit.SubjectTimelineContract;

/** The SubjectTimeline contract against the test server (FerretDB with SQLite: {@code bin/servers start mongodb}). */
class MongoDbSubjectTimelineContractIT extends SubjectTimelineContract {
  @Override
  protected Binding binding() {
    return new MongoDbBinding();
  }

  @Override
  protected Map<String, String> properties() {
    return ItServer.props();
  }
}
