package org.sciycsb.cassandra;

import org.junit.jupiter.api.Tag;

/**
 * The SubjectTimeline contract through the handle's non-blocking calls ({@code executeAsync}, an event per request),
 * plus many calls in flight at once, against the one-node test server.
 */
@Tag("server-cassandra")
class CassandraSubjectTimelineAsyncContractIT extends CassandraSubjectTimelineContractIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
