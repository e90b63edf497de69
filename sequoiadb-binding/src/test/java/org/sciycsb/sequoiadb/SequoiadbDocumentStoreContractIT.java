package org.sciycsb.sequoiadb;

import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract (FASTA documents by id) against the test node, inserts in batches of 3. */
@Tag("server-sequoiadb")
class SequoiadbDocumentStoreContractIT extends DocumentStoreContract {
  SequoiadbDocumentStoreContractIT() {
    super(new SequoiadbBinding(), () -> ItServer.props("sequoiadb.batchsize", "3"));
  }
}
