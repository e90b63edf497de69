package org.sciycsb.riak;

import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sciycsb.testkit.BindingConformance;

/**
 * The asynchronous suite with {@code riak.max_connections=2}: 200 calls in flight share two connections, the
 * sending thread waits for a free one, and the later steps of strongly consistent writes (sent from the run's own
 * threads, never from the client's I/O threads) still complete with the right statuses. Against the protocol-level
 * STAND-IN.
 */
class RiakStandInAsyncConnectionLimitTest extends BindingConformance {
  @RegisterExtension
  static final RiakStandInExtension STAND_IN = new RiakStandInExtension();

  RiakStandInAsyncConnectionLimitTest() {
    super(new RiakBinding(), () -> Map.of("riak.hosts", STAND_IN.hosts(), "riak.consistency", "strong",
        "riak.max_connections", "2"));
  }

  @Override
  protected boolean throughAsync() {
    return true;
  }

  @Override
  protected boolean canEmpty() {
    return false;
  }
}
