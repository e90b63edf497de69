package org.sciycsb.cassandra;

import org.junit.jupiter.api.Tag;

/**
 * The DocumentStore contract through the handle's non-blocking calls ({@code executeAsync}, a document per request),
 * plus many calls in flight at once, against the one-node test server.
 */
@Tag("server-cassandra")
class CassandraDocumentStoreAsyncContractIT extends CassandraDocumentStoreContractIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
