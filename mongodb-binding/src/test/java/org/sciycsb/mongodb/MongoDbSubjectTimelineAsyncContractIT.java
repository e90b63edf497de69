package org.sciycsb.mongodb;

/**
 * The SubjectTimeline contract through the handle's non-blocking calls (the reactive-streams client), plus many calls
 * in flight at once, against the MongoDB-wire test server.
 */
class MongoDbSubjectTimelineAsyncContractIT extends MongoDbSubjectTimelineContractIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
