package org.sciycsb.cassandra;

/**
 * The DocumentStore contract through the handle's non-blocking calls ({@code executeAsync}, a document per request),
 * plus many calls in flight at once, against the one-node test server.
 */
class CassandraDocumentStoreAsyncContractIT extends CassandraDocumentStoreContractIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
