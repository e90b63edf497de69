package org.sciycsb.jdbc;

import org.sciycsb.testkit.SubjectTimelineContract;

/**
 * The SubjectTimeline contract on PostgreSQL ({@code bin/servers start postgres}; fails when the server is down), with
 * inserts batched ({@code db.batchsize=100}: BATCHED_OK until flush or close) where the H2 variant writes each one.
 */
class PostgresSubjectTimelineContractIT extends SubjectTimelineContract {
  PostgresSubjectTimelineContractIT() {
    super(new JdbcBinding(), TestStores::postgresBatched);
  }
}
