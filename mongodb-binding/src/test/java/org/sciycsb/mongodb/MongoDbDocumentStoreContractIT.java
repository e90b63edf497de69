package org.sciycsb.mongodb;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.DocumentStoreContract;

/**
 * The DocumentStore contract against the test server (FerretDB 2.5 on DocumentDB and PostgreSQL 15:
 * {@code bin/servers start mongodb}).
 */
@Tag("server-mongodb")
class MongoDbDocumentStoreContractIT extends DocumentStoreContract {
  MongoDbDocumentStoreContractIT() {
    super(new MongoDbBinding(), () -> ItServer.props());
  }
}
