package org.sciycsb.riak;

import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.SubjectTimelineContract;

/**
 * The SubjectTimeline contract against the REAL Riak KV node of {@link RiakIT} (same settings), through the
 * handle's non-blocking calls, plus many calls in flight at once. Without the node it fails: it is never skipped.
 */
@Tag("server-riak")
class RiakSubjectTimelineAsyncContractIT extends SubjectTimelineContract {
  RiakSubjectTimelineAsyncContractIT() {
    super(new RiakBinding(), RiakIT::props);
  }

  @Override
  protected boolean throughAsync() {
    return true;
  }
}
