package org.sciycsb.riak;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.sciycsb.api.Binding;
import org.sciycsb.testkit.BindingConformance;

/**
 * The binding conformance suite run end to end against {@link RiakStandIn}, a protocol-level STAND-IN, not Riak:
 * it checks the binding's requests and response handling over the real client and wire protocol, nothing about
 * Riak's behaviour or speed. {@link RiakIT} runs the same suite against a real node.
 */
class RiakStandInConformanceTest extends BindingConformance {
  private static RiakStandIn standIn;

  @BeforeAll
  static void startStandIn() throws Exception {
    standIn = RiakStandIn.start(RiakStandIn.Mode.eventual());
  }

  @AfterAll
  static void stopStandIn() throws Exception {
    standIn.close();
  }

  @Override
  protected Binding binding() {
    return new RiakBinding();
  }

  @Override
  protected Map<String, String> properties() {
    return Map.of("riak.hosts", standIn.hosts(), "riak.consistency", "strong");
  }
}
