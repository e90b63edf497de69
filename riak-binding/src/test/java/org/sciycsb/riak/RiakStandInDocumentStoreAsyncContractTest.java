package org.sciycsb.riak;

/**
 * The DocumentStore contract through the handle's non-blocking calls (riak-client's futures), plus many calls in
 * flight at once, against {@link RiakStandIn} (a protocol-level STAND-IN, not Riak).
 */
class RiakStandInDocumentStoreAsyncContractTest extends RiakStandInDocumentStoreContractTest {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
