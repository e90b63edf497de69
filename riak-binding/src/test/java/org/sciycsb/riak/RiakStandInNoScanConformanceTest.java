package org.sciycsb.riak;

import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sciycsb.testkit.BindingConformance;

/**
 * The conformance suite against {@link RiakStandIn} (a protocol-level STAND-IN, not Riak) with
 * {@code riak.scan_index=false}: the binding declares SCAN unsupported, and the suite checks that it answers
 * NOT_IMPLEMENTED while every other operation keeps its contract.
 */
class RiakStandInNoScanConformanceTest extends BindingConformance {
  @RegisterExtension
  static final RiakStandInExtension STAND_IN = new RiakStandInExtension();

  RiakStandInNoScanConformanceTest() {
    super(new RiakBinding(), () -> Map.of("riak.hosts", STAND_IN.hosts(), "riak.scan_index", "false"));
  }

  /** Riak lists no keys cheaply: the binding cannot empty a bucket, and a repeated load is refused. */
  @Override
  protected boolean canEmpty() {
    return false;
  }
}
