package org.sciycsb.mongodb;

import org.junit.jupiter.api.Tag;

/**
 * The SubjectTimeline contract through the handle's non-blocking calls (the reactive-streams client), plus many calls
 * in flight at once, against the MongoDB-wire test server.
 */
@Tag("server-mongodb")
class MongoDbSubjectTimelineAsyncContractIT extends MongoDbSubjectTimelineContractIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
