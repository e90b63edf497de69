package org.sciycsb.sequoiadb;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.sciycsb.testkit.DocumentStoreContract;

/**
 * The DocumentStore contract (FASTA documents by id, inserts in batches of 3) run end to end against
 * {@link SequoiadbStandIn}, a protocol-level STAND-IN, not SequoiaDB (no package registry ships a SequoiaDB
 * server): it checks the binding's requests and its handling of the answers over the real driver and wire
 * protocol, nothing about SequoiaDB's own behaviour or speed.
 * {@link SequoiadbDocumentStoreContractIT} runs the same suite
 * against a real node ({@code bin/test --server sequoiadb=HOST:PORT}).
 */
class SequoiadbStandInDocumentStoreContractTest extends DocumentStoreContract {
  @RegisterExtension
  static final SequoiadbStandInExtension STAND_IN = new SequoiadbStandInExtension();

  SequoiadbStandInDocumentStoreContractTest() {
    super(new SequoiadbBinding(), () -> ItServer.props(STAND_IN, "sequoiadb.batchsize", "3"));
  }
}
