package org.sciycsb.mongodb;

import org.junit.jupiter.api.Tag;

/**
 * The DocumentStore contract through the handle's non-blocking calls (the reactive-streams client), plus many calls
 * in flight at once, against the MongoDB-wire test server.
 */
@Tag("server-mongodb")
class MongoDbDocumentStoreAsyncContractIT extends MongoDbDocumentStoreContractIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
