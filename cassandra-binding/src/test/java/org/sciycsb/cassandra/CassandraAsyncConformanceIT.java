package org.sciycsb.cassandra;

import org.junit.jupiter.api.Tag;

/**
 * The CRUD contract again, through the binding's non-blocking calls ({@code executeAsync}), plus 200 calls in
 * flight at once: the asynchronous path answers as the blocking one does.
 */
@Tag("server-cassandra")
class CassandraAsyncConformanceIT extends CassandraConformanceIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
