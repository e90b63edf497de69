package org.sciycsb.wiredtiger;

import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract on WiredTiger embedded, in the (temporary) work folder's default data folder. */
class WiredTigerDocumentStoreContractTest extends DocumentStoreContract {
  WiredTigerDocumentStoreContractTest() {
    super(new WiredTigerBinding(), TestProps::small);
  }
}
