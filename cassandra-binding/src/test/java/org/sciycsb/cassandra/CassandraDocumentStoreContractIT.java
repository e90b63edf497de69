package org.sciycsb.cassandra;

import java.util.Map;
import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract against the one-node test server ({@code bin/servers start cassandra}). */
class CassandraDocumentStoreContractIT extends DocumentStoreContract {
  CassandraDocumentStoreContractIT() {
    super(new CassandraBinding(), () -> ItSupport.props());
  }
}
