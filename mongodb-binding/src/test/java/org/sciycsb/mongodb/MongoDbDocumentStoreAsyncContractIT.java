package org.sciycsb.mongodb;

/**
 * The DocumentStore contract through the handle's non-blocking calls (the reactive-streams client), plus many calls
 * in flight at once, against the MongoDB-wire test server.
 */
class MongoDbDocumentStoreAsyncContractIT extends MongoDbDocumentStoreContractIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
