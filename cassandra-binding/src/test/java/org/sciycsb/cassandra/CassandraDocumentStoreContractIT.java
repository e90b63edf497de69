package org.sciycsb.cassandra;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract against the one-node test server ({@code bin/servers start cassandra}). */
@Tag("server-cassandra")
class CassandraDocumentStoreContractIT extends DocumentStoreContract {
  CassandraDocumentStoreContractIT() {
    super(new CassandraBinding(), () -> ItSupport.props());
  }
}
