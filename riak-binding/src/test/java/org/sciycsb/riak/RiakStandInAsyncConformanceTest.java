package org.sciycsb.riak;

/**
 * The conformance suite through the binding's non-blocking calls (riak-client futures, multi-step operations
 * chained), plus 200 calls in flight at once, against the protocol-level STAND-IN; {@link RiakAsyncIT} runs it on a
 * real node.
 */
class RiakStandInAsyncConformanceTest extends RiakStandInConformanceTest {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
