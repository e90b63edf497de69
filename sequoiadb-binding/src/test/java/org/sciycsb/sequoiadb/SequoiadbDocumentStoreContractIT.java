package org.sciycsb.sequoiadb;

import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract (FASTA documents by id) against the test node, inserts in batches of 3. */
class SequoiadbDocumentStoreContractIT extends DocumentStoreContract {
  SequoiadbDocumentStoreContractIT() {
    super(new SequoiadbBinding(), () -> ItServer.props("sequoiadb.batchsize", "3"));
  }
}
