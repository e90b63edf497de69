package org.sciycsb.cassandra;

/**
 * The SubjectTimeline contract through the handle's non-blocking calls ({@code executeAsync}, an event per request),
 * plus many calls in flight at once, against the one-node test server.
 */
class CassandraSubjectTimelineAsyncContractIT extends CassandraSubjectTimelineContractIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
