package org.sciycsb.riak;

import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.BindingConformance;

/**
 * The conformance suite against the REAL Riak KV node of {@link RiakIT} (same settings), through the binding's
 * non-blocking calls (riak-client futures; an update's put, a strongly consistent write's retry and a scan's
 * fetches chained on earlier answers), plus 200 calls in flight at once: the asynchronous path answers as the
 * blocking one does. Without the node it fails: it is never skipped.
 */
@Tag("server-riak")
class RiakAsyncIT extends BindingConformance {
  RiakAsyncIT() {
    super(new RiakBinding(), RiakIT::props);
  }

  @Override
  protected boolean throughAsync() {
    return true;
  }

  /** As {@link RiakIT#canEmpty}. */
  @Override
  protected boolean canEmpty() {
    return false;
  }
}
