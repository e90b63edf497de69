package org.sciycsb.mongodb;

import java.util.Map;
import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract against the test server (FerretDB with SQLite: {@code bin/servers start mongodb}). */
class MongoDbDocumentStoreContractIT extends DocumentStoreContract {
  MongoDbDocumentStoreContractIT() {
    super(new MongoDbBinding(), () -> ItServer.props());
  }
}
