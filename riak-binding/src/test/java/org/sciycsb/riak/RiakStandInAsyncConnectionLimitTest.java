package org.sciycsb.riak;

import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sciycsb.testkit.BindingConformance;

/**
 * The asynchronous suite with {@code riak.max_connections=2}: 200 calls in flight share two connections, the
 * sending thread waits for a free one, and the later steps of strongly consistent writes (then sent from the run's
 * own threads) still complete with the right statuses. Against the protocol-level STAND-IN. (A hang of the client's
 * I/O threads is rare enough that this suite also passed with those steps sent from them: it guards the limited
 * path, it does not prove the hand-off necessary.)
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
