package org.sciycsb.mongodb;

import org.junit.jupiter.api.Tag;

/**
 * The CRUD contract again, through the binding's non-blocking calls (the driver's reactive-streams client), plus 200
 * calls in flight at once: the asynchronous path answers as the blocking one does.
 */
@Tag("server-mongodb")
class MongoDbAsyncConformanceIT extends MongoDbConformanceIT {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
