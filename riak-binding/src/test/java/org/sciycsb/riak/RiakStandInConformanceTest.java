package org.sciycsb.riak;

import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sciycsb.testkit.BindingConformance;

/**
 * The binding conformance suite run end to end against {@link RiakStandIn}, a protocol-level STAND-IN, not Riak:
 * it checks the binding's requests and response handling over the real client and wire protocol, nothing about
 * Riak's behaviour or speed. {@link RiakIT} runs the same suite against a real node.
 */
class RiakStandInConformanceTest extends BindingConformance {
  @RegisterExtension
  static final RiakStandInExtension STAND_IN = new RiakStandInExtension();

  RiakStandInConformanceTest() {
    super(new RiakBinding(), () -> Map.of("riak.hosts", STAND_IN.hosts(), "riak.consistency", "strong"));
  }

  /** Riak lists no keys cheaply: the binding cannot empty a bucket, and a repeated load is refused. */
  @Override
  protected boolean canEmpty() {
    return false;
  }
}
