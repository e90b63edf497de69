package org.sciycsb.mongodb;

import java.util.Map;
import org.sciycsb.api.Binding;
import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract against the test server (FerretDB with SQLite: {@code bin/servers start mongodb}). */
class MongoDbDocumentStoreContractIT extends DocumentStoreContract {
  @Override
  protected Binding binding() {
    return new MongoDbBinding();
  }

  @Override
  protected Map<String, String> properties() {
    return ItServer.props();
  }
}
