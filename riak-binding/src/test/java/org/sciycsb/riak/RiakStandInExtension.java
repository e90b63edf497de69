package org.sciycsb.riak;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link RiakStandIn} (a protocol-level STAND-IN, not Riak) for the tests of one class:
 * {@code @RegisterExtension static final RiakStandInExtension STAND_IN = new RiakStandInExtension();} starts it
 * before the class's first test and stops it after its last.
 */
final class RiakStandInExtension implements BeforeAllCallback, AfterAllCallback {
  private RiakStandIn standIn;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    standIn = RiakStandIn.start(RiakStandIn.Mode.eventual());
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    standIn.close();
  }

  /** The stand-in's address, for {@code riak.hosts}. */
  String hosts() {
    return standIn.hosts();
  }
}
