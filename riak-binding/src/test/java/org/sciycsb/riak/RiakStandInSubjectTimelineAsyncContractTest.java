package org.sciycsb.riak;

/**
 * The SubjectTimeline contract through the handle's non-blocking calls (riak-client futures: the index query, then
 * the fetches at once), plus many calls in flight at once, against the protocol-level STAND-IN;
 * {@link RiakSubjectTimelineAsyncContractIT} runs it on a real node.
 */
class RiakStandInSubjectTimelineAsyncContractTest extends RiakStandInSubjectTimelineContractTest {
  @Override
  protected boolean throughAsync() {
    return true;
  }
}
