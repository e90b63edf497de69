package org.sciycsb.riak;

import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.DocumentStoreContract;

/**
 * The DocumentStore contract against the REAL Riak KV node of {@link RiakIT} (same settings), through the handle's
 * non-blocking calls, plus many calls in flight at once. Without the node it fails: it is never skipped.
 */
@Tag("server-riak")
class RiakDocumentStoreAsyncContractIT extends DocumentStoreContract {
  RiakDocumentStoreAsyncContractIT() {
    super(new RiakBinding(), RiakIT::props);
  }

  @Override
  protected boolean throughAsync() {
    return true;
  }
}
