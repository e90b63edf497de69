package org.sciycsb.jdbc;

import java.util.HashMap;
import java.util.Map;
import org.sciycsb.api.Binding;
import org.sciycsb.testkit.SubjectTimelineContract;

/**
 * The SubjectTimeline contract on PostgreSQL ({@code bin/servers start postgres}; fails when the server is down), with
 * inserts batched ({@code db.batchsize=100}: BATCHED_OK until flush or close) where the H2 variant writes each one.
 */
class PostgresSubjectTimelineContractIT extends SubjectTimelineContract {
  @Override
  protected Binding binding() {
    return new JdbcBinding();
  }

  @Override
  protected Map<String, String> properties() {
    Map<String, String> p = new HashMap<>(TestStores.postgres());
    p.put("db.batchsize", "100");
    return p;
  }
}
