package org.sciycsb.riak;

import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sciycsb.testkit.SubjectTimelineContract;

/**
 * The SubjectTimeline contract run end to end against {@link RiakStandIn}, a protocol-level STAND-IN, not Riak (no Riak server can be
 * installed here): it checks the binding's requests and its handling of the answers over the real client and wire
 * protocol, nothing about Riak's own behaviour. {@link RiakIT} checks the access paths on a real node.
 */
class RiakStandInSubjectTimelineContractTest extends SubjectTimelineContract {
  @RegisterExtension
  static final RiakStandInExtension STAND_IN = new RiakStandInExtension();

  RiakStandInSubjectTimelineContractTest() {
    super(new RiakBinding(), () -> Map.of("riak.hosts", STAND_IN.hosts()));
  }
}
